// The car: a 2D rigid body on four wheels with slip-based tyre forces, weight transfer,
// engine + gearbox + differential, brakes with ABS, steering and aero (docs/physics.md §2–8).
// car_step advances one sub-step; World::step calls it sim.substeps times per step, through
// car_advance, which splits a sub-step longer than 1/sim.car_min_hz into equal inner steps.
// Car holds the physics state and the last sub-step's readouts (forces, slips, loads for
// telemetry, the HUD and drawing); cosmetics (skid marks) and diagnostics live in the World.
#pragma once

#include <array>
#include <span>

#include "skidpad/car/car_def.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"
#include "skidpad/math.hpp"
#include "skidpad/surface.hpp"

namespace skidpad {

inline constexpr int kWheels = 4;  ///< FL, FR, RL, RR

struct Wheel {
    dvec2 offset{0.0, 0.0};  ///< m, body frame (+x forward, +y left)
    double steer = 0.0;      ///< rad, steer angle of this wheel
    double spin = 0.0;       ///< rad/s, wheel angular speed
    /// Relaxation state (tyre.hpp, TyreIn): the lagged slip ratio and slip-angle tangent.
    double lag_slip_ratio = 0.0;
    double lag_slip_tan = 0.0;
    // Readouts of the last sub-step (never read back by car_step).
    double slip_ratio = 0.0;    ///< (omega r - v_long) / |v_long|, last step
    double slip_angle = 0.0;    ///< rad, last step
    double load = 0.0;          ///< N, vertical load, last step
    double force_long = 0.0;    ///< N, tyre frame, last step
    double force_lat = 0.0;     ///< N, tyre frame, last step
    double grip_limit = 0.0;    ///< N, mu * load (friction circle radius)
    bool locked = false;        ///< wheel not turning while the car moves
    double drive_torque = 0.0;  ///< N·m from the engine, last step
    double brake_torque = 0.0;  ///< N·m applied by brake + handbrake (after ABS), last step
    bool abs_active = false;    ///< ABS held this wheel's brake back, last step
    bool tc_active = false;     ///< traction control cut this wheel's drive, last step
    double slide_speed = 0.0;   ///< m/s, how fast the contact patch slides over the ground
};

struct Car {
    dvec2 position{0.0, 0.0};       ///< m, CG in world frame
    dvec2 velocity{0.0, 0.0};       ///< m/s, world frame
    double heading = 0.0;           ///< rad, CCW from +x
    double yaw_rate = 0.0;          ///< rad/s
    int gear = 1;                   ///< -1 R, 0 N, 1..n
    double rpm = 0.0;               ///< engine speed, rev/min (its own; the clutch couples it)
    bool manual = false;            ///< manual gearbox (else automatic)
    double shift_timer = 0.0;       ///< s left in the current gear change
    bool clutch_engaged = false;    ///< the automatic clutch has closed after a launch
    std::array<Wheel, 4> wheels{};  ///< FL, FR, RL, RR
    CarDamage damage;               ///< dents and their consequences (damage.hpp)

    double steer_angle = 0.0;      ///< rad, bicycle steer angle (wheels get Ackermann angles)
    double load_accel_long = 0.0;  ///< m/s², filtered a_x used for weight transfer
    double load_accel_lat = 0.0;   ///< m/s², filtered a_y used for weight transfer
    double stop_timer = 0.0;       ///< s stopped with the brake (or throttle in R) held
    double shift_hold = 0.0;       ///< s the automatic still holds the current gear
    bool kicked_down = false;      ///< the automatic's last shift was a kickdown
    double throttle_peak = 0.0;    ///< the automatic's memory of the throttle: a decaying peak
    double limiter_timer = 0.0;    ///< s the engine has been at the rev limiter
    bool prev_shift_up = false;    ///< edge detection of the InputState buttons
    bool prev_shift_down = false;
    bool prev_toggle_manual = false;
    int prev_gear_request = -99;  ///< InputState::gear_request of the previous sub-step

