// Which tunables are the player's own (the picture and the sound levels), not a preset's.
#pragma once

#include <string_view>

namespace skidpad {

/// True for a tunable that belongs to the player rather than to a car or a preset: one
/// whose registration marks it so (ParamDesc::player: the picture's and the sound levels'
/// tunables, each marked where it is registered). The game keeps them in the player's
/// preferences; a preset never writes them and ignores them when an old one still holds
/// them. A car's engine voice (`sound.cylinders`, `timbre`, `firing`, `exhaust`) stays a
/// preset's. False for a key that is not a tunable.
bool is_player_key(std::string_view key);

}  // namespace skidpad
