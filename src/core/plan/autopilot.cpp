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

    // Steering: pure pursuit from the rear axle toward the point L_d ahead on the line.
    const double speed = std::max(0.0, v);
    const double lookahead = std::max(plan.ap_lookahead_min, plan.ap_lookahead_time * speed);
    const dvec2 rear = car.position - fwd * pc.cg_to_rear_m;
    const dvec2 aim = path_position_at(line, pp.s + lookahead);
    const dvec2 to = aim - rear;
    const double dist = std::max(1e-3, glm::length(to));
    const double alpha = std::atan2(cross(fwd, to), glm::dot(fwd, to));  // rad, + = aim left
    const double kappa = 2.0 * std::sin(alpha) / dist;                   // 1/m, pursuit arc
    double delta = std::atan(pc.wheelbase_m * kappa);
    // Yaw-rate damping: the arc asks for yaw rate v κ; steer against any excess.
    delta += plan.ap_yaw_gain * (speed * kappa - car.yaw_rate);
    const double max_delta = std::max(1e-3, plan_max_steer(pc, speed));
    in.steer = clamp(delta / max_delta, -1.0, 1.0);

    // Speed: track the profile a little ahead (the brakes and the engine respond late).
    const double target = profile_speed_at(profile, line, pp.s + plan.ap_speed_lookahead * speed);
    st.target_speed = target;
    const double err = target - v;  // m/s, + = too slow
    if (err >= 0.0) {
        in.throttle = clamp(plan.ap_throttle_gain * err + 0.15, 0.0, 1.0);
        in.brake = 0.0;
    } else {
        in.throttle = 0.0;
        in.brake = clamp(-plan.ap_brake_gain * err, 0.0, 1.0);
    }
    return in;
}

}  // namespace skidpad
