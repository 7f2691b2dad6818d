// Key names in the hints and toasts, from the player's bindings (see key_hints.hpp).
#include "key_hints.hpp"

#include <array>

#include "key_label.hpp"

namespace skidpad::app {

namespace {
/// A key as a hint names it, in the player's layout: SDL's "Escape" is the "Esc" printed
/// on the key.
std::string shown(int code) {
    std::string name = key_label(code);
    return name == "Escape" ? "Esc" : name;
}
// The scancodes (USB HID usage codes) of W, A, S, D and of the arrows Up, Down, Left, Right.
constexpr int kW = 26, kA = 4, kS = 22, kD = 7;
constexpr int kUp = 82, kDown = 81, kLeft = 80, kRight = 79;
}  // namespace

std::string action_keys(const Bindings& b, Action a) {
    std::string out;
    for (const int code : b.keys[static_cast<std::size_t>(a)]) {
        const std::string name = shown(code);
        if (name.empty()) continue;
        if (!out.empty()) out += " / ";
        out += name;
    }
    return out.empty() ? "(unbound)" : out;
}

std::string drive_keys(const Bindings& b) {
    constexpr std::array<Action, 4> kDrive = {Action::Throttle, Action::Brake, Action::SteerLeft,
                                              Action::SteerRight};
    std::string out;
    for (int slot = 0; slot < kBindingSlots; ++slot) {
        std::array<int, 4> codes{};
        std::array<std::string, 4> names;
        bool all = true;
        for (std::size_t k = 0; k < kDrive.size(); ++k) {
            codes[k] = b.keys[static_cast<std::size_t>(kDrive[k])][slot];
            names[k] = shown(codes[k]);
            all = all && !names[k].empty();
        }
        if (!all) continue;
        std::string group;
        if (codes == std::array<int, 4>{kUp, kDown, kLeft, kRight}) {
            group = "Arrows";
        } else if (codes == std::array<int, 4>{kW, kS, kA, kD}) {
            // The keys where QWERTY has WASD, named as the layout prints them: ZQSD on AZERTY.
            group = shown(kW) + shown(kA) + shown(kS) + shown(kD);
        } else {
            for (std::size_t k = 0; k < names.size(); ++k)
                group += (k ? "/" : "") + std::string(names[k]);
        }
        if (!out.empty()) out += " / ";
        out += group;
    }
    return out.empty() ? "(driving keys unbound)" : out;
}

std::string start_hint_text(const Bindings& b) {
    return drive_keys(b) + " drive  -  " + action_keys(b, Action::Handbrake) +
           " handbrake  -  Tab map  -  F1 tuning  -  " + action_keys(b, Action::Menu) + " menu";
}

std::string pause_toast_text(const Bindings& b, bool paused) {
    if (!paused) return "Running";
    return "Paused (" + action_keys(b, Action::Pause) + " resumes, '.' steps)";
}

std::string replay_play_label(const Bindings& b, bool playing) {
    return std::string(playing ? "Pause (" : "Play (") + action_keys(b, Action::Pause) + ")";
}

std::string mute_toast_text(const Bindings& b, bool sound_on) {
    return sound_on ? "Sound on" : "Sound muted (" + action_keys(b, Action::Mute) + ")";
}

std::string camera_toast_text(const Bindings& b, bool follow) {
    if (follow) return "Camera follows the car";
    return "Camera detached: drag to pan, " + action_keys(b, Action::Camera) + " to follow";
}

}  // namespace skidpad::app
