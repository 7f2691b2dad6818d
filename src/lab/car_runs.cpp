// Drive scenarios and analytic predictions for the car (see car_runs.hpp).
#include "car_runs.hpp"

#include <array>
#include <cmath>

#include "skidpad/car/car.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/plan/corner_speed.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

constexpr double kRpmPerRadS = 60.0 / (2.0 * kPi);

double dt_of(const Settings& s) {
    return 1.0 / s.sim.physics_hz;
}

long long steps_for(const Settings& s, double seconds) {
    return static_cast<long long>(std::llround(seconds * s.sim.physics_hz));
}

double length2(dvec2 v) {
    return std::sqrt(v.x * v.x + v.y * v.y);
}

/// Drive force (N) at road speed v in a gear, rigid (no slip) drivetrain, full throttle.
double drive_force(const CarDef& def, int gear, double v) {
    const double ratio = std::fabs(overall_ratio(def.gearbox, gear));
    const double r = def.wheel_radius;
    const double rpm = std::fmax(def.engine.idle_rpm, v / r * ratio * kRpmPerRadS);
    return engine_full_torque(def.engine, rpm) * ratio * def.gearbox.efficiency / r;
}

double equilibrium_speed(const CarDef& def, int gear) {
    auto excess = [&](double v) {
        const double load = std::fmax(0.0, def.mass * kGravity + def.aero.downforce * v * v);
        return drive_force(def, gear, v) -
               (def.aero.drag * v * v + def.aero.rolling * v + def.tyre.rolling * load);
    };
    const double step = 0.05;
    double lo = 0.0;
    for (double v = step; v < 400.0; v += step) {
        if (excess(v) <= 0.0) {
            double a = lo;
            double b = v;
            for (int i = 0; i < 60; ++i) {
                const double mid = 0.5 * (a + b);
                (excess(mid) > 0.0 ? a : b) = mid;
            }
            return 0.5 * (a + b);
        }
        lo = v;
    }
    return 400.0;
}

struct Solo {
    World world;
    CarId id;
    explicit Solo(const Settings& s, SurfaceKind ground = SurfaceKind::Asphalt)
        : world(world_def(s)) {
        id = world.add_car({0.0, 0.0}, 0.0, s.car);
        world.set_surfaces(SurfaceMap::uniform(ground));
    }
    Car& car() { return world.car(id); }
    const CarDef& def() const { return world.car_def(id); }
};

}  // namespace

// ---- predictions ---------------------------------------------------------------------

double predict_topspeed(const CarDef& def, int gear, int* gear_used) {
    const int n = clamp(def.gearbox.gears, 1, kMaxGears);
    if (gear >= 1) {
        if (gear_used) *gear_used = clamp(gear, 1, n);
        return equilibrium_speed(def, clamp(gear, 1, n));
    }
    int g = 1;
    double v = equilibrium_speed(def, g);
    while (g < n) {
        const double rpm = v / def.wheel_radius * overall_ratio(def.gearbox, g) * kRpmPerRadS;
        if (rpm <= def.gearbox.upshift_rpm) break;
        ++g;
        v = equilibrium_speed(def, g);
    }
    if (gear_used) *gear_used = g;
    return v;
}

double coast_effective_mass(const CarDef& def) {
    return def.mass + 4.0 * def.wheel_inertia / (def.wheel_radius * def.wheel_radius);
}

