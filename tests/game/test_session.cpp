// The session without a window: every kind of change goes through Session::apply, which
// applies and records it (the recording replays to the same state), and Session::step
// drives each seat's car from its own input source.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "modes/mode_replay.hpp"
#include "replay_player.hpp"
#include "session.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

void run(Session& s, int steps, const SeatInputs& in) {
    const double dt = fixed_dt(s.settings().sim);
    for (int i = 0; i < steps; ++i)
        s.step(in, dt);
}

SeatInputs throttle(double t, double steer = 0.0) {
    InputState in;
    in.throttle = t;
    in.steer = steer;
    return SeatInputs{{in}};
}

int track_named(const Scene& scene, const std::string& name) {
    for (std::size_t i = 0; i < scene.tracks.size(); ++i)
        if (scene.tracks[i].name == name) return static_cast<int>(i);
    return -1;
}

}  // namespace

TEST_CASE(
    "session: every kind of Event is applied and recorded, and the recording replays "
    "to the same state hash",
    "[game][session]") {
    const Settings settings;
    Session s;
    test::open_arena(s, settings);
    s.record_begin(settings, "", false);
    REQUIRE(s.sim.recorder.active());
    run(s, 30, throttle(0.6));

    // Tuning: a change queued in the Tuner (a slider) is applied by the Tuning event.
    REQUIRE(s.sim.tuner.set("car.mass", settings.car.mass + 150.0).ok);
    CHECK(s.sim.scene.world.def().sim.physics_hz == settings.sim.physics_hz);
    REQUIRE(s.apply(Event::tuning()).empty());
    CHECK_FALSE(s.sim.tuner.has_events());
    // Settings: a whole setup (a preset, a car).
    Settings preset = s.settings();
    preset.car.brakes.front_bias = 0.58;
    REQUIRE(s.apply(Event::setup(preset, "test preset")).empty());
    CHECK(s.settings().car.brakes.front_bias == 0.58);
    run(s, 20, throttle(0.8, 0.2));

    // The sandbox: spawn, drag, let go, remove.
    SoftWorld& soft = s.sim.scene.world.soft();
    const std::size_t bodies_before = soft.body_count();
    REQUIRE(s.apply(Event::spawn(BodyKind::Crate, 12.0f, 9.0f)).empty());
    CHECK(soft.body_count() == bodies_before + 1);
    const BodyId crate = soft.body_at(vec2(12.0f, 9.0f));
    REQUIRE(crate);
    REQUIRE(s.apply(Event::drag(crate, 14.0f, 9.0f)).empty());
    run(s, 20, throttle(0.3));
    REQUIRE(s.apply(Event::drag_end()).empty());
    REQUIRE(s.apply(Event::remove(crate)).empty());
    CHECK(soft.body_count() == bodies_before);

    // Resets: the car at once, then the whole scene.
    run(s, 20, throttle(1.0, -0.3));
    REQUIRE(s.apply(Event::car_reset()).empty());
    run(s, 10, throttle(0.5));
    REQUIRE(s.apply(Event::scene_reset()).empty());
    run(s, 10, throttle(0.5));

    // Scenes: a track by name, a race's field on it, the arena again by index.
    REQUIRE(s.apply(Event::select_track("oval")).empty());
    REQUIRE(s.sim.scene.track == track_named(s.sim.scene, "oval"));
    REQUIRE(s.apply(Event::race_start(2)).empty());
    CHECK(s.sim.race_names.size() == 2);
    REQUIRE(s.seats.size() == 3);  // the player and two AI drivers
    CHECK(s.seats[1].source == InputSource::Planner);
    run(s, 40, throttle(0.7));
    REQUIRE(s.apply(Event::select_scene(track_named(s.sim.scene, "oval"))).empty());
    CHECK(s.seats.size() == 1);  // the race's field went with the reload
    run(s, 20, throttle(0.7));
    REQUIRE(s.apply(Event::select_scene(-1)).empty());
    CHECK(s.sim.scene.track < 0);

    // Modes: started by name; its restart is a scene reset in the recording.
    REQUIRE(s.apply(Event::start_mode("drift")).empty());
    CHECK(s.mode_name == "drift");
    run(s, 20, throttle(0.9, 0.4));
    REQUIRE(s.apply(Event::restart_mode()).empty());
    run(s, 20, throttle(0.4));
    // A change that cannot be made changes nothing and says why.
    CHECK_FALSE(s.apply(Event::select_track("no-such-track")).empty());
    CHECK_FALSE(s.apply(Event::start_mode("no-such-mode")).empty());
    CHECK(s.mode_name == "drift");
    run(s, 10, throttle(0.4));

    const Replay replay = s.sim.recorder.snapshot(s.sim.scene.world.state_hash());
    std::set<ReplayOp> ops;
    for (const ReplayEvent& e : replay.events)
        ops.insert(e.op);
    for (ReplayOp op : {ReplayOp::Tune, ReplayOp::Spawn, ReplayOp::Remove, ReplayOp::Drag,
                        ReplayOp::DragEnd, ReplayOp::SceneReset, ReplayOp::CarReset,
                        ReplayOp::LoadArena, ReplayOp::LoadTrack, ReplayOp::RaceStart})
        CHECK(ops.count(op) == 1);
    CHECK(replay.steps == 220);

    ReplayPlayer p;
    Scene scene;
    REQUIRE(replay_open(p, scene, replay).empty());
    replay_play_all(p, scene);
    CHECK(p.cursor.step == replay.steps);
    CHECK(scene.world.state_hash() == replay.final_hash);
    CHECK(p.cursor.settings.car.brakes.front_bias == 0.58);
}

