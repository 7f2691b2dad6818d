// The autopilot: steering along the racing line and pedals to the planned speed.
#include "skidpad/plan/autopilot.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"

namespace skidpad {

InputState autopilot_drive(AutopilotState& st, const Car& car, const PlanCar& pc,
                           const ClosedPath& line, const SpeedProfile& profile,
                           const PlanDef& plan) {
    InputState in;
    if (line.size() < 3) return in;
    const dvec2 fwd = direction(car.heading);
    const double v = glm::dot(car.velocity, fwd);  // m/s, forward speed
    // Locate the car on the line (a local search once located: the car moves < 1 segment
    // per step; a global one when lost, e.g. after a reset).
    PathPoint pp = st.located ? path_project_near(line, car.position, st.segment, 12)
                              : path_project(line, car.position);
    if (std::fabs(pp.offset) > 30.0) pp = path_project(line, car.position);
    st.located = true;
    st.segment = pp.segment;
    st.s = pp.s;
    st.cross_track = pp.offset;
    st.speed = v;

    // Steering: path curvature feed-forward plus feedback on the lateral offset and on
    // the course error (the direction of the velocity, not of the nose, so that a
    // sliding car is steered by where it goes), over a speed-dependent look length.
    const double speed = std::max(0.0, v);
    const double look = std::max(plan.ap_lookahead_min, plan.ap_lookahead_time * speed);  // m
    const double vlen = glm::length(car.velocity);
    const double course = vlen > 0.5 ? std::atan2(car.velocity.y, car.velocity.x) : car.heading;
    const double tangent = std::atan2(pp.tangent.y, pp.tangent.x);
    double psi = course - tangent;  // rad, + = heading left of the line
    psi = std::remainder(psi, 2.0 * kPi);
    // The bend just ahead (the rack needs a moment to get there).
    const double s_ff = pp.s + 0.15 * speed;
    const std::size_t k0 = path_segment_at(line, s_ff);
    const double kappa_line =
        profile.curvature.size() == line.size() ? profile.curvature[k0] : 0.0;  // 1/m
    const double e = clamp(pp.offset - st.lane, -look, look);  // m, + = left of the lane
    const double kappa = kappa_line - e / (look * look) - 1.6 * std::sin(psi) / look;
    double delta = std::atan(pc.wheelbase_m * kappa);
    // Steer relative to the course, not the nose: when the rear slides out (nose inside
    // the bend) this countersteers by the slide angle, keeping the front tyres' slip.
    if (vlen > 2.0) delta += plan.ap_slide_gain * std::remainder(course - car.heading, 2.0 * kPi);
    // Yaw-rate damping: the command asks for yaw rate v κ; steer against any excess.
    delta += plan.ap_yaw_gain * (speed * kappa - car.yaw_rate);
    const double max_delta = std::max(1e-3, plan_max_steer(pc, speed));
    in.steer = clamp(delta / max_delta, -1.0, 1.0);

    // Speed: an acceleration command from the profile, a short distance ahead (the
    // brakes and the engine respond late), plus a proportional term on the speed error
    // here; then throttle or brake as a fraction of what the car can do at this speed.
    const double ahead = std::max(3.0, plan.ap_speed_lookahead * speed);
    double target_here = profile_speed_at(profile, line, pp.s);
    double target_ahead = profile_speed_at(profile, line, pp.s + ahead);
    if (st.lane != 0.0 && profile.curvature.size() == line.size()) {
        // Beside the line a bend's radius is R − lane (lane on its inside): v ∝ √R.
        const auto lane_scale = [&](double s) {
            const double k = profile.curvature[path_segment_at(line, s)];
            return std::sqrt(clamp(1.0 - k * st.lane, 0.25, 1.0));
        };
        target_here *= lane_scale(pp.s);
        target_ahead *= lane_scale(pp.s + ahead);
    }
    const double target = std::min(target_here, target_ahead);
    st.target_speed = target;
    const double a_cmd = (target_ahead * target_ahead - speed * speed) / (2.0 * ahead) +
                         plan.ap_speed_gain * (target_here - speed);  // m/s²
    // Grip the tyres have at this speed, and how much of it the cornering already uses.
    const double m = pc.mass_kg;
    const double grip = pc.mu * (kGravity + pc.k_lift * speed * speed / m);  // m/s²
    const double lat = std::fabs(car.yaw_rate * speed);
    const double use = grip > 0.0 ? clamp(lat / grip, 0.0, 1.0) : 1.0;
    const double left = std::sqrt(std::max(0.0, 1.0 - use * use));
    if (a_cmd >= 0.0) {
        const double resist =
            (pc.k_drag * speed * speed + pc.c_rr * speed +
             pc.c_tyre * std::max(0.0, m * kGravity + pc.k_lift * speed * speed)) /
            m;
        const double drive = std::max(1e-3, plan_drive_force(pc, speed) / m);
        // Traction control: the rear tyres share their grip with the cornering force.
        const double cap = std::max(0.15, left);
        // The share of the full drive is the engine's load; the pedal map gives its pedal.
        EngineDef map;
        map.throttle_map = pc.throttle_map;
        in.throttle =
            engine_pedal_for_load(map, clamp((a_cmd + resist) / std::min(drive, grip), 0.0, cap));
    } else {
        // Full pedal gives about μ g with ABS; trail off as the cornering load rises.
        const double cap = std::max(0.2, left);
        in.brake = clamp(-a_cmd * plan.ap_brake_scale / std::max(1.0, grip), 0.0, cap);
    }
    // Gear: the one the plan assumed (most drive force below the upshift rpm), asked for
    // through the same gear_request an input script uses; never while sliding.
    if (car.gear >= 1 && speed > 2.0 &&
        std::fabs(std::remainder(course - car.heading, 2.0 * kPi)) < 0.1) {
        const int g = plan_best_gear(pc, speed, car.gear);
        if (g >= 1 && g != car.gear) in.gear_request = g;
    }
    return in;
}

}  // namespace skidpad