double predict_coastdown(const CarDef& def, double v0, double t, SurfaceProps ground) {
    const double m = coast_effective_mass(def);
    const double c = ground.rolling + def.tyre.rolling;
    // m dv/dt = −(a v² + b v + k): drag (+ the tyres' and the surface's rolling resistance
    // on the downforce), the car's linear resistance, the rolling resistance on the weight.
    const double a = def.aero.drag + c * def.aero.downforce;
    const double b = def.aero.rolling;
    const double k = c * def.mass * kGravity;
    if (k <= 0.0) {
        // v/(a v + b) = v0/(a v0 + b) · exp(−b t / m).
        if (b <= 0.0) return 1.0 / (1.0 / v0 + a * t / m);
        const double q = v0 / (a * v0 + b) * std::exp(-b * t / m);
        return b * q / (1.0 - a * q);
    }
    const double d = 4.0 * a * k - b * b;
    if (a <= 0.0 || d <= 0.0) {
        // No drag (or an unusual mix): the linear closed form, or a fine integration.
        if (a <= 0.0) {
            if (b <= 0.0) return std::fmax(0.0, v0 - k * t / m);
            const double v = (v0 + k / b) * std::exp(-b * t / m) - k / b;
            return std::fmax(0.0, v);
        }
        double v = v0;
        const int n = 200000;
        const double h = t / n;
        for (int i = 0; i < n && v > 0.0; ++i)
            v -= h * (a * v * v + b * v + k) / m;
        return std::fmax(0.0, v);
    }
    // ∫ dv / (a v² + b v + k) = 2/√d · atan((2 a v + b)/√d).
    const double sd = std::sqrt(d);
    const double theta = std::atan((2.0 * a * v0 + b) / sd) - sd * t / (2.0 * m);
    if (theta <= std::atan(b / sd)) return 0.0;  // stopped before t
    return (sd * std::tan(theta) - b) / (2.0 * a);
}

double predict_brake_distance(const CarDef& def, double v1, double v2, SurfaceProps ground) {
    // docs/physics.md §10.1 model 4 (aero-analytical), the planner's implementation.
    const double mu = def.tyre.mu * ground.grip + ground.rolling + def.tyre.rolling;
    const Decel d = braking_decel(mu, def.mass, def.aero.downforce, def.aero.drag);
    const BrakingResult r = braking_aero_analytical(v1, v2, d);
    return r.ok ? r.distance_m : -1.0;
}

double predict_corner_speed(const CarDef& def, double radius, double bound) {
    return corner_speed(radius, def.tyre.mu, def.mass, def.aero.downforce, bound).speed_mps;
}

double predict_turn_radius(const CarDef& def, double steer_rad) {
    return def.wheelbase / std::tan(std::fabs(steer_rad));
}

namespace {
/// N, axle loads {front, rear} at speed v while decelerating at a (m/s²).
std::array<double, 2> axle_loads(const CarDef& def, double v, double a) {
    const CarGeometry g = car_geometry(def);
    const double lift = def.aero.downforce * v * v;
    const double shift = g.mass * a * def.cg_height / g.wheelbase;
    return {std::fmax(0.0, g.mass * kGravity * g.cg_to_rear / g.wheelbase + shift +
                               lift * def.aero.balance),
            std::fmax(0.0, g.mass * kGravity * g.cg_to_front / g.wheelbase - shift +
                               lift * (1.0 - def.aero.balance))};
}
}  // namespace

BrakeSpare brake_spare(const CarDef& def, double v) {
    const CarGeometry g = car_geometry(def);
    const double r = clamp(def.wheel_radius, 0.1, 1.0);
    double a = 0.0;
    std::array<double, 2> z{};
    for (int it = 0; it < 30; ++it) {
        z = axle_loads(def, v, a);
        a = (def.tyre.mu * (z[0] + z[1]) + def.aero.drag * v * v) / g.mass;
    }
    const double bias = clamp(def.brakes.front_bias, 0.0, 1.0);
    BrakeSpare out;
    out.front = def.brakes.torque * bias / (r * def.tyre.mu * std::fmax(z[0], 1e-9));
    out.rear = def.brakes.torque * (1.0 - bias) / (r * def.tyre.mu * std::fmax(z[1], 1e-9));
    return out;
}

