// Planner tunables (PLACEHOLDER set; the planner issue registers the full model).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_plan_params(ParamRegistry& r) {
    const char* g = "Planner";
    r.add("plan.grip_reserve", g, "", 0.0, 0.9, "Fraction of grip the planner keeps in reserve.",
          [](Settings& s) -> double& { return s.plan.grip_reserve; });
}

}  // namespace skidpad
