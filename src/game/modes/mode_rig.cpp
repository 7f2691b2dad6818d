// The test rigs' scenes, predictions and measurements (see mode_rig.hpp).
#include "modes/mode_rig.hpp"

#include <algorithm>
#include <cmath>

#include "car_runs.hpp"
#include "skidpad/car/car.hpp"

namespace skidpad::app {

namespace {
/// m: a step that moves the car further than this was a reset, not driving.
constexpr double kJumpM = 8.0;
/// s: how long a speed must be held on the circle to count.
constexpr double kHoldS = 1.0;
/// m/s: a braking run needs at least this much speed when the brake goes on.
constexpr double kMinBrakeSpeed = 3.0;

double len(dvec2 v) {
    return std::sqrt(v.x * v.x + v.y * v.y);
}
}  // namespace

bool rig_from_name(const std::string& name, RigKind& out) {
    for (RigKind k : {RigKind::Skidpad, RigKind::Braking, RigKind::TopSpeed}) {
        if (name == rig_name(k)) {
            out = k;
            return true;
        }
    }
    return false;
}

const char* rig_name(RigKind kind) {
    switch (kind) {
        case RigKind::Skidpad:
            return "skidpad";
        case RigKind::Braking:
            return "braking";
        case RigKind::TopSpeed:
            return "topspeed";
    }
    return "skidpad";
}

Level rig_level(RigKind kind) {
    Level lv;
    lv.name = std::string("rig ") + rig_name(kind);
    if (kind == RigKind::Skidpad) {
        // On the circle at its lowest point, heading +x: counter-clockwise round (0, 0).
        lv.car_start = dvec2(0.0, -kSkidpadRadius);
        lv.car_heading = 0.0;
    } else {
        lv.car_start = dvec2(10.0, 0.0);
        lv.car_heading = 0.0;
    }
    return lv;
}

double rig_top_speed(const CarDef& def) {
    return lab::predict_topspeed(def, 0);
}

double rig_limit_speed(const CarDef& def, double radius) {
    return lab::predict_corner_speed(def, radius, std::max(rig_top_speed(def), 1.0));
}

double rig_stop_distance(const CarDef& def, double v) {
    if (!(v > 0.0)) return 0.0;
    return lab::predict_brake_full(def, v, 0.0);
}

void rig_start(RigState& rig, RigKind kind) {
    rig = RigState{};
    rig.kind = kind;
}

namespace {

void observe_skidpad(RigState& rig, const Car& car, double speed) {
    rig.radius_now = len(car.position);
    rig.on_circle = std::fabs(rig.radius_now - kSkidpadRadius) <= kSkidpadLane;
    if (!rig.on_circle) {
        rig.window.clear();
        rig.held_mps = 0.0;
        return;
    }
    rig.window.emplace_back(rig.time_s, speed);
    while (!rig.window.empty() && rig.window.front().first < rig.time_s - kHoldS - 1e-9)
        rig.window.pop_front();
    if (rig.time_s - rig.window.front().first < kHoldS - 1e-6) {
        rig.held_mps = 0.0;  // not yet a full second on the circle
        return;
    }
    double lo = speed;
    for (const auto& [t, v] : rig.window)
        lo = std::min(lo, v);
    rig.held_mps = lo;
    rig.best_held_mps = std::max(rig.best_held_mps, lo);
}

void observe_braking(RigState& rig, const Car& car, const CarDef& def, const InputState& input) {
    const double v = car_forward_speed(car);
    const dvec2 dir = len(car.velocity) > 1e-6
                          ? car.velocity / len(car.velocity)
                          : dvec2(std::cos(car.heading), std::sin(car.heading));
    rig.live_stop_m = std::max(rig_stop_distance(def, std::max(v, 0.0)), 0.0);
    rig.live_stop = car.position + dir * rig.live_stop_m;
    switch (rig.phase) {
        case BrakePhase::Approach:
        case BrakePhase::Stopped:
            // A run starts when the brake goes on at speed; the previous result stays
            // on show until then.
            if (input.brake >= kRigBrakeOn && rig.prev_speed >= kMinBrakeSpeed) {
                rig.phase = BrakePhase::Braking;
                rig.has_result = false;
                // The brake acts from this step on: the run starts where the step began.
                rig.brake_start = rig.prev_pos;
                rig.brake_dir = dir;
                rig.brake_speed = rig.prev_speed;
                rig.predicted_m = rig_stop_distance(def, rig.prev_speed);
            }
            break;
        case BrakePhase::Braking:
            break;
    }
    if (rig.phase == BrakePhase::Braking) {
        if (v <= kRigStopSpeed) {
            // Where the speed crossed the stop speed, between this step and the last.
            const double frac =
                rig.prev_speed > v ? (rig.prev_speed - kRigStopSpeed) / (rig.prev_speed - v) : 1.0;
            rig.stop_point = rig.prev_pos + (car.position - rig.prev_pos) * frac;
            rig.measured_m = len(rig.stop_point - rig.brake_start);
            rig.has_result = true;
            ++rig.stops;
            rig.phase = BrakePhase::Stopped;
        } else if (input.brake < 0.1) {
            rig.phase = BrakePhase::Approach;  // let off before the stop: no result
        }
    }
    rig.prev_speed = v;
    rig.prev_pos = car.position;
}

void observe_topspeed(RigState& rig, const Car& car) {
    const double v = car_forward_speed(car);
    if (v > rig.max_mps) {
        rig.max_mps = v;
        rig.max_at_m = car.position.x;
    }
}

}  // namespace

void rig_observe(RigState& rig, const World& world, const InputState& input, double dt) {
    const CarId id = world.player();
    if (!world.valid(id)) return;
    const Car& car = world.car(id);
    if (rig.placed && len(car.position - rig.last_position) > kJumpM) {
        const RigKind kind = rig.kind;
        rig_start(rig, kind);  // the car was put back: a fresh run
    }
    rig.placed = true;
    rig.last_position = car.position;
    rig.time_s += dt;
    switch (rig.kind) {
        case RigKind::Skidpad:
            observe_skidpad(rig, car, len(car.velocity));
            break;
        case RigKind::Braking:
            if (rig.time_s <= dt) {  // first step: no previous one yet
                rig.prev_pos = car.position;
                rig.prev_speed = car_forward_speed(car);
            }
            observe_braking(rig, car, world.car_def(id), input);
            break;
        case RigKind::TopSpeed:
            observe_topspeed(rig, car);
            break;
    }
}

double rig_stop_error_pct(const RigState& rig) {
    if (!rig.has_result || !(rig.predicted_m > 0.0)) return 0.0;
    return (rig.measured_m / rig.predicted_m - 1.0) * 100.0;
}

}  // namespace skidpad::app
