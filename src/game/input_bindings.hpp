// Which keys and gamepad inputs do what: the player's bindings and their file.
//
//   { "format": "skidpad-bindings", "version": 1,
//     "keyboard": { "throttle": ["Up", "W"], "handbrake": ["Space"], ... },
//     "pad":      { "throttle": ["+righttrigger"], "handbrake": ["a"], ... },
//     "steering": { "key_sensitivity": 1.0, "key_linearity": 1.0,
//                   "stick_sensitivity": 1.0, "stick_linearity": 1.0 } }
//
// Keys are named as SDL names them ("W", "Left Shift", "Keypad +"), held as USB HID
// usage codes (what SDL's scancodes are), so this needs no SDL. Pad inputs are SDL game
// controller button names ("a", "dpup", "leftshoulder") or an axis half ("+leftx",
// "-lefty", "+righttrigger"). Each action has at most kBindingSlots of each; one input
// does one action (a second use is a conflict, refused). An action the file leaves out
// keeps its default. Parsing is all-or-nothing, bounded in size and nesting; a key the
// format does not read (a misspelt action) is ignored with a warning.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace skidpad {

enum class Action : std::uint8_t {
    Throttle,
    Brake,
    SteerLeft,
    SteerRight,
    Handbrake,
    ShiftUp,
    ShiftDown,
    ToggleManual,
    Reset,
    Pause,
    Camera,
    Mute,
    Menu,
    ZoomIn,
    ZoomOut,
};
inline constexpr int kActionCount = 15;
inline constexpr int kBindingSlots = 2;  ///< keys per action, and pad inputs per action
inline constexpr int kBindingsVersion = 1;
inline constexpr std::size_t kMaxBindingsBytes = 16 * 1024;
inline constexpr int kMaxBindingsDepth = 4;

/// The file's name for an action ("throttle", "steer_left", ...).
const char* action_key(Action a);
/// What the controls page shows ("Throttle", "Steer left", ...).
const char* action_label(Action a);

/// A key's name ("W", "Left Shift") from its HID code; "" for 0 or a code without a name.
std::string_view key_name(int code);
/// The HID code of a key name (exact, as key_name gives it), 0 when none.
int key_from_name(std::string_view name);
/// Keys the app keeps for itself (F1 overlay, F12 screenshot, replay keys, ...): the
/// job they do, or "" when the key can be bound.
std::string_view reserved_key(int code);

inline constexpr int kPadButtons = 21;  ///< SDL_CONTROLLER_BUTTON_MAX
inline constexpr int kPadAxes = 6;      ///< SDL_CONTROLLER_AXIS_MAX
inline constexpr int kPadTriggerLeft = 4, kPadTriggerRight = 5;

struct PadInput {
    enum class Kind : std::uint8_t { None, Button, AxisPlus, AxisMinus };
    Kind kind = Kind::None;
    std::uint8_t index = 0;  ///< SDL_GameControllerButton or SDL_GameControllerAxis
    bool operator==(const PadInput&) const = default;
    bool none() const { return kind == Kind::None; }
};
PadInput pad_button(int button);
PadInput pad_axis(int axis, bool plus);
/// The file's name ("a", "+leftx"); "" for none.
std::string pad_input_name(PadInput p);
/// What the controls page shows ("A", "Left stick right", "RT"); "" for none.
std::string pad_input_label(PadInput p);
/// Parses a file name; kind None when the name is unknown (or a trigger's minus half).
PadInput pad_input_from_name(std::string_view name);

/// Steering shape: out = sensitivity · sign(v)·|v|^linearity, clamped to ±1. The same
/// fields as the input.*_steer_* tunables, so a bindings file carries them.
struct SteerFeel {
    double key_sensitivity = 1.0;
    double key_linearity = 1.0;
    double stick_sensitivity = 1.0;
    double stick_linearity = 1.0;
    bool operator==(const SteerFeel&) const = default;
};
double shape_steer(double v, double sensitivity, double linearity);

struct Bindings {
    std::array<std::array<int, kBindingSlots>, kActionCount> keys{};  ///< HID code, 0 = none
    std::array<std::array<PadInput, kBindingSlots>, kActionCount> pad{};
    SteerFeel steer;
    bool operator==(const Bindings&) const = default;
};

/// Arrows/WASD, Space, Q/E, M, R, P, C, N, Esc, +/-; triggers, left stick, A, bumpers,
/// Y, Back, Start, right stick.
Bindings default_bindings();

/// The action holding key `code` (other than `except`), or -1.
int key_holder(const Bindings& b, int code, int except = -1);
int pad_holder(const Bindings& b, PadInput p, int except = -1);

/// Puts key `code` in slot `slot` of `action`. Refused (returns why, bindings untouched)
/// when another action or slot holds it or the app keeps it; "" when done. Code 0 clears.
std::string bind_key(Bindings& b, Action action, int slot, int code);
std::string bind_pad(Bindings& b, Action action, int slot, PadInput p);

struct BindingsResult {
    bool ok = false;
    std::string error;  ///< names the source, the entry and what is wrong
    /// Keys the format does not read (an action or steering key misspelt), ignored:
    /// "FILE: keyboard: unknown key 'throtle' ignored (did you mean 'throttle'?)".
    std::vector<std::string> warnings;
};
/// Parses a bindings file; `out` changes only when the whole file is valid.
BindingsResult parse_bindings_text(std::string_view text, std::string_view source, Bindings& out);
std::string bindings_to_text(const Bindings& b);

}  // namespace skidpad
