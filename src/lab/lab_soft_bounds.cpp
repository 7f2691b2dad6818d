// Lab experiments on the soft bodies' bounds (docs/physics.md §13): `ram` (the car into
// a dense crate stack, with and without breaking) and `soak` (random driving in the
// arena). Both print what they measured; the tests assert on the same runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "lab.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/world.hpp"
#include "soft_bound_runs.hpp"

namespace skidpad::lab {

namespace {

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

/// Steps `world` once (timed) and folds its state into `r`.
void step_and_measure(World& world, double dt, BoundRun& r, std::vector<double>& ms) {
    const auto t0 = std::chrono::steady_clock::now();
    world.step(dt);
    const auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    const SoftWorld& sw = world.soft();
    const SoftStats& st = sw.stats();
    r.steps += 1;
    r.broken += st.broken;
    r.breaks_refused += st.breaks_refused;
    r.max_pieces_seen = std::max(r.max_pieces_seen, st.pieces);
    r.max_steady_pieces_seen = std::max(r.max_steady_pieces_seen, st.pieces - st.fading);
    r.max_fading_seen = std::max(r.max_fading_seen, st.fading);
    r.faded += st.faded;
    const double v = sw.max_particle_speed();
    if (!std::isfinite(v)) r.finite = false;
    r.max_particle_speed = std::max(r.max_particle_speed, v);
    // The farthest particle, checked every 12 steps (it moves at most max_speed / 10 m
    // in between).
    if (r.steps % 12 == 0) {
        for (const vec2& p : sw.positions()) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) r.finite = false;
            r.max_distance = std::max(r.max_distance, static_cast<double>(glm::length(p)));
        }
    }
    if (world.valid(world.player())) {
        const Car& c = world.car(world.player());
        const double cv = glm::length(c.velocity);
        if (!std::isfinite(cv) || !std::isfinite(c.position.x) || !std::isfinite(c.position.y))
            r.finite = false;
        r.max_car_speed = std::max(r.max_car_speed, cv);
    }
}

void finish(const World& world, BoundRun& r, const std::vector<double>& ms) {
    const SoftWorld& sw = world.soft();
    r.speed_caps = static_cast<long long>(sw.speed_cap_events());
    r.pieces = sw.stats().pieces;
    r.bodies = static_cast<int>(sw.body_count());
    r.particles = static_cast<int>(sw.particle_count());
    r.ms_per_step_median = median(ms);
    r.ms_per_step_max = ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end());
}

/// splitmix64: a seeded sequence that is the same on every platform.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

}  // namespace

BoundRun run_ram(const Settings& settings, int rows, int cols, double gap, double speed,
                 double seconds, double throttle) {
    World world(world_def(settings));
    const CarId car = world.add_car({0.0, 0.0}, 0.0, settings.car);
    InputState in;
    in.throttle = throttle;
    world.set_input(car, in);
    car_set_speed(world.car(car), world.car_def(car), speed);
    const SoftDef& d = world.def().soft;
    const float size = static_cast<float>(d.crate_size);
    const float pitch = size + static_cast<float>(gap);
    const float x0 = static_cast<float>(world.car_def(car).length * 0.5 + 1.0) + 0.5f * size;
    const float y0 = -0.5f * pitch * static_cast<float>(rows - 1);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            world.soft().add_crate(
                d, {x0 + pitch * static_cast<float>(c), y0 + pitch * static_cast<float>(r)}, 0.0f);
        }
    }
    const double dt = 1.0 / settings.sim.physics_hz;
    const int steps = static_cast<int>(std::lround(seconds / dt));
    const int last_second = std::max(steps - static_cast<int>(std::lround(1.0 / dt)), 0);
    BoundRun r;
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(steps));
    double pile_sum = 0.0;
    long long pile_n = 0;
    for (int i = 0; i < steps; ++i) {
        step_and_measure(world, dt, r, ms);
        if (i < last_second) continue;
        const SoftWorld& sw = world.soft();
        r.pile_particle_speed_max =
            std::max(r.pile_particle_speed_max, static_cast<double>(sw.max_particle_speed()));
        for (std::size_t n = 0; n < sw.body_count(); ++n) {
            const BodyId id = sw.id_of(n);
            if (sw.mass(id) <= 0.0f) continue;
            const double v = glm::length(sw.velocity(id));
            pile_sum += v;
            pile_n += 1;
            r.pile_speed_max = std::max(r.pile_speed_max, v);
        }
    }
    r.pile_speed_mean = pile_n > 0 ? pile_sum / static_cast<double>(pile_n) : 0.0;
    finish(world, r, ms);
    return r;
}

