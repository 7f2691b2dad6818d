// The sandbox's mouse drag in the shipped arena, as the game sends it (one recorded
// Event::drag a frame, through Session::apply): a crate taken out of a stack and a
// spawned crate follow the cursor closely, and the recording replays to the same hash.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

#include "session.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

/// Drags `id` from where it is along +x at `speed` m/s for `seconds` (an event every
/// second step: 60 Hz frames over 120 Hz steps), then lets go; the largest distance
/// from the body's centre to the cursor after the first quarter second.
float tow(Session& s, BodyId id, float speed, double seconds) {
    const SoftWorld& soft = s.sim.scene.world.soft();
    const double dt = fixed_dt(s.settings().sim);
    const vec2 start = soft.centre(id);
    const int steps = static_cast<int>(std::lround(seconds / dt));
    float worst = 0.0f;
    vec2 cursor = start;
    for (int i = 0; i < steps; ++i) {
        if (i % 2 == 0) {
            cursor = start + vec2(speed * static_cast<float>(i * dt), 0.0f);
            REQUIRE(s.apply(Event::drag(id, cursor.x, cursor.y)).empty());
        }
        s.step(SeatInputs{{InputState{}}}, dt);
        const vec2 c = soft.centre(id);
        if (i * dt >= 0.25) worst = std::max(worst, std::hypot(c.x - cursor.x, c.y - cursor.y));
    }
    REQUIRE(s.apply(Event::drag_end()).empty());
    std::printf("arena tow at %.1f m/s: worst lag %.3f m\n", static_cast<double>(speed),
                static_cast<double>(worst));
    return worst;
}

}  // namespace

TEST_CASE("a crate dragged in the arena follows the cursor", "[game][sandbox][drag]") {
    const Settings settings;
    Session s;
    test::open_arena(s, settings);
    s.record_begin(settings, "", false);
    SoftWorld& soft = s.sim.scene.world.soft();
    REQUIRE(s.apply(Event::spawn(BodyKind::Crate, 12.0f, 9.0f)).empty());
    const BodyId crate = soft.body_at(vec2(12.0f, 9.0f));
    REQUIRE(crate);
    CHECK(tow(s, crate, 4.0f, 1.5) < 0.15f);
}

TEST_CASE("a crate dragged out of a stack in the arena follows the cursor",
          "[game][sandbox][drag]") {
    const Settings settings;
    Session s;
    test::open_arena(s, settings);
    SoftWorld& soft = s.sim.scene.world.soft();
    // The corner crate of a stack: a 20 kg body with the most neighbours within 1.5 m
    // and the fewest on its -x side.
    BodyId pick;
    int best = 0;
    for (std::size_t i = 0; i < soft.body_count(); ++i) {
        const BodyId id = soft.id_of(i);
        if (std::fabs(soft.mass(id) - 20.0f) > 0.5f) continue;
        int n = 0;
        for (std::size_t j = 0; j < soft.body_count(); ++j) {
            const vec2 d = soft.centre(soft.id_of(j)) - soft.centre(id);
            n += j != i && std::hypot(d.x, d.y) < 1.5f && d.x > 0.5f ? 1 : 0;
        }
        if (n > best) {
            best = n;
            pick = id;
        }
    }
    REQUIRE(pick);
    std::printf("stack crate at %.2f %.2f with %d neighbours\n",
                static_cast<double>(soft.centre(pick).x), static_cast<double>(soft.centre(pick).y),
                best);
    CHECK(tow(s, pick, 4.0f, 2.0) < 0.5f);
}
