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

namespace {

/// How far from idle toward the launch rpm the gearbox side must turn to keep the clutch
/// engaged; slower, it lets go and the launch engagement takes over.
constexpr double kRelease = 0.1;

/// Throttle below which the launch engagement stays open (no creep, a parked car stays).
constexpr double kLaunchThrottle = 0.02;

/// Service-brake pedal above which (throttle closed) the automatic clutch opens.
constexpr double kBrakeOpens = 0.5;

/// rad/s the engine must turn faster than the gearbox side for the clutch to count as
/// re-engaging (a locked clutch leaves the two equal to rounding).
constexpr double kSyncSlip = 1.0;

/// Least capacity the re-engaging clutch closes with, × the engine's peak torque (so a
/// lifted foot still brings the engine down to the new gear within a few tenths).
constexpr double kSyncFloor = 0.25;

/// Gearbox side of the clutch at the crank: the speed it reaches without clutch torque
/// (rad/s) and the inverse of its inertia (1/(kg·m²)) as the clutch sees it. Wheels of an
/// axle with a locked differential are one body.
struct GearboxSide {
    double free = 0.0;
    double inv_inertia = 0.0;
};

GearboxSide gearbox_side(const CarDef& def, double ratio, const WheelSide& side) {
    GearboxSide g;
    const auto share = drive_shares(def.drivetrain);
    const double eta = clamp(def.gearbox.efficiency, 0.0, 1.0);
    auto body = [&](double s, double inertia, double free) {
        if (!(s > 0.0) || !(inertia > 0.0)) return;
        g.free += ratio * s * free;
        g.inv_inertia += eta * ratio * ratio * s * s / inertia;
    };
    for (int a = 0; a < kWheels; a += 2) {
        if (def.drivetrain.diff == DiffType::Locked) {
            const double in = side.inertia[a] + side.inertia[a + 1];
            const double w =
                in > 0.0
                    ? (side.inertia[a] * side.free[a] + side.inertia[a + 1] * side.free[a + 1]) / in
                    : 0.0;
            body(share[a] + share[a + 1], in, w);
        } else {
            body(share[a], side.inertia[a], side.free[a]);
            body(share[a + 1], side.inertia[a + 1], side.free[a + 1]);
        }
    }
    return g;
}

}  // namespace