BoundRun run_soak(const Settings& settings, double seconds, std::uint64_t seed) {
    World world(world_def(settings));
    build_level(world, builtin_arena_level(), settings.car);
    const double dt = 1.0 / settings.sim.physics_hz;
    const long long steps = std::llround(seconds / dt);
    Rng rng{seed};
    InputState in;
    double hold = 0.0, stuck = 0.0;
    BoundRun r;
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(std::min(steps, 1'000'000LL)));
    for (long long i = 0; i < steps; ++i) {
        in.reset = false;
        hold -= dt;
        if (hold <= 0.0) {
            hold = 0.5 + 1.5 * rng.uniform();
            const double u = rng.uniform();
            in.throttle = u < 0.75 ? 0.4 + 0.6 * rng.uniform() : 0.0;
            in.brake = u >= 0.75 && u < 0.9 ? rng.uniform() : 0.0;
            in.steer = 2.0 * rng.uniform() - 1.0;
            in.handbrake = rng.uniform() < 0.1 ? 1.0 : 0.0;
        }
        const Car& c = world.car(world.player());
        stuck = glm::length(c.velocity) < 1.0 ? stuck + dt : 0.0;
        if (stuck > 5.0) {
            in.reset = true;
            stuck = 0.0;
        }
        world.set_input(world.player(), in);
        step_and_measure(world, dt, r, ms);
    }
    finish(world, r, ms);
    return r;
}

