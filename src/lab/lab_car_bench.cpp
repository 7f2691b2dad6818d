// `lab car-bench`: what one car costs per physics step at the settings' rate, sub-steps
// and sim.car_min_hz (docs/performance.md). A benchmark: it prints figures, it checks none.
#include <algorithm>
#include <chrono>
#include <vector>

#include "lab.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

int run_car_bench(Context& ctx) {
    const double seconds = ctx.number("seconds", 60.0);
    if (!(seconds >= 1.0 && seconds <= 3600.0)) throw UsageError{"--seconds must be in [1, 3600]"};
    const Settings& s = ctx.settings;
    World world(world_def(s));
    const CarId id = world.add_car({0.0, 0.0}, 0.0, s.car);
    const double dt = 1.0 / s.sim.physics_hz;
    const int per_block = std::max(1, static_cast<int>(s.sim.physics_hz + 0.5));  // ~1 s
    const int blocks = static_cast<int>(seconds);
    std::vector<double> us_per_step;
    us_per_step.reserve(static_cast<std::size_t>(blocks));
    long long step = 0;
    for (int b = 0; b < blocks; ++b) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < per_block; ++i, ++step) {
            // Throttle and steer alternating every 2 s: launches, shifts, slides, recoveries.
            InputState in;
            in.throttle = (step / (2 * per_block)) % 2 ? 1.0 : 0.4;
            in.steer = (step / (3 * per_block)) % 2 ? 0.6 : -0.3;
            world.step(dt, in);
        }
        const auto t1 = std::chrono::steady_clock::now();
        us_per_step.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() /
                              per_block);
    }
    std::vector<double> sorted = us_per_step;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[sorted.size() / 2];
    const int substeps = s.sim.substeps < 1 ? 1 : s.sim.substeps;
    const int inner = car_inner_steps(dt / substeps, s.sim.car_min_hz);
    Line line;
    line.kv("experiment", "car-bench")
        .kv("physics_hz", s.sim.physics_hz)
        .kv("substeps", substeps)
        .kv("car_min_hz", s.sim.car_min_hz)
        .kv("car_steps_per_step", substeps * inner)
        .kv("us_per_step_median", median, 2)
        .kv("us_per_car_step", median / (substeps * inner), 3)
        .kv("realtime_pct", median * s.sim.physics_hz / 1e4, 3)
        .kv("seconds", seconds)
        .kv("numeric_resets", world.numeric_resets(id));
    ctx.print(line);
    return 0;
}

}  // namespace

void register_car_bench(Registry& r) {
    r.add({"car-bench",
           "One car driving (throttle and steer alternating) in an empty world: microseconds "
           "per physics step and per car step at the settings' rate, sub-steps and "
           "sim.car_min_hz.",
           {{"seconds", "S", "simulated seconds, timed in blocks of 1 s (default 60)"}},
           run_car_bench});
}

}  // namespace skidpad::lab
