// Speed planner and autopilot settings, tunables "plan.*". PLACEHOLDER: the
// planner issue completes it.
#pragma once

namespace skidpad {

struct PlanDef {
    double grip_reserve = 0.1;   ///< fraction of grip kept in reserve when planning
};

}  // namespace skidpad
