// The car: rigid body + wheels. PLACEHOLDER kinematic model; the vehicle-dynamics
// issue replaces the model but keeps these entry points.
#pragma once

#include <array>
#include <span>

#include "skidpad/car/car_def.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"
#include "skidpad/math.hpp"

namespace skidpad {

struct Wheel {
    dvec2 offset{0.0, 0.0};  ///< m, body frame (+x forward, +y left)
    double steer = 0.0;      ///< rad, steer angle of this wheel
};

struct Car {
    dvec2 position{0.0, 0.0};  ///< m, CG in world frame
    dvec2 velocity{0.0, 0.0};  ///< m/s, world frame
    double heading = 0.0;      ///< rad, CCW from +x
    double yaw_rate = 0.0;     ///< rad/s
    std::array<Wheel, 4> wheels{};  ///< FL, FR, RL, RR
};

/// Puts the car at rest at a pose.
void car_reset(Car& car, const CarDef& def, dvec2 position, double heading);
/// Advances the car by dt seconds with the given controls.
void car_step(Car& car, const CarDef& def, const InputState& input, double dt);
/// Body rectangle corners in world frame, counter-clockwise (for SAT and drawing).
std::array<dvec2, 4> car_corners(const Car& car, const CarDef& def);
/// Applies a world-space impulse (N s) at a world point (linear and angular).
void car_apply_impulse(Car& car, const CarDef& def, dvec2 impulse, dvec2 world_point);
/// Emits the car's shapes (body, wheels with steer angle).
void car_draw(const Car& car, const CarDef& def, DrawList& out);

}  // namespace skidpad
