// Pieces of car_step that live in their own files (private to the core).
#pragma once

#include <array>

#include "skidpad/car/car.hpp"

namespace skidpad::detail {

/// Effective pedals after the gearbox (the automatic swaps them in reverse).
struct Pedals {
    double throttle = 0.0;  ///< 0..1
    double brake = 0.0;     ///< 0..1
};

/// Mode toggle, manual/automatic shifting, shift timer and reverse engagement for one
/// sub-step of h seconds at body forward speed v_fwd (m/s).
Pedals gearbox_update(Car& car, const CarDef& def, const InputState& in, double h, double v_fwd);

/// The driven wheels' side of the clutch for one sub-step: each wheel's implicit inertia
/// (kg·m², wheel + h × tyre stiffness) and the spin it would reach without drive torque.
struct WheelSide {
    std::array<double, 4> inertia{};
    std::array<double, 4> free{};
};

/// Engine, automatic clutch and the torque delivered to each wheel this sub-step.
struct DriveTorques {
    std::array<double, 4> torque{};  ///< N·m per wheel (+ drives forward)
    double rpm = 0.0;                ///< engine rpm at the start of the sub-step
    double engine_omega = 0.0;       ///< rad/s, the engine's speed after the sub-step (slipping)
    bool locked = false;             ///< the clutch holds engine and gearbox together
    bool engaged = false;            ///< Car::clutch_engaged after the sub-step
    bool coupled = false;            ///< a gear is engaged and the clutch carries torque
};

/// Fraction of the drive torque each wheel gets (sums to 1); also the weights of the
/// differential's speed average.
std::array<double, 4> drive_shares(const DrivetrainDef& def);

/// The engine's torque, the automatic clutch (its capacity from the launch, shift and
/// engaged phases; locked when the torque that holds both sides together is within the
/// capacity, solved implicitly) and the drive torque per wheel, for the effective pedals.
/// `power` scales the engine (damage).
DriveTorques drivetrain_torques(const Car& car, const CarDef& def, const Pedals& pedals,
                                double power, const WheelSide& side, double h);

/// Sets car.rpm after the wheels have their new spins: the gearbox side's speed while the
/// clutch is locked, else the engine's own; never below idle. Keeps the clutch's state.
void engine_after(Car& car, const CarDef& def, const DriveTorques& drive);

/// rpm the engine would turn at for the driven wheels' current spin (no idle clamp).
double wheel_rpm(const Car& car, const CarDef& def, int gear);

/// rad/s, the wheel-spin bound: 1.5 × the spin the engine at its redline turns the
/// wheels to in the longest gear (forward or reverse).
double max_wheel_spin(const CarDef& def, double wheel_radius);

/// The steering assist's steer target (rad) for input steer in −1..1 at body forward
/// speed v_fwd, within ±max_eff (the speed-sensitive lock); `active` tells whether the
/// assist shaped it. Without the assist: input × max_eff.
double steer_target(const Car& car, const CarDef& def, const CarGeometry& g, double input,
                    double v_fwd, double max_eff, bool& active);

/// What the stability control asks for this sub-step.
struct StabilityOut {
    std::array<double, 4> brake{};  ///< N·m of extra service brake per wheel (ABS applies)
    double throttle_scale = 1.0;    ///< 0..1, multiplies the engine's load (its torque request)
    bool active = false;
};

/// The pedal that gives `scale` × the engine load of `pedal` (the stability control's cut
/// of the torque request through the pedal map); `pedal` itself when scale is 1.
double cut_throttle(const CarDef& def, double pedal, double scale);

/// Stability control from the yaw rate and the steer angle of this sub-step (after the
/// steering stage), at body forward speed v_fwd; nothing while the handbrake is held.
StabilityOut stability_control(const Car& car, const CarDef& def, const CarGeometry& g,
                               double v_fwd, double handbrake);

/// The slip ratio at which the drive force F_x of a tyre at slip angle α (rad, either
/// sign) peaks: the combined-slip peak of the longitudinal force (κ_p at α = 0; larger
/// as α grows, up to kMaxSlipRatio when the curve's sliding floor keeps F_x rising).
double tyre_drive_peak_slip(const TyreDef& def, bool rear, double slip_angle);

/// Traction control's target slip ratio (≥ 0) for a driven wheel at slip angle α (rad,
/// either sign) moving at `speed` (m/s, its longitudinal speed): the friction-circle peak
/// with a side-grip reserve on the rears from 10–15 m/s up, the fronts' drive peak past
/// their peak slip angle (docs/physics.md §6.3).
double tc_target_slip(const TyreDef& tyre, const AssistDef& assists, bool rear, double alpha,
                      double speed);

/// rev/min per rad/s.
inline constexpr double kRadPerSecToRpm = 60.0 / (2.0 * kPi);

}  // namespace skidpad::detail
