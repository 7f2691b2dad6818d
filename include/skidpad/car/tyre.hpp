// Tyre force model (docs/physics.md §4): linear-capped or simplified Pacejka, combined slip
// by the friction circle.
//
// Sign conventions (wheel frame, +x rolling direction, +y left of the wheel):
//   slip ratio  κ = (ω r − v_long) / max(|v_long|, v_min)   (> 0 driving, < 0 braking)
//   slip angle  α = atan2(v_lat, max(|v_long|, v_min))     (> 0 patch slides to the left)
//   F_x has the sign of κ; F_y has the sign of −α (it opposes the sideways slide).
// Combined slip: both slips are normalised by their stiffness into one slip vector; its
// length goes through the force curve and the force points along it. The resultant never
// exceeds μ F_z (the friction circle), so a locked or spinning wheel, whose slip vector
// points almost along x, has little lateral grip left.
#pragma once

namespace skidpad {

enum class TyreModel : int { Linear = 0, Pacejka = 1 };

struct TyreDef {
    TyreModel model = TyreModel::Pacejka;  ///< force curve
    double mu = 1.0;               ///< peak friction coefficient, D = μ F_z (typ. 0.7..1.3)
    double pacejka_b_long = 20.0;  ///< Pacejka B for slip ratio (20 → peak at κ ≈ 0.09)
    double pacejka_b_lat = 18.0;   ///< 1/rad, Pacejka B for slip angle (18 → peak ≈ 5.8°)
    double pacejka_c = 1.9;        ///< Pacejka shape C (1.9: ~0.9 of peak kept when sliding)
    double pacejka_e = 0.97;       ///< Pacejka curvature E (0.97 soft fall-off, 0 hard)
    double linear_long = 12.0;     ///< 1/slip, linear model F_x = C κ F_z (peak at κ = μ/C)
    double linear_lat = 12.0;      ///< 1/rad, linear model F_y = C α F_z (peak at α = μ/C)
    double v_min = 1.0;            ///< m/s, low-speed floor of the slip denominators
    /// Rear tyres' lateral stiffness as a multiple of the fronts' (wider rear tyres): > 1
    /// gives a stable, understeering car whose fronts reach their peak first; both axles
    /// keep the same peak μ F_z.
    double rear_lat_stiffness = 1.4;
    /// Load sensitivity s: μ_eff = μ (1 − s (F_z / F_z0 − 1)) with F_z0 the static wheel load
    /// (m g / 4), clamped to [0.5 μ, 1.5 μ]. A loaded tyre grips a little less per newton,
    /// so weight transfer costs grip and the roll-stiffness split steers the balance.
    double load_sensitivity = 0.0;
};

/// μ at a wheel load (N) for a reference load (N, the static m g / 4).
double tyre_mu_at(const TyreDef& def, double load, double reference_load);

/// The TyreDef a rear wheel uses (lateral stiffness scaled by rear_lat_stiffness).
TyreDef rear_tyre(const TyreDef& def);

/// Tyre forces in the wheel frame for one wheel.
struct TyreForce {
    double fx = 0.0;  ///< N, longitudinal
    double fy = 0.0;  ///< N, lateral
    double dfx_dk =
        0.0;  ///< N per unit slip ratio, ∂F_x/∂κ at this slip (may be < 0 past the peak)
};

/// Force for slip ratio κ, slip angle α (rad) and normal load (N, ≥ 0).
TyreForce tyre_force(const TyreDef& def, double slip_ratio, double slip_angle, double load);

/// N per unit slip (or per rad): the steepest initial slope of either force curve.
double tyre_stiffness(const TyreDef& def, double load);

/// The pure longitudinal slip ratio at which the force peaks (what ABS aims for), > 0.
double tyre_peak_slip_ratio(const TyreDef& def);

}  // namespace skidpad