namespace {

void print_run(Line& line, const BoundRun& r) {
    line.kv("max_particle_speed", r.max_particle_speed, 3);
    line.kv("max_car_speed", r.max_car_speed, 3);
    line.kv("max_distance_m", r.max_distance, 2);
    line.kv("speed_caps", r.speed_caps);
    line.kv("pieces", r.pieces).kv("max_pieces_seen", r.max_pieces_seen);
    line.kv("broken", r.broken).kv("breaks_refused", r.breaks_refused);
    line.kv("max_steady_pieces_seen", r.max_steady_pieces_seen);
    line.kv("max_fading_seen", r.max_fading_seen).kv("faded", r.faded);
    line.kv("bodies", r.bodies).kv("particles", r.particles);
    line.kv("finite", r.finite ? 1 : 0);
    line.kv("ms_per_step_median", r.ms_per_step_median, 4);
    line.kv("ms_per_step_max", r.ms_per_step_max, 4);
}

int run_ram_experiment(Context& ctx) {
    const double rows = ctx.number("rows", 30), cols = ctx.number("cols", 30);
    const double gap = ctx.number("gap", 0.02), speed = ctx.number("speed", 30.0);
    const double seconds = ctx.number("seconds", 8.0);
    const double throttle = ctx.number("throttle", 0.0);
    if (!(throttle >= 0.0 && throttle <= 1.0)) throw UsageError{"--throttle must be in [0, 1]"};
    auto whole = [](double v, double lo, double hi) {
        return v >= lo && v <= hi && v == std::floor(v);
    };
    if (!whole(rows, 1, 200) || !whole(cols, 1, 200))
        throw UsageError{"--rows and --cols must be whole numbers in [1, 200]"};
    if (!(gap >= 0.0 && gap <= 5.0)) throw UsageError{"--gap must be in [0, 5] m"};
    if (!(speed > 0.0 && speed <= 150.0)) throw UsageError{"--speed must be in (0, 150] m/s"};
    if (!(seconds > 0.0 && seconds <= 600.0)) throw UsageError{"--seconds must be in (0, 600]"};
    ctx.print_params({"soft."});
    const int nr = static_cast<int>(rows), nc = static_cast<int>(cols);
    const BoundRun broken = run_ram(ctx.settings, nr, nc, gap, speed, seconds, throttle);
    Settings whole_scene = ctx.settings;
    whole_scene.soft.breakable = false;
    const BoundRun unbroken = run_ram(whole_scene, nr, nc, gap, speed, seconds, throttle);
    Line line;
    line.kv("rows", nr).kv("cols", nc).kv("gap", gap, 3).kv("speed", speed, 3);
    line.kv("seconds", seconds, 3).kv("steps", broken.steps).kv("throttle", throttle, 3);
    line.kv("speed_cap", ctx.settings.soft.max_speed, 3);
    print_run(line, broken);
    line.kv("pile_speed_mean", broken.pile_speed_mean, 4);
    line.kv("pile_speed_max", broken.pile_speed_max, 4);
    line.kv("ms_per_step_median_unbroken", unbroken.ms_per_step_median, 4);
    line.kv("step_time_ratio",
            unbroken.ms_per_step_median > 0.0
                ? broken.ms_per_step_median / unbroken.ms_per_step_median
                : 0.0,
            3);
    line.kv("max_particle_speed_unbroken", unbroken.max_particle_speed, 3);
    line.kv("pile_speed_mean_unbroken", unbroken.pile_speed_mean, 4);
    line.kv("pile_speed_max_unbroken", unbroken.pile_speed_max, 4);
    line.kv("pile_particle_speed_max", broken.pile_particle_speed_max, 4);
    line.kv("pile_particle_speed_max_unbroken", unbroken.pile_particle_speed_max, 4);
    ctx.print(line);
    return 0;
}

int run_soak_experiment(Context& ctx) {
    const double seconds = ctx.number("seconds", 600.0);
    const double seed = ctx.number("seed", 1);
    if (!(seconds > 0.0 && seconds <= 36000.0)) throw UsageError{"--seconds must be in (0, 36000]"};
    if (!(seed >= 0 && seed == std::floor(seed) && seed < 9.0e15))
        throw UsageError{"--seed must be a whole number >= 0"};
    ctx.print_params({"soft."});
    const BoundRun r = run_soak(ctx.settings, seconds, static_cast<std::uint64_t>(seed));
    Line line;
    line.kv("seconds", seconds, 3).kv("seed", static_cast<long long>(seed));
    line.kv("steps", r.steps).kv("speed_cap", ctx.settings.soft.max_speed, 3);
    print_run(line, r);
    ctx.print(line);
    return 0;
}

}  // namespace

void register_soft_bound_experiments(Registry& r) {
    r.add({"ram",
           "The car rolling into a dense crate stack: particle speeds, pieces, speed-cap "
           "events and step time, with breaking and with soft.breakable=false.",
           {{"rows", "N", "stack rows, across the car's path (default 30)"},
            {"cols", "N", "stack columns, along the car's path (default 30)"},
            {"gap", "M", "gap between crates in m (default 0.02)"},
            {"speed", "V", "car speed in m/s (default 30)"},
            {"seconds", "S", "simulated time (default 8)"},
            {"throttle", "T", "throttle held throughout, 0-1 (default 0: the car rolls in)"}},
           run_ram_experiment});
    r.add({"soak",
           "Random (seeded) driving in the built-in arena: fastest particle, speed-cap "
           "events, pieces and whether the state stayed finite.",
           {{"seconds", "S", "simulated time (default 600)"},
            {"seed", "K", "random seed of the driving (default 1)"}},
           run_soak_experiment});
}

}  // namespace skidpad::lab
