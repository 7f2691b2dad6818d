// Normal loads with weight transfer (docs/physics.md §4):
//   axle_f = W c/L − (h/L) m a_x + F_L · balance,  axle_r = W b/L + (h/L) m a_x + F_L (1 − balance)
//   lateral: each side gains/loses m a_y h / track in total, split front/rear by roll_split.
// a_x, a_y are the (filtered) body-frame accelerations of the previous step, so there is
// no algebraic loop. Every load is clamped at ≥ 0 (wheel lift).
#pragma once

#include <array>

#include "skidpad/car/car_def.hpp"

namespace skidpad {

/// N per wheel {FL, FR, RL, RR} for body-frame accelerations (m/s², +x forward, +y left)
/// and speed (m/s, for downforce).
std::array<double, 4> wheel_loads(const CarDef& def, double accel_long, double accel_lat,
                                  double speed);

}  // namespace skidpad
