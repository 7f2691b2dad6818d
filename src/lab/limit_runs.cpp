// The car at its limits (see limit_runs.hpp).
#include "limit_runs.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "car_drive.hpp"
#include "skidpad/car/car.hpp"

namespace skidpad::lab {

namespace {

constexpr double kDeg = 180.0 / kPi;

double rear_slip_deg(const Car& c) {
    return std::fmax(std::fabs(c.wheels[2].slip_angle), std::fabs(c.wheels[3].slip_angle)) * kDeg;
}

}  // namespace

LsdRun run_lsd_circle(const Settings& settings, double throttle, double steer) {
    Settings s = settings;
    s.car.assists.tc = false;
    s.car.assists.esc = false;
    CarDrive d(s);
    InputState in;
    in.throttle = throttle;
    in.steer = steer;
    const long long settle = std::llround(6.0 / d.dt);
    const long long window = std::llround(1.0 / d.dt);
    for (long long i = 0; i < settle; ++i)
        d.world.step(d.dt, in);
    // The driven axle whose differential is measured: the front one of a front-drive car,
    // the rear one otherwise.
    const int a = s.car.drivetrain.layout == Layout::FWD ? 0 : 2;
    const DrivetrainDef& dt = s.car.drivetrain;
    const double r = clamp(s.car.wheel_radius, 0.1, 1.0);
    LsdRun out;
    long long slipping = 0;
    const double iw = s.car.wheel_inertia;
    for (long long i = 0; i < window; ++i) {
        const double s0 = d.car().wheels[a].spin;
        const double s1 = d.car().wheels[a + 1].spin;
        d.world.step(d.dt, in);
        const Car& c = d.car();
        const Wheel& w0 = c.wheels[a];
        const Wheel& w1 = c.wheels[a + 1];
        // Each half-shaft's torque from the wheel's own balance, F_x r + I_w dω/dt
        // (measured from the tyres, not from the differential's readout).
        const double t0 = w0.force_long * r + iw * (w0.spin - s0) / d.dt;
        const double t1 = w1.force_long * r + iw * (w1.spin - s1) / d.dt;
        const double axle = std::fabs(t0 + t1);
        out.axle_torque += axle;
        out.speed_mps += d.speed();
        if (w0.spin == w1.spin) continue;  // the clutch holds the axle as one body
        ++slipping;
        out.t_slow_minus_fast += w0.spin < w1.spin ? t0 - t1 : t1 - t0;
        out.predicted += std::fmax(dt.lsd_preload, 0.0) + clamp(dt.lsd_lock, 0.0, 1.0) * axle;
    }
    const double n = static_cast<double>(window);
    out.axle_torque /= n;
    out.speed_mps /= n;
    out.slipping_fraction = static_cast<double>(slipping) / n;
    if (slipping > 0) {
        out.t_slow_minus_fast /= static_cast<double>(slipping);
        out.predicted /= static_cast<double>(slipping);
    }
    return out;
}

LaunchRun run_full_lock_launch(const Settings& settings, double steer, double seconds) {
    CarDrive d(settings);
    InputState in;
    in.throttle = 1.0;
    in.steer = steer;
    LaunchRun out;
    const long long n = std::llround(seconds / d.dt);
    const double heading0 = d.car().heading;
    for (long long i = 0; i < n; ++i) {
        d.world.step(d.dt, in);
        out.max_rear_slip_deg = std::fmax(out.max_rear_slip_deg, rear_slip_deg(d.car()));
    }
    const Car& c = d.car();
    out.speed_mps = d.speed();
    out.turned_deg = std::fabs(c.heading - heading0) * kDeg;
    out.spinning = std::fabs(c.yaw_rate) > 1.5 && rear_slip_deg(c) > 20.0;
    out.rpm = c.rpm;
    out.gear = c.gear;
    return out;
}

GearboxAbuse run_gearbox_abuse(const Settings& settings) {
    Settings s = settings;
    s.car.assists.tc = false;
    s.car.assists.esc = false;
    s.car.gearbox.manual = false;
    GearboxAbuse out;
    {
        CarDrive d(s);
        d.world.set_surfaces(SurfaceMap::uniform(SurfaceKind::Ice));
        InputState in;
        in.throttle = 1.0;
        const EngineDef& e = d.def().engine;
        double run = 0.0;
        for (long long i = 0, n = std::llround(6.0 / d.dt); i < n; ++i) {
            d.world.step(d.dt, in);
            out.ice_max_gear = std::max(out.ice_max_gear, d.car().gear);
            run = d.car().rpm >= e.redline_rpm - 0.5 * e.limiter_band_rpm ? run + d.dt : 0.0;
            out.ice_limiter_s = std::fmax(out.ice_limiter_s, run);
        }
        out.ice_speed_mps = d.speed();
    }
    {
        CarDrive d(s);
        car_set_speed(d.car(), d.def(), 34.0);
        InputState in;
        in.brake = 1.0;
        int gear = d.car().gear;
        for (long long i = 0, n = std::llround(6.0 / d.dt); i < n && d.speed() > 0.5; ++i) {
            d.world.step(d.dt, in);
            if (d.car().gear > gear) ++out.brake_upshifts;
            gear = d.car().gear;
        }
        out.brake_final_gear = gear;
    }
    {
        CarDrive d(s);
        car_set_speed(d.car(), d.def(), 12.0);
        InputState in;
        int gear = d.car().gear;
        int left = 0;             // the gear last left
        double left_speed = 0.0;  // road speed when it was left
        for (long long i = 0, n = std::llround(20.0 / d.dt); i < n; ++i) {
            const double t = static_cast<double>(i) * d.dt;
            in.throttle = std::fmod(t, 1.5) < 0.75 ? 1.0 : 0.35;
            d.world.step(d.dt, in);
            const int now = d.car().gear;
            if (now == gear) continue;
            ++out.mod_shifts;
            if (now == left && d.speed() < left_speed + 2.0) ++out.mod_cycles;
            left = gear;
            left_speed = d.speed();
            gear = now;
        }
        out.mod_speed_mps = d.speed();
    }
    return out;
}

LockupRun run_lockup(const Settings& settings, double speed, double steer) {
    Settings s = settings;
    s.car.brakes.abs = false;
    s.car.assists.tc = false;
    s.car.assists.esc = false;
    CarDrive d(s);
    car_set_speed(d.car(), d.def(), speed);
    InputState in;
    in.brake = 1.0;
    in.steer = steer;
    const double heading0 = d.car().heading;
    const double r = clamp(s.car.wheel_radius, 0.1, 1.0);
    LockupRun out;
    std::array<double, 4> locked_for{};
    long long steps = 0;
    long long front = 0;
    long long rear = 0;
    for (long long i = 0, n = std::llround(8.0 / d.dt); i < n && d.speed() > 0.5; ++i) {
        d.world.step(d.dt, in);
        ++steps;
        const Car& c = d.car();
        front += (c.wheels[0].locked || c.wheels[1].locked) ? 1 : 0;
        rear += (c.wheels[2].locked || c.wheels[3].locked) ? 1 : 0;
        for (int k = 0; k < 4; ++k) {
            const Wheel& w = c.wheels[static_cast<std::size_t>(k)];
            locked_for[k] = w.locked ? locked_for[k] + d.dt : 0.0;
            if (locked_for[k] < 0.05) continue;  // the slips have settled (relaxation)
            // The patch's sliding velocity over the ground in the wheel's frame.
            const dvec2 arm = rotate(w.offset, c.heading);
            const dvec2 dir = direction(c.heading + w.steer);
            const dvec2 vp = c.velocity + cross(c.yaw_rate, arm);
            const double slide_long = vp.x * dir.x + vp.y * dir.y - w.spin * r;
            const dvec2 side = perp(dir);
            const double slide_lat = vp.x * side.x + vp.y * side.y;
            const double slide = std::hypot(slide_long, slide_lat);
            const double force = std::hypot(w.force_long, w.force_lat);
            if (slide < 1.0 || force <= 0.0) continue;
            const double cosang =
                -(w.force_long * slide_long + w.force_lat * slide_lat) / (force * slide);
            out.max_force_angle_deg =
                std::fmax(out.max_force_angle_deg, std::acos(clamp(cosang, -1.0, 1.0)) * kDeg);
        }
    }
    const double sgn = steer >= 0.0 ? 1.0 : -1.0;
    out.heading_change_deg = sgn * (d.car().heading - heading0) * kDeg;
    out.stop_s = static_cast<double>(steps) * d.dt;
    if (steps > 0) {
        out.front_locked_fraction = static_cast<double>(front) / static_cast<double>(steps);
        out.rear_locked_fraction = static_cast<double>(rear) / static_cast<double>(steps);
    }
    return out;
}

}  // namespace skidpad::lab
