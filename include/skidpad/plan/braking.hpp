// Braking distance with aerodynamics (docs/physics.md §10). Straight-line braking on level
// ground with deceleration a(v) = a0 + b v², a0 = μ g, b = (μ k_L + k_D) / m.
// Four models of the distance from v_in down to v_out; each refuses (ok = false with a
// reason) instead of returning a number it cannot stand behind, in particular when the
// deceleration is zero or negative anywhere in [v_out, v_in].
#pragma once

#include "skidpad/plan/corner_speed.hpp"
#include "skidpad/plan/plan_def.hpp"

namespace skidpad {

/// Deceleration a(v) = a0 + b v² (positive = slowing down).
struct Decel {
    double a0 = 0.0;  ///< m/s², speed-independent part (μ g)
    double b = 0.0;   ///< 1/m, aero part ((μ k_L + k_D) / m); negative with strong lift
    double at(double v) const { return a0 + b * v * v; }
};

/// The car's own deceleration at the friction limit: a0 = μ g, b = (μ k_L + k_D)/m.
/// mass_kg (kg), k_lift (kg/m, F_L = k_L v²), k_drag (kg/m, F_D = k_D v²).
Decel braking_decel(double mu, double mass_kg, double k_lift, double k_drag);

/// The deceleration the planner may count on: μ scaled by (1 − grip_reserve) and the tyre
/// part by brake_usage; drag acts in full (it needs no grip).
Decel planned_decel(double mu, double mass_kg, double k_lift, double k_drag, const PlanDef& plan);

/// The friction the planner may count on in corners: μ (1 − grip_reserve).
double planned_mu(double mu, const PlanDef& plan);

/// Result of a braking-distance model: a distance, or a refusal with its reason.
struct BrakingResult {
    bool ok = false;
    double distance_m = 0.0;  ///< m, valid when ok
    const char* reason = "";  ///< static text, set when !ok (e.g. "deceleration-not-positive")
};

/// Lab/UI name of a model: "no-aero", "aero-bound", "aero-numerical", "aero-analytical".
const char* braking_model_name(BrakingModel m);

/// Speeds in m/s. Refusals: non-finite input, negative speed, v_in < v_out,
/// a(v) ≤ 0 at v_out or v_in (a is monotonic in v², so the endpoints decide the interval).
BrakingResult braking_no_aero(double v_in, double v_out, Decel d);
BrakingResult braking_aero_bound(double v_in, double v_out, Decel d);
/// intervals ≥ 1 (refused otherwise; at most kMaxBrakingIntervals).
BrakingResult braking_aero_numerical(double v_in, double v_out, Decel d, int intervals);
BrakingResult braking_aero_analytical(double v_in, double v_out, Decel d);

inline constexpr int kMaxBrakingIntervals = 1000000;

/// Dispatches to one model (intervals used by AeroNumerical only).
BrakingResult braking_distance(BrakingModel m, double v_in, double v_out, Decel d,
                               int intervals = 8);

/// Result of the approach-speed search.
struct ApproachSpeed {
    bool ok = false;
    double speed_mps = 0.0;   ///< m/s, the largest v_in whose distance fits; valid when ok
    bool at_bound = false;    ///< the bound itself fits (the true limit may be higher)
    const char* reason = "";  ///< set when !ok
};

/// The largest approach speed v_in in [v_out, bound_mps] whose braking distance (model m)
/// down to v_out fits in distance_m. Bisection (every model's distance grows with v_in;
/// a refused distance counts as "does not fit"), so it works for every model.
ApproachSpeed max_approach_speed(BrakingModel m, double distance_m, double v_out, Decel d,
                                 double bound_mps, int intervals = 8);

}  // namespace skidpad
