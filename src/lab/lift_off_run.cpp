// Lift-off in a steady turn: the yaw-rate overshoot when the throttle closes (docs/physics.md
// §17.6).
#include <cmath>

#include "car_drive.hpp"
#include "limit_runs.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/steering.hpp"

namespace skidpad::lab {

LiftOffRun run_lift_off(const Settings& settings, double radius, double lateral_g) {
    Settings s = settings;
    s.car.assists.tc = false;
    s.car.assists.esc = false;
    s.car.assists.steer_assist = false;
    s.car.assists.countersteer = false;
    s.car.gearbox.manual = false;
    CarDrive d(s);
    const CarGeometry g = car_geometry(d.def());
    const double v0 = std::sqrt(std::fmax(lateral_g, 0.0) * kGravity * radius);
    car_set_speed(d.car(), d.def(), v0);
    InputState in;
    LiftOffRun out;
    out.speed_mps = v0;
    // A driver holding the circle: the geometric steer plus an integral of the yaw rate's
    // shortfall from v / R (the understeer); the throttle holds the speed.
    double integral = 0.0;
    double throttle_i = 0.3;
    const long long settle = std::llround(15.0 / d.dt);
    const long long window = std::llround(1.0 / d.dt);
    double yaw_sum = 0.0;
    for (long long i = 0; i < settle; ++i) {
        const Car& c = d.car();
        integral = clamp(integral + d.dt * 0.5 * (d.speed() / radius - c.yaw_rate), -0.5, 0.5);
        const double lock = std::fmax(
            max_steer_at(d.def().max_steer, d.def().steering, car_forward_speed(c)), 1e-3);
        in.steer = clamp((std::atan(g.wheelbase / radius) + integral) / lock, -1.0, 1.0);
        const double v_err = v0 - d.speed();
        throttle_i = clamp(throttle_i + d.dt * 0.2 * v_err, 0.0, 1.0);
        in.throttle = clamp(throttle_i + 0.5 * v_err, 0.0, 1.0);
        d.world.step(d.dt, in);
        if (i >= settle - window) {
            yaw_sum += d.car().yaw_rate;
            out.throttle_before += in.throttle / static_cast<double>(window);
            const double path = d.speed() / std::fmax(std::fabs(d.car().yaw_rate), 1e-6);
            out.radius_error_m = std::fmax(out.radius_error_m, std::fabs(path - radius));
        }
    }
    out.yaw_before = yaw_sum / static_cast<double>(window);
    out.lateral_g_before = out.yaw_before * d.speed() / kGravity;
    out.gear_before = d.car().gear;
    out.rpm_before = d.car().rpm;
    // Lift: the throttle shut, the steer held where it was.
    in.throttle = 0.0;
    const double v_lift = d.speed();
    const double heading0 = d.car().heading;
    for (long long i = 0, n = std::llround(3.0 / d.dt); i < n; ++i) {
        d.world.step(d.dt, in);
        const double yaw = d.car().yaw_rate;
        if (i + 1 == std::llround(1.0 / d.dt)) out.decel_g = (v_lift - d.speed()) / kGravity;
        if (static_cast<double>(i) * d.dt <= 1.0 && std::fabs(yaw) > std::fabs(out.yaw_peak))
            out.yaw_peak = yaw;
        out.max_rear_slip_deg =
            std::fmax(out.max_rear_slip_deg, std::fmax(std::fabs(d.car().wheels[2].slip_angle),
                                                       std::fabs(d.car().wheels[3].slip_angle)) *
                                                 180.0 / kPi);
    }
    out.turned_deg = (d.car().heading - heading0) * 180.0 / kPi;
    out.overshoot = out.yaw_before != 0.0 ? out.yaw_peak / out.yaw_before : 0.0;
    return out;
}

}  // namespace skidpad::lab
