// The tunables that are the player's own (see player_keys.hpp).
#include "skidpad/tune/player_keys.hpp"

namespace skidpad {

bool is_player_key(std::string_view key) {
    if (key.rfind("display.", 0) == 0) return true;
    static constexpr std::string_view kSound[] = {
        "sound.enabled", "sound.master", "sound.engine", "sound.tyres",  "sound.impacts",
        "sound.wind",    "sound.ground", "sound.music",  "sound.rumble", "sound.rumble_strength"};
    for (const std::string_view k : kSound)
        if (key == k) return true;
    return false;
}

}  // namespace skidpad
