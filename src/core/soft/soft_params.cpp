// Soft-body tunables (PLACEHOLDER set; the soft-body issue registers the full model).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_soft_params(ParamRegistry& r) {
    const char* g = "Soft bodies";
    r.add("soft.iterations", g, "", 1, 64, "Constraint relaxation iterations per sub-step.",
          [](Settings& s) -> int& { return s.soft.iterations; });
    r.add("soft.damping", g, "", 0.0, 0.2, "Fraction of particle velocity lost per sub-step.",
          [](Settings& s) -> double& { return s.soft.damping; });
    r.add("soft.ground_mu", g, "", 0.0, 2.0, "Ground friction coefficient of crates.",
          [](Settings& s) -> double& { return s.soft.ground_mu; });
}

}  // namespace skidpad
