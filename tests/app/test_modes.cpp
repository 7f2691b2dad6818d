// The game modes in the game: time trial (countdown, respawn, long-press restart, best
// laps kept in the preferences directory and driven again as a ghost), race (the field
// on the grid, held by the countdown), and the best-lap index's file handling.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "data_dir.hpp"
#include "game.hpp"
#include "mode_hud.hpp"
#include "modes/best_lap_ghost.hpp"
#include "modes/best_laps.hpp"
#include "modes/mode.hpp"
#include "skidpad/scene/preset.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

void run_frames(Game& game, int frames, const InputState& in = InputState{}, int steps = 2) {
    for (int i = 0; i < frames; ++i) {
        apply_tuning(game.session, game.ui.tune);
        planner_frame(game.session.sim.planner, game.session.sim.scene, game.settings());
        if (game.session.mode)
            game.session.mode->frame(mode_context(game), 2.0 * fixed_dt(game.settings().sim));
        queue_car_input(game.session, game.controls.edges, in);
        LoopFrame f;
        f.dt = fixed_dt(game.settings().sim);
        f.steps = game.settings().sim.paused ? 0 : steps;
        run_steps(game, f, in);
    }
}

bool any_toast(const Game& game, const std::string& part) {
    for (const Toast& t : game.ui.toasts)
        if (t.text.find(part) != std::string::npos) return true;
    return false;
}

/// The time trial on the oval, the autopilot driving.
GameOptions oval_time_trial() {
    GameOptions o;
    o.mode = "time-trial";
    o.track = "oval";
    o.autopilot = true;
    return o;
}

double speed(const World& w, CarId id) {
    return glm::length(w.car(id).velocity);
}

}  // namespace

TEST_CASE("time trial: a corrupt best-lap file is kept until a new best, which drives as a ghost",
          "[app][modes][time-trial]") {
    test::TempDir dir;
    const std::string index = dir.file("best_laps.json");
    test::write_file(index, "{ this is not json");
    Game game;
    game.session.pref_dir = dir.path.string() + "/";
    const GameOptions o = oval_time_trial();
    REQUIRE(game_open(game, o) == 0);
    CHECK(game.session.mode_name == "time-trial");
    CHECK(any_toast(game, "Best laps unreadable: " + index + ": not valid JSON"));
    World& world = game.session.sim.scene.world;
    const CarId me = world.player();
    // The countdown holds the car (the autopilot would drive off at once).
    run_frames(game, 150);  // 2.5 s
    CHECK(speed(world, me) < 0.05);
    CHECK(test::read_file(index) == "{ this is not json");  // not overwritten: no best yet
    const RaceEntry* e = game.session.sim.scene.race.entry(me);
    REQUIRE(e);
    // One step per frame, the car's position after every step kept.
    std::vector<dvec2> at_step(game.session.sim.recorder.steps() + 1, dvec2(0.0));
    while (e->timer.laps < 1 && world.time() < 120.0) {
        run_frames(game, 1, InputState{}, 1);
        at_step.push_back(world.car(me).position);
    }
    REQUIRE(at_step.size() == game.session.sim.recorder.steps() + 1);
    REQUIRE(e->timer.laps == 1);
    REQUIRE(e->last_lap_valid);
    // The first valid lap is the best: the index is replaced and names its replay.
    const BestLapsLoad l = load_best_laps(index);
    INFO(l.error);
    REQUIRE(l.error.empty());
    REQUIRE(l.laps.size() == 1);
    const BestLap& b = l.laps[0];
    CHECK(b.track == "oval");
    CHECK(b.car == "sports-rwd");  // the built-in car is the shipped sports-rwd
    CHECK(b.car_hash == car_hash(game.settings()));
    CHECK(b.lap_s == Approx(e->timer.last_lap).margin(1e-12));
    CHECK(b.end_step == game.session.sim.recorder.steps());  // the step that crossed the line
    // The lap's steps at 120 Hz are its time within one step.
    CHECK(static_cast<double>(b.end_step - b.start_step) / 120.0 == Approx(b.lap_s).margin(0.01));
    const ReplayParse rp = load_replay_file(dir.file(b.replay));
    REQUIRE(rp.ok);
    CHECK(rp.replay.steps == b.end_step);
    // The ghost starts its lap with the live car's next lap and drives beside it.
    REQUIRE(game.session.ghost.active);
    CHECK_FALSE(game.session.ghost.waiting);
    run_frames(game, 600);  // 10 s into the next lap
    REQUIRE(game.session.ghost.from_lap);
    REQUIRE(game.session.ghost.lap_at == 1200);
    // The ghost is the first lap as driven: where the car was 10 s into that lap.
    REQUIRE(b.start_step + 1200 < at_step.size());
    Car scratch;
    const Car* gc = ghost_car(game.session.ghost, scratch);
    REQUIRE(gc);
    CHECK(glm::length(gc->position - at_step[b.start_step + 1200]) < 1e-9);
    // The flying second lap beats the first from the grid: it becomes the best (its
    // replay and index entry replaced) and the ghost to beat.
    while (e->timer.laps < 2 && world.time() < 200.0)
        run_frames(game, 1);
    REQUIRE(e->last_lap_valid);
    REQUIRE(e->timer.last_lap < b.lap_s);
    const BestLapsLoad l2 = load_best_laps(index);
    REQUIRE(l2.laps.size() == 1);
    const BestLap& b2 = l2.laps[0];
    CHECK(b2.lap_s == Approx(e->timer.last_lap).margin(1e-12));
    CHECK(b2.start_step == b.end_step);
    CHECK(b2.replay == b.replay);

    // A new session on this track and car finds the best lap and its ghost.
    Game again;
    again.session.pref_dir = game.session.pref_dir;
    REQUIRE(game_open(again, o) == 0);
    CHECK(again.session.ghost.active);
    CHECK(again.session.ghost.waiting);  // at its lap's start until the live lap begins
    CHECK(again.session.ghost.lap_at == 0);
    CHECK(again.session.ghost.lap.frames.size() == b2.end_step - b2.start_step + 1);
}

