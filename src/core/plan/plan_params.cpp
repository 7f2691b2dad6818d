// Planner tunables "plan.*" (docs/physics.md §10 safety margins and model choice).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_plan_params(ParamRegistry& r) {
    const char* g = "Planner";
    r.add_enum("plan.braking_model", g,
               {"no-aero", "aero-bound", "aero-numerical", "aero-analytical"},
               "Braking-distance model used by the speed profile, HUD and autopilot.",
               [](Settings& s) -> BrakingModel& { return s.plan.braking_model; });
    r.add("plan.numerical_intervals", g, "", 1.0, 256.0,
          "Pieces N of the aero-numerical braking model (more = closer to exact).",
          [](Settings& s) -> int& { return s.plan.numerical_intervals; });
    r.add("plan.grip_reserve", g, "", 0.0, 0.9,
          "Fraction of tyre grip the planner keeps in reserve (corners and braking).",
          [](Settings& s) -> double& { return s.plan.grip_reserve; });
    r.add("plan.brake_usage", g, "", 0.1, 1.0,
          "Fraction of the remaining braking grip the plan expects to use.",
          [](Settings& s) -> double& { return s.plan.brake_usage; });
    r.add("plan.corner_margin", g, "", 0.0, 0.5,
          "Fraction taken off every corner speed limit after the grip reserve.",
          [](Settings& s) -> double& { return s.plan.corner_margin; });
    r.add("plan.speed_bound", g, "m/s", 5.0, 150.0,
          "Upper bound on any planned speed (gearing/redline).",
          [](Settings& s) -> double& { return s.plan.speed_bound; });

    const char* gl = "Planner / Racing line";
    r.add("plan.line_margin", gl, "m", 0.0, 5.0,
          "Gap the racing line keeps between the car's side and the track edge.",
          [](Settings& s) -> double& { return s.plan.line_margin; });
    r.add("plan.line_iterations", gl, "", 0.0, 200.0,
          "Passes per level of the racing-line optimiser (0 = the centre line).",
          [](Settings& s) -> int& { return s.plan.line_iterations; });

    const char* ga = "Planner / Autopilot";
    r.add("plan.ap_lookahead_time", ga, "s", 0.1, 2.0,
          "Steering look length as time at the current speed (longer = calmer).",
          [](Settings& s) -> double& { return s.plan.ap_lookahead_time; });
    r.add("plan.ap_lookahead_min", ga, "m", 2.0, 30.0, "Shortest steering look length.",
          [](Settings& s) -> double& { return s.plan.ap_lookahead_min; });
    r.add("plan.ap_speed_lookahead", ga, "s", 0.0, 2.0,
          "How far ahead (as time) the speed target is read.",
          [](Settings& s) -> double& { return s.plan.ap_speed_lookahead; });
    r.add("plan.ap_speed_gain", ga, "1/s", 0.0, 5.0,
          "Acceleration command (m/s^2) per m/s of speed error.",
          [](Settings& s) -> double& { return s.plan.ap_speed_gain; });
    r.add("plan.ap_brake_scale", ga, "", 0.5, 3.0,
          "Brake pedal per unit of commanded deceleration over tyre grip.",
          [](Settings& s) -> double& { return s.plan.ap_brake_scale; });
    r.add("plan.ap_slide_gain", ga, "", 0.0, 1.5,
          "Countersteer per rad of slide (velocity direction minus heading).",
          [](Settings& s) -> double& { return s.plan.ap_slide_gain; });
    r.add("plan.ap_yaw_gain", ga, "s", 0.0, 0.5,
          "Steer angle added per rad/s of yaw-rate error (damps weaving).",
          [](Settings& s) -> double& { return s.plan.ap_yaw_gain; });
    r.add("plan.ai_opponent", ga, "", 0.0, 1.0,
          "A second car driven by the autopilot races on the track.",
          [](Settings& s) -> bool& { return s.plan.ai_opponent; });
}

}  // namespace skidpad
