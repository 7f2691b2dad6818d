// The soft-body bench (the `lab bench` scene) with only the core linked, for machines
// without the game's libraries: one run of N crates at T threads, medians per step.
//   skidpad_device_bench [--crates N] [--steps S] [--warmup W] [--threads T] [--seed K]
//                        [--contend 1]
//   skidpad_device_bench --bandwidth 1
// (the second prints one thread's memory bandwidth: read_gbs copy_gbs, best of five
// passes over 256 MiB, the figure the memory-traffic floor in docs/performance.md uses)
// prints one key=value line: crates steps threads machine_threads contend
// ms_per_step_median ms_per_step_mean broad_ms narrow_ms solve_ms integrate_ms other_ms
// max_penetration_m max_strain pairs_mean contacts_mean state_hash (stage figures:
// medians per step). --contend 1 runs a busy-spinning thread per core while timing.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

double clock_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The whole number after flag `name`, or `fallback`; exits with a message when it is
// not one in [lo, hi].
long number_arg(int argc, char** argv, const char* name, long fallback, long lo, long hi) {
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], name) != 0) continue;
        char* end = nullptr;
        const long v = std::strtol(argv[i + 1], &end, 10);
        if (end == argv[i + 1] || *end != '\0' || v < lo || v > hi) {
            std::fprintf(stderr, "%s: '%s' is not a whole number in [%ld, %ld]\n", name,
                         argv[i + 1], lo, hi);
            std::exit(2);
        }
        return v;
    }
    return fallback;
}

// One thread's memory bandwidth, GB/s: a sum over 256 MiB of floats (read) and a copy
// of 128 MiB into another 128 MiB (read + write, both counted), best of five.
void print_bandwidth() {
    constexpr std::size_t kFloats = std::size_t{64} << 20;  // 256 MiB
    std::vector<float> a(kFloats, 1.0f), b(kFloats / 2, 0.0f);
    double best_read = 0.0, best_copy = 0.0;
    volatile float sink = 0.0f;
    for (int r = 0; r < 5; ++r) {
        double t0 = clock_ms();
        float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
        for (std::size_t i = 0; i < kFloats; i += 4) {
            s0 += a[i];
            s1 += a[i + 1];
            s2 += a[i + 2];
            s3 += a[i + 3];
        }
        sink = sink + s0 + s1 + s2 + s3;
        double ms = clock_ms() - t0;
        best_read = std::max(best_read, static_cast<double>(kFloats * sizeof(float)) / ms / 1e6);
        t0 = clock_ms();
        std::copy(a.begin() +
                      static_cast<std::ptrdiff_t>(r % 2) * static_cast<std::ptrdiff_t>(kFloats / 2),
                  a.begin() + static_cast<std::ptrdiff_t>(r % 2 + 1) *
                                  static_cast<std::ptrdiff_t>(kFloats / 2),
                  b.begin());
        ms = clock_ms() - t0;
        best_copy = std::max(best_copy, static_cast<double>(kFloats * sizeof(float)) / ms / 1e6);
        sink = sink + b[static_cast<std::size_t>(r)];
    }
    std::printf("bandwidth threads=1 read_gbs=%.2f copy_gbs=%.2f\n", best_read, best_copy);
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; i += 2) {
        const std::string a = argv[i];
        if ((a != "--crates" && a != "--steps" && a != "--threads" && a != "--seed" &&
             a != "--warmup" && a != "--contend" && a != "--bandwidth") ||
            i + 1 >= argc) {
            std::fprintf(stderr,
                         "usage: %s [--crates N] [--steps S] [--warmup W] [--threads T] "
                         "[--seed K] [--contend 1]\n"
                         "unknown or incomplete argument '%s'\n",
                         argv[0], argv[i]);
            return 2;
        }
    }
    if (number_arg(argc, argv, "--bandwidth", 0, 0, 1) != 0) {
        print_bandwidth();
        return 0;
    }
    const long crates = number_arg(argc, argv, "--crates", 10000, 0, 1000000);
    const long steps = number_arg(argc, argv, "--steps", 100, 1, 100000);
    const long threads = number_arg(argc, argv, "--threads", 1, 1, kMaxSoftThreads);
    const long seed = number_arg(argc, argv, "--seed", 1, 0, 1L << 30);
    const long warmup = number_arg(argc, argv, "--warmup", 60, 0, 100000);
    const bool contend = number_arg(argc, argv, "--contend", 0, 0, 1) != 0;
    Settings s;
    s.soft = bench_soft_def(s.soft);
    s.soft.threads = static_cast<int>(threads);
    World world(world_def(s));
    build_bench_scene(world.soft(),
                      make_bench_scene(static_cast<int>(crates), static_cast<std::uint64_t>(seed)));
    const double dt = 1.0 / 120.0;
    for (long i = 0; i < warmup; ++i)
        world.step(dt);
    // One busy-spinning thread per core while the steps are timed (--contend 1).
    std::atomic<bool> stop{false};
    std::vector<std::thread> spinners;
    for (int k = 0; contend && k < soft_machine_threads(); ++k) {
        spinners.emplace_back([&stop] {
            unsigned long x = 0;
            while (!stop.load(std::memory_order_relaxed)) {
                x += 1;
                asm volatile("" : "+r"(x));
            }
        });
    }
    world.soft().set_stage_clock(&clock_ms);
    std::vector<double> ms, broad, narrow, solve, integ, other;
    float max_pen = 0.0f, max_strain = 0.0f;
    double pairs = 0.0, contacts = 0.0;
    for (long i = 0; i < steps; ++i) {
        const double t0 = clock_ms();
        world.step(dt);
        ms.push_back(clock_ms() - t0);
        const SoftStageTimes& st = world.soft().stage_times();
        broad.push_back(st.broad_ms);
        narrow.push_back(st.narrow_ms);
        solve.push_back(st.solve_ms);
        integ.push_back(st.integrate_ms);
        other.push_back(st.other_ms);
        max_pen = std::max(max_pen, world.soft().stats().max_penetration);
        max_strain = std::max(max_strain, world.soft().stats().max_strain);
        pairs += world.soft().stats().pairs;
        contacts += world.soft().stats().contacts;
    }
    stop.store(true, std::memory_order_relaxed);
    for (std::thread& t : spinners)
        t.join();
    double mean = 0.0;
    for (double m : ms)
        mean += m;
    mean /= static_cast<double>(ms.size());
    std::printf(
        "crates=%ld steps=%ld threads=%ld machine_threads=%d contend=%d ms_per_step_median=%.4f "
        "ms_per_step_mean=%.4f broad_ms=%.4f narrow_ms=%.4f solve_ms=%.4f integrate_ms=%.4f "
        "other_ms=%.4f max_penetration_m=%.5f max_strain=%.5f pairs_mean=%.1f "
        "contacts_mean=%.1f state_hash=%llu\n",
        crates, steps, threads, soft_machine_threads(), contend ? 1 : 0, median(ms), mean,
        median(broad), median(narrow), median(solve), median(integ), median(other),
        static_cast<double>(max_pen), static_cast<double>(max_strain),
        pairs / static_cast<double>(steps), contacts / static_cast<double>(steps),
        static_cast<unsigned long long>(world.state_hash()));
    return 0;
}