TEST_CASE("time trial: a new best lap's ghost is the lap's recorded frames, nothing simulated",
          "[app][modes][time-trial][ghost]") {
    test::TempDir dir;
    Game game;
    game.session.pref_dir = dir.path.string() + "/";
    const GameOptions o = oval_time_trial();
    REQUIRE(game_open(game, o) == 0);
    World& world = game.session.sim.scene.world;
    const CarId me = world.player();
    const RaceEntry* e = game.session.sim.scene.race.entry(me);
    REQUIRE(e);
    // What the live car showed after every step, by the recording's step count.
    std::vector<GhostFrame> shown(game.session.sim.recorder.steps() + 1);
    while (e->timer.laps < 1 && world.time() < 120.0) {
        run_frames(game, 1, InputState{}, 1);
        shown.push_back(ghost_frame(world.car(me)));
    }
    REQUIRE(e->timer.laps == 1);
    REQUIRE(e->last_lap_valid);
    const BestLapsLoad l = load_best_laps(dir.file("best_laps.json"));
    REQUIRE(l.laps.size() == 1);
    const BestLap& b = l.laps[0];
    const Ghost& ghost = game.session.ghost;
    REQUIRE(ghost.active);
    REQUIRE(ghost.from_lap);
    // Nothing was played again to make it: the ghost holds no replay and took no step.
    CHECK(ghost.player.replay.steps == 0);
    CHECK(ghost.player.cursor.step == 0);
    // One frame per step of the lap, from its first to the one that crossed the line,
    // each what the live car showed then.
    REQUIRE(ghost.lap.frames.size() == b.end_step - b.start_step + 1);
    REQUIRE(b.end_step < shown.size());
    for (std::size_t i = 0; i < ghost.lap.frames.size(); ++i) {
        INFO("frame " << i);
        REQUIRE(ghost.lap.frames[i] == shown[b.start_step + i]);
    }
    // The ghost file on disk holds the same frames, to the bit.
    REQUIRE(b.ghost == ghost_lap_file_name(b.replay));
    const GhostLapLoad onfile = load_ghost_lap(dir.file(b.ghost));
    INFO(onfile.error);
    REQUIRE(onfile.error.empty());
    CHECK(onfile.lap.frames == ghost.lap.frames);
    CHECK_FALSE(onfile.lap.marks.empty());
}

