// Wheel loads with longitudinal and lateral weight transfer and downforce.
#include "skidpad/car/loads.hpp"

#include "skidpad/math.hpp"

namespace skidpad {

std::array<double, 4> wheel_loads(const CarDef& def, double accel_long, double accel_lat,
                                  double speed) {
    const CarGeometry g = car_geometry(def);
    const double m = g.mass;
    const double weight = m * kGravity;
    const double lift = def.aero.downforce * speed * speed;  // N, + pushes down
    const double bal = clamp(def.aero.balance, 0.0, 1.0);
    const double h = def.cg_height > 0.0 ? def.cg_height : 0.0;
    const double pitch = h / g.wheelbase * m * accel_long;  // N moved rearwards
    const double axle_f = weight * g.cg_to_rear / g.wheelbase - pitch + lift * bal;
    const double axle_r = weight * g.cg_to_front / g.wheelbase + pitch + lift * (1.0 - bal);
    // a_y > 0 (towards +y, left) loads the right-hand wheels.
    const double roll = m * accel_lat * h / g.track;
    const double split = clamp(def.roll_split, 0.0, 1.0);
    std::array<double, 4> w{0.5 * axle_f - split * roll, 0.5 * axle_f + split * roll,
                            0.5 * axle_r - (1.0 - split) * roll,
                            0.5 * axle_r + (1.0 - split) * roll};
    for (double& x : w)
        x = x > 0.0 ? x : 0.0;
    return w;
}

}  // namespace skidpad
