// Lab experiments of the soft-body module: `bench` (performance and quality of the
// benchmark scene) and `crash` (car into a target: momentum bookkeeping).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "crash_runs.hpp"
#include "lab.hpp"
#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

// A speed probe of the core we run on: dependent integer adds per nanosecond,
// about the effective clock in GHz. On a shared VM it varies up to 2x over
// minutes, so `lab bench` prints it (median of 5 short probes before the timed
// steps and 5 after) and runs can be compared at equal machine speed.
double probe_ghz_once() {
    constexpr unsigned long kAdds = 10'000'000;
    const auto t0 = std::chrono::steady_clock::now();
    unsigned long x = 0;
    for (unsigned long i = 0; i < kAdds; ++i) {
#if defined(__x86_64__) || defined(__i386__)
        asm volatile("add $1, %0" : "+r"(x));  // one cycle each, serially dependent
#else
        x += 1;
        asm volatile("" : "+r"(x));
#endif
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
    return ns > 0.0 && x == kAdds ? static_cast<double>(kAdds) / ns : 0.0;
}

void probe_ghz(std::vector<double>& out) {
    for (int r = 0; r < 5; ++r)
        out.push_back(probe_ghz_once());
}

// Milliseconds on the steady clock: the soft solver's stage clock in `lab bench`.
double clock_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

double median_of(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

// One busy-spinning thread per core for as long as it lives: the load a game's
// own threads or another program put on the machine, for `lab bench --contend`.
// It shares nothing with the measured world.
class Contention {
public:
    explicit Contention(bool on) {
        if (!on) return;
        const unsigned hw = std::thread::hardware_concurrency();
        for (unsigned k = 0; k < (hw == 0 ? 1u : hw); ++k) {
            spinners_.emplace_back([this] {
                unsigned long x = 0;
                while (!stop_.load(std::memory_order_relaxed)) {
                    x += 1;
                    asm volatile("" : "+r"(x));
                }
            });
        }
    }
    Contention(const Contention&) = delete;
    Contention& operator=(const Contention&) = delete;
    ~Contention() {
        stop_.store(true, std::memory_order_relaxed);
        for (std::thread& t : spinners_)
            t.join();
    }
    int count() const { return static_cast<int>(spinners_.size()); }

private:
    std::atomic<bool> stop_{false};
    std::vector<std::thread> spinners_;
};

int run_bench(Context& ctx) {
    const double n = ctx.number("crates", 1000);
    const double steps_d = ctx.number("steps", 600);
    const double seed_d = ctx.number("seed", 1);
    if (!(n >= 0 && n <= 1000000 && n == std::floor(n)))
        throw UsageError{"--crates must be a whole number in [0, 1000000]"};
    if (!(steps_d >= 1 && steps_d <= 100000 && steps_d == std::floor(steps_d)))
        throw UsageError{"--steps must be a whole number in [1, 100000]"};
    if (!(seed_d >= 0 && seed_d == std::floor(seed_d)))
        throw UsageError{"--seed must be a whole number >= 0"};
    const double threads_d = ctx.number("threads", ctx.settings.soft.threads);
    if (!(threads_d >= 1 && threads_d <= kMaxSoftThreads && threads_d == std::floor(threads_d)))
        throw UsageError{"--threads must be a whole number in [1, " +
                         std::to_string(kMaxSoftThreads) + "]"};
    const bool contend = ctx.number("contend", 0) != 0;
    const int crates = static_cast<int>(n);
    const int steps = static_cast<int>(steps_d);
    Settings s = ctx.settings;
    s.soft = bench_soft_def(s.soft);
    s.soft.threads = static_cast<int>(threads_d);
    ctx.settings = s;
    ctx.print_params({"soft."});
    World world(world_def(s));
    build_bench_scene(world.soft(), make_bench_scene(crates, static_cast<std::uint64_t>(seed_d)));
    const double dt = 1.0 / 120.0;
    for (int i = 0; i < 60; ++i)
        world.step(dt);
    std::vector<double> probes;
    probe_ghz(probes);
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(steps));
    // Per-stage times of each timed step (the solver reads the lab's clock).
    std::vector<double> broad_ms, narrow_ms, solve_ms, integrate_ms, other_ms;
    world.soft().set_stage_clock(&clock_ms);
    float max_pen = 0.0f, max_strain = 0.0f;
    int max_sub = 0;
    double pairs = 0.0, contacts = 0.0;
    int contenders = 0;
    {
        const Contention busy(contend);  // only while the steps are timed
        contenders = busy.count();
        for (int i = 0; i < steps; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            world.step(dt);
            const auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            const SoftStageTimes& st = world.soft().stage_times();
            broad_ms.push_back(st.broad_ms);
            narrow_ms.push_back(st.narrow_ms);
            solve_ms.push_back(st.solve_ms);
            integrate_ms.push_back(st.integrate_ms);
            other_ms.push_back(st.other_ms);
            max_pen = std::max(max_pen, world.soft().stats().max_penetration);
            max_strain = std::max(max_strain, world.soft().stats().max_strain);
            max_sub = std::max(max_sub, world.soft().stats().substeps);
            pairs += world.soft().stats().pairs;
            contacts += world.soft().stats().contacts;
        }
    }
    probe_ghz(probes);
    double mean = 0.0;
    for (double m : ms)
        mean += m;
    mean /= static_cast<double>(ms.size());
    const double median = median_of(ms);
    Line line;
    line.kv("crates", crates).kv("steps", steps);
    line.kv("ms_per_step_median", median, 4).kv("ms_per_step_mean", mean, 4);
    line.kv("max_penetration_m", static_cast<double>(max_pen), 5);
    line.kv("max_strain", static_cast<double>(max_strain), 5);
    line.kv("kinetic_energy_j", world.soft().kinetic_energy(), 3);
    line.kv("bodies", static_cast<long long>(world.soft().body_count()));
    line.kv("max_substeps", max_sub);
    line.kv("pairs_mean", pairs / steps, 1).kv("contacts_mean", contacts / steps, 1);
    line.kv("probe_ghz", median_of(probes), 2);
    line.kv("threads", s.soft.threads).kv("contend", contend ? 1 : 0);
    line.kv("contenders", contenders);
    line.kv("speed_caps", static_cast<long long>(world.soft().speed_cap_events()));
    line.kv("max_particle_speed", static_cast<double>(world.soft().max_particle_speed()), 3);
    line.kv("broad_ms", median_of(broad_ms), 4).kv("narrow_ms", median_of(narrow_ms), 4);
    line.kv("solve_ms", median_of(solve_ms), 4).kv("integrate_ms", median_of(integrate_ms), 4);
    line.kv("other_ms", median_of(other_ms), 4);
    line.kv("machine_threads", soft_machine_threads());
    ctx.print(line);
    return 0;
}

// The car starts 0.05 m short of the target at --speed with no input, out of gear
// (crash_runs.hpp). "before" is its momentum then (with its wheels' spin); "after" is
// measured 0.1 s later. The car's own losses (drag, rolling) are removed by subtracting a
// run without the target, so momentum_error shows only what the coupling does (against
// a pinned wall: the car's change against the impulses its contacts reported). The
// contact figures (restitution, tangential speed, peak deceleration, contact steps,
// crush, pulse) are taken when the contact ended (docs/physics.md §12.1).
int run_crash(Context& ctx) {
    CrashSetup setup;
    setup.speed = ctx.number("speed", 30.0);
    setup.target = ctx.text("target", "crate");
    setup.angle_deg = ctx.number("angle", 90.0);
    setup.pinned = ctx.number("pinned", 0) != 0;
    if (!(setup.speed > 0.0 && setup.speed <= 150.0)) {
        throw UsageError{"--speed must be in (0, 150] m/s"};
    }
    if (setup.target != "crate" && setup.target != "barrier" && setup.target != "wall-of-crates" &&
        setup.target != "car") {
        throw UsageError{"--target must be crate, barrier, wall-of-crates or car"};
    }
    if (!(setup.angle_deg >= 5.0 && setup.angle_deg <= 90.0)) {
        throw UsageError{"--angle must be in [5, 90] degrees (90 = head-on)"};
    }
    ctx.print_params({"soft.", "car.mass", "car.length", "car.width"});
    const CrashResult r = run_crash_test(ctx.settings, setup);
    Line line;
    line.kv("target", setup.target).kv("speed", setup.speed, 3);
    line.kv("car_momentum_before", r.car_momentum_before.x, 3)
        .kv("car_momentum_after", r.car_momentum_after.x, 3);
    line.kv("car_momentum_after_y", r.car_momentum_after.y, 3);
    line.kv("target_momentum_after", r.target_momentum_after.x, 3)
        .kv("target_momentum_after_y", r.target_momentum_after.y, 3);
    line.kv("momentum_error", r.momentum_error, 6);
    line.kv("car_speed_after", r.car_speed_after, 4);
    line.kv("speed_caps", r.speed_caps);
    line.kv("car_dent_m", r.car_dent_m, 4);
    line.kv("angle", setup.angle_deg, 3).kv("pinned", setup.pinned ? 1 : 0);
    line.kv("restitution", r.restitution, 4);
    line.kv("tangential_speed_after", r.tangential_speed_after, 4);
    line.kv("coulomb_tangential_speed", r.coulomb_tangential_speed, 4);
    line.kv("normal_impulse", r.normal_impulse, 1);
    line.kv("peak_decel_g", r.peak_decel_g, 2);
    line.kv("contact_steps", r.contact_steps);
    line.kv("yaw_rate_after", r.yaw_rate_after, 4);
    line.kv("contact_ended", r.ended ? 1 : 0);
    line.kv("dynamic_crush_m", r.dynamic_crush_m, 4);
    line.kv("pulse_ms", r.pulse_ms, 2).kv("peak_time_ms", r.peak_time_ms, 2);
    line.kv("energy_absorbed", r.energy_absorbed, 4);
    ctx.print(line);
    return 0;
}

}  // namespace

