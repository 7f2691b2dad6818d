// Lab experiments of the car module.
#include "lab.hpp"

namespace skidpad::lab {

void register_car_experiments(Registry&) {}

}  // namespace skidpad::lab
