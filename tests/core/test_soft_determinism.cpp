// Determinism of the soft-body world: a golden hash of the 1,000-crate bench scene
// after 600 steps, two runs compared step by step, and thread-count independence.
#include <catch2/catch.hpp>

#include <vector>

#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {
// The soft world's whole state: positions, previous positions, masses, rest lengths.
std::uint64_t hash_positions(const SoftWorld& w) {
    return w.state_hash(1469598103934665603ull);
}

World bench_world(int threads, int crates = 1000, bool simd = true) {
    Settings s;
    s.soft = bench_soft_def(s.soft);
    s.soft.threads = threads;
    s.soft.simd = simd;
    World w(world_def(s));
    build_bench_scene(w.soft(), make_bench_scene(crates, 1));
    return w;
}
}  // namespace

// Golden value: printed by this test on the reference build (GCC, x86-64, -O3 no
// -ffast-math). A change in the soft-body model changes it deliberately; update it
// then, with the reason in the commit message.
constexpr std::uint64_t kGoldenBench1000 = 10855981340220886182ull;

TEST_CASE("soft bench scene 1000 crates after 600 steps matches the golden hash",
          "[soft][determinism]") {
    World w = bench_world(2);
    for (int i = 0; i < 600; ++i)
        w.step(1.0 / 120.0);
    const std::uint64_t h = hash_positions(w.soft());
    INFO("hash " << h);
    CHECK(h == kGoldenBench1000);
}

TEST_CASE("two soft bench runs agree at every step and for 1 or 2 threads", "[soft][determinism]") {
    World a = bench_world(1);
    World b = bench_world(2);
    for (int i = 0; i < 240; ++i) {
        a.step(1.0 / 120.0);
        b.step(1.0 / 120.0);
        REQUIRE(hash_positions(a.soft()) == hash_positions(b.soft()));
    }
    REQUIRE(a.state_hash() == b.state_hash());
}

// 6,000 crates: enough bodies, pairs and contacts that every parallel part
// (integration, broad phase, SAT, the banded contact solve, relaxation) really
// splits its work; 1,000 crates stay under the one-thread threshold.
TEST_CASE("6000 crates give bit-identical positions with 1 2 and 4 threads",
          "[soft][determinism]") {
    World a = bench_world(1, 6000);
    World b = bench_world(2, 6000);
    World c = bench_world(4, 6000);
    for (int i = 0; i < 90; ++i) {
        a.step(1.0 / 120.0);
        b.step(1.0 / 120.0);
        c.step(1.0 / 120.0);
        if (i % 15 == 14) {
            const std::uint64_t ha = hash_positions(a.soft());
            REQUIRE(ha == hash_positions(b.soft()));
            REQUIRE(ha == hash_positions(c.soft()));
        }
    }
    REQUIRE(a.soft().stats().contacts > 4096);  // the solve did run banded in parallel
    REQUIRE(hash_positions(a.soft()) == hash_positions(c.soft()));
}

// Every worker count a 16-core machine uses, on any machine: the pool is allowed more
// workers than this machine's cores, so 3, 8 and 16 really split the work (the broad
// phase's shared counters, the balanced band runs, the per-worker scratch).
TEST_CASE("8000 crates give the same hash with 1 2 3 8 and 16 threads", "[soft][determinism]") {
    constexpr int kThreads[] = {1, 2, 3, 8, 16};
    std::vector<World> worlds;
    for (int t : kThreads) {
        worlds.push_back(bench_world(t, 8000));
        soft_solver(worlds.back().soft()).allow_workers(t);
    }
    for (int i = 0; i < 60; ++i) {
        for (World& w : worlds)
            w.step(1.0 / 120.0);
        if (i % 20 == 19) {
            const std::uint64_t h = hash_positions(worlds[0].soft());
            for (std::size_t k = 1; k < worlds.size(); ++k) {
                INFO("threads " << kThreads[k] << " step " << i);
                REQUIRE(hash_positions(worlds[k].soft()) == h);
            }
        }
    }
    REQUIRE(worlds[0].soft().stats().contacts > 4096);  // the solve did run banded in parallel
    for (std::size_t k = 1; k < worlds.size(); ++k)
        REQUIRE(worlds[k].state_hash() == worlds[0].state_hash());
}

// Threads above the machine's cores are a valid setting: the step runs on the cores
// there are, with the same result.
TEST_CASE("a thread count above the machine's runs and matches one thread", "[soft][determinism]") {
    World a = bench_world(1, 6000);
    World b = bench_world(kMaxSoftThreads, 6000);
    for (int i = 0; i < 30; ++i) {
        a.step(1.0 / 120.0);
        b.step(1.0 / 120.0);
    }
    REQUIRE(a.state_hash() == b.state_hash());
}

// The SSE kernels (box relaxation, quad SAT, four-band contact solve) claim to do
// the scalar code's operations lane by lane: the whole state must match bit for
// bit, including the boxes that dent on the way (their lanes fall back to the
// scalar relaxation).
TEST_CASE("SSE kernels and the scalar code give bit-identical positions", "[soft][determinism]") {
    World a = bench_world(2, 6000, true);
    World b = bench_world(2, 6000, false);
    World c = bench_world(2, 6000, true);  // SSE2 only, where a may run AVX2
    c.soft().allow_avx2(false);
    REQUIRE_FALSE(c.soft().uses_avx2());
    for (int i = 0; i < 90; ++i) {
        a.step(1.0 / 120.0);
        b.step(1.0 / 120.0);
        c.step(1.0 / 120.0);
        if (i % 15 == 14) {
            REQUIRE(hash_positions(a.soft()) == hash_positions(b.soft()));
            REQUIRE(hash_positions(c.soft()) == hash_positions(b.soft()));
        }
    }
    REQUIRE(a.soft().stats().contacts > 4096);
    bool dented = false;
    const SoftSolver& solver = soft_solver(a.soft());  // rest0: the original rest lengths
    for (std::size_t c = 0; c < solver.constraints.size() && !dented; ++c)
        dented = solver.constraints[c].rest != solver.rest0[c];
    REQUIRE(dented);  // the plastic fallback path was taken too
}