DriveTorques drivetrain_torques(const Car& car, const CarDef& def, const Pedals& pedals,
                                double power, const WheelSide& side, double h) {
    DriveTorques out;
    const EngineDef& e = def.engine;
    const double inertia = std::fmax(e.inertia, 0.01);
    const double w_idle = std::fmax(e.idle_rpm, 100.0) / kRadPerSecToRpm;
    const double w_lo = w_idle + 100.0 / kRadPerSecToRpm;
    const double w_launch = clamp(e.launch_rpm / kRadPerSecToRpm, w_lo,
                                  std::fmax(w_lo, e.redline_rpm / kRadPerSecToRpm));
    const double w_e =
        std::isfinite(car.rpm) ? std::fmax(car.rpm / kRadPerSecToRpm, w_idle) : w_idle;
    const double rpm = w_e * kRadPerSecToRpm;
    const double ratio = overall_ratio(def.gearbox, car.gear);
    const double eta = clamp(def.gearbox.efficiency, 0.0, 1.0);
    const GearboxSide gs = ratio != 0.0 ? gearbox_side(def, ratio, side) : GearboxSide{};
    out.rpm = rpm;

    // Phases of the clutch. On a launch its capacity rises with the engine speed, as the
    // cube of the way from idle to the launch rpm, where it carries the engine's full
    // torque: a floored engine flares to the launch rpm and holds it while the clutch
    // slips, and at idle or with the throttle closed it carries nothing, so the engine
    // never stalls and a stopped car does not creep. Once it has locked with the gearbox
    // side above its release speed it is engaged: full capacity (engine braking, no slip
    // under load) until the gearbox side falls below the release speed. A gear change
    // opens it for the first half of the shift time (the engine management cuts the
    // throttle on an upshift and blips it on a downshift toward the new gear's speed),
    // then closes it fully for the second half, which pulls the engine to the new gear's
    // speed. Hard braking with the throttle closed opens it too, as a driver declutches,
    // so the engine's inertia does not load the brakes; it then re-engages like a launch.
    // Re-engaging after an upshift (the engine still faster than the gearbox side, during
    // the shift's second half or after it), the clutch closes with the torque the engine
    // gives at the new gear's speed × the throttle (never below kSyncFloor of the peak)
    // while the engine management keeps the throttle shut: the engine's excess speed
    // reaches the wheels as the drive they get once it has locked, not as a spin kick.
    const double span = w_launch - w_idle;
    const double w_g = wheel_rpm(car, def, car.gear) / kRadPerSecToRpm;
    const bool above_release = ratio != 0.0 && w_g >= w_idle + kRelease * span;
    const bool shifting = car.shift_timer > 0.0;
    const bool braking = pedals.brake > kBrakeOpens && pedals.throttle < 0.05;
    const bool open = ratio == 0.0 || braking || car.shift_timer > 0.5 * def.gearbox.shift_time;
    out.engaged = car.clutch_engaged && above_release && !braking;
    const bool syncing = !open && (shifting || out.engaged) && w_e > w_g + kSyncSlip;
    double th = clamp(pedals.throttle, 0.0, 1.0);
    if (shifting && ratio != 0.0) th = open && w_e < gs.free ? 1.0 : 0.0;
    if (syncing) th = 0.0;
    const double p = std::fmax(power, 0.0);
    const double torque = p * engine_torque(e, rpm, th, 1.0);
    const double slope =
        p * 0.5 * (engine_torque(e, rpm + 1.0, th, 1.0) - engine_torque(e, rpm - 1.0, th, 1.0)) *
        kRadPerSecToRpm;  // N·m per rad/s
    const double cap_max = clamp(e.clutch_capacity, 0.1, 10.0) * engine_peak_torque(e);
    double cap = 0.0;
    double cap_slope = 0.0;  // N·m per rad/s of engine speed
    if (!open) {
        if (syncing) {
            const double matched =
                p * engine_load(e, pedals.throttle) * engine_full_torque(e, w_g * kRadPerSecToRpm);
            cap = std::fmin(cap_max, std::fmax(matched, kSyncFloor * engine_peak_torque(e)));
        } else if (shifting || out.engaged) {
            cap = cap_max;
        } else if (pedals.throttle > kLaunchThrottle) {
            const double x = (w_e - w_idle) / span;
            const double held =
                std::fmax(p * engine_full_torque(e, w_launch * kRadPerSecToRpm), 1.0);
            cap = x > 0.0 ? held * x * x * x : 0.0;
            cap_slope = x > 0.0 ? 3.0 * held * x * x / span : 0.0;
            if (cap > cap_max) {
                cap = cap_max;
                cap_slope = 0.0;
            }
        }
    }

    // Locked: the clutch torque that brings engine and gearbox side to one speed at the
    // end of the sub-step (linearly implicit in the engine's falling torque).
    double clutch = 0.0;
    double w_new = w_e + h * torque / (inertia + h * std::fmax(0.0, -slope));
    if (cap > 0.0 && gs.inv_inertia > 0.0) {
        const double je = inertia + h * std::fmax(0.0, -slope);
        const double need = (w_e - gs.free + h * torque / je) / (h * (1.0 / je + gs.inv_inertia));
        if (std::fabs(need) <= cap) {
            clutch = need;
            out.locked = true;
            w_new = w_e + h * (torque - clutch) / je;
        } else {
            // Slipping: the capacity against the slip, implicit in its own rise with the
            // engine speed.
            const double sgn = need > 0.0 ? 1.0 : -1.0;
            clutch = sgn * cap;
            const double net_slope = slope - sgn * cap_slope;
            w_new = w_e + h * (torque - clutch) / (inertia + h * std::fmax(0.0, -net_slope));
        }
    }
    if (out.locked && above_release) out.engaged = true;
    out.engine_omega = std::isfinite(w_new) ? std::fmax(w_new, w_idle) : w_idle;
    out.coupled = cap > 0.0;
    const auto share = drive_shares(def.drivetrain);
    for (int i = 0; i < kWheels; ++i)
        out.torque[i] = share[i] * ratio * eta * clutch;
    return out;
}

void engine_after(Car& car, const CarDef& def, const DriveTorques& drive) {
    const double idle = std::fmax(def.engine.idle_rpm, 100.0);
    double rpm = drive.engine_omega * kRadPerSecToRpm;
    if (drive.locked) rpm = wheel_rpm(car, def, car.gear);
    car.clutch_engaged = drive.engaged;
    car.rpm = std::isfinite(rpm) ? std::fmax(rpm, idle) : idle;
}

}  // namespace skidpad::detail
