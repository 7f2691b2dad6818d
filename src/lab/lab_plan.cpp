// Lab experiments of the plan module.
#include "lab.hpp"

namespace skidpad::lab {

void register_plan_experiments(Registry&) {}

}  // namespace skidpad::lab
