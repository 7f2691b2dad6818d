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
    double spin = 0.0;        ///< rad/s, wheel angular speed
    double slip_ratio = 0.0;  ///< (omega r - v_long) / |v_long|, last step
    double slip_angle = 0.0;  ///< rad, last step
    double load = 0.0;        ///< N, vertical load, last step
    double force_long = 0.0;  ///< N, tyre frame, last step
    double force_lat = 0.0;   ///< N, tyre frame, last step
    double grip_limit = 0.0;  ///< N, mu * load (friction circle radius)
    bool locked = false;      ///< wheel not turning while the car moves
};

struct Car {
    dvec2 position{0.0, 0.0};  ///< m, CG in world frame
    dvec2 velocity{0.0, 0.0};  ///< m/s, world frame
    double heading = 0.0;      ///< rad, CCW from +x
    double yaw_rate = 0.0;     ///< rad/s
    double accel_long = 0.0;   ///< m/s^2, body frame, last step
    double accel_lat = 0.0;    ///< m/s^2, body frame, last step
    int gear = 1;              ///< -1 R, 0 N, 1..n
    double rpm = 0.0;          ///< engine speed, rev/min
    bool manual = false;       ///< manual gearbox (else automatic)
    bool abs_active = false;   ///< ABS released a brake this step
    double shift_timer = 0.0;  ///< s left in the current gear change
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
struct DebugViews;
/// Emits the car's debug shapes (layer 4) selected by `views` (src/core/debug_draw.cpp).
void car_draw_debug(const Car& car, const CarDef& def, const DebugViews& views, DrawList& out);

}  // namespace skidpad
