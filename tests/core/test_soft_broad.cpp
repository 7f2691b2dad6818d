// The soft broad phase under pathological overlap: bodies created on top of
// each other through the SoftWorld API must neither overrun a buffer (the
// sanitizer build runs these), nor reserve memory quadratic in their number,
// nor leave the state non-finite.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <limits>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {

bool all_finite(const SoftWorld& w) {
    for (std::size_t k = 0; k < w.body_count(); ++k) {
        for (const vec2 p : w.points(w.id_of(k))) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE(
    "4,000 coincident crates: at most 16 pairs per crate in the first sub-step, lists "
    "under 200 entries per crate, state finite",
    "[soft][broad]") {
    SoftDef def;
    def.max_substeps = 4;  // the pile explodes: keep the sanitizer run short
    constexpr int kBodies = 4000;
    SoftWorld w;
    for (int k = 0; k < kBodies; ++k)
        w.add_crate(def, {3.0f, -2.0f}, 0.0f);
    w.step(def, 1.0f / 60.0f);
    // All crates share one home cell: each pairs with at most kCrowdedRun
    // crates after it (the upper run is empty while they coincide). The first
    // sub-step is the only one whose pairs the stats do not show, so a single
    // sub-step is forced for it.
    SoftDef one = def;
    one.max_substeps = 1;
    SoftWorld first;
    for (int k = 0; k < kBodies; ++k)
        first.add_crate(one, {3.0f, -2.0f}, 0.0f);
    first.step(one, 1.0f / 60.0f);
    const SoftStats& s1 = first.stats();
    CHECK(s1.pairs <= kBodies * 2 * 8);
    CHECK(s1.pairs > 0);
    // Unbounded, the cell would pair every crate with every other: n(n-1)/2.
    const std::int64_t all_pairs = std::int64_t{kBodies} * (kBodies - 1) / 2;
    CHECK(s1.pairs_dropped + s1.pairs == all_pairs);
    for (int step = 0; step < 5; ++step)
        w.step(def, 1.0f / 60.0f);
    CHECK(all_finite(w));
    // Generous bound: reserved pair entries per crate, doubling growth included,
    // against n/2 = 2,000 per crate for the unbounded cell.
    const SoftSolver& sv = soft_solver(w);
    CHECK(sv.pair_capacity() < std::size_t{200} * kBodies);
    CHECK(sv.contact_capacity() < std::size_t{8 * 200} * kBodies);
}

TEST_CASE(
    "70,000 coincident crates (past the 32-bit product of a cell's candidates): one "
    "bounded step, pair lists under 40 entries per crate",
    "[soft][broad]") {
    // 70,000² exceeds 2³²: the reservation of an unbounded cell would wrap.
    SoftDef def;
    def.substeps = 1;
    def.max_substeps = 1;
    def.iterations = 1;
    def.threads = 2;
    constexpr int kBodies = 70000;
    SoftWorld w;
    for (int k = 0; k < kBodies; ++k)
        w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    w.step(def, 1.0f / 120.0f);
    CHECK(w.stats().pairs <= kBodies * 2 * 8);
    CHECK(w.stats().pairs_dropped > 0);
    CHECK(all_finite(w));
    CHECK(soft_solver(w).pair_capacity() < std::size_t{40} * kBodies);
}

TEST_CASE(
    "a crate with non-finite coordinates among 400 crates: the step stays in bounds and "
    "the other crates stay finite",
    "[soft][broad]") {
    SoftDef def;
    SoftWorld w;
    for (int k = 0; k < 400; ++k)
        w.add_crate(def, {1.1f * static_cast<float>(k % 20), 1.1f * static_cast<float>(k / 20)},
                    0.0f);
    const BodyId bad = w.add_crate(def, {5.0f, 5.0f}, 0.0f);
    const BodyId far = w.add_crate(def, {3e37f, -3e37f}, 0.0f);
    w.set_velocity(bad, {std::numeric_limits<float>::quiet_NaN(), 0.0f}, 0.0f);
    w.set_velocity(far, {std::numeric_limits<float>::infinity(), 0.0f}, 0.0f);
    for (int step = 0; step < 30; ++step)
        w.step(def, 1.0f / 60.0f);
    int finite = 0;
    for (std::size_t k = 0; k < 400; ++k) {
        bool ok = true;
        for (const vec2 p : w.points(w.id_of(k)))
            ok = ok && std::isfinite(p.x) && std::isfinite(p.y);
        finite += ok ? 1 : 0;
    }
    CHECK(finite == 400);
    CHECK(w.body_count() < 500);  // no cascade of broken pieces
}
