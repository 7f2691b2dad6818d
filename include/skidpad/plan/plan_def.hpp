// Speed planner and autopilot settings, tunables "plan.*" (PHYSICS.md §7).
#pragma once

namespace skidpad {

/// The four braking-distance models of PHYSICS.md §7 (the enum tunable plan.braking_model).
enum class BrakingModel : int {
    NoAero = 0,         ///< (v_in² − v_out²) / (2 a0): ignores aero forces
    AeroBound = 1,      ///< weaker endpoint deceleration for the whole stop: upper bound
    AeroNumerical = 2,  ///< N pieces in u = v², weaker end of each piece: upper bound
    AeroAnalytical = 3  ///< exact ln((a0 + b v_in²)/(a0 + b v_out²)) / (2b)
};

struct PlanDef {
    /// Model the planner (speed profile, HUD, autopilot) uses for braking distances.
    BrakingModel braking_model = BrakingModel::AeroAnalytical;
    int numerical_intervals = 8;  ///< pieces N of the aero-numerical model (typ. 4..64)
    /// Fraction of tyre grip (μ) kept in reserve when planning corners and stops (typ. 0.05..0.2).
    double grip_reserve = 0.1;
    /// Fraction of the (reserved) braking grip the plan expects to use (typ. 0.8..1.0).
    double brake_usage = 0.9;
    /// Fraction taken off every corner speed limit after the grip reserve (typ. 0..0.1).
    double corner_margin = 0.03;
    /// m/s, the caller's bound on any planned speed (gearing/redline; typ. 60..100).
    double speed_bound = 90.0;
};

}  // namespace skidpad
