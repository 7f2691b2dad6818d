// Stability control, the steering assist and the assist levels (docs/physics.md §6.4–6.6).
#include "skidpad/car/assists.hpp"

#include "skidpad/car/steer_assist_input.hpp"

#include <cmath>
#include <glm/geometric.hpp>

#include "car_internal.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/car_def.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/math.hpp"

namespace skidpad {

const char* assist_level_name(AssistLevel level) {
    switch (level) {
        case AssistLevel::Sim:
            return "sim";
        case AssistLevel::Sport:
            return "sport";
        case AssistLevel::Arcade:
            return "arcade";
        case AssistLevel::Custom:
            break;
    }
    return "custom";
}

bool parse_assist_level(std::string_view text, AssistLevel& out) {
    for (AssistLevel l : {AssistLevel::Sim, AssistLevel::Sport, AssistLevel::Arcade}) {
        if (text == assist_level_name(l)) {
            out = l;
            return true;
        }
    }
    return false;
}

void apply_assist_level(CarDef& def, AssistLevel level) {
    if (level == AssistLevel::Custom) return;
    const bool sport = level != AssistLevel::Sim;
    const bool arcade = level == AssistLevel::Arcade;
    def.brakes.abs = sport;
    def.assists.tc = sport;
    def.assists.esc = arcade;
    def.assists.steer_assist = arcade;
    def.assists.countersteer = arcade;
}

AssistLevel assist_level_of(const CarDef& def) {
    for (AssistLevel l : {AssistLevel::Sim, AssistLevel::Sport, AssistLevel::Arcade}) {
        CarDef d = def;
        apply_assist_level(d, l);
        if (d.brakes.abs == def.brakes.abs && d.assists.tc == def.assists.tc &&
            d.assists.esc == def.assists.esc &&
            d.assists.steer_assist == def.assists.steer_assist &&
            d.assists.countersteer == def.assists.countersteer) {
            return l;
        }
    }
    return AssistLevel::Custom;
}

namespace detail {

namespace {

/// Body-frame lateral velocity (m/s, + left).
double lateral_speed(const Car& car) {
    return glm::dot(car.velocity, perp(direction(car.heading)));
}

}  // namespace

double steer_target(const Car& car, const CarDef& def, const CarGeometry& g, double input,
                    double v_fwd, double max_eff, bool& active) {
    const double plain = input * max_eff;
    active = false;
    if (!def.assists.steer_assist) return plain;
    // Faded in between 3 and 6 m/s: parking and U-turns keep the full mechanical lock.
    const double fade = clamp((v_fwd - 3.0) / 3.0, 0.0, 1.0);
    if (fade <= 0.0) return plain;
    const double vy = lateral_speed(car);
    // Direction of travel of each axle in the body frame (rad, + left).
    const double front = std::atan2(vy + g.cg_to_front * car.yaw_rate, v_fwd);
    const double rear = std::atan2(vy - g.cg_to_rear * car.yaw_rate, v_fwd);
    const double peak = tyre_peak_slip_angle(def.tyre, false);
    // Centred steering: straight ahead, or along the front axle's travel while the rear
    // slides (faded in between 3° and 9° of rear slip), which is a countersteer.
    double centre = 0.0;
    if (def.assists.countersteer) {
        const double w = clamp((std::fabs(rear) - 0.05) / 0.1, 0.0, 1.0);
        centre = w * front;
    }
    // Full input aims the fronts at their peak slip angle from the axle's travel.
    const double s = clamp(input, -1.0, 1.0);
    const double full = s >= 0.0 ? front + peak : front - peak;
    double aim = centre + std::fabs(s) * (full - centre);
    aim = clamp(aim, -max_eff, max_eff);
    active = std::fabs(aim - plain) > 1e-3;
    return plain + fade * (aim - plain);
}

double cut_throttle(const CarDef& def, double pedal, double scale) {
    if (!(scale < 1.0)) return pedal;
    return engine_pedal_for_load(def.engine,
                                 engine_load(def.engine, pedal) * clamp(scale, 0.0, 1.0));
}

StabilityOut stability_control(const Car& car, const CarDef& def, const CarGeometry& g,
                               double v_fwd, double handbrake) {
    StabilityOut out;
    const AssistDef& a = def.assists;
    if (!a.esc || v_fwd < 3.0 || handbrake > 0.1) return out;
    // The yaw rate the steering asks for: the steady-state bicycle model with the tyres'
    // understeer gradient K = (1/g)(1/k_f − 1/k_r) (k per unit load), capped by the grip.
    const double kf = tyre_cornering_stiffness(def.tyre, false);
    const double kr = tyre_cornering_stiffness(def.tyre, true);
    const double k_us = (1.0 / kf - 1.0 / kr) / kGravity;
    const double denom = std::fmax(g.wheelbase + k_us * v_fwd * v_fwd, 0.5 * g.wheelbase);
    const double mu = def.tyre.mu > 0.05 ? def.tyre.mu : 0.05;
    const double cap = 0.85 * mu * kGravity / v_fwd;
    const double wanted = clamp(v_fwd * std::tan(car.steer_angle) / denom, -cap, cap);
    const double err = car.yaw_rate - wanted;
    const double excess = std::fabs(err) - std::fmax(a.esc_threshold, 0.0);
    if (!(excess > 0.0)) return out;
    // Too much yaw to the left (err > 0) is turned back by braking a right wheel; the
    // outer front when the car oversteers, the inner rear when it understeers.
    const bool oversteer = err * wanted >= 0.0;
    const int wheel = (oversteer ? 0 : 2) + (err > 0.0 ? 1 : 0);
    const double limit = 0.5 * std::fmax(def.brakes.torque, 0.0);
    out.brake[static_cast<std::size_t>(wheel)] =
        std::fmin(std::fmax(a.esc_gain, 0.0) * excess, limit);
    if (oversteer)
        out.throttle_scale = clamp(1.0 - std::fmax(a.esc_throttle, 0.0) * excess, 0.0, 1.0);
    out.active = true;
    return out;
}

}  // namespace detail

double steer_input_through_assist(const Car& car, const CarDef& def, double input) {
    if (!def.assists.steer_assist) return input;
    const CarGeometry g = car_geometry(def);
    const double v_fwd = glm::dot(car.velocity, direction(car.heading));
    const double max_eff = max_steer_at(def.max_steer, def.steering, v_fwd);
    const double want = clamp(input, -1.0, 1.0) * max_eff;
    bool active = false;
    const auto target = [&](double s) {
        return detail::steer_target(car, def, g, s, v_fwd, max_eff, active);
    };
    if (target(input) == want) return input;  // the assist leaves it as it is
    // The target rises with the input from full right to full left: bisect for the input
    // that gives `want` (continuous, so one lies between; the ends when out of reach).
    double lo = -1.0, hi = 1.0;
    if (target(lo) >= want) return lo;
    if (target(hi) <= want) return hi;
    for (int i = 0; i < 48; ++i) {
        const double mid = 0.5 * (lo + hi);
        (target(mid) < want ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

}  // namespace skidpad
