// Keys and pads turned into the car's controls and the app's commands (see input_map.hpp).
#include "input_map.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::app {

double apply_dead_zone(double v, double dead_zone) {
    const double dz = clamp(dead_zone, 0.0, 0.95);
    const double a = std::fabs(v);
    if (a <= dz) return 0.0;
    return sign(v) * std::min((a - dz) / (1.0 - dz), 1.0);
}

void PendingEdges::add(const InputState& in) {
    shift_up_ |= in.shift_up;
    shift_down_ |= in.shift_down;
    toggle_manual_ |= in.toggle_manual;
    reset_ |= in.reset;
}

void PendingEdges::take_into(InputState& in) {
    in.shift_up |= shift_up_;
    in.shift_down |= shift_down_;
    in.toggle_manual |= toggle_manual_;
    in.reset |= reset_;
    *this = PendingEdges{};
}

bool PendingEdges::take_reset() {
    const bool r = reset_;
    reset_ = false;
    return r;
}

InputMapper::~InputMapper() {
    for (Pad& p : pads_)
        SDL_GameControllerClose(p.controller);
}

void InputMapper::open_pad(int device_index) {
    if (!SDL_IsGameController(device_index)) return;
    const SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(device_index);
    for (const Pad& p : pads_) {
        if (p.id == id) return;  // already open (ADDED arrives once per device, be safe)
    }
    SDL_GameController* c = SDL_GameControllerOpen(device_index);
    if (!c) {
        messages_.push_back(std::string("Gamepad could not be opened: ") + SDL_GetError());
        return;
    }
    Pad p;
    p.controller = c;
    p.id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c));
    const char* name = SDL_GameControllerName(c);
    p.name = name ? name : "unnamed gamepad";
    messages_.push_back("Gamepad connected: " + p.name + (pads_.empty() ? " (drives)" : ""));
    pads_.push_back(std::move(p));
}

void InputMapper::close_pad(SDL_JoystickID id) {
    for (auto it = pads_.begin(); it != pads_.end(); ++it) {
        if (it->id != id) continue;
        messages_.push_back("Gamepad disconnected: " + it->name);
        SDL_GameControllerClose(it->controller);
        const bool was_driving = it == pads_.begin();
        pads_.erase(it);
        if (was_driving && !pads_.empty()) {
            messages_.push_back("Gamepad now driving: " + pads_.front().name);
        }
        return;
    }
}

void InputMapper::open_connected_pads() {
    const int n = SDL_NumJoysticks();
    for (int i = 0; i < n; ++i)
        open_pad(i);
}

std::vector<int> InputMapper::pad_ids() const {
    std::vector<int> out;
    for (const Pad& p : pads_)
        out.push_back(static_cast<int>(p.id));
    return out;
}

InputState InputMapper::pad_input(std::size_t i, double dt, const InputDef& def) {
    InputState in;
    if ((i == 0 && first_pad_drives_) || i >= pads_.size() || capture_ != CaptureKind::None)
        return in;
    if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
    pad_frame(pads_[i], dt, def, in);
    return in;
}

std::string InputMapper::pad_name() const {
    return pads_.empty() ? "" : pads_.front().name;
}

bool InputMapper::rumble(std::uint16_t low, std::uint16_t high, std::uint32_t ms) {
    if (pads_.empty()) return false;
    return SDL_GameControllerRumble(pads_.front().controller, low, high, ms) == 0;
}

bool InputMapper::rumble_triggers(std::uint16_t left, std::uint16_t right, std::uint32_t ms) {
    if (pads_.empty()) return false;
    return SDL_GameControllerRumbleTriggers(pads_.front().controller, left, right, ms) == 0;
}

bool InputMapper::rumble_pad(std::size_t i, std::uint16_t low, std::uint16_t high,
                             std::uint32_t ms) {
    if (i >= pads_.size()) return false;
    return SDL_GameControllerRumble(pads_[i].controller, low, high, ms) == 0;
}

