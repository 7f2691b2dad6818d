// The car coasting into a target (`skidpad lab crash`), shared by the lab experiment
// and the tests, so both measure the same run (docs/physics.md §12.1).
#pragma once

#include <string>

#include "skidpad/math.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::lab {

/// The car (and a `car` target) coasts out of gear: its wheels roll free.
struct CrashSetup {
    double speed = 30.0;           ///< m/s, the car's speed at the start
    std::string target = "crate";  ///< crate | barrier | wall-of-crates | car
    /// Degrees between the car's path and the target's face: 90 head-on, 20 a glancing hit.
    double angle_deg = 90.0;
    bool pinned = false;  ///< barrier: pinned (immovable) instead of a movable 4000 kg one
};

struct CrashResult {
    // Momentum bookkeeping, 0.1 s after the start (the car's own losses removed by a
    // run without the target). A car's momentum counts its wheels' spin and, while the
    // clutch couples it, the engine's (I ω / r along the heading). A pinned target takes any
    // momentum: its "momentum" is then the impulse the car's contact events handed it (normal and
    // friction), so the error checks the car's change against the impulses reported.
    dvec2 car_momentum_before{0.0, 0.0};
    dvec2 car_momentum_after{0.0, 0.0};
    dvec2 target_momentum_after{0.0, 0.0};
    double momentum_error = 0.0;
    double car_speed_after = 0.0;  ///< m/s, 0.1 s after the start
    long long speed_caps = 0;
    // The contact, measured at the first step after its last impulse (the hit is over when
    // 0.25 s pass without one).
    /// Relative normal speed after / before (the car's centre), 0 when it still closes
    /// (a glancing car drifting on toward the face as it slides along it).
    double restitution = 0.0;
    double tangential_speed_after = 0.0;  ///< m/s, the car's speed along the face after
    double tangential_speed_before = 0.0;
    /// m/s, what Coulomb friction predicts for the tangential speed: |v_t0| − μ J_n / M
    /// (J_n the normal impulse the car took; sliding throughout).
    double coulomb_tangential_speed = 0.0;
    double normal_impulse = 0.0;  ///< N s, on the car over the contact
    /// Largest normal force on the car / (M g): a sub-step's impulse over its length
    /// (contacts run at ≥ sim.car_min_hz whatever the physics rate).
    double peak_decel_g = 0.0;
    int contact_steps = 0;  ///< steps with a contact impulse on the car
    /// m, deepest the car's body rectangle went past the target's face (barrier and car
    /// targets; from the poses, not from the contact model), 0 for crates.
    double dynamic_crush_m = 0.0;
    double pulse_ms = 0.0;      ///< ms, how long the contact pushed (sub-step resolution)
    double peak_time_ms = 0.0;  ///< ms from the first push to the peak force
    /// Share of the kinetic energy (car and target, translation and yaw) the hit took.
    double energy_absorbed = 0.0;
    double yaw_rate_after = 0.0;  ///< rad/s, when the contact has ended
    bool ended = false;           ///< the contact ended within the run (3 s)
    double car_dent_m = 0.0;      ///< m, deepest permanent dent of the car body at the end
};

/// Runs the crash with `settings` (its physics rate, soft and car tunables).
CrashResult run_crash_test(const Settings& settings, const CrashSetup& setup);

}  // namespace skidpad::lab
