// Texts that name keys (the start hint, the mode HUDs) from the player's bindings, so a
// rebinding shows where the player reads it. Keys are named as the keyboard layout prints
// them (key_label.hpp). No ImGui: the texts are plain strings.
#pragma once

#include <string>

#include "input_bindings.hpp"

namespace skidpad::app {

/// The keys bound to `a`, "R" or "Up / W"; "(unbound)" when it has none.
std::string action_keys(const Bindings& b, Action a);

/// How to drive: the four driving keys of each slot, "Arrows" for the arrow keys, "WASD"
/// for the keys at QWERTY's W/S/A/D (named by the layout: "ZQSD" on AZERTY), else the keys in order
/// throttle/brake/left/right ("I/K/J/L"); the slots joined with " / ".
std::string drive_keys(const Bindings& b);

/// The first-start hint: "Arrows / WASD drive  -  Space handbrake  -  Tab map  -  F1
/// tuning  -  Esc menu" with the default bindings.
std::string start_hint_text(const Bindings& b);

/// The toast after the pause key: "Paused (P resumes, '.' steps)" with the default
/// bindings, "Running" when it resumed.
std::string pause_toast_text(const Bindings& b, bool paused);
/// The replay viewer's play button: "Pause (P)" while playing, "Play (P)" when paused,
/// with the keys bound to pause.
std::string replay_play_label(const Bindings& b, bool playing);
/// The toast after the mute key: "Sound muted (N)" with the default bindings, "Sound on".
std::string mute_toast_text(const Bindings& b, bool sound_on);
/// The toast after the camera key: "Camera follows the car", or "Camera detached: drag
/// to pan, C to follow" with the default bindings.
std::string camera_toast_text(const Bindings& b, bool follow);

}  // namespace skidpad::app
