// Speed planner and autopilot settings, tunables "plan.*" (docs/physics.md §10).
#pragma once

namespace skidpad {

/// The four braking-distance models of docs/physics.md §10 (the enum tunable plan.braking_model).
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

    // Racing line
    /// m kept between the car's side and the asphalt edge by the racing line (typ. 0.5..2).
    double line_margin = 1.0;
    /// Passes per level of the racing-line optimiser (0 = drive the centre line; typ. 8..64).
    int line_iterations = 32;

    // Autopilot (pure pursuit + speed tracking)
    double ap_lookahead_time = 0.5;  ///< s, steering aim point = speed × this ahead (typ. 0.3..1)
    double ap_lookahead_min = 6.0;   ///< m, nearest steering aim point (typ. 3..10)
    double ap_speed_lookahead = 0.35;  ///< s, the speed target is read this far ahead (typ. 0..1)
    double ap_speed_gain = 1.0;   ///< 1/s, m/s² of acceleration command per m/s of speed error
    double ap_brake_scale = 1.2;  ///< pedal per (commanded deceleration / tyre grip) (typ. 1..2)
    double ap_slide_gain = 1.0;   ///< steer (rad) per rad of slide (course − heading) (typ. 0..1)
    double ap_yaw_gain = 0.05;    ///< s, steer (rad) per rad/s of yaw-rate error (typ. 0..0.2)

    /// A second, autopilot-driven car races on the track (app).
    bool ai_opponent = false;
};

}  // namespace skidpad