double predict_brake_full(const CarDef& def, double v1, double v2, SurfaceProps ground) {
    const double mu = def.tyre.mu * ground.grip;
    const CarGeometry g = car_geometry(def);
    const double r = clamp(def.wheel_radius, 0.1, 1.0);
    const double bias = clamp(def.brakes.front_bias, 0.0, 1.0);
    const double torque = std::fmax(def.brakes.torque, 0.0);
    // The tyre's load sensitivity (tyre.hpp): each wheel's μ at its axle's half load.
    const double z0 = 0.25 * g.mass * kGravity;
    auto mu_at = [&](double axle) {
        const double k = 1.0 - def.tyre.load_sensitivity * (0.5 * axle / z0 - 1.0);
        return mu * clamp(k, 0.5, 1.5);
    };
    auto decel = [&](double v) {
        const double lift = def.aero.downforce * v * v;
        double a = 0.0;
        for (int it = 0; it < 30; ++it) {  // the load transfer depends on a itself
            const double shift = g.mass * a * def.cg_height / g.wheelbase;
            const double zf = std::fmax(0.0, g.mass * kGravity * g.cg_to_rear / g.wheelbase +
                                                 shift + lift * def.aero.balance);
            const double zr = std::fmax(0.0, g.mass * kGravity * g.cg_to_front / g.wheelbase -
                                                 shift + lift * (1.0 - def.aero.balance));
            const double ff = std::fmin(mu_at(zf) * zf, torque * bias / r);
            const double fr = std::fmin(mu_at(zr) * zr, torque * (1.0 - bias) / r);
            a = (ff + fr + (ground.rolling + def.tyre.rolling) * (zf + zr) + def.aero.drag * v * v +
                 def.aero.rolling * v) /
                g.mass;
        }
        return a;
    };
    double x = 0.0;
    const int n = 4000;
    const double dv = (v1 - v2) / n;
    for (int i = 0; i < n; ++i) {
        const double v = v1 - (i + 0.5) * dv;
        const double a = decel(v);
        if (!(a > 0.0)) return -1.0;
        x += v * dv / a;
    }
    return x;
}

// ---- runs ----------------------------------------------------------------------------

TopSpeedRun run_topspeed(const Settings& settings, int gear, double seconds) {
    Settings s = settings;
    s.car.gearbox.manual = gear >= 1;
    Solo run(s);
    Car& car = run.car();
    if (gear >= 1) car.gear = clamp(gear, 1, clamp(s.car.gearbox.gears, 1, kMaxGears));
    car_set_speed(car, run.def(), 0.9 * predict_topspeed(s.car, gear));
    InputState in;
    in.throttle = 1.0;
    const double dt = dt_of(s);
    const long long n = steps_for(s, seconds);
    for (long long i = 0; i < n; ++i)
        run.world.step(dt, in);
    return {car_forward_speed(run.car()), run.car().gear, run.car().rpm};
}

double run_coastdown(const Settings& settings, double v0, double seconds, SurfaceKind ground) {
    Settings s = settings;
    s.car.gearbox.manual = true;
    Solo run(s, ground);
    run.car().gear = 0;
    car_set_speed(run.car(), run.def(), v0);
    const InputState in;
    const double dt = dt_of(s);
    const long long n = steps_for(s, seconds);
    for (long long i = 0; i < n; ++i)
        run.world.step(dt, in);
    return car_forward_speed(run.car());
}

AccelRun run_accel(const Settings& settings, double target_mps, double max_seconds) {
    Settings s = settings;
    s.car.gearbox.manual = false;
    Solo run(s);
    AccelRun out;
    InputState in;
    in.throttle = 1.0;
    const double dt = dt_of(s);
    const long long n = steps_for(s, max_seconds);
    double prev_v = 0.0;
    for (long long i = 0; i < n; ++i) {
        const int gear = run.car().gear;
        const double rpm = run.car().rpm;
        run.world.step(dt, in);
        const Car& c = run.car();
        const double v = car_forward_speed(c);
        const double t = static_cast<double>(i + 1) * dt;
        if (c.gear != gear) out.shifts.push_back({gear, c.gear, t, v, rpm});
        if (v >= target_mps) {
            const double frac = v > prev_v ? (target_mps - prev_v) / (v - prev_v) : 1.0;
            out.reached = true;
            out.seconds = t - dt + frac * dt;
            return out;
        }
        prev_v = v;
    }
    out.seconds = max_seconds;
    return out;
}