TEST_CASE("time trial: a best lap saved without a ghost file gets one made a few steps a frame",
          "[app][modes][time-trial][ghost]") {
    test::TempDir dir;
    const std::string pref = dir.path.string() + "/";
    const GameOptions o = oval_time_trial();
    BestLap b;
    std::vector<GhostFrame> frames;
    {
        Game first;
        first.session.pref_dir = pref;
        REQUIRE(game_open(first, o) == 0);
        const RaceEntry* e =
            first.session.sim.scene.race.entry(first.session.sim.scene.world.player());
        while (e->timer.laps < 1 && first.session.sim.scene.world.time() < 120.0)
            run_frames(first, 1);
        REQUIRE(e->last_lap_valid);
        const BestLapsLoad l = load_best_laps(pref + "best_laps.json");
        REQUIRE(l.laps.size() == 1);
        b = l.laps[0];
        frames = first.session.ghost.lap.frames;
    }
    // The index as it was written before ghosts had files: no "ghost" field, no file.
    std::filesystem::remove(pref + b.ghost);
    BestLap old = b;
    old.ghost.clear();
    REQUIRE(save_best_laps(pref + "best_laps.json", {old}).ok);
    REQUIRE(test::read_file(pref + "best_laps.json").find("\"ghost\"") == std::string::npos);

    Game game;
    game.session.pref_dir = pref;
    REQUIRE(game_open(game, o) == 0);
    // Opening plays nothing: the ghost comes later.
    CHECK_FALSE(game.session.ghost.active);
    // Each frame plays at most 2 steps of the old replay; it ends at the lap's end.
    const std::uint64_t frames_needed = (b.end_step + 1) / 2;
    run_frames(game, static_cast<int>(frames_needed) - 1);
    CHECK_FALSE(game.session.ghost.active);
    run_frames(game, 1);
    REQUIRE(game.session.ghost.active);
    REQUIRE(game.session.ghost.from_lap);
    CHECK(game.session.ghost.lap.frames == frames);
    // Made once: the index names the new file, which holds the same frames.
    const BestLapsLoad l = load_best_laps(pref + "best_laps.json");
    REQUIRE(l.laps.size() == 1);
    CHECK(l.laps[0].ghost == b.ghost);
    CHECK(load_ghost_lap(pref + b.ghost).lap.frames == frames);
}

TEST_CASE("ghost lap files: round trip to the bit, and bad files named with their line",
          "[app][modes][ghost]") {
    GhostLapFile lap;
    lap.marks = {0.0f, 0.5f, 1.25f};
    GhostFrame f;
    f.position = dvec2(1.0 / 3.0, -2e-7);
    f.heading = 3.141592653589793;
    f.steer = {0.1, -0.2, 0.0, 1e-300};
    f.braking = true;
    lap.frames = {f, GhostFrame{}};
    lap.frames[1].reversing = true;
    const GhostLapLoad back = parse_ghost_lap(ghost_lap_text(lap), "x.lap");
    INFO(back.error);
    REQUIRE(back.error.empty());
    CHECK(back.lap.frames == lap.frames);
    CHECK(back.lap.marks == lap.marks);
    CHECK(parse_ghost_lap("nope\n", "x.lap").error ==
          "x.lap:1: not a ghost lap (first line is not 'skidpad-ghost-lap 1')");
    CHECK(parse_ghost_lap("skidpad-ghost-lap 1\nmarks 0\n\nframes 1\n0 0 0 0 0 0 0 9\n", "x.lap")
              .error == "x.lap:5: flags are not 0..3");
    CHECK(parse_ghost_lap("skidpad-ghost-lap 1\nmarks 0\n\nframes 2\n0 0 0 0 0 0 0 0\n", "x.lap")
              .error == "x.lap:6: frame 1 is missing");
    CHECK(ghost_lap_file_name("best-club-0123.replay") == "best-club-0123.lap");
}

TEST_CASE(
    "time trial: R puts the car back on the track with the lap invalid and holding R restarts",
    "[app][modes][time-trial]") {
    test::TempDir dir;
    Game game;
    game.session.pref_dir = dir.path.string() + "/";
    const GameOptions o = oval_time_trial();
    REQUIRE(game_open(game, o) == 0);
    World& world = game.session.sim.scene.world;
    const CarId me = world.player();
    const dvec2 grid = world.car(me).position;
    run_frames(game, 600);  // 3 s of countdown, 7 s driving
    const RaceEntry* e = game.session.sim.scene.race.entry(me);
    REQUIRE(e->timer.timing);
    REQUIRE(e->lap_valid);
    const double s_on = e->last_on_s;
    world.car(me).position += dvec2(0.0, 50.0);  // carried off the track
    InputState r;
    r.reset = true;
    run_frames(game, 1, r);
    const ClosedPath& centre = game.session.sim.scene.race.track().centre;
    // Two steps at the respawn point from rest (the autopilot pulls away at once).
    CHECK(glm::length(world.car(me).position - path_position_at(centre, s_on)) < 0.5);
    CHECK_FALSE(e->lap_valid);
    CHECK(e->timer.timing);  // the lap goes on, marked

    // R held for a second: the session restarts on the grid, with its countdown.
    SDL_Event down{};
    down.type = SDL_KEYDOWN;
    down.key.state = SDL_PRESSED;
    down.key.keysym.scancode = SDL_SCANCODE_R;
    down.key.keysym.sym = SDLK_r;
    game.controls.input.handle_event(down);
    game.controls.input.update(0.0, game.settings().input);
    run_frames(game, 61);  // 1.02 s of frames with R down
    CHECK(glm::length(world.car(me).position - grid) < 0.5);
    CHECK_FALSE(e->timer.timing);
    CHECK(any_toast(game, "Session restarted"));
    run_frames(game, 60);
    CHECK(speed(world, me) < 0.05);  // held by the new countdown
}

