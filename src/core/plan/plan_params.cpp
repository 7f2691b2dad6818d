// Planner tunables "plan.*" (PHYSICS.md §7 safety margins and model choice).
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
}

}  // namespace skidpad