BrakeRun run_brake(const Settings& settings, double v1, double v2, bool abs, SurfaceKind ground) {
    Settings s = settings;
    s.car.gearbox.manual = true;
    s.car.brakes.abs = abs;
    Solo run(s, ground);
    run.car().gear = 0;
    car_set_speed(run.car(), run.def(), v1);
    BrakeRun out;
    InputState in;
    in.brake = 1.0;
    const double dt = dt_of(s);
    const double stop = std::fmax(v2, 0.01);
    const long long n = steps_for(s, 120.0);
    const dvec2 start = run.car().position;
    dvec2 prev_p = start;
    double prev_v = v1;
    for (long long i = 0; i < n; ++i) {
        run.world.step(dt, in);
        const Car& c = run.car();
        const double v = car_forward_speed(c);
        out.abs_seen = out.abs_seen || c.abs_active;
        for (const Wheel& w : c.wheels) {
            out.any_locked = out.any_locked || w.locked;
            out.spin_reversed = out.spin_reversed || w.spin < 0.0;
        }
        out.speed_reversed = out.speed_reversed || v < -1e-9;
        if (v <= stop) {
            const double frac = prev_v > v ? (prev_v - stop) / (prev_v - v) : 1.0;
            const dvec2 p = prev_p + (c.position - prev_p) * frac;
            out.reached = true;
            out.distance_m = length2(p - start);
            out.seconds = (static_cast<double>(i) + frac) * dt;
            return out;
        }
        prev_p = c.position;
        prev_v = v;
    }
    out.distance_m = length2(run.car().position - start);
    out.seconds = 120.0;
    return out;
}

TurnRun run_turn(const Settings& settings, double steer_rad, double speed) {
    Settings s = settings;
    s.car.gearbox.manual = false;
    Solo run(s);
    const CarDef& def = run.def();
    car_set_speed(run.car(), def, speed);
    const CarGeometry g = car_geometry(def);
    const double dt = dt_of(s);
    const double settle = 15.0;
    const double measure = 5.0;
    const long long n = steps_for(s, settle + measure);
    const long long n_settle = steps_for(s, settle);
    double sum_r = 0.0;
    double sum_v = 0.0;
    long long count = 0;
    double thr_int = 0.0;
    for (long long i = 0; i < n; ++i) {
        const Car& c = run.car();
        const double v_fwd = car_forward_speed(c);
        const double err = speed - v_fwd;
        thr_int = clamp(thr_int + 0.5 * err * dt, 0.0, 1.0);
        InputState in;
        in.steer = clamp(steer_rad / max_steer_at(def.max_steer, def.steering, v_fwd), -1.0, 1.0);
        in.throttle = clamp(0.5 * err + thr_int, 0.0, 1.0);
        run.world.step(dt, in);
        if (i >= n_settle) {
            const Car& c2 = run.car();
            const dvec2 arm = rotate(dvec2(-g.cg_to_rear, 0.0), c2.heading);
            const dvec2 v_rear = c2.velocity + cross(c2.yaw_rate, arm);
            if (std::fabs(c2.yaw_rate) > 1e-9) {
                sum_r += length2(v_rear) / std::fabs(c2.yaw_rate);
                sum_v += length2(c2.velocity);
                ++count;
            }
        }
    }
    TurnRun out;
    if (count > 0) {
        out.radius_m = sum_r / static_cast<double>(count);
        out.speed_mps = sum_v / static_cast<double>(count);
    }
    return out;
}

ParkRun run_park(const Settings& settings, double seconds) {
    Solo run(settings);
    const dvec2 start = run.car().position;
    const InputState in;
    const double dt = dt_of(settings);
    const long long n = steps_for(settings, seconds);
    ParkRun out;
    for (long long i = 0; i < n; ++i) {
        run.world.step(dt, in);
        const Car& c = run.car();
        out.max_speed_mps = std::fmax(out.max_speed_mps, length2(c.velocity));
        out.displacement_m = std::fmax(out.displacement_m, length2(c.position - start));
    }
    return out;
}

}  // namespace skidpad::lab
