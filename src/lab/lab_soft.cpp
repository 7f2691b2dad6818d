// Lab experiments of the soft module.
#include "lab.hpp"

namespace skidpad::lab {

void register_soft_experiments(Registry&) {}

}  // namespace skidpad::lab
