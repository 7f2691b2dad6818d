// The gamepad half of InputMapper: the bound pad inputs read through SDL_GameController,
// the pad's menu controls, and capturing a pad input for rebinding.
#include <algorithm>
#include <cmath>

#include "input_map.hpp"

namespace skidpad::app {

namespace {

static_assert(kPadButtons == SDL_CONTROLLER_BUTTON_MAX && kPadAxes == SDL_CONTROLLER_AXIS_MAX &&
              kPadTriggerLeft == SDL_CONTROLLER_AXIS_TRIGGERLEFT &&
              kPadTriggerRight == SDL_CONTROLLER_AXIS_TRIGGERRIGHT);

using Buttons = std::array<bool, SDL_CONTROLLER_BUTTON_MAX>;
using Axes = std::array<double, SDL_CONTROLLER_AXIS_MAX>;

constexpr double kCaptureAxis = 0.6;  ///< an axis pushed past this (from rest) is captured
constexpr double kCaptureRest = 0.3;  ///< ... when it was within this before
constexpr double kNavAxis = 0.5;      ///< stick travel that moves the menu cursor
constexpr double kNavDelay = 0.4;     ///< s held before the cursor repeats
constexpr double kNavRepeat = 0.12;   ///< s between repeats

void read_pad(SDL_GameController* c, Buttons& buttons, Axes& axes) {
    for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b) {
        buttons[static_cast<std::size_t>(b)] =
            SDL_GameControllerGetButton(c, static_cast<SDL_GameControllerButton>(b)) != 0;
    }
    for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX; ++a) {
        axes[static_cast<std::size_t>(a)] = std::max(
            -1.0, SDL_GameControllerGetAxis(c, static_cast<SDL_GameControllerAxis>(a)) / 32767.0);
    }
}

/// 0..1 of one pad input, the dead zone cut out of an axis.
double pad_value(const Buttons& buttons, const Axes& axes, PadInput p, const InputDef& def) {
    switch (p.kind) {
        case PadInput::Kind::Button:
            return buttons[p.index] ? 1.0 : 0.0;
        case PadInput::Kind::AxisPlus:
        case PadInput::Kind::AxisMinus: {
            const double v = axes[p.index];
            const double half = std::max(0.0, p.kind == PadInput::Kind::AxisPlus ? v : -v);
            const bool trigger = p.index == kPadTriggerLeft || p.index == kPadTriggerRight;
            return apply_dead_zone(half, trigger ? def.trigger_dead_zone : def.stick_dead_zone);
        }
        case PadInput::Kind::None:
            break;
    }
    return 0.0;
}

/// How many times a menu direction held for `t` s has fired (the first at once).
int nav_count(double t) {
    return t < kNavDelay ? 1 : 2 + static_cast<int>((t - kNavDelay) / kNavRepeat);
}

}  // namespace

void InputMapper::pad_frame(Pad& p, double dt, const InputDef& def, InputState& in) {
    Buttons down{};
    Axes axes{};
    read_pad(p.controller, down, axes);
    auto value = [&](Action a) {
        double v = 0.0;
        for (PadInput q : bindings_.pad[static_cast<std::size_t>(a)])
            v = std::max(v, pad_value(down, axes, q, def));
        return v;
    };
    in.throttle = std::max(in.throttle, clamp(value(Action::Throttle), 0.0, 1.0));
    in.brake = std::max(in.brake, clamp(value(Action::Brake), 0.0, 1.0));
    // Right (+x on the stick) is steering right, which is negative steer.
    const double sx = value(Action::SteerRight) - value(Action::SteerLeft);
    if (sx != 0.0)
        in.steer = -shape_steer(sx, def.stick_steer_sensitivity, def.stick_steer_linearity);
    in.handbrake = std::max(in.handbrake, clamp(value(Action::Handbrake), 0.0, 1.0));
    auto pressed = [&](Action a) {
        const bool now = value(a) > 0.5;
        bool& was = p.action_was[static_cast<std::size_t>(a)];
        const bool edge = now && !was;
        was = now;
        return edge;
    };
    if (pressed(Action::ShiftUp)) in.shift_up = true;
    if (pressed(Action::ShiftDown)) in.shift_down = true;
    if (pressed(Action::ToggleManual)) in.toggle_manual = true;
    if (pressed(Action::Reset)) in.reset = true;
    if (pressed(Action::Pause)) commands_.toggle_pause = true;
    if (pressed(Action::Camera)) commands_.toggle_follow = true;
    if (pressed(Action::Mute)) commands_.toggle_mute = true;
    if (pressed(Action::Menu)) commands_.menu_toggle = true;
    // A full push zooms about 6 notches per second.
    commands_.zoom_notches += (value(Action::ZoomIn) - value(Action::ZoomOut)) * 6.0 * dt;
    menu_nav(p, down, axes, dt);
    p.was_down = down;
    p.axis_was = axes;
}

void InputMapper::menu_nav(Pad& p, const Buttons& down, const Axes& axes, double dt) {
    const double x = axes[SDL_CONTROLLER_AXIS_LEFTX], y = axes[SDL_CONTROLLER_AXIS_LEFTY];
    const bool dir[4] = {down[SDL_CONTROLLER_BUTTON_DPAD_UP] || y < -kNavAxis,
                         down[SDL_CONTROLLER_BUTTON_DPAD_DOWN] || y > kNavAxis,
                         down[SDL_CONTROLLER_BUTTON_DPAD_LEFT] || x < -kNavAxis,
                         down[SDL_CONTROLLER_BUTTON_DPAD_RIGHT] || x > kNavAxis};
    bool* out[4] = {&commands_.menu_up, &commands_.menu_down, &commands_.menu_left,
                    &commands_.menu_right};
    for (std::size_t i = 0; i < 4; ++i) {
        double& held = p.nav_held[i];
        if (!dir[i]) {
            held = -1.0;
            continue;
        }
        if (held < 0.0) {
            held = 0.0;
            *out[i] = true;
            continue;
        }
        const double before = held;
        held += dt;
        if (nav_count(held) > nav_count(before)) *out[i] = true;
    }
    const auto edge = [&](SDL_GameControllerButton b) { return down[b] && !p.was_down[b]; };
    if (edge(SDL_CONTROLLER_BUTTON_A)) commands_.menu_select = true;
    if (edge(SDL_CONTROLLER_BUTTON_B)) commands_.menu_back = true;
    if (edge(SDL_CONTROLLER_BUTTON_X)) commands_.menu_clear = true;
}

void InputMapper::pad_capture(Pad& p) {
    Buttons down{};
    Axes axes{};
    read_pad(p.controller, down, axes);
    PadInput got;
    for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX && got.none(); ++b) {
        const auto i = static_cast<std::size_t>(b);
        if (b < kPadButtons && down[i] && !p.was_down[i]) got = pad_button(b);
    }
    for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX && got.none(); ++a) {
        const double v = axes[static_cast<std::size_t>(a)];
        const double before = p.axis_was[static_cast<std::size_t>(a)];
        if (v > kCaptureAxis && before <= kCaptureRest)
            got = pad_axis(a, true);
        else if (v < -kCaptureAxis && before >= -kCaptureRest)
            got = pad_axis(a, false);
    }
    p.was_down = down;
    p.axis_was = axes;
    // What is held now must be let go before it acts (the captured input included).
    p.action_was.fill(true);
    if (got.none()) return;
    capture_ = CaptureKind::None;
    captured_ = Captured{};
    captured_.done = true;
    captured_.pad = got;
}

}  // namespace skidpad::app