TEST_CASE("race: the field on the grid behind the countdown, the player at the back",
          "[app][modes][race]") {
    Game game;
    GameOptions o;
    o.mode = "race";
    o.opponents = 5;
    REQUIRE(game_open(game, o) == 0);
    CHECK(game.session.mode_name == "race");
    const Race& race = game.session.sim.scene.race;
    World& world = game.session.sim.scene.world;
    REQUIRE(race.entries().size() == 6);
    CHECK(race.laps() == 3);
    CHECK(race.entries().back().car == world.player());
    dvec2 back;
    double h = 0.0;
    race.grid_pose(5, back, h);
    CHECK(glm::length(world.car(world.player()).position - back) < 1e-9);
    // AI cars on the grid in order of their predicted laps, each its own plan and paint.
    for (std::size_t k = 0; k + 1 < race.entries().size(); ++k) {
        const RaceEntry& e = race.entries()[k];
        CHECK(e.autopilot);
        REQUIRE(e.own);
        if (k > 0) CHECK(race.predicted_lap(e) >= race.predicted_lap(race.entries()[k - 1]));
    }
    CHECK(game.session.sim.recorder.active());  // a replay rebuilds the field (RaceStart)
    run_frames(game, 150);
    for (const RaceEntry& e : race.entries())
        CHECK(speed(world, e.car) < 0.05);
    run_frames(game, 120);  // 2 s after the start
    for (const RaceEntry& e : race.entries())
        if (e.car != world.player()) CHECK(speed(world, e.car) > 3.0);
    // The menu's Mode page starts another mode on the same game.
    REQUIRE(mode_start(game.session, mode_context(game), "free", ModeOptions{}).empty());
    CHECK(game.session.sim.scene.track < 0);
    CHECK_FALSE(game.session.sim.scene.race.has_track());
    CHECK(mode_start(game.session, mode_context(game), "nope", ModeOptions{})
              .find("unknown mode 'nope'") == 0);
    CHECK(game.session.mode_name == "free");
}

TEST_CASE("the time trial names the car by the preset it is, or custom", "[app][modes][best]") {
    const PresetStore store("", util::data_path("presets"));
    const std::vector<PresetEntry> presets = store.list();
    REQUIRE(presets.size() >= 4);
    // The built-in car is the shipped sports-rwd, loaded or not.
    Settings s;
    CHECK(car_label(s, presets, "") == "sports-rwd");
    // A loaded preset names the car while the car is still the preset's.
    const std::string hatch = util::data_path("presets/hatch-fwd.json");
    REQUIRE(load_preset_file(hatch, s).ok);
    CHECK(car_label(s, presets, hatch) == "hatch-fwd");
    CHECK(car_label(s, presets, "") == "hatch-fwd");
    // Tuned away from every preset: custom, whatever was loaded last.
    s.car.mass += 10.0;
    CHECK(car_label(s, presets, hatch) == "custom");
    // A preset file that is gone or unreadable names nothing.
    CHECK(car_label(Settings{}, {}, "/nonexistent/x.json") == "custom");
}

TEST_CASE("race panel: after the flag the place and the race time, no lap counting on",
          "[app][modes][race]") {
    RaceEntry e;
    e.timer.timing = true;
    e.timer.laps = 2;
    e.timer.lap_start = 60.0;
    e.timer.time = 100.0;
    RaceHeadline h = race_headline(e, 2, 8, 3, 3.0);
    CHECK(h.status == "POS 2/8   LAP 3/3");
    CHECK(h.clock == "Lap   0:40.000");
    // Over the line after lap 3: the timer runs on into a lap that is not raced.
    e.timer.laps = 3;
    e.timer.lap_start = 128.5;
    e.timer.time = 140.0;
    e.finish_time = 128.5;
    h = race_headline(e, 2, 8, 3, 3.0);
    CHECK(h.status == "POS 2/8   FINISHED");
    CHECK(h.clock == "Race  2:05.500");  // counted as the results table counts it
}
