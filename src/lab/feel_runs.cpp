// Scripted driving-feel manoeuvres (see feel_runs.hpp).
#include "feel_runs.hpp"

#include <cmath>

#include "car_drive.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

constexpr double kDeg = 180.0 / kPi;

struct Drive : CarDrive {
    FeelRun out;
    double limiter_run = 0.0;
    bool judged = false;  ///< recover() decided `spun` by the heading
    using CarDrive::CarDrive;
    /// One step with `in`; keeps the running figures.
    void step(const InputState& in) {
        world.step(dt, in);
        out.seconds += dt;
        const Car& c = car();
        const double rear =
            std::fmax(std::fabs(c.wheels[2].slip_angle), std::fabs(c.wheels[3].slip_angle));
        out.max_rear_slip_deg = std::fmax(out.max_rear_slip_deg, rear * kDeg);
        const dvec2 fwd{std::cos(c.heading), std::sin(c.heading)};
        const dvec2 left{-fwd.y, fwd.x};
        if (glm::length(c.velocity) > 1.0) {
            const double beta =
                std::fabs(std::atan2(glm::dot(c.velocity, left), glm::dot(c.velocity, fwd)));
            out.max_body_slip_deg = std::fmax(out.max_body_slip_deg, beta * kDeg);
        }
        const EngineDef& e = def().engine;
        const bool on_limiter = c.rpm >= e.redline_rpm - 0.5 * e.limiter_band_rpm;
        limiter_run = on_limiter ? limiter_run + dt : 0.0;
        out.max_limiter_s = std::fmax(out.max_limiter_s, limiter_run);
    }
    void hold(const InputState& in, double seconds) {
        const long long n = std::llround(seconds / dt);
        for (long long i = 0; i < n; ++i)
            step(in);
    }
    FeelRun finish() {
        out.final_speed_mps = speed();
        out.final_gear = car().gear;
        if (!judged) out.spun = out.max_body_slip_deg > 60.0;
        return out;
    }
    /// Holds `in` from now until the car reaches `target` m/s (at most 30 s): the seconds
    /// taken, interpolated within the step (30 when never), and whether it turned more
    /// than 90° meanwhile (a spin).
    void recover(const InputState& in, double target) {
        out.figure = 30.0;
        const double start = out.seconds;
        const double heading0 = car().heading;
        double before = speed();
        while (out.seconds - start < 30.0) {
            step(in);
            const double now = speed();
            if (now >= target) {
                const double frac = now > before ? (target - before) / (now - before) : 1.0;
                out.figure = out.seconds - start - dt * (1.0 - clamp(frac, 0.0, 1.0));
                break;
            }
            before = now;
        }
        out.heading_change_deg = std::fabs(car().heading - heading0) * kDeg;
        out.spun = out.heading_change_deg > 90.0;
        judged = true;
    }
};

/// Handbrake turn at 20 m/s with the throttle held (full lock and handbrake for 0.4 s),
/// then handbrake released and steer centred: seconds from then until 20 m/s again (ok
/// within 4 s).
FeelRun donut(const Settings& s) {
    Drive d(s);
    car_set_speed(d.car(), d.def(), 20.0);
    InputState in;
    in.throttle = 1.0;
    in.steer = 1.0;
    in.handbrake = 1.0;
    d.hold(in, 0.4);
    in.handbrake = 0.0;
    in.steer = 0.0;
    d.out.figure_key = "recover_s";
    d.recover(in, 20.0);
    d.out.ok = d.out.figure <= 4.0;
    return d.finish();
}

/// A handbrake turn from rest: full throttle for 3.2 s, then full lock and the handbrake
/// for 1 s, then the handbrake released and the steer centred with the throttle held:
/// seconds from the centring until 20 m/s again (ok within 3 s; the figure the aids
/// aim for, docs/physics.md §17.5).
FeelRun handbrake_turn(const Settings& s) {
    Drive d(s);
    InputState in;
    in.throttle = 1.0;
    d.hold(in, 3.2);
    in.steer = 1.0;
    in.handbrake = 1.0;
    const double heading0 = d.car().heading;
    d.hold(in, 1.0);
    d.out.handbrake_turn_deg = std::fabs(d.car().heading - heading0) * kDeg;
    d.out.release_speed_mps = d.speed();
    in.steer = 0.0;
    in.handbrake = 0.0;
    d.out.figure_key = "handbrake_recover_s";
    d.recover(in, 20.0);
    d.out.ok = d.out.figure <= 3.0;
    return d.finish();
}

