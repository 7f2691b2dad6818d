// Car parameters, tunables "car.*" (and tyre/engine/... groups). PLACEHOLDER:
// the vehicle-dynamics issue replaces this with the full PHYSICS.md model.
#pragma once

namespace skidpad {

struct CarDef {
    double mass = 1500.0;        ///< kg
    double length = 4.4;         ///< m, body length
    double width = 1.8;          ///< m, body width
    double wheelbase = 2.5;      ///< m, front to rear axle
    double max_steer = 0.6;      ///< rad
};

}  // namespace skidpad
