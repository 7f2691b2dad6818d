// The planner's view of a car (PlanCar) taken from the car's own parameters, so the
// predictions follow the tunables: μ, mass, k_L, k_D, C_rr, drive force by speed.
#pragma once

#include "skidpad/car/car_def.hpp"
#include "skidpad/plan/speed_profile.hpp"

namespace skidpad {

PlanCar plan_car_from_def(const CarDef& def);

}  // namespace skidpad
