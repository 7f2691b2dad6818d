// The loaded scene has one owner: choosing the arena after a track rebuilds the arena
// the game was started with (--level), and resetting a track puts its cars back on
// the grid without the arena's bodies.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "game.hpp"
#include "scene.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
/// A level of two loose crates, the car starting at (5, -3).
std::string write_small_level() {
    const std::string path = "/tmp/skidpad_test_scene_level.json";
    std::ofstream f(path);
    f << R"({ "format": "skidpad-level", "version": 1, "name": "small",
              "car_start": { "x": 5, "y": -3, "heading": 0 },
              "bodies": [ { "type": "crate", "x": 10, "y": 0 },
                          { "type": "crate", "x": 12, "y": 0 } ] })";
    return path;
}

/// Opens the scene as the game does: the shipped arena (or `level`), the shipped tracks.
World& open(Game& game, const std::string& level = "") {
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, level, game.settings(), warning, skipped);
    CHECK(warning.empty());
    CHECK(skipped.empty());
    return game.session.sim.scene.world;
}

void drive(World& w, int steps) {
    InputState in;
    in.throttle = 1.0;
    for (int i = 0; i < steps; ++i)
        w.step(1.0 / 120.0, in);
}
}  // namespace

TEST_CASE("choosing the arena after a track rebuilds the --level arena", "[app][scene]") {
    const std::string level = write_small_level();
    Game game;
    World& w = open(game, level);
    CHECK(game.session.sim.scene.arena_source == level);
    REQUIRE(w.soft().body_count() == 2);
    CHECK(w.car(w.player()).position == dvec2(5.0, -3.0));

    REQUIRE(planner_select_name(game.session.sim, "oval").empty());
    CHECK(game.session.sim.scene.track >= 0);
    // Only the track's own barriers (the oval's outer wall), none of the arena's bodies.
    const std::size_t barriers = track_barrier_bodies(game.session.sim.scene.race.track()).size();
    CHECK(barriers > 100);
    CHECK(w.soft().body_count() == barriers);
    REQUIRE(game.session.apply(Event::select_scene(-1)).empty());
    CHECK(game.session.sim.scene.track == -1);
    // The two crates of the --level file, not the shipped arena's dozens of bodies.
    CHECK(w.soft().body_count() == 2);
    CHECK(w.car(w.player()).position == dvec2(5.0, -3.0));
    std::remove(level.c_str());
}

TEST_CASE("reset on a track puts the cars on the grid and adds no arena bodies", "[app][scene]") {
    Game game;
    World& w = open(game);
    const std::size_t arena_bodies = w.soft().body_count();
    REQUIRE(arena_bodies > 10);
    REQUIRE(planner_select_name(game.session.sim, "oval").empty());
    const dvec2 grid = w.car(w.player()).position;
    drive(w, 240);
    REQUIRE(glm::length(w.car(w.player()).position - grid) > 5.0);
    scene_reset(game.session.sim.scene);
    // The oval's wall rebuilt as it was, nothing of the arena.
    CHECK(w.soft().body_count() ==
          track_barrier_bodies(game.session.sim.scene.race.track()).size());
    CHECK(w.car(w.player()).position == grid);
    CHECK(glm::length(w.car(w.player()).velocity) == 0.0);

    // On the arena the same reset rebuilds its bodies and returns the car to its start.
    REQUIRE(game.session.apply(Event::select_scene(-1)).empty());
    drive(w, 240);
    scene_reset(game.session.sim.scene);
    CHECK(w.soft().body_count() == arena_bodies);
    CHECK(w.car(w.player()).position == dvec2(game.session.sim.scene.arena.car_start));
}

TEST_CASE("shift and manual keys pressed on frames without a step reach the next step",
          "[app][input]") {
    Game game;
    World& w = open(game);
    const CarId id = w.player();
    REQUIRE(game.session.sim.tuner.control("sim.paused", 1.0).ok);
    LoopFrame none;  // a frame with no physics step (paused, slow motion, 240 Hz display)
    none.dt = 1.0 / 120.0;
    none.steps = 0;
    LoopFrame one = none;
    one.steps = 1;
    InputState press;
    press.toggle_manual = true;
    queue_car_input(game.session, game.controls.edges, press);
    run_steps(game, none, press);
    press = InputState{};
    press.shift_up = true;
    queue_car_input(game.session, game.controls.edges, press);
    run_steps(game, none, press);
    const int gear = w.car(id).gear;
    CHECK_FALSE(w.car(id).manual);
    // Later frames without the keys: the step that comes takes both.
    queue_car_input(game.session, game.controls.edges, InputState{});
    run_steps(game, one, InputState{});
    CHECK(w.car(id).manual);
    CHECK(w.car(id).gear == gear + 1);
    CHECK(game.session.sim.last_input.shift_up);
    // Taken once: the next step has no edges.
    queue_car_input(game.session, game.controls.edges, InputState{});
    run_steps(game, one, InputState{});
    CHECK_FALSE(game.session.sim.last_input.shift_up);
    CHECK(w.car(id).gear == gear + 1);
}

TEST_CASE("reset while paused acts at once", "[app][input]") {
    Game game;
    World& w = open(game);
    const dvec2 start = w.car(w.player()).position;
    drive(w, 240);
    REQUIRE(glm::length(w.car(w.player()).position - start) > 5.0);
    REQUIRE(game.session.sim.tuner.control("sim.paused", 1.0).ok);
    InputState r;
    r.reset = true;
    queue_car_input(game.session, game.controls.edges, r);  // no step follows while paused
    CHECK(w.car(w.player()).position == start);
    LoopFrame one;
    one.dt = 1.0 / 120.0;
    one.steps = 1;
    queue_car_input(game.session, game.controls.edges, InputState{});
    run_steps(game, one, InputState{});
    CHECK_FALSE(game.session.sim.last_input.reset);  // not a second time on the next step
}

TEST_CASE("a track file path is loaded, added to the list and driven but a bad one is refused",
          "[app][scene]") {
    const std::string path = "/tmp/skidpad_test_scene_track.json";
    std::ofstream(path) << R"({"format":"skidpad-track","name":"Far square","width":10,
        "centre_line":[[1000,1000],[1200,1000],[1200,1200],[1000,1200]]})";
    Game game;
    World& w = open(game);
    const std::size_t shipped = game.session.sim.scene.tracks.size();
    REQUIRE(planner_select_name(game.session.sim, path).empty());
    REQUIRE(game.session.sim.scene.tracks.size() == shipped + 1);
    CHECK(game.session.sim.scene.track == static_cast<int>(shipped));
    CHECK(game.session.sim.scene.tracks.back().title == "Far square");
    CHECK(game.session.sim.scene.tracks.back().path == path);
    // On its grid: within 30 m of control point 0, the start/finish line.
    CHECK(glm::length(w.car(w.player()).position - dvec2(1000.0, 1000.0)) < 30.0);

    // A missing file: the error names it and the scene stays as it was.
    const std::string err = planner_select_name(game.session.sim, "/nonexistent/t.json");
    CHECK(err.find("/nonexistent/t.json") != std::string::npos);
    CHECK(game.session.sim.scene.tracks.size() == shipped + 1);
    CHECK(game.session.sim.scene.track == static_cast<int>(shipped));
    std::remove(path.c_str());
}