bool InputMapper::rumble_pad_triggers(std::size_t i, std::uint16_t left, std::uint16_t right,
                                      std::uint32_t ms) {
    if (i >= pads_.size()) return false;
    return SDL_GameControllerRumbleTriggers(pads_[i].controller, left, right, ms) == 0;
}

int InputMapper::key_action(int scancode) const {
    return key_holder(bindings_, scancode);
}

bool InputMapper::key_held(Action a) const {
    for (int code : bindings_.keys[static_cast<std::size_t>(a)]) {
        if (code > 0 && code < SDL_NUM_SCANCODES && keys_[static_cast<std::size_t>(code)])
            return true;
    }
    return false;
}

void InputMapper::begin_capture(CaptureKind kind) {
    capture_ = kind;
    captured_ = Captured{};
    // A pad input held when the capture starts (the A that chose the row) is not new.
    for (Pad& p : pads_) {
        for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b)
            p.was_down[static_cast<std::size_t>(b)] =
                SDL_GameControllerGetButton(p.controller,
                                            static_cast<SDL_GameControllerButton>(b)) != 0;
    }
}

void InputMapper::cancel_capture() {
    if (capture_ == CaptureKind::None) return;
    capture_ = CaptureKind::None;
    captured_ = Captured{};
    captured_.done = captured_.cancelled = true;
}

Captured InputMapper::take_capture() {
    if (!captured_.done) return {};
    Captured c = captured_;
    captured_ = Captured{};
    return c;
}

void InputMapper::handle_event(const SDL_Event& e, bool keyboard_captured, bool mouse_captured) {
    switch (e.type) {
        case SDL_QUIT:
            commands_.quit = true;
            break;
        case SDL_KEYDOWN: {
            // Fixed keys are matched by scancode (the key's place, as reserved_key lists
            // them), so '[' and ']' work on layouts where they cannot be typed directly.
            const SDL_Scancode sc = e.key.keysym.scancode;
            if (capture_ != CaptureKind::None) {
                // Rebinding: the key is taken, not acted on; Esc cancels.
                if (e.key.repeat) break;
                if (sc == SDL_SCANCODE_ESCAPE) {
                    cancel_capture();
                } else if (capture_ == CaptureKind::Keyboard) {
                    capture_ = CaptureKind::None;
                    captured_ = Captured{};
                    captured_.done = true;
                    captured_.key = static_cast<int>(sc);
                }
                break;
            }
            // Window-level keys work even while a text field has focus.
            if (sc == SDL_SCANCODE_F1 && !e.key.repeat) commands_.toggle_overlay = true;
            if (sc == SDL_SCANCODE_F2 && !e.key.repeat) commands_.toggle_autopilot = true;
            if (sc == SDL_SCANCODE_F11 && !e.key.repeat) commands_.toggle_fullscreen = true;
            if (sc == SDL_SCANCODE_F12 && !e.key.repeat) commands_.screenshot = true;
            if (sc == SDL_SCANCODE_F5 && !e.key.repeat) commands_.save_replay = true;
            if (keyboard_captured) break;
            if (sc >= 0 && sc < SDL_NUM_SCANCODES) keys_[sc] = true;
            const int action = key_action(static_cast<int>(sc));
            if (action == static_cast<int>(Action::ZoomIn)) commands_.zoom_notches += 1.0;
            if (action == static_cast<int>(Action::ZoomOut)) commands_.zoom_notches -= 1.0;
            if (e.key.repeat) break;
            // Fixed keys (reserved_key): stepping and the replay viewer.
            switch (sc) {
                case SDL_SCANCODE_TAB:
                    commands_.toggle_minimap = true;
                    break;
                case SDL_SCANCODE_PERIOD:
                case SDL_SCANCODE_KP_PERIOD:
                    commands_.single_step = true;
                    break;
                case SDL_SCANCODE_COMMA:
                    commands_.step_back = true;
                    break;
                case SDL_SCANCODE_LEFTBRACKET:
                    commands_.replay_slower = true;
                    break;
                case SDL_SCANCODE_RIGHTBRACKET:
                    commands_.replay_faster = true;
                    break;
                case SDL_SCANCODE_T:
                    commands_.take_over = true;
                    break;
                default:
                    break;
            }
            switch (static_cast<Action>(action < 0 ? kActionCount : action)) {
                case Action::Menu:
                    commands_.escape = true;
                    break;
                case Action::Pause:
                    commands_.toggle_pause = true;
                    break;
                case Action::Mute:
                    commands_.toggle_mute = true;
                    break;
                case Action::Camera:
                    commands_.toggle_follow = true;
                    break;
                default:  // the edge commands (gear, manual, reset) wait for update()
                    edges_.press(static_cast<Action>(action < 0 ? kActionCount : action));
                    break;
            }
            break;
        }
        case SDL_KEYUP: {
            const SDL_Scancode sc = e.key.keysym.scancode;
            if (sc >= 0 && sc < SDL_NUM_SCANCODES) keys_[sc] = false;
            break;
        }
        case SDL_MOUSEWHEEL:
            if (!mouse_captured) commands_.zoom_notches += static_cast<double>(e.wheel.y);
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (!mouse_captured &&
                (e.button.button == SDL_BUTTON_LEFT || e.button.button == SDL_BUTTON_RIGHT ||
                 e.button.button == SDL_BUTTON_MIDDLE)) {
                dragging_ = true;
            }
            break;
        case SDL_MOUSEBUTTONUP:
            dragging_ = false;
            break;
        case SDL_MOUSEMOTION:
            if (dragging_ && !mouse_captured) {
                commands_.pan += dvec2(e.motion.xrel, e.motion.yrel);
            }
            break;
        case SDL_CONTROLLERDEVICEADDED:
            open_pad(e.cdevice.which);
            break;
        case SDL_CONTROLLERDEVICEREMOVED:
            close_pad(e.cdevice.which);
            break;
        case SDL_WINDOWEVENT:
            // Focus lost: the key-up events go elsewhere, so forget held keys.
            if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) keys_.fill(false);
            break;
        default:
            break;
    }
}

