// Tyre force model (docs/physics.md §3): linear-capped or simplified Pacejka, combined slip
// by the friction circle.
//
// Sign conventions (wheel frame, +x rolling direction, +y left of the wheel):
//   slip ratio  κ = (ω r − v_long) / max(|v_long|, v_min), bounded to [−1, 1]
//               (> 0 driving, < 0 braking)
//   slip angle  α = atan2(v_lat, max(|v_long|, v_min))     (> 0 patch slides to the left)
//   F_x has the sign of κ; F_y has the sign of −α (it opposes the sideways slide).
// Combined slip: both slips are normalised by their stiffness into one slip vector; its
// length goes through the force curve and the force points along it. The resultant never
// exceeds μ F_z (the friction circle), so a locked or spinning wheel, whose slip vector
// points almost along x, has little lateral grip left. Past the peak the Pacejka curve
// never falls below `slide_fraction` of the peak: a spinning or locked tyre still pushes
// with its sliding friction.
#pragma once

namespace skidpad {

/// Largest |slip ratio| the tyre model uses (|κ| = 1: a locked wheel, or a wheel spinning
/// at twice road speed).
inline constexpr double kMaxSlipRatio = 1.0;

enum class TyreModel : int { Linear = 0, Pacejka = 1 };

struct TyreDef {
    TyreModel model = TyreModel::Pacejka;  ///< force curve
    double mu = 1.0;               ///< peak friction coefficient, D = μ F_z (typ. 0.7..1.3)
    double pacejka_b_long = 20.0;  ///< Pacejka B for slip ratio (20 → peak at κ ≈ 0.09)
    double pacejka_b_lat = 18.0;   ///< 1/rad, Pacejka B for slip angle (18 → peak ≈ 5.8°)
    double pacejka_c =
        1.9;  ///< Pacejka shape C (past the peak the curve falls; slide_fraction floors it)
    double pacejka_e = 0.97;    ///< Pacejka curvature E (0.97 soft fall-off, 0 hard)
    double linear_long = 12.0;  ///< 1/slip, linear model F_x = C κ F_z (peak at κ = μ/C)
    double linear_lat = 12.0;   ///< 1/rad, linear model F_y = C α F_z (peak at α = μ/C)
    double v_min = 1.0;         ///< m/s, low-speed floor of the slip denominators
    /// Sliding grip as a fraction of the peak: past its peak the Pacejka curve is held at
    /// or above this (a fully spinning or locked tyre keeps ~¾ of its peak grip).
    double slide_fraction = 0.75;
    /// Rear tyres' lateral stiffness as a multiple of the fronts' (wider rear tyres): > 1
    /// gives a stable, understeering car whose fronts reach their peak first; both axles
    /// keep the same peak μ F_z.
    double rear_lat_stiffness = 1.4;
    /// Load sensitivity s: μ_eff = μ (1 − s (F_z / F_z0 − 1)) with F_z0 the static wheel load
    /// (m g / 4), clamped to [0.5 μ, 1.5 μ]. A loaded tyre grips a little less per newton,
    /// so weight transfer costs grip and the roll-stiffness split steers the balance.
    double load_sensitivity = 0.1;
    /// m, relaxation length: the slips a tyre works with follow the slips its motion gives
    /// as a first-order lag over the distance rolled (0 = no lag). The lag is never slower
    /// than the tyre's own damping of the mass it carries (see tyre_relax_weight), so it
    /// acts at speed and vanishes near rest.
    double relaxation_length = 0.3;
    /// Rolling-resistance coefficient c_rr of the tyre on smooth ground: each wheel takes
    /// −c_rr F_z along its rolling direction (linear below 1 m/s so the car comes to rest);
    /// 0.013 is a road tyre's (0.010–0.015), ~190 N for a 1500 kg car.
    double rolling = 0.013;
};

/// What the tyre model is told about one wheel for one sub-step.
struct TyreIn {
    double v_long = 0.0;          ///< m/s, contact-patch velocity along the rolling direction
    double v_lat = 0.0;           ///< m/s, contact-patch velocity across it (+ left)
    double rim_speed = 0.0;       ///< m/s, ω r of the wheel
    double load = 0.0;            ///< N, vertical load (≥ 0)
    double reference_load = 0.0;  ///< N, the static wheel load m g / 4 (load sensitivity)
    bool rear = false;            ///< rear axle: lateral stiffness × rear_lat_stiffness
    /// Relaxation: the slips used are (1 − w) × the lagged slips + w × the slips of this
    /// motion; w = 1 (the default) is no lag (see tyre_relax_weight).
    double relax_long = 1.0;      ///< w for the slip ratio, 0..1
    double relax_lat = 1.0;       ///< w for the slip angle (its tangent), 0..1
    double lag_slip_ratio = 0.0;  ///< the lagged slip ratio (the wheel's state)
    double lag_slip_tan = 0.0;    ///< tan of the lagged slip angle (the wheel's state)
};

/// What the tyre model answers (wheel frame: +x rolling direction, +y left).
struct TyreOut {
    double fx = 0.0;  ///< N, longitudinal force
    double fy = 0.0;  ///< N, lateral force
    /// N per unit slip ratio, ∂F_x/∂κ_now with κ_now the slip ratio of this motion
    /// (relaxation weight included; may be < 0 past the peak)
    double dfx_dk = 0.0;
    double slip_ratio = 0.0;   ///< κ used: the lag toward (ω r − v_long) / v_ref, in ±1
    double slip_angle = 0.0;   ///< rad, α used: the lag toward atan2(v_lat, v_ref)
    double slip_tan = 0.0;     ///< tan of slip_angle (the wheel's next lagged state)
    double v_ref = 0.0;        ///< m/s, the slip denominator
    double grip_limit = 0.0;   ///< N, μ F_z at this load (the friction circle's radius)
    double slide_speed = 0.0;  ///< m/s, |(ω r − v_long, v_lat)|, how fast the patch slides
    /// N·s/m, secant damping of the patch: F_x = damp_long · (ω r − v_long) and
    /// F_y = −damp_lat · v_lat hold exactly at this slip (≥ 0; the car's implicit body
    /// update uses them, so the tyres never overshoot at any step).
    double damp_long = 0.0;
    double damp_lat = 0.0;
};

/// The tyre model's entry point: slips, forces and grip of one wheel.
TyreOut tyre_force(const TyreDef& def, const TyreIn& in);

/// The weights of the slips of this motion for one sub-step of h s (TyreIn::relax_long,
/// relax_lat): w = 1 − exp(−h / τ), the exact first-order lag over a sub-step, with
/// τ = min(L / |v_long|, m_eff v_ref / C) — the relaxation length's lag over the distance
/// rolled, capped at the time the tyre's zero-slip stiffness C (N per unit slip) takes to
/// stop its mass through the slip denominator v_ref (m_eff = wheel_inertia / r² along,
/// F_z / g across), so the tyre–wheel and tyre–body modes stay damped (ζ ≥ ½) and the
/// lag vanishes near rest. `wheel_mass` = wheel_inertia / r² (kg).
struct RelaxWeights {
    double along = 1.0;
    double across = 1.0;
};
RelaxWeights tyre_relax_weight(const TyreDef& def, const TyreIn& in, double wheel_mass, double h);

/// The pure longitudinal slip ratio at which the force peaks (what ABS aims for), > 0.
double tyre_peak_slip_ratio(const TyreDef& def);

/// The longitudinal slip ratio that puts a tyre at slip angle α (rad) on the combined-slip
/// peak of a pure peak `peak_slip_ratio`: √(κ_p² − (s α)²), s the tyre's lateral-to-
/// longitudinal stiffness ratio; 0 once α alone is past the peak.
double tyre_combined_peak_slip(const TyreDef& def, bool rear, double peak_slip_ratio,
                               double slip_angle);

/// rad, the pure slip angle at which the lateral force peaks (front or rear tyre), > 0.
double tyre_peak_slip_angle(const TyreDef& def, bool rear);

/// N per rad per N of load: the cornering stiffness ∂F_y/∂α at zero slip divided by the
/// load (front or rear tyre, at the nominal μ).
double tyre_cornering_stiffness(const TyreDef& def, bool rear);

}  // namespace skidpad
