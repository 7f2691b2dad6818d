// Pieces past the budget fade out (docs/physics.md §13): crates keep breaking however
// many pieces lie about, the oldest pieces past soft.max_pieces fade over
// soft.piece_fade and are then removed, and the fade is part of the hashed state.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr int kLanes = 6;
constexpr double kDt = 1.0 / 120.0;
constexpr int kSteps = 240;

bool is(const SoftWorld& sw, BodyId id, BodyKind kind) {
    return sw.material(id).index == SoftMaterialId::of(kind).index;
}

/// Six lanes 8 m apart, each a car at 30 m/s into a crate standing against a pinned
/// barrier: the six crates break in the same step, lane 0's first in storage (its
/// pieces are made first).
World lanes(int max_pieces, double piece_fade) {
    WorldDef def;
    def.soft.max_pieces = max_pieces;
    def.soft.piece_fade = piece_fade;
    World w{def};
    for (int k = 0; k < kLanes; ++k) {
        const double y = 8.0 * k;
        const CarId car = w.add_car({0.0, y}, 0.0, CarDef{});
        car_set_speed(w.car(car), w.car_def(car), 30.0);
        w.soft().add_crate(w.def().soft, {6.0f, static_cast<float>(y)}, 0.0f);
        w.soft().add_barrier({7.0f, static_cast<float>(y)}, {1.0f, 6.0f}, 0.0f);
    }
    return w;
}

struct Count {
    int crates = 0, pieces = 0, fading = 0;
};

Count count(const SoftWorld& sw) {
    Count c;
    for (std::size_t n = 0; n < sw.body_count(); ++n) {
        const BodyId id = sw.id_of(n);
        c.crates += is(sw, id, BodyKind::Crate) ? 1 : 0;
        if (!is(sw, id, BodyKind::Shard)) continue;
        c.pieces += 1;
        c.fading += sw.opacity(id) < 1.0f ? 1 : 0;
    }
    return c;
}

}  // namespace

TEST_CASE(
    "past soft.max_pieces every crate hit still breaks, the oldest pieces fade at "
    "dt / soft.piece_fade per step and are gone after soft.piece_fade",
    "[soft][bounds][fade]") {
    const int budget = 8;  // two crates' planks
    const double fade = 0.5;
    World w = lanes(budget, fade);
    int last_break = -1, first_fade = -1, worst_steady = 0, faded = 0;
    bool oldest_first = true, alpha_steps = true;
    std::vector<std::pair<BodyId, float>> seen;  // fading pieces and their opacity
    for (int i = 0; i < kSteps; ++i) {
        const int crates_before = count(w.soft()).crates;
        w.step(kDt, InputState{});
        const SoftWorld& sw = w.soft();
        const Count c = count(sw);
        if (c.crates < crates_before) last_break = i;
        worst_steady = std::max(worst_steady, c.pieces - c.fading);
        faded += sw.stats().faded;
        CHECK(sw.stats().fading == c.fading);
        // The opacity of a piece seen fading falls by dt / fade per step.
        for (const auto& [id, alpha] : seen) {
            if (!sw.valid(id)) continue;
            const float expect = alpha - static_cast<float>(kDt / fade);
            alpha_steps = alpha_steps && std::abs(sw.opacity(id) - expect) < 1e-5f;
        }
        seen.clear();
        for (std::size_t n = 0; n < sw.body_count(); ++n) {
            const BodyId id = sw.id_of(n);
            if (!is(sw, id, BodyKind::Shard) || !(sw.opacity(id) < 1.0f)) continue;
            seen.emplace_back(id, sw.opacity(id));
            // The first pieces to fade are the oldest: lanes 0-3's (16 = 24 - budget),
            // made before lanes 4 and 5's in the same step.
            if (first_fade < 0 || i == first_fade) {
                first_fade = i;
                oldest_first = oldest_first && sw.centre(id).y < 8.0f * 3 + 4.0f;
            }
        }
    }
    const Count end = count(w.soft());
    INFO("last break at step " << last_break << ", first fade at " << first_fade
                               << ", most not fading " << worst_steady << ", faded " << faded
                               << ", at the end " << end.pieces << " pieces, " << end.fading
                               << " fading");
    // Every crate broke (a budget no longer turns breaks into dents) ...
    CHECK(end.crates == 0);
    CHECK(w.soft().stats().breaks_refused == 0);
    // ... the pieces not fading never exceed the budget ...
    CHECK(worst_steady <= budget);
    CHECK(first_fade >= 0);
    CHECK(oldest_first);
    CHECK(alpha_steps);
    // ... and the faded ones are gone: 240 steps end well past the break plus the fade
    // time (60 steps), so only the budget's pieces are left (lanes 4 and 5), none fading.
    REQUIRE(last_break >= 0);
    REQUIRE(last_break + static_cast<int>(fade / kDt) + 1 < kSteps);
    CHECK(end.fading == 0);
    for (std::size_t n = 0; n < w.soft().body_count(); ++n) {
        const BodyId id = w.soft().id_of(n);
        if (is(w.soft(), id, BodyKind::Shard)) CHECK(w.soft().centre(id).y > 8.0f * 3 + 4.0f);
    }
    CHECK(end.pieces == budget);
    CHECK(faded == 4 * kLanes - budget);
}

TEST_CASE("fading pieces change the state hash and replay to the same bits",
          "[soft][bounds][fade][determinism]") {
    World a = lanes(8, 0.5), b = lanes(8, 0.5), unbounded = lanes(2000, 0.5);
    bool same = true, differs = false;
    for (int i = 0; i < 150; ++i) {
        a.step(kDt, InputState{});
        b.step(kDt, InputState{});
        unbounded.step(kDt, InputState{});
        same = same && a.state_hash() == b.state_hash();
        // Until a piece has faded away the bodies move the same; only the opacity
        // (hashed) tells the two apart.
        differs = differs || a.soft().state_hash(0) != unbounded.soft().state_hash(0);
    }
    CHECK(same);
    CHECK(differs);
}