InputState InputMapper::update(double dt, const InputDef& def, bool keyboard_captured) {
    if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
    InputState in;

    // ---- keyboard: digital, ramped, then shaped ----
    const bool kb = !keyboard_captured && capture_ == CaptureKind::None;
    const double up = kb && key_held(Action::Throttle) ? 1.0 : 0.0;
    const double down = kb && key_held(Action::Brake) ? 1.0 : 0.0;
    const double left = kb && key_held(Action::SteerLeft) ? 1.0 : 0.0;
    const double right = kb && key_held(Action::SteerRight) ? 1.0 : 0.0;
    const double steer_target = left - right;  // +1 = left (CCW positive)
    double rate = def.steer_return_rate;
    if (steer_target != 0.0) {
        // Counter-steering crosses centre at least as fast as letting go would.
        rate = kb_steer_ * steer_target < 0.0 ? std::max(def.steer_rate, def.steer_return_rate)
                                              : def.steer_rate;
    }
    kb_steer_ = move_toward(kb_steer_, steer_target, rate * dt);
    kb_throttle_ = move_toward(kb_throttle_, up, def.throttle_rate * dt);
    kb_brake_ = move_toward(kb_brake_, down, def.throttle_rate * dt);
    in.throttle = kb_throttle_;
    in.brake = kb_brake_;
    in.steer = shape_steer(kb_steer_, def.key_steer_sensitivity, def.key_steer_linearity);
    in.handbrake = kb && key_held(Action::Handbrake) ? 1.0 : 0.0;
    edges_.hand_over(in);

    // ---- first gamepad: analog, straight through after the dead zone ----
    if (!pads_.empty()) {
        if (capture_ == CaptureKind::Pad) {
            pad_capture(pads_.front());
        } else if (first_pad_drives_) {
            pad_frame(pads_.front(), dt, def, in);
        }
    }
    return in;
}

AppCommands InputMapper::take_commands() {
    AppCommands c = commands_;
    commands_ = AppCommands{};
    return c;
}

std::vector<std::string> InputMapper::take_messages() {
    std::vector<std::string> m;
    m.swap(messages_);
    return m;
}

}  // namespace skidpad::app
