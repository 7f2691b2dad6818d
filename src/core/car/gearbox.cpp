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

/// The automatic's choice in a forward gear. It shifts on engine speed (the driven wheels'
/// rpm) and throttle: full throttle shifts up at upshift_rpm, a light foot earlier. Up-
/// shifts read the engine speed no more than kSpinMargin above the road speed's rpm (a
/// spinning wheel does not shift up, on ice or in a burnout), never come while the brake
/// is pressed and never shift into a bog (the next gear must keep the road-speed rpm above
/// the downshift point with a margin), the rev limiter's forced upshift included. A
/// floored throttle kicks down when the lower gear has room below the upshift point.
/// The upshift point follows the engine load's recent peak (falling kPeakDecay a second), not
/// the pedal of the moment, and after a kickdown the box shifts up again only at the
/// full-throttle point (or, with the foot off the throttle, at the light-foot point): a
/// throttle modulated between part and full never shifts up where the next tip-in kicks
/// down again, so the box does not cycle between two gears. It holds a gear at least
/// kShiftHold after a shift (no hunting).
void auto_shift(Car& car, const CarDef& def, double throttle, double brake, double h,
                double v_fwd) {
    constexpr double kShiftHold = 0.8;    // s, least time in a gear before the next shift
    constexpr double kLimiterHold = 0.3;  // s on the limiter before forcing an upshift
    constexpr double kSpinMargin = 0.15;  // wheel slip the upshift point still counts
    constexpr double kPeakDecay = 0.3;    // 1/s, how fast the throttle memory falls
    const GearboxDef& gb = def.gearbox;
    const int n = clamp(gb.gears, 1, kMaxGears);
    const double road_now = road_rpm(def, car.gear, v_fwd);
    const double engine = std::fmax(road_now, wheel_rpm(car, def, car.gear));
    const double engine_up = std::fmax(road_now, std::fmin(engine, (1.0 + kSpinMargin) * road_now));
    const double limit = def.engine.redline_rpm - 0.5 * def.engine.limiter_band_rpm;
    car.limiter_timer = engine >= limit ? car.limiter_timer + h : 0.0;
    car.shift_hold = car.shift_hold > h ? car.shift_hold - h : 0.0;
    const double up_full = std::fmin(gb.upshift_rpm, limit);
    const double down = std::fmin(gb.downshift_rpm, 0.9 * up_full);
    const double th = clamp(throttle, 0.0, 1.0);
    // The light-foot point reads the engine's load (the torque asked for), not the pedal.
    const double load = engine_load(def.engine, th);
    car.throttle_peak = std::fmax(load, clamp(car.throttle_peak, 0.0, 1.0) - kPeakDecay * h);
    const double up_part =
        down + (up_full - down) * clamp(0.25 + 0.75 * car.throttle_peak, 0.0, 1.0);
    const double up = car.kicked_down && th >= 0.1 ? up_full : up_part;
    auto shift = [&](int gear) {
        car.kicked_down = false;
        shift_to(car, gb, gear);
        car.shift_hold = kShiftHold;
        car.limiter_timer = 0.0;
    };
    if (car.gear < n && brake <= 0.05) {
        const double next_road = road_rpm(def, car.gear + 1, v_fwd);
        const bool no_bog = next_road > 1.15 * down;
        const bool limiter = car.limiter_timer >= kLimiterHold;
        if (no_bog && (limiter || (engine_up > up && car.shift_hold <= 0.0))) {
            shift(car.gear + 1);
            return;
        }
    }
    if (car.gear > 1 && car.shift_hold <= 0.0) {
        // Downshifts also read the output shaft (the driven wheels): a car sliding
        // sideways with its wheels spinning has little forward road speed, but its engine
        // is not slow, so the box does not kick down into a lower gear mid-slide.
        const double road = engine;
        const double lower =
            engine * std::fabs(overall_ratio(gb, car.gear - 1) / overall_ratio(gb, car.gear));
        const bool slow = road < down && lower < 0.95 * up_full;
        const bool kickdown = th > 0.9 && lower < 0.8 * up_full && road < 0.7 * up_full;
        if (slow || kickdown) {
            shift(car.gear - 1);
            car.kicked_down = kickdown && !slow;
        }
    }
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
                auto_shift(car, def, in.throttle, in.brake, h, v_fwd);
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
