// Integration quality: sub-step independence, random-parameter robustness, determinism.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "car_runs.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

TEST_CASE("car 0-100 kmh time changes by less than 2 percent across sub-steps and rates",
          "[car][substeps]") {
    const double target = 100.0 / 3.6;
    Settings base;
    base.sim.physics_hz = 120.0;
    base.sim.substeps = 4;
    const lab::AccelRun ref = lab::run_accel(base, target);
    REQUIRE(ref.reached);
    CHECK(ref.seconds > 3.0);
    CHECK(ref.seconds < 12.0);
    for (int sub : {1, 2, 4, 8}) {
        Settings s = base;
        s.sim.substeps = sub;
        const lab::AccelRun run = lab::run_accel(s, target);
        INFO("substeps " << sub << ": " << run.seconds << " s vs " << ref.seconds);
        CHECK(std::fabs(run.seconds - ref.seconds) / ref.seconds < 0.02);
    }
    for (double hz : {60.0, 120.0, 240.0}) {
        Settings s = base;
        s.sim.physics_hz = hz;
        const lab::AccelRun run = lab::run_accel(s, target);
        INFO(hz << " Hz: " << run.seconds << " s vs " << ref.seconds);
        CHECK(std::fabs(run.seconds - ref.seconds) / ref.seconds < 0.02);
    }
}

namespace {

bool car_finite(const Car& c) {
    bool ok = std::isfinite(c.position.x) && std::isfinite(c.position.y) &&
              std::isfinite(c.velocity.x) && std::isfinite(c.velocity.y) &&
              std::isfinite(c.heading) && std::isfinite(c.yaw_rate) && std::isfinite(c.rpm) &&
              std::isfinite(c.accel_long) && std::isfinite(c.accel_lat) &&
              std::isfinite(c.steer_angle);
    for (const Wheel& w : c.wheels) {
        ok = ok && std::isfinite(w.spin) && std::isfinite(w.slip_ratio) &&
             std::isfinite(w.slip_angle) && std::isfinite(w.load) && std::isfinite(w.force_long) &&
             std::isfinite(w.force_lat) && std::isfinite(w.grip_limit) && w.load >= 0.0;
    }
    return ok;
}

/// Random driver: new pedal/steer values every 0.25..1 s, occasional buttons.
InputState random_input(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    InputState in;
    in.throttle = u(rng) < 0.6 ? u(rng) : 0.0;
    in.brake = u(rng) < 0.3 ? u(rng) : 0.0;
    in.steer = 2.0 * u(rng) - 1.0;
    in.handbrake = u(rng) < 0.15 ? 1.0 : 0.0;
    in.shift_up = u(rng) < 0.1;
    in.shift_down = u(rng) < 0.1;
    in.toggle_manual = u(rng) < 0.05;
    return in;
}

struct Outcome {
    bool finite = true;
    double max_speed = 0.0;
    int resets = 0;
};

Outcome drive_random(const Settings& s, std::uint64_t seed, double seconds) {
    std::mt19937_64 rng(seed);
    World w(world_def(s));
    const CarId id = w.add_car({0.0, 0.0}, 0.0, s.car);
    const double dt = 1.0 / s.sim.physics_hz;
    const long long n = static_cast<long long>(seconds * s.sim.physics_hz);
    Outcome out;
    InputState in;
    long long next_change = 0;
    std::uniform_int_distribution<long long> hold(static_cast<long long>(0.25 / dt),
                                                  static_cast<long long>(1.0 / dt));
    for (long long i = 0; i < n; ++i) {
        if (i >= next_change) {
            in = random_input(rng);
            next_change = i + hold(rng);
        } else {
            in.shift_up = in.shift_down = in.toggle_manual = false;
        }
        w.step(dt, in);
        const Car& c = w.car(id);
        if (!car_finite(c)) {
            out.finite = false;
            break;
        }
        out.max_speed = std::fmax(out.max_speed, std::hypot(c.velocity.x, c.velocity.y));
    }
    out.resets = w.numeric_resets(id);
    return out;
}

Settings random_car(std::mt19937_64& rng) {
    Settings s;
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("car.", 0) != 0) continue;
        double v = p.min + (p.max - p.min) * u(rng);
        if (p.type != ParamType::Real) v = std::floor(p.min + (p.max - p.min + 1.0) * u(rng));
        v = clamp(v, p.min, p.max);
        REQUIRE(param_registry().set(s, p.key, v).ok);
    }
    return s;
}

}  // namespace

TEST_CASE("car stays finite and below 200 m/s for 200 random parameter sets", "[car][robust]") {
    std::mt19937_64 rng(20261201);
    int worst_set = -1;
    double worst = 0.0;
    for (int k = 0; k < 200; ++k) {
        const Settings s = random_car(rng);
        const Outcome o = drive_random(s, 1000 + static_cast<std::uint64_t>(k), 10.0);
        INFO("set " << k << " max speed " << o.max_speed);
        REQUIRE(o.finite);
        CHECK(o.resets == 0);
        CHECK(o.max_speed < 200.0);
        if (o.max_speed > worst) {
            worst = o.max_speed;
            worst_set = k;
        }
    }
    INFO("fastest set " << worst_set << " at " << worst << " m/s");
    CHECK(worst > 5.0);  // the random drivers did drive
}

TEST_CASE("car stays finite at the coarsest physics step with random parameters", "[car][robust]") {
    std::mt19937_64 rng(77);
    for (int k = 0; k < 40; ++k) {
        Settings s = random_car(rng);
        s.sim.physics_hz = 30.0;
        s.sim.substeps = 1;
        const Outcome o = drive_random(s, 5000 + static_cast<std::uint64_t>(k), 10.0);
        INFO("set " << k << " max speed " << o.max_speed);
        REQUIRE(o.finite);
        CHECK(o.resets == 0);
        CHECK(o.max_speed < 200.0);
    }
}

TEST_CASE("car input script run twice gives bit-identical states", "[car][determinism]") {
    auto run = [] {
        Settings s;
        s.car.drivetrain.layout = Layout::AWD;
        World w(world_def(s));
        const CarId id = w.add_car({1.0, 2.0}, 0.4, s.car);
        std::vector<double> trace;
        for (int i = 0; i < 1200; ++i) {
            InputState in;
            in.throttle = (i / 100) % 2 ? 1.0 : 0.2;
            in.brake = (i / 250) % 3 == 2 ? 0.8 : 0.0;
            in.steer = std::sin(i * 0.01);
            in.handbrake = (i / 300) % 4 == 3 ? 1.0 : 0.0;
            in.shift_up = i % 400 == 0;
            w.step(1.0 / 120.0, in);
            const Car& c = w.car(id);
            trace.insert(trace.end(), {c.position.x, c.position.y, c.velocity.x, c.velocity.y,
                                       c.heading, c.yaw_rate, c.rpm, c.steer_angle});
            for (const Wheel& wh : c.wheels)
                trace.insert(trace.end(), {wh.spin, wh.load});
        }
        return std::pair{trace, w.state_hash()};
    };
    const auto a = run();
    const auto b = run();
    REQUIRE(a.first.size() == b.first.size());
    CHECK(std::memcmp(a.first.data(), b.first.data(), a.first.size() * sizeof(double)) == 0);
    CHECK(a.second == b.second);
}
