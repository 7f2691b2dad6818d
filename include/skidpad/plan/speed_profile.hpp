// Speed profile along a closed line (docs/physics.md §10):
//   curvature → corner speed limits → backward pass with the chosen braking model →
//   forward pass with the car's acceleration limit → predicted lap time.
#pragma once

#include <string>
#include <vector>

#include "skidpad/closed_path.hpp"
#include "skidpad/plan/braking.hpp"

namespace skidpad {

/// The planner's view of a car: the few figures its models need.
struct PlanCar {
    double mass_kg = 1500.0;       ///< kg
    double mu = 1.0;               ///< tyre friction coefficient (peak)
    double k_lift = 0.0;           ///< kg/m, downforce F_L = k_L v² (negative = lift)
    double k_drag = 0.4257;        ///< kg/m, drag F_D = k_D v²
    double c_rr = 0.0;             ///< kg/s, extra linear resistance F = c_rr v
    double c_tyre = 0.013;         ///< tyres' rolling-resistance coefficient, F = c (m g + k_L v²)
    double wheelbase_m = 2.5;      ///< m
    double width_m = 1.8;          ///< m, body width (the racing line keeps it on the asphalt)
    double max_steer_rad = 0.6;    ///< rad, at rest
    double steer_reduction = 0.0;  ///< fraction of max steer removed at steer_reduction_speed
    double steer_reduction_speed = 40.0;  ///< m/s
    double cg_to_rear_m = 1.25;           ///< m (pure pursuit aims from the rear axle)
    /// Fraction of the weight (and downforce) on the driven wheels (traction limit).
    double driven_load_fraction = 0.5;
    /// N, largest drive force at the road for speeds 0, step, 2·step, ... (best gear);
    /// empty = traction-limited only.
    std::vector<double> drive_force_n;
    double drive_speed_step = 1.0;  ///< m/s between drive_force_n samples
    /// N, drive force per forward gear (index 0 = 1st) at the same speeds; 0 where that
    /// gear would run past the upshift rpm. Empty = gears unknown (no gear requests).
    std::vector<std::vector<double>> gear_force_n;
    /// The engine's pedal map c (docs/physics.md §5.1): the drive force asked for is a
    /// share of the full-throttle force (the engine's load), and the pedal that gives it
    /// is c x / (1 − x + c x). 1: the pedal is the load.
    double throttle_map = 1.0;
};

/// rad, largest steer angle at speed v (the car's speed-sensitive steering).
double plan_max_steer(const PlanCar& car, double v);

/// N, the largest drive force at speed v (linear in the table; the last sample beyond it).
double plan_drive_force(const PlanCar& car, double v);

/// Forward gear (1..n) with the most drive force at speed v; keeps `current` unless
/// another gear gives at least 5 % more (no hunting). 0 when gears are unknown.
int plan_best_gear(const PlanCar& car, double v, int current);

/// m/s², the planner's forward acceleration limit at speed v on a path of curvature
/// kappa (1/m): drive force and traction (friction circle after the lateral demand
/// v² κ, with the grip reserve), minus drag and rolling resistance.
double plan_accel_limit(const PlanCar& car, const PlanDef& plan, double v, double kappa);

struct SpeedProfile {
    bool ok = false;
    std::string error;                 ///< set when !ok
    std::vector<double> curvature;     ///< 1/m, per path point
    std::vector<double> corner_limit;  ///< m/s, corner speed limit with margins
    std::vector<double> speed;         ///< m/s, planned speed at each point
    double lap_time_s = 0.0;           ///< s, predicted flying lap
    double min_speed_mps = 0.0;        ///< m/s
    double max_speed_mps = 0.0;        ///< m/s
};

/// Computes the profile of a closed line for a car. Deterministic; O(points · search).
SpeedProfile compute_speed_profile(const ClosedPath& line, const PlanCar& car, const PlanDef& plan);

/// m/s, planned speed at arc length s (linear between points).
double profile_speed_at(const SpeedProfile& profile, const ClosedPath& line, double s);

/// s, time to cover the profile from standstill at s = 0 with the same limits
/// (first lap of a standing start), never below the flying-lap time.
double profile_standing_lap_time(const SpeedProfile& profile, const ClosedPath& line,
                                 const PlanCar& car, const PlanDef& plan);

}  // namespace skidpad
