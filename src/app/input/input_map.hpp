// Keyboard + gamepad -> one InputState per frame (and the app's own commands).
//
// Events go in through handle_event() (so tests can feed synthetic SDL_Events);
// gamepads are read through the real SDL_GameController API in update(). Digital
// keys ramp (input.steer_rate / steer_return_rate / throttle_rate); analog sticks
// and triggers pass straight through after their dead zone is cut out and the
// rest rescaled to 0..1. Keyboard and the first connected pad work together. Which key
// or pad input does what comes from the player's Bindings (src/game/input_bindings.hpp);
// the F-keys and the replay keys stay fixed. The pad also drives the pause menu (d-pad
// or left stick, A picks, B goes back, the Menu binding -- Start -- opens and closes it).
#pragma once

#include <SDL.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "edge_latch.hpp"
#include "input_bindings.hpp"
#include "skidpad/input.hpp"
#include "skidpad/input_def.hpp"
#include "skidpad/math.hpp"

namespace skidpad::app {

/// Things the app (not the car) does this frame. Collected since the last take_commands().
struct AppCommands {
    bool quit = false;               ///< the window was closed
    bool escape = false;             ///< Esc: close what is open, else ask to quit
    bool toggle_pause = false;       ///< P / Start
    bool single_step = false;        ///< '.' (acts while paused)
    bool toggle_overlay = false;     ///< F1
    bool toggle_autopilot = false;   ///< F2
    bool screenshot = false;         ///< F12
    bool save_replay = false;        ///< F5
    bool step_back = false;          ///< ',' (replay viewer: one physics step back)
    bool replay_slower = false;      ///< '[' (replay viewer: half the speed)
    bool replay_faster = false;      ///< ']' (replay viewer: twice the speed)
    bool take_over = false;          ///< T (replay viewer: drive on from here)
    bool toggle_fullscreen = false;  ///< F11
    bool toggle_follow = false;      ///< C
    bool toggle_mute = false;        ///< N
    bool toggle_minimap = false;     ///< Tab
    double zoom_notches = 0.0;       ///< + in / - out: wheel, +/- keys, right stick (per frame)
    dvec2 pan{0.0, 0.0};             ///< points dragged with the mouse (detached camera)
    // The pad's menu controls (fixed: d-pad or left stick, A, B; Menu binding = Start).
    bool menu_toggle = false;  ///< the pad's Menu binding: open or close the pause menu
    bool menu_up = false, menu_down = false, menu_left = false, menu_right = false;
    bool menu_select = false;  ///< A
    bool menu_back = false;    ///< B
    bool menu_clear = false;   ///< X
};

/// Rebinding: the next key or pad input pressed is taken (not acted on).
enum class CaptureKind { None, Keyboard, Pad };
struct Captured {
    bool done = false;       ///< an input came, or the capture was cancelled
    bool cancelled = false;  ///< Esc (or cancel_capture)
    int key = 0;             ///< HID code (CaptureKind::Keyboard)
    PadInput pad;            ///< CaptureKind::Pad
};

/// The car's edge-triggered controls (shift up/down, manual toggle, reset) held from
/// the frame they were pressed until a physics step takes them: frames with no step
/// (paused, slow motion, a display faster than the physics rate) must not lose them.
class PendingEdges {
public:
    /// Adds the edges of a frame's input (the rest of it is ignored).
    void add(const InputState& in);
    /// Moves the held edges into a step's input and forgets them.
    void take_into(InputState& in);
    /// A reset that acts at once (while paused no step comes to take it).
    bool take_reset();
    bool any() const { return shift_up_ || shift_down_ || toggle_manual_ || reset_; }

private:
    bool shift_up_ = false, shift_down_ = false, toggle_manual_ = false, reset_ = false;
};

/// Removes a dead zone around 0 and rescales the rest so that full travel is still 1.
double apply_dead_zone(double v, double dead_zone);

class InputMapper {
public:
    InputMapper() = default;
    ~InputMapper();
    InputMapper(const InputMapper&) = delete;
    InputMapper& operator=(const InputMapper&) = delete;

    /// One SDL event. Key presses are ignored while ImGui wants the keyboard,
    /// mouse wheel/drag while it wants the mouse; key releases always count.
    void handle_event(const SDL_Event& e, bool keyboard_captured = false,
                      bool mouse_captured = false);

    /// This frame's car controls; dt is the real frame time (s). While the keyboard
    /// is captured the keys give nothing (the pad still drives).
    InputState update(double dt, const InputDef& def, bool keyboard_captured = false);