/// Full throttle through a long bend from 5 m/s (steer for ~0.6 g at 20 m/s): the
/// longest stretch on the limiter (ok ≤ 1 s, and the box left 1st).
FeelRun bend(const Settings& s) {
    Drive d(s);
    car_set_speed(d.car(), d.def(), 5.0);
    InputState in;
    in.throttle = 1.0;
    in.steer = 0.1;
    bool left_first = false;
    for (int i = 0; i < 8 && !left_first; ++i) {
        d.hold(in, 1.0);
        left_first = d.car().gear >= 2;
    }
    d.hold(in, 2.0);
    d.out.figure_key = "bend_limiter_s";
    d.out.figure = d.out.max_limiter_s;
    d.out.ok = left_first && d.out.max_limiter_s <= 1.0;
    return d.finish();
}

/// Full throttle and full steer from 10 m/s for 4 s: the largest rear slip angle
/// (ok below 15°: no spin).
FeelRun spin(const Settings& s) {
    Drive d(s);
    car_set_speed(d.car(), d.def(), 10.0);
    InputState in;
    in.throttle = 1.0;
    in.steer = 1.0;
    d.hold(in, 4.0);
    d.out.figure_key = "spin_rear_slip_deg";
    d.out.figure = d.out.max_rear_slip_deg;
    d.out.ok = d.out.max_rear_slip_deg < 15.0;
    return d.finish();
}

/// Mean deceleration (m/s²) from 20 m/s to 10 m/s under full brake, optionally with full
/// steer; 0 when the car never got there in 10 s.
double brake_decel(const Settings& s, double steer, double* heading_change) {
    Drive d(s);
    car_set_speed(d.car(), d.def(), 20.0);
    InputState in;
    in.brake = 1.0;
    in.steer = steer;
    while (d.out.seconds < 10.0) {
        d.step(in);
        if (d.speed() <= 10.0) {
            if (heading_change) *heading_change = std::fabs(d.car().heading);
            return 10.0 / d.out.seconds;
        }
    }
    return 0.0;
}

/// Full brake and full steer at 20 m/s: the deceleration to 10 m/s as a share of the
/// straight-line figure (ok ≥ 0.6 while the car turns by more than 10°).
FeelRun brake_turn(const Settings& s) {
    double turned = 0.0;
    const double straight = brake_decel(s, 0.0, nullptr);
    const double turning = brake_decel(s, 1.0, &turned);
    FeelRun out;
    out.figure_key = "decel_share";
    out.figure = straight > 0.0 ? turning / straight : 0.0;
    out.heading_change_deg = turned * kDeg;
    out.ok = out.figure >= 0.6 && out.heading_change_deg > 10.0;
    out.seconds = turning > 0.0 ? 10.0 / turning : 10.0;
    return out;
}

/// Slalom at 80 km/h: steer full left 0.5 s, full right 0.5 s, six times, throttle
/// holding speed (the pedal at 0.6 below 80 km/h, 0 above, as a player's foot holds it;
/// the engine's load is what the car's pedal map makes of it): the largest rear slip
/// angle (ok below 15°).
FeelRun slalom(const Settings& s) {
    Drive d(s);
    const double v0 = 80.0 / 3.6;
    car_set_speed(d.car(), d.def(), v0);
    constexpr double pedal = 0.6;
    InputState in;
    for (int i = 0; i < 12; ++i) {
        in.steer = i % 2 == 0 ? 1.0 : -1.0;
        const long long n = std::llround(0.5 / d.dt);
        for (long long k = 0; k < n; ++k) {
            in.throttle = car_forward_speed(d.car()) < v0 ? pedal : 0.0;
            d.step(in);
        }
    }
    in.steer = 0.0;
    d.hold(in, 1.0);
    d.out.figure_key = "slalom_rear_slip_deg";
    d.out.figure = d.out.max_rear_slip_deg;
    d.out.ok = d.out.max_rear_slip_deg < 15.0;
    return d.finish();
}

/// Flooring it from rest: seconds until the engine reaches 99 % of the launch rpm (the
/// clutch slipping), with the car's speed then as final_speed_mps (ok within 0.3 s and
/// below 3 m/s).
FeelRun launch(const Settings& s) {
    Drive d(s);
    InputState in;
    in.throttle = 1.0;
    d.out.figure_key = "launch_s";
    d.out.figure = 2.0;
    while (d.out.seconds < 2.0) {
        d.step(in);
        if (d.car().rpm >= 0.99 * d.def().engine.launch_rpm) {
            d.out.figure = d.out.seconds;
            break;
        }
    }
    FeelRun out = d.finish();
    out.ok = out.figure <= 0.3 && out.final_speed_mps < 3.0;
    return out;
}

