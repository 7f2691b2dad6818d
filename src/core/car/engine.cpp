// Engine torque table, pedal map, rev limiter and engine braking.
#include "skidpad/car/engine.hpp"

#include "skidpad/math.hpp"

namespace skidpad {

namespace {

/// Linear interpolation over the table; rpm points that do not increase are treated as
/// steps, and values are held flat beyond the first and last points.
double table(const EngineDef& def, double rpm) {
    const auto& x = def.rpm_points;
    const auto& y = def.torque_points;
    if (rpm <= x[0]) return y[0];
    for (int i = 1; i < kTorquePoints; ++i) {
        if (rpm < x[i]) {
            const double span = x[i] - x[i - 1];
            if (span <= 0.0) return y[i];
            const double t = (rpm - x[i - 1]) / span;
            return y[i - 1] + (y[i] - y[i - 1]) * t;
        }
    }
    return y[kTorquePoints - 1];
}

}  // namespace

double rev_limiter_factor(const EngineDef& def, double rpm) {
    const double band = def.limiter_band_rpm > 1.0 ? def.limiter_band_rpm : 1.0;
    return clamp(1.0 - (rpm - def.redline_rpm) / band, 0.0, 1.0);
}

double engine_peak_torque(const EngineDef& def) {
    double peak = 0.0;
    for (double t : def.torque_points)
        peak = t > peak ? t : peak;
    return peak;
}

double engine_full_torque(const EngineDef& def, double rpm) {
    const double t = table(def, rpm);
    return (t > 0.0 ? t : 0.0) * rev_limiter_factor(def, rpm);
}

double engine_load(const EngineDef& def, double throttle) {
    const double p = clamp(throttle, 0.0, 1.0);
    const double c = clamp(def.throttle_map, 0.05, 1.0);
    if (c >= 1.0 || p >= 1.0) return p;  // linear: exactly the pedal
    return p / (p + c * (1.0 - p));
}

double engine_pedal_for_load(const EngineDef& def, double load) {
    const double x = clamp(load, 0.0, 1.0);
    const double c = clamp(def.throttle_map, 0.05, 1.0);
    if (c >= 1.0 || x >= 1.0) return x;
    return c * x / (1.0 - x + c * x);
}

double engine_torque(const EngineDef& def, double rpm, double throttle, double coupled) {
    const double x = engine_load(def, throttle);
    const double drive = x * engine_full_torque(def, rpm);
    const double t = table(def, rpm);
    const double resist =
        (1.0 - x) * def.engine_brake * (t > 0.0 ? t : 0.0) * clamp(coupled, 0.0, 1.0);
    return drive - resist;
}

}  // namespace skidpad