    AppCommands take_commands();

    void set_bindings(const Bindings& b) { bindings_ = b; }
    const Bindings& bindings() const { return bindings_; }
    /// Takes the next key (KEYDOWN, Esc cancels) or pad input (a button pressed, or an
    /// axis pushed past 0.6 from rest, read in update()) instead of acting on it.
    void begin_capture(CaptureKind kind);
    void cancel_capture();
    CaptureKind capturing() const { return capture_; }
    /// The captured input once it came (done), and the capture ends; else done = false.
    Captured take_capture();
    /// Hot-plug messages ("Gamepad connected: ...") since the last call.
    std::vector<std::string> take_messages();

    /// Opens every controller SDL already knows (if their ADDED events were missed).
    void open_connected_pads();
    bool has_pad() const { return !pads_.empty(); }
    /// A key bound to reset is held down now (a long press restarts a time trial).
    bool reset_held() const { return key_held(Action::Reset); }
    /// Name of the pad that drives ("" when none).
    std::string pad_name() const;
    std::size_t pad_count() const { return pads_.size(); }
    /// The pads' instance ids, in connection order (pad k drives human seat k + 1).
    std::vector<int> pad_ids() const;
    /// Several players: pad `i`'s (1.., connection order) car controls this frame; none
    /// when there is no such pad (pad 0's are in update()). Its other buttons act as the
    /// first pad's do (pause, menu).
    InputState pad_input(std::size_t i, double dt, const InputDef& def);
    /// Off: the first pad drives no car in update() either, pad_input(0) gives its
    /// controls (the join screen seats the pads; its buttons still work the menu).
    void set_first_pad_drives(bool on) { first_pad_drives_ = on; }
    /// Pad `i` (connection order) held `a` on its last read (a button, or an axis past half).
    bool pad_held(std::size_t i, Action a) const {
        return i < pads_.size() && pads_[i].action_was[static_cast<std::size_t>(a)];
    }
    /// Rumbles the pad that drives (motors 0..65535) for `ms`; false without a pad or
    /// when the pad cannot rumble.
    bool rumble(std::uint16_t low, std::uint16_t high, std::uint32_t ms);
    /// The same for the triggers' own motors, where the pad has them.
    bool rumble_triggers(std::uint16_t left, std::uint16_t right, std::uint32_t ms);
    /// Rumble and trigger rumble of pad `i` (connection order); false without it.
    bool rumble_pad(std::size_t i, std::uint16_t low, std::uint16_t high, std::uint32_t ms);
    bool rumble_pad_triggers(std::size_t i, std::uint16_t left, std::uint16_t right,
                             std::uint32_t ms);

private:
    struct Pad {
        SDL_GameController* controller = nullptr;
        SDL_JoystickID id = -1;
        std::string name;
        std::array<bool, SDL_CONTROLLER_BUTTON_MAX> was_down{};
        std::array<bool, kActionCount> action_was{};
        std::array<double, SDL_CONTROLLER_AXIS_MAX> axis_was{};  ///< last update's axes
        std::array<double, 4> nav_held{-1.0, -1.0, -1.0,
                                       -1.0};  ///< s each menu direction has been held (u d l r)
    };
    void open_pad(int device_index);
    void close_pad(SDL_JoystickID id);
    bool key_held(Action a) const;
    int key_action(int scancode) const;  ///< the action bound to a key, -1 when none
    void pad_frame(Pad& p, double dt, const InputDef& def, InputState& in);
    void pad_capture(Pad& p);
    void menu_nav(Pad& p, const std::array<bool, SDL_CONTROLLER_BUTTON_MAX>& down,
                  const std::array<double, SDL_CONTROLLER_AXIS_MAX>& axes, double dt);

    std::array<bool, SDL_NUM_SCANCODES> keys_{};
    std::vector<Pad> pads_;  ///< in connection order; pads_[0] drives
    AppCommands commands_;
    std::vector<std::string> messages_;
    EdgeLatch edges_;  ///< edges waiting for the next update()
    // Ramped digital values.
    double kb_steer_ = 0.0, kb_throttle_ = 0.0, kb_brake_ = 0.0;
    bool dragging_ = false;
    bool first_pad_drives_ = true;
    Bindings bindings_ = default_bindings();
    CaptureKind capture_ = CaptureKind::None;
    Captured captured_;
};

}  // namespace skidpad::app
