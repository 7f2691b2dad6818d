// Gear selection: manual and automatic modes, shift time, reverse when stopped.
#include "skidpad/car/gearbox.hpp"

#include <cmath>

#include "car_internal.hpp"

namespace skidpad {

double overall_ratio(const GearboxDef& def, int gear) {
    const int n = clamp(def.gears, 1, kMaxGears);
    if (gear < 0) return -def.reverse * def.final_drive;
    if (gear == 0) return 0.0;
    return def.ratios[static_cast<std::size_t>(clamp(gear, 1, n) - 1)] * def.final_drive;
}

namespace detail {

namespace {

void shift_to(Car& car, const GearboxDef& def, int gear) {
    if (gear == car.gear) return;
    car.gear = gear;
    car.shift_timer = def.shift_time > 0.0 ? def.shift_time : 0.0;
    car.stop_timer = 0.0;
}

/// rpm the engine would have in `gear` at road speed v (m/s) without wheel slip.
double road_rpm(const CarDef& def, int gear, double v) {
    const double r = clamp(def.wheel_radius, 0.1, 1.0);
    return std::fabs(v) / r * std::fabs(overall_ratio(def.gearbox, gear)) * kRadPerSecToRpm;
}

}  // namespace

Pedals gearbox_update(Car& car, const CarDef& def, const InputState& in, double h, double v_fwd) {
    const GearboxDef& gb = def.gearbox;
    const int n = clamp(gb.gears, 1, kMaxGears);
    car.gear = clamp(car.gear, -1, n);

    // Buttons are edges: World holds them for every sub-step of a step, so act on the
    // rising edge only.
    const bool up = in.shift_up && !car.prev_shift_up;
    const bool down = in.shift_down && !car.prev_shift_down;
    const bool toggle = in.toggle_manual && !car.prev_toggle_manual;
    car.prev_shift_up = in.shift_up;
    car.prev_shift_down = in.shift_down;
    car.prev_toggle_manual = in.toggle_manual;
    if (toggle) car.manual = !car.manual;

    car.shift_timer = car.shift_timer > h ? car.shift_timer - h : 0.0;
    const bool stopped = std::fabs(v_fwd) < gb.reverse_speed;

    // A scripted gear request acts when it changes (a script row holds its value for
    // many steps; the automatic may shift on from there).
    if (in.gear_request != car.prev_gear_request && in.gear_request >= -1 && in.gear_request <= n) {
        shift_to(car, gb, in.gear_request);
    }
    car.prev_gear_request = in.gear_request;

    if (car.manual) {
        if (up && car.gear < n) shift_to(car, gb, car.gear + 1);
        if (down) {
            if (car.gear > 0) {
                shift_to(car, gb, car.gear - 1);
            } else if (car.gear == 0 && stopped) {
                shift_to(car, gb, -1);
            }
        }
        return {in.throttle, in.brake};
    }

    // Automatic. In reverse the pedals swap: brake drives backwards, throttle brakes.
    const bool want_back = in.brake > 0.05 && in.throttle < 0.05;
    const bool want_fwd = in.throttle > 0.05 && in.brake < 0.05;
    if (car.shift_timer <= 0.0) {
        if (car.gear >= 1) {
            if (want_back && stopped) {
                car.stop_timer += h;
                if (car.stop_timer >= gb.reverse_delay) shift_to(car, gb, -1);
            } else {
                car.stop_timer = 0.0;
                const double rpm = road_rpm(def, car.gear, v_fwd);
                if (car.gear < n && rpm > gb.upshift_rpm) {
                    shift_to(car, gb, car.gear + 1);
                } else if (car.gear > 1 && rpm < gb.downshift_rpm &&
                           road_rpm(def, car.gear - 1, v_fwd) < 0.95 * gb.upshift_rpm) {
                    shift_to(car, gb, car.gear - 1);
                }
            }
        } else if (car.gear == -1) {
            if (want_fwd && stopped) {
                car.stop_timer += h;
                if (car.stop_timer >= gb.reverse_delay) shift_to(car, gb, 1);
            } else {
                car.stop_timer = 0.0;
            }
        } else if (want_fwd) {
            shift_to(car, gb, 1);
        }
    }
    if (car.gear == -1) return {in.brake, in.throttle};
    return {in.throttle, in.brake};
}

}  // namespace detail
}  // namespace skidpad