TEST_CASE("session: two seats step two cars from two input sources, deterministically",
          "[game][session][seats]") {
    const Settings settings;
    auto drive = [&settings](std::uint64_t& hash, double& x0, double& x1, double& steer1) {
        Session s;
        test::open_arena(s, settings);
        World& world = s.sim.scene.world;
        const CarPose start = world.interpolated_pose(world.player(), 1.0);
        Seat second;
        second.car = world.add_car(start.position + dvec2(0.0, 6.0), start.heading, settings.car);
        second.source = InputSource::Pad;
        second.pad = 0;
        s.seats.push_back(second);
        REQUIRE(s.seats.size() == 2);
        InputState a;  // seat 0: straight on, half throttle
        a.throttle = 0.5;
        InputState b;  // seat 1: full throttle, turning
        b.throttle = 1.0;
        b.steer = 0.5;
        run(s, 240, SeatInputs{{a, b}});
        hash = world.state_hash();
        x0 = glm::length(world.car(world.player()).position - start.position);
        x1 = glm::length(world.car(second.car).position - (start.position + dvec2(0.0, 6.0)));
        steer1 = s.seats[1].hud.last_input.steer;
        CHECK(s.seats[0].hud.last_input.throttle == 0.5);
        CHECK(world.input(second.car).throttle == 1.0);
    };
    std::uint64_t h1 = 0, h2 = 0;
    double a1 = 0, b1 = 0, a2 = 0, b2 = 0, s1 = 0, s2 = 0;
    drive(h1, a1, b1, s1);
    drive(h2, a2, b2, s2);
    CHECK(h1 == h2);  // the same seats and inputs give the same world, bit for bit
    CHECK(a1 == a2);
    CHECK(b1 == b2);
    CHECK(s1 == 0.5);  // seat 1's car got seat 1's input
    // Both cars drove off, each its own way: 2 s from rest is several metres.
    CHECK(a1 > 3.0);
    CHECK(b1 > 3.0);
    CHECK(std::fabs(a1 - b1) > 0.5);
}

TEST_CASE("session: the replay viewer is a mode that plays, seeks and is taken over",
          "[game][session][replay]") {
    const Settings settings;
    Session live;
    test::open_arena(live, settings);
    live.record_begin(settings, "", false);
    std::uint64_t hash_at_150 = 0;
    for (int i = 0; i < 300; ++i) {
        if (i == 150) hash_at_150 = live.sim.scene.world.state_hash();
        live.step(throttle(0.9, i < 150 ? 0.3 : -0.2), fixed_dt(settings.sim));
    }
    const Replay replay = live.sim.recorder.snapshot(live.sim.scene.world.state_hash());
    REQUIRE(replay.steps == 300);

    Session s;
    REQUIRE(replay_mode_open(s, replay).empty());
    CHECK_FALSE(s.live());
    CHECK(s.mode_name == "replay");
    CHECK_FALSE(s.sim.recorder.active());
    ReplayViewer* v = replay_viewer(s.mode.get());
    REQUIRE(v);
    v->scout_ms = 0.0;  // no wall-clock-bound scouting: the steps are the frames'
    // Frames of 0.1 s at 1x: 12 steps each at 120 Hz, played by the mode itself.
    const double dt = replay_dt(s.sim.scene);
    int frames = 0;
    while (!v->player.at_end() && frames < 100) {
        s.frame(0.1);
        CHECK(v->steps_shown <= 13);
        ++frames;
    }
    CHECK(v->player.cursor.step == 300);
    CHECK(frames == Approx(300.0 * dt / 0.1).margin(1.0));
    CHECK(s.sim.scene.world.state_hash() == replay.final_hash);
    CHECK_FALSE(v->playing);  // stopped at the end

    // A seek puts the world where the live run was at that step.
    replay_mode_seek(s.mode_context(), *v, 150);
    CHECK(v->player.cursor.step == 150);
    CHECK(s.sim.scene.world.state_hash() == hash_at_150);
    // The step-back key: one step back, paused.
    v->keys.step_back = true;
    s.frame(0.0);
    CHECK(v->player.cursor.step == 149);
    CHECK_FALSE(v->playing);

    // Taking over: the live game from the state shown, recording on from the replay.
    REQUIRE(s.apply(Event::take_over()).empty());
    CHECK(s.live());
    CHECK(replay_viewer(s.mode.get()) == nullptr);
    REQUIRE(s.sim.recorder.active());
    CHECK(s.sim.recorder.steps() == 149);
    run(s, 20, throttle(0.5));
    CHECK(s.sim.recorder.steps() == 169);
    CHECK_FALSE(s.apply(Event::take_over()).empty());  // nothing to take over now
}
