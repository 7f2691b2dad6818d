#include "skidpad/plan/plan_car.hpp"

namespace skidpad {

PlanCar plan_car_from_def(const CarDef& def) {
    PlanCar c;
    c.mass_kg = def.mass;
    c.wheelbase_m = def.wheelbase;
    c.width_m = def.width;
    c.max_steer_rad = def.max_steer;
    c.cg_to_rear_m = 0.5 * def.wheelbase;
    return c;
}

}  // namespace skidpad