void register_soft_experiments(Registry& r) {
    r.add({"bench",
           "Soft-body benchmark scene: N crates in a pinned arena, dt 1/120 s, default "
           "soft settings.",
           {{"crates", "N", "number of crates (default 1000)"},
            {"steps", "S", "timed steps after 60 warm-up steps (default 600)"},
            {"seed", "K", "random seed of the jitter and velocities (default 1)"},
            {"threads", "N",
             "worker threads of the soft solver, 1-256; at most the machine's cores run "
             "(default soft.threads)"},
            {"contend", "",
             "while timing, run one busy-spinning thread per core beside the world (a machine "
             "whose every core is busy)"}},
           run_bench});
    r.add({"crash",
           "The car coasting into a target: car momentum before/after, target momentum, relative "
           "error; restitution, tangential speed, peak deceleration and contact steps of the hit.",
           {{"speed", "V", "car speed in m/s (default 30)"},
            {"target", "T", "crate | barrier | wall-of-crates | car (default crate)"},
            {"angle", "DEG",
             "angle between the car's path and the target's face, 5-90 (default 90, head-on)"},
            {"pinned", "", "barrier: a pinned (immovable) wall instead of a movable 4000 kg one"}},
           run_crash});
    register_soft_bound_experiments(r);
}

}  // namespace skidpad::lab