    // Readouts of the last sub-step (telemetry, HUD; never read back by car_step).
    double accel_long = 0.0;           ///< m/s^2, body frame
    double accel_lat = 0.0;            ///< m/s^2, body frame
    double throttle = 0.0;             ///< 0..1, effective pedal after the gearbox (reverse swaps)
    double brake = 0.0;                ///< 0..1, effective service brake
    bool abs_active = false;           ///< ABS released a brake
    bool tc_active = false;            ///< traction control cut drive torque
    bool esc_active = false;           ///< stability control braked a wheel or trimmed the throttle
    bool steer_assist_active = false;  ///< the steering assist set the steer target
    /// Sub-steps in which a wheel hit the wheel-spin bound (a safety net; never expected
    /// while driving: 1.5 × the spin of the engine at its redline in the longest gear).
    long long spin_limit_hits = 0;
};

/// Where a car is: what drawing and the camera need, and all that is interpolated
/// between fixed steps.
struct CarPose {
    dvec2 position{0.0, 0.0};  ///< m, CG in world frame
    double heading = 0.0;      ///< rad, CCW from +x
};

inline CarPose car_pose(const Car& car) {
    return {car.position, car.heading};
}
/// from + (to − from) · alpha, position and heading alike (alpha clamped to 0..1).
CarPose lerp_pose(const CarPose& from, const CarPose& to, double alpha);

/// What a sub-step reports besides the new state.
struct CarStepInfo {
    double h = 0.0;              ///< s simulated: dt capped at 0.05 s, 0 when dt ≤ 0
    bool numeric_reset = false;  ///< the state went non-finite and was zeroed (never should)
};

/// Puts the car at rest at a pose (gear 1, automatic unless the def says manual).
void car_reset(Car& car, const CarDef& def, dvec2 position, double heading);
/// Sets the car rolling straight ahead at `speed` (m/s, body +x) with matching wheel spin.
void car_set_speed(Car& car, const CarDef& def, double speed);
/// Advances the car by dt seconds (one sub-step) with the given controls; `ground` is what
/// each wheel (FL, FR, RL, RR) stands on (grip scales μ, rolling adds −c F_z per wheel).
CarStepInfo car_step(Car& car, const CarDef& def, const InputState& input, double dt,
                     const WheelSurfaces& ground = kPlainGround);
/// Most inner steps car_advance splits one call into (bounds its cost at any setting).
inline constexpr int kMaxCarInnerSteps = 64;
/// Inner steps car_advance takes for dt at a least rate of min_hz: ⌈dt · min_hz⌉ (a step
/// exactly 1/min_hz long is one), 1 when min_hz is not a positive number, at most
/// kMaxCarInnerSteps.
int car_inner_steps(double dt, double min_hz);
/// Advances the car by dt seconds in car_inner_steps(dt, min_hz) equal car_steps with the
/// same controls and ground (one car_step when dt ≤ 1/min_hz); info.h is their sum.
CarStepInfo car_advance(Car& car, const CarDef& def, const InputState& input, double dt,
                        double min_hz, const WheelSurfaces& ground = kPlainGround);
/// Body rectangle corners in world frame at a pose, counter-clockwise (SAT and drawing).
std::array<dvec2, 4> car_corners(const CarPose& pose, const CarDef& def);
inline std::array<dvec2, 4> car_corners(const Car& car, const CarDef& def) {
    return car_corners(car_pose(car), def);
}
/// Applies a world-space impulse (N s) at a world point (linear and angular).
void car_apply_impulse(Car& car, const CarDef& def, dvec2 impulse, dvec2 world_point);
/// The player's paint; other cars take car_paint(1), car_paint(2), ...
inline constexpr Color kPlayerPaint = rgba(200, 30, 35);
/// Paint number n: 0 is the player's red, then blue, yellow, green, orange, purple, teal and
/// white, repeating.
Color car_paint(std::uint32_t n);
/// The lit top panel of a body in `paint`: the paint a tenth of the way to white.
Color car_panel(Color paint);
/// Emits the car at `pose` (layer 3): a top-down body in `paint` with cabin, windows and
/// lamps (tail lamps lit while braking, reversing lamps in reverse) and the four wheels at
/// their steer angles, outlined by grip usage. `car` gives the wheels, brake and gear; its
/// own pose is not used.
void car_draw(const Car& car, const CarDef& def, const CarPose& pose, DrawList& out,
              Color paint = kPlayerPaint);
struct DebugViews;
/// Emits the car's debug shapes (layer 4) selected by `views` at `pose`
/// (src/core/debug_draw.cpp).
void car_draw_debug(const Car& car, const CarDef& def, const CarPose& pose, const DebugViews& views,
                    DrawList& out);

/// m/s, speed along the body's +x axis.
double car_forward_speed(const Car& car);
/// 0..1+, how much of its friction circle a wheel uses (|F| / μ F_z).
double wheel_grip_usage(const Wheel& w);

}  // namespace skidpad
