// Car tunables (PLACEHOLDER set; the vehicle-dynamics issue registers the full model).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_car_params(ParamRegistry& r) {
    const char* g = "Car / Chassis";
    r.add("car.mass", g, "kg", 500.0, 5000.0, "Total mass of the car.",
          [](Settings& s) -> double& { return s.car.mass; });
    r.add("car.max_steer", g, "rad", 0.1, 1.0, "Largest steer angle of the front wheels.",
          [](Settings& s) -> double& { return s.car.max_steer; });
}

}  // namespace skidpad
