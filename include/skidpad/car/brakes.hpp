// Brakes, handbrake and ABS (docs/physics.md §6.1–6.2).
//
// Brake torque is Coulomb friction on the wheel: it opposes the spin and never reverses
// it. If this step's brake impulse is larger than the spin it would remove, the wheel
// locks (ω = 0) instead of turning backwards. ABS limits the service brake so the wheel
// sits at the tyre's combined-slip peak for its slip angle (never below 0.7 of the
// straight-line peak slip ratio); the handbrake bypasses ABS.
#pragma once

namespace skidpad {

struct BrakeDef {
    double torque = 7000.0;            ///< N·m, all four wheels together at full pedal
    double front_bias = 0.73;          ///< fraction of brake torque on the front axle
    double handbrake_torque = 2500.0;  ///< N·m per rear wheel at full handbrake
    bool abs = true;                   ///< anti-lock braking on the service brake
    double abs_slip = 1.0;             ///< ABS target, × the straight-line peak slip ratio
};

/// Spin after Coulomb brake friction: `spin_free` (rad/s) loses at most `max_drop` (rad/s,
/// ≥ 0) of its magnitude and stops at 0 rather than reversing. `locked` reports a stop.
double apply_brake(double spin_free, double max_drop, bool& locked);

}  // namespace skidpad
