// The car at its limits (docs/physics.md §17): the differential's locking torque on a
// tight circle, a full-lock launch, the automatic box under wheelspin, braking and a
// modulated throttle, locked brakes with steer and lift-off in a steady turn. Shared by
// the lab's experiments and the tests.
#pragma once

#include "skidpad/settings.hpp"
#include "skidpad/surface.hpp"

namespace skidpad::lab {

/// A steady tight circle (steer, throttle held, TC off) after `settle` s, then averaged
/// over 1 s of steps where the limited-slip differential slips.
struct LsdRun {
    double t_slow_minus_fast = 0.0;  ///< N·m, driven wheels' torque difference (slow − fast)
    double predicted = 0.0;          ///< N·m, preload + lock · |axle drive torque|
    double axle_torque = 0.0;        ///< N·m, |axle drive torque| (mean)
    double slipping_fraction = 0.0;  ///< of the averaged steps, the share with the clutch slipping
    double speed_mps = 0.0;
};
LsdRun run_lsd_circle(const Settings& settings, double throttle, double steer);

/// Full throttle and a steer held from rest for `seconds`.
struct LaunchRun {
    double speed_mps = 0.0;          ///< at the end
    double turned_deg = 0.0;         ///< heading change over the run
    double max_rear_slip_deg = 0.0;  ///< largest rear slip angle
    bool spinning = false;           ///< yaw rate above 1.5 rad/s with the rears sliding over 20°
    double rpm = 0.0;
    int gear = 0;
};
LaunchRun run_full_lock_launch(const Settings& settings, double steer, double seconds);

/// The automatic box under abuse (no TC): full throttle from rest on ice (`ice_*`); full
/// braking from 34 m/s (`brake_*`); from 12 m/s, a throttle modulated between 1
/// and 0.35 every 0.75 s for 20 s on asphalt (`mod_*`).
struct GearboxAbuse {
    int ice_max_gear = 0;        ///< highest gear on ice within 6 s
    double ice_speed_mps = 0.0;  ///< road speed after 6 s on ice
    double ice_limiter_s = 0.0;  ///< longest time on the limiter on ice
    int brake_upshifts = 0;      ///< upshifts while braking
    int brake_final_gear = 0;    ///< gear when stopped
    int mod_shifts = 0;          ///< gear changes with the throttle modulated
    int mod_cycles = 0;          ///< shifts back to the gear just left with < 2 m/s gained
    double mod_speed_mps = 0.0;  ///< speed after the modulated 20 s
};
GearboxAbuse run_gearbox_abuse(const Settings& settings);

/// ABS and TC off, full braking with a steer held from `speed` until the car stops (or 8 s).
struct LockupRun {
    double heading_change_deg = 0.0;     ///< signed, + toward the steer's side
    double max_force_angle_deg = 0.0;    ///< locked wheels: force against −(sliding velocity)
    double front_locked_fraction = 0.0;  ///< of the stop, a front wheel locked
    double rear_locked_fraction = 0.0;   ///< of the stop, a rear wheel locked
    double stop_s = 0.0;
};
LockupRun run_lockup(const Settings& settings, double speed, double steer);

/// Lift-off in a steady turn (TC, ESC and the steering assists off): a driver holds the
/// car on a circle of `radius` m at the speed of `lateral_g` for 10 s, then shuts the
/// throttle with the steer held, for 3 s (lift_off_run.cpp).
struct LiftOffRun {
    double speed_mps = 0.0;          ///< the circle's speed, √(a R)
    double yaw_before = 0.0;         ///< rad/s, mean over the last second before the lift
    double lateral_g_before = 0.0;   ///< yaw rate × speed / g over that second
    double throttle_before = 0.0;    ///< mean throttle over that second
    double radius_error_m = 0.0;     ///< largest distance from the circle over that second
    double yaw_peak = 0.0;           ///< rad/s, largest yaw rate in the 3 s after the lift
    double overshoot = 0.0;          ///< yaw_peak / yaw_before (1: the line does not tighten)
    double max_rear_slip_deg = 0.0;  ///< after the lift
    double turned_deg = 0.0;         ///< heading change in the 3 s after the lift
    int gear_before = 0;             ///< the automatic box's gear at the lift
    double rpm_before = 0.0;         ///< engine rpm at the lift
    double decel_g = 0.0;            ///< mean deceleration over the first second after the lift
};
LiftOffRun run_lift_off(const Settings& settings, double radius, double lateral_g);

}  // namespace skidpad::lab
