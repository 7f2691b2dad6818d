// Texts that name keys (the start hint, the mode HUDs) from the player's bindings, so a
// rebinding shows where the player reads it. No ImGui: the texts are plain strings.
#pragma once

#include <string>

#include "skidpad/input_bindings.hpp"

namespace skidpad::app {

/// The keys bound to `a`, "R" or "Up / W"; "(unbound)" when it has none.
std::string action_keys(const Bindings& b, Action a);

/// How to drive: the four driving keys of each slot, "Arrows" for the arrow keys, "WASD"
/// for W/S/A/D, else the keys in order throttle/brake/left/right ("I/K/J/L"); the slots
/// joined with " / ".
std::string drive_keys(const Bindings& b);

/// The first-start hint: "Arrows / WASD drive  -  Space handbrake  -  Tab map  -  F1
/// tuning  -  Esc menu" with the default bindings.
std::string start_hint_text(const Bindings& b);

}  // namespace skidpad::app
