// Engine torque curve (docs/physics.md §5.1): a table interpolated linearly, throttle, idle
// clamp, rev limiter and engine braking.
#pragma once

#include <array>

namespace skidpad {

inline constexpr int kTorquePoints = 9;

struct EngineDef {
    /// rpm of each torque-table point (default the LS1 5.7 L V8 shape)
    std::array<double, kTorquePoints> rpm_points{1000.0, 2000.0, 2500.0, 3000.0, 4000.0,
                                                 4400.0, 5000.0, 5600.0, 6000.0};
    /// N·m at full throttle at each point (peak 475 N·m at 4400 rpm, ~258 kW at 5600 rpm)
    std::array<double, kTorquePoints> torque_points{390.0, 435.0, 448.0, 458.0, 472.0,
                                                    475.0, 465.0, 440.0, 395.0};
    double idle_rpm = 1000.0;         ///< rpm, the clutch slips below it
    double redline_rpm = 6000.0;      ///< rpm, the limiter starts cutting torque here
    double limiter_band_rpm = 100.0;  ///< rpm, torque falls linearly to 0 over this band
    double engine_brake = 0.25;       ///< fraction of full torque that resists at closed throttle
    /// the pedal map's c: at pedal p the cylinders fill to p / (p + c (1 − p)) of full
    /// load (1: linear; 0.3: a fifth of the pedal gives 45 % of full load)
    double throttle_map = 0.3;
    /// kg·m², the engine's rotating inertia (crank, flywheel, clutch plate)
    double inertia = 0.2;
    /// the automatic clutch's torque capacity when fully engaged, × the peak of the table
    double clutch_capacity = 1.5;
    /// rpm the engine holds at full throttle while the clutch slips on a launch; the
    /// clutch is fully engaged once the gearbox side turns faster than this
    double launch_rpm = 3500.0;
};

/// N·m, full-throttle torque at rpm from the table (held flat beyond its ends), times the
/// rev-limiter factor. Never negative.
double engine_full_torque(const EngineDef& def, double rpm);

/// Share of full load (0..1) the cylinders fill to at pedal `throttle` (0..1):
/// x = p / (p + c (1 − p)) with c = throttle_map; exactly p when c is 1.
double engine_load(const EngineDef& def, double throttle);

/// The pedal that gives the load `load` (0..1): the inverse of engine_load.
double engine_pedal_for_load(const EngineDef& def, double load);

/// N·m at the crank: load × full torque − (1 − load) × engine braking, load =
/// engine_load(throttle). `coupled` (0..1) scales engine braking (0 while the clutch slips
/// below idle).
double engine_torque(const EngineDef& def, double rpm, double throttle, double coupled);

/// N·m, the largest full-throttle torque of the table (the limiter aside).
double engine_peak_torque(const EngineDef& def);

/// The limiter factor alone: 1 below the redline, falling to 0 over the band.
double rev_limiter_factor(const EngineDef& def, double rpm);

}  // namespace skidpad
