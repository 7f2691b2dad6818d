// Cornering speed limit with downforce or lift (docs/physics.md §10):
//   m v²/R ≤ μ (m g + k_L v²)  ⇒  v = sqrt(μ g R / (1 − μ k_L R / m)).
#pragma once

namespace skidpad {

/// Which branch of the model produced a corner speed.
enum class CornerCase : int {
    NoAero = 0,      ///< k_L = 0: sqrt(μ g R)
    Downforce = 1,   ///< k_L > 0, denominator positive: finite formula value
    Unbounded = 2,   ///< k_L > 0 and R ≥ m/(μ k_L): the model has no finite limit → bound
    Lift = 3,        ///< k_L < 0: formula value, below the loss-of-load speed
    LiftCapped = 4,  ///< k_L < 0 and rounding reached the loss-of-load speed: held just below it
    Bounded = 5,     ///< the formula value exceeded the caller's bound: bound
    Invalid = 6      ///< non-finite or non-positive R, μ, m or bound: speed 0
};

/// Name of a case as the lab prints it ("no-aero", "downforce", "unbounded", ...).
const char* corner_case_name(CornerCase c);

struct CornerSpeed {
    double speed_mps = 0.0;  ///< m/s, never above the bound, never NaN
    CornerCase which = CornerCase::Invalid;
};

/// Highest steady speed on a circle of radius_m (m) with friction mu, mass_kg (kg) and
/// downforce coefficient k_lift (kg/m, F_L = k_L v²; negative = lift). bound_mps (m/s) is
/// the caller's search bound (gearing/redline): the result never exceeds it, and it is the
/// answer when the model gives no finite limit. Never divides by zero or takes the root
/// of a negative number.
CornerSpeed corner_speed(double radius_m, double mu, double mass_kg, double k_lift,
                         double bound_mps);

/// m/s, the speed at which lift cancels the weight, sqrt(m g / −k_L); +inf when k_L ≥ 0.
double lift_off_speed(double mass_kg, double k_lift);

}  // namespace skidpad
