// The app side of the planner: track choice, the autopilot on the player's car (F2),
// the AI opponent toggle and the way back to the crate arena.
#include <catch2/catch.hpp>

#include <cmath>

#include "game.hpp"
#include "planner.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
/// The scene as the game opens it (the shipped arena, the shipped tracks).
void open(Game& game, const std::string& level = "") {
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, level, game.settings(), warning, skipped);
    REQUIRE(skipped.empty());
}

void run_seconds(Game& game, double seconds) {
    LoopFrame f;
    f.dt = 1.0 / game.settings().sim.physics_hz;
    f.steps = 1;
    const long long n = std::llround(seconds / f.dt);
    for (long long i = 0; i < n; ++i) {
        apply_tuning(game.session, game.ui.tune);
        planner_frame(game.session.sim.planner, game.session.sim.scene, game.settings());
        run_steps(game, f, InputState{});
    }
}
}  // namespace

TEST_CASE("planner finds the shipped tracks and refuses an unknown one", "[app][planner]") {
    Game game;
    open(game);
    REQUIRE(game.session.sim.scene.tracks.size() >= 2);
    bool oval = false, club = false;
    for (const TrackChoice& t : game.session.sim.scene.tracks) {
        oval = oval || t.name == "oval";
        club = club || t.name == "club";
    }
    CHECK(oval);
    CHECK(club);
    const std::string err = planner_select_name(game.session.sim, "nosuch");
    CHECK(err.find("unknown track 'nosuch'") != std::string::npos);
    CHECK(err.find("oval") != std::string::npos);
    CHECK(game.session.sim.scene.track == -1);
}

TEST_CASE("F2 autopilot drives the player car along a track and times its laps", "[app][planner]") {
    Game game;
    open(game);
    REQUIRE(planner_select_name(game.session.sim, "oval").empty());
    const CarId player = game.session.sim.scene.world.player();
    REQUIRE(game.session.sim.scene.world.valid(player));
    // Parked on the grid: without the autopilot, no input, the car stays put.
    run_seconds(game, 1.0);
    CHECK(glm::length(game.session.sim.scene.world.car(player).velocity) < 0.1);
    planner_toggle_autopilot(game.session.sim, game.ui.toasts, game.ui.clock);
    REQUIRE(game.session.sim.planner.autopilot);
    const double lap = game.session.sim.scene.race.profile().lap_time_s;
    REQUIRE(lap > 0.0);
    run_seconds(game, 1.3 * lap + 3.0);
    const RaceEntry* e = game.session.sim.scene.race.entry(player);
    REQUIRE(e);
    CHECK(e->timer.laps >= 1);
    CHECK_FALSE(e->left_track);
    CHECK(game.session.sim.last_input.throttle + game.session.sim.last_input.brake > 0.0);
    // F2 again: the player drives (no input here, so no throttle).
    planner_toggle_autopilot(game.session.sim, game.ui.toasts, game.ui.clock);
    CHECK_FALSE(game.session.sim.planner.autopilot);
    run_seconds(game, 0.1);
    CHECK(game.session.sim.last_input.throttle == 0.0);
}

TEST_CASE("the AI opponent follows its tunable and the arena comes back", "[app][planner]") {
    Game game;
    open(game);
    REQUIRE(planner_select_name(game.session.sim, "club").empty());
    REQUIRE(game.session.sim.tuner.set("plan.ai_opponent", 1.0).ok);
    planner_frame(game.session.sim.planner, game.session.sim.scene, game.settings());
    const CarId ai = game.session.sim.scene.ai_car;
    REQUIRE(game.session.sim.scene.world.valid(ai));
    CHECK(game.session.sim.scene.race.entries().size() == 2);
    run_seconds(game, 5.0);
    CHECK(glm::length(game.session.sim.scene.world.car(ai).velocity) > 10.0);
    REQUIRE(game.session.sim.tuner.set("plan.ai_opponent", 0.0).ok);
    planner_frame(game.session.sim.planner, game.session.sim.scene, game.settings());
    CHECK_FALSE(game.session.sim.scene.world.valid(ai));
    CHECK(game.session.sim.scene.race.entries().size() == 1);
    // Back to the crate arena: no track, no race, the arena's bodies exist again.
    CHECK(game.session.apply(Event::select_scene(-1)).empty());
    CHECK_FALSE(game.session.sim.scene.race.has_track());
    CHECK(game.session.sim.scene.world.valid(game.session.sim.scene.world.player()));
}
