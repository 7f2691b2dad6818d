// Ghosts: a replay played beside the live run, one step per live step, drawn as a
// translucent car with the gap along the live car's heading.
#include <catch2/catch.hpp>

#include <cmath>

#include "ghost.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("a ghost of a straight full-throttle run leads a parked car by its distance",
          "[replay][ghost]") {
    Replay r;
    InputState in;
    in.throttle = 1.0;
    r.runs.push_back({0, in});
    r.steps = 240;

    Ghost ghost;
    REQUIRE(ghost_open(ghost, r).empty());
    Scene live;
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(live, "", r.header.settings, warning, skipped);
    for (int i = 0; i < 300; ++i) {  // past its end: the ghost stops there
        live.world.step(1.0 / 120.0, InputState{});
        ghost_step(ghost);
    }
    CHECK(ghost.player.at_end());
    const World& g = ghost.scene.world;
    const double ahead =
        g.car(g.player()).position.x - live.world.car(live.world.player()).position.x;
    REQUIRE(ahead > 5.0);  // 2 s of full throttle along +x
    const GhostGap gap = ghost_gap(ghost, live.world);
    REQUIRE(gap.valid);
    // Both cars start at the same pose heading +x: the gap is the x distance (the ghost
    // drifts sideways by far less than a metre), in seconds at the 1 m/s floor.
    CHECK(gap.metres == Approx(ahead).margin(1e-9));
    CHECK(gap.seconds == Approx(ahead).margin(1e-9));

    DrawList dl;
    ghost_draw(ghost, dl);
    REQUIRE_FALSE(dl.shapes.empty());
    for (const Shape& s : dl.shapes) {
        if (s.fill) CHECK((s.fill >> 24) == 90u);
        if (s.stroke) CHECK((s.stroke >> 24) == 90u);
    }
}
