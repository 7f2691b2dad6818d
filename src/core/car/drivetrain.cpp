// Engine → gearbox → differential → wheels.
#include <cmath>

#include "car_internal.hpp"

namespace skidpad::detail {

std::array<double, 4> drive_shares(const DrivetrainDef& def) {
    switch (def.layout) {
        case Layout::FWD:
            return {0.5, 0.5, 0.0, 0.0};
        case Layout::AWD: {
            const double f = clamp(def.awd_front_share, 0.0, 1.0);
            return {0.5 * f, 0.5 * f, 0.5 * (1.0 - f), 0.5 * (1.0 - f)};
        }
        case Layout::RWD:
        default:
            return {0.0, 0.0, 0.5, 0.5};
    }
}

double wheel_rpm(const Car& car, const CarDef& def, int gear) {
    // Open differentials (and a torque-splitting centre differential) turn the input
    // shaft at the share-weighted mean of the wheel speeds.
    const auto share = drive_shares(def.drivetrain);
    double w = 0.0;
    for (int i = 0; i < kWheels; ++i)
        w += share[i] * car.wheels[i].spin;
    return w * overall_ratio(def.gearbox, gear) * kRadPerSecToRpm;
}

double max_wheel_spin(const CarDef& def, double wheel_radius) {
    const int n = clamp(def.gearbox.gears, 1, kMaxGears);
    double ratio = std::fabs(overall_ratio(def.gearbox, -1));
    for (int g = 1; g <= n; ++g)
        ratio = std::fmin(ratio, std::fabs(overall_ratio(def.gearbox, g)));
    ratio = std::fmax(ratio, 0.05);
    const double rpm = std::fmax(def.engine.redline_rpm + def.engine.limiter_band_rpm, 1000.0);
    // Never below 1.5 × 100 m/s of rim speed, whatever the gearing.
    return std::fmax(1.5 * rpm / kRadPerSecToRpm / ratio, 150.0 / wheel_radius);
}

DriveTorques drivetrain_torques(const Car& car, const CarDef& def, double throttle) {
    DriveTorques out;
    const EngineDef& e = def.engine;
    const double ratio = overall_ratio(def.gearbox, car.gear);
    if (ratio == 0.0 || car.shift_timer > 0.0) return out;
    out.coupled = true;
    const double raw = wheel_rpm(car, def, car.gear);
    // Below idle the clutch slips: the engine holds idle, drives with its idle torque and
    // does not engine-brake, so a car at rest in gear stays at rest.
    const double rpm = raw > e.idle_rpm ? raw : e.idle_rpm;
    const double coupled = clamp((raw - e.idle_rpm) / 200.0, 0.0, 1.0);
    const double crank = engine_torque(e, rpm, throttle, coupled);
    const double eta = clamp(def.gearbox.efficiency, 0.0, 1.0);
    const double at_wheels = crank * ratio * eta;
    out.rpm = rpm;
    // Stiff part of the torque (rev limiter, falling curve) for the implicit spin update.
    double dtdrpm = 0.0;
    if (raw > e.idle_rpm) {
        dtdrpm = 0.5 * (engine_torque(e, rpm + 1.0, throttle, coupled) -
                        engine_torque(e, rpm - 1.0, throttle, coupled));
    }
    const auto share = drive_shares(def.drivetrain);
    for (int i = 0; i < kWheels; ++i) {
        out.torque[i] = share[i] * at_wheels;
        const double s = share[i] * ratio * eta * dtdrpm * ratio * kRadPerSecToRpm * share[i];
        out.slope[i] = s < 0.0 ? s : 0.0;
    }
    return out;
}

}  // namespace skidpad::detail
