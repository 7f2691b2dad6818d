// The tunables that are the player's own (see player_keys.hpp).
#include "skidpad/tune/player_keys.hpp"

#include "skidpad/tune/params.hpp"

namespace skidpad {

bool is_player_key(std::string_view key) {
    const ParamDesc* p = param_registry().find(key);
    return p && p->player;
}

}  // namespace skidpad