/// A pad player holding a power drift on a circle of radius 40 m, counter-clockwise, with
/// analogue steer and throttle and no handbrake. It reacts only to what a player sees (how
/// the car slides and turns, where it is against the circle): after 1 s on the circle at
/// 14 m/s it floors the throttle at full lock until the tail steps out; then it points the
/// front wheels a few degrees inside the way the front axle travels (a countersteer that
/// follows the slide), less when the car's slip angle β is above the 25° it aims for or
/// growing, more when the car is outside the circle; and it rides the throttle on the same
/// angle (more throttle while β is short of 25°, less while it grows) with a little more
/// throttle inside the circle and less outside. Figure: the longest stretch with both rear
/// slip angles within 15–40° and the car within 5 m of the circle (ok ≥ 3 s).
FeelRun drift(const Settings& s) {
    constexpr double kRadius = 40.0;       // m
    constexpr double kEntry = 14.0;        // m/s
    constexpr double kHold = 12.0;         // s of drifting after the entry
    constexpr double kBeta = 25.0 / kDeg;  // the car's slip angle the player aims for
    Drive d(s);
    const CarGeometry g = car_geometry(d.def());
    car_set_speed(d.car(), d.def(), kEntry);
    const dvec2 centre{0.0, kRadius};
    InputState in;
    const auto lock = [&](double speed) {
        return std::fmax(max_steer_at(d.def().max_steer, d.def().steering, speed), 1e-3);
    };
    // On the circle: the steady-state steer plus a pull back onto the line.
    for (int i = 0; i * d.dt < 1.0; ++i) {
        const Car& c = d.car();
        const double err = glm::length(c.position - centre) - kRadius;
        in.steer =
            clamp((std::atan(g.wheelbase / kRadius) + 0.05 * err) / lock(d.speed()), -1.0, 1.0);
        in.throttle = car_forward_speed(c) < kEntry ? 0.5 : 0.2;
        d.step(in);
    }
    // Entry: full lock and full throttle until the tail is out.
    in.steer = 1.0;
    in.throttle = 1.0;
    for (int i = 0; i * d.dt < 1.5; ++i) {
        d.step(in);
        if (std::fabs(d.car().wheels[2].slip_angle) * kDeg > 15.0) break;
    }
    double held = 0.0;
    double best = 0.0;
    double throttle_i = 0.5;
    double prev_beta = 0.0;
    double beta_rate = 0.0;  // rad/s, low-passed over 0.05 s as a player's eye would
    bool first = true;
    const double start = d.out.seconds;
    while (d.out.seconds - start < kHold) {
        const Car& c = d.car();
        const dvec2 fwd{std::cos(c.heading), std::sin(c.heading)};
        const dvec2 left{-fwd.y, fwd.x};
        const double vx = std::fmax(glm::dot(c.velocity, fwd), 0.5);
        const double vy = glm::dot(c.velocity, left);
        const double beta = std::atan2(-vy, vx);  // > 0: the tail out of the turn
        if (first) prev_beta = beta;
        first = false;
        beta_rate += (1.0 - std::exp(-d.dt / 0.05)) * ((beta - prev_beta) / d.dt - beta_rate);
        prev_beta = beta;
        const double travel_f = std::atan2(vy + g.cg_to_front * c.yaw_rate, vx);
        const double err = glm::length(c.position - centre) - kRadius;  // > 0: outside
        const double e_b = beta - kBeta;
        const double aim = clamp(0.05 - 0.5 * e_b - 0.15 * beta_rate + 0.01 * err, -0.2, 0.2);
        in.steer = clamp((travel_f + aim) / lock(d.speed()), -1.0, 1.0);
        throttle_i = clamp(throttle_i - d.dt * (e_b + 0.05 * err), 0.0, 1.0);
        in.throttle = clamp(throttle_i - 2.0 * e_b - 0.5 * beta_rate, 0.0, 1.0);
        d.step(in);
        const double r2 = std::fabs(d.car().wheels[2].slip_angle) * kDeg;
        const double r3 = std::fabs(d.car().wheels[3].slip_angle) * kDeg;
        const bool sliding = std::fmin(r2, r3) >= 15.0 && std::fmax(r2, r3) <= 40.0;
        const bool on_circle = std::fabs(err) <= 5.0;
        held = sliding && on_circle ? held + d.dt : 0.0;
        best = std::fmax(best, held);
    }
    d.out.figure_key = "drift_held_s";
    d.out.figure = best;
    d.out.ok = best >= 3.0;
    return d.finish();
}

}  // namespace

const std::vector<std::string>& feel_scripts() {
    static const std::vector<std::string> names{"donut",  "bend",   "spin",  "brake-turn",
                                                "slalom", "launch", "drift", "handbrake-turn"};
    return names;
}

FeelRun run_feel(const Settings& settings, const std::string& script) {
    FeelRun out;
    if (script == "donut")
        out = donut(settings);
    else if (script == "bend")
        out = bend(settings);
    else if (script == "spin")
        out = spin(settings);
    else if (script == "brake-turn")
        out = brake_turn(settings);
    else if (script == "slalom")
        out = slalom(settings);
    else if (script == "launch")
        out = launch(settings);
    else if (script == "drift")
        out = drift(settings);
    else if (script == "handbrake-turn")
        out = handbrake_turn(settings);
    else
        out.figure_key = "unknown";
    out.script = script;
    return out;
}

}  // namespace skidpad::lab
