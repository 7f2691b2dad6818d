// The game records what it does: a run on a track with the autopilot, the AI opponent
// switched on mid-run, tuning changes, a paused reset and a change of scene replays to
// the hash it recorded; in the viewer, taking over and driving on records a replay
// that replays to its own hash.
#include <imgui.h>
#include <imgui_internal.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>

#include "game.hpp"
#include "modes/mode.hpp"
#include "overlay.hpp"
#include "planner.hpp"
#include "race_hud.hpp"
#include "replay_player.hpp"
#include "replay_session.hpp"
#include "replay_view.hpp"
#include "support/game_frames.hpp"
#include "support/imgui_context.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

using test::run_frames;

/// `recorded` opened in the viewer, paused at its start, and one frame with a budget
/// large enough for the scout to read it to the end; what that frame returned.
int open_scouted_viewer(Game& game, const Replay& recorded) {
    GameOptions o;
    o.replay = recorded;
    REQUIRE(game_open(game, o) == 0);
    AppCommands pause;
    pause.toggle_pause = true;
    return replay_view_frame(viewer_context(game), pause, 0.0, 1e9);
}

/// The recording sealed, through the file format, played back: its final hash.
std::uint64_t replayed_hash(const Replay& recorded) {
    const ReplayParse p = parse_replay(encode_replay(recorded));
    INFO(p.error);
    REQUIRE(p.ok);
    ReplayPlayer player;
    Scene scene;
    const std::string why = replay_open(player, scene, p.replay);
    INFO(why);
    REQUIRE(why.empty());
    replay_play_all(player, scene);
    return scene.world.state_hash();
}

/// A race against two AI cars at full throttle: the countdown, then 2 s of racing.
Replay recorded_race() {
    Game first;
    GameOptions o;
    o.mode = "race";
    o.opponents = 2;
    REQUIRE(game_open(first, o) == 0);
    InputState drive;
    drive.throttle = 1.0;
    run_frames(first, 300, drive);
    return first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());
}

}  // namespace

TEST_CASE("a game on a track with autopilot, AI, tuning and a scene change replays to its hash",
          "[replay][app]") {
    Game game;
    GameOptions o;
    o.track = "oval";
    o.autopilot = true;
    REQUIRE(game_open(game, o) == 0);
    REQUIRE(game.session.sim.recorder.active());
    InputState drive;
    drive.throttle = 0.7;
    drive.steer = 0.1;
    run_frames(game, 90, drive);
    REQUIRE(game.session.sim.tuner.set("car.mass", 1480.0).ok);
    REQUIRE(game.session.sim.tuner.set("plan.ai_opponent", 1.0).ok);
    run_frames(game, 90, drive);
    REQUIRE(game.session.sim.scene.world.valid(
        game.session.sim.scene.ai_car));  // the AI joined mid-run
    planner_toggle_autopilot(game.session.sim, game.ui.toasts, game.ui.clock);  // the player drives
    InputState reset;
    reset.reset = true;
    REQUIRE(game.session.sim.tuner.control("sim.paused", 1.0).ok);
    run_frames(game, 2, reset);  // a reset while paused acts at once
    REQUIRE(game.session.sim.tuner.control("sim.paused", 0.0).ok);
    run_frames(game, 60, drive);
    REQUIRE(game.session.apply(Event::select_scene(-1)).empty());  // back to the arena
    run_frames(game, 60, drive);

    const Replay r = game.session.sim.recorder.snapshot(game.session.sim.scene.world.state_hash());
    CHECK(r.steps == 2 * (90 + 90 + 60 + 60));
    CHECK(replayed_hash(r) == r.final_hash);
}

TEST_CASE("taking over a replay in the viewer records a run that replays to its own hash",
          "[replay][app][take-over]") {
    // A first run on the arena.
    Game first;
    REQUIRE(game_open(first, GameOptions{}) == 0);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = 0.25;
    run_frames(first, 120, drive);
    REQUIRE(first.session.sim.tuner.set("car.mass", 1550.0).ok);
    run_frames(first, 60, drive);
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());

    // Watched in the viewer; at 0.5 s of real time at 1x it is 60 steps in.
    Game game;
    GameOptions o;
    o.replay = original;
    REQUIRE(game_open(game, o) == 0);
    REQUIRE((game.viewer() != nullptr));
    AppCommands none;
    CHECK(replay_view_frame(viewer_context(game), none, 0.501) == 60);
    AppCommands back;
    back.step_back = true;
    replay_view_frame(viewer_context(game), back, 0.0);
    CHECK(game.viewer()->player.cursor.step == 59);
    AppCommands take;
    take.take_over = true;
    replay_view_frame(viewer_context(game), take, 0.0);
    REQUIRE_FALSE((game.viewer() != nullptr));
    REQUIRE(game.session.sim.recorder.active());
    CHECK(game.session.sim.recorder.steps() == 59);

    // Drive on differently, with a change of setup.
    InputState other;
    other.brake = 0.5;
    other.steer = -0.6;
    run_frames(game, 40, other);
    REQUIRE(game.session.sim.tuner.set("car.mass", 1300.0).ok);
    run_frames(game, 40, other);
    const Replay taken =
        game.session.sim.recorder.snapshot(game.session.sim.scene.world.state_hash());
    CHECK(taken.steps == 59 + 160);
    CHECK(replayed_hash(taken) == taken.final_hash);
    CHECK(taken.final_hash != original.final_hash);
}

namespace {
/// XDG_DATA_HOME (where SDL puts the preferences directory) set for a scope.
struct DataHome {
    std::optional<std::string> before;
    explicit DataHome(const std::string& dir) {
        if (const char* b = std::getenv("XDG_DATA_HOME")) before = b;
        ::setenv("XDG_DATA_HOME", dir.c_str(), 1);
    }
    ~DataHome() {
        if (before) {
            ::setenv("XDG_DATA_HOME", before->c_str(), 1);
        } else {
            ::unsetenv("XDG_DATA_HOME");
        }
    }
    DataHome(const DataHome&) = delete;
    DataHome& operator=(const DataHome&) = delete;
};
}  // namespace

TEST_CASE(
    "a drive taken over in the viewer is saved to the preferences directory (F5 and at "
    "the end)",
    "[replay][app][take-over]") {
    test::TempDir home;
    DataHome data_home(home.path.string());
    Game first;
    REQUIRE(game_open(first, GameOptions{}) == 0);
    const std::string pref = first.session.pref_dir;
    REQUIRE(pref.rfind(home.path.string(), 0) == 0);  // the live run finds it there
    InputState drive;
    drive.throttle = 1.0;
    run_frames(first, 60, drive);
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());

    Game game;
    GameOptions o;
    o.replay = original;
    REQUIRE(game_open(game, o) == 0);
    CHECK(game.session.pref_dir == pref);  // the viewer finds the same folder
    AppCommands take;
    take.take_over = true;
    replay_view_frame(viewer_context(game), take, 0.0);
    REQUIRE(game.session.sim.recorder.active());
    run_frames(game, 30, drive);
    const std::string said = replay_save_named(game.session.sim, game.session.pref_dir);
    INFO(said);
    REQUIRE(said.rfind("Replay saved: " + pref, 0) == 0);
    const std::string path = said.substr(std::string("Replay saved: ").size());
    const ReplayParse saved = load_replay_file(path);
    REQUIRE(saved.ok);
    CHECK(saved.replay.steps == 60);  // taken over at its start, 30 frames of 2 steps
    // Quitting saves it as last.replay.
    REQUIRE(replay_save_at_exit(game.session.sim, game.session.pref_dir, o.record, true) == 0);
    CHECK(load_replay_file(pref + "last.replay").ok);
}

TEST_CASE("the viewer's scout fills the snapshots ahead, and seeking with them is exact",
          "[replay][app][seek]") {
    Game first;
    REQUIRE(game_open(first, GameOptions{}) == 0);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = -0.3;
    run_frames(first, 700, drive);  // 1400 steps
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());

    Game game;
    // Paused at the start; the scout runs to the end within this frame's (large) budget.
    CHECK(open_scouted_viewer(game, original) == 0);
    CHECK(game.viewer()->player.cursor.step == 0);
    CHECK(game.viewer()->player.snapshots.size() == 3);  // steps 0, 600 and 1200 (5 s at 120 Hz)
    CHECK(game.viewer()->player.snapshots[2].cursor.step == 1200);
    // A jump to step 1300 restores the scout's snapshot at 1200 and plays 100 steps;
    // played on to the end it is the recorded run.
    replay_seek(game.viewer()->player, game.session.sim.scene, 1300);
    CHECK(game.viewer()->player.cursor.step == 1300);
    replay_play_all(game.viewer()->player, game.session.sim.scene);
    CHECK(game.session.sim.scene.world.state_hash() == original.final_hash);
}

namespace {

/// One step per frame, noting after each step what the viewer should mark: the steps
/// where the player's car completed a lap or hit something at kImpactMarkSpeed or more.
void run_marking(Game& game, int steps, const InputState& in, std::vector<std::uint64_t>& laps,
                 std::vector<std::uint64_t>& impacts) {
    const auto laps_done = [](const Game& g) {
        const RaceEntry* e = g.session.sim.scene.race.entry(g.session.sim.scene.world.player());
        return e ? e->timer.laps : 0;
    };
    int laps_before = laps_done(game);
    run_frames(game, steps, in, 1, [&](const Game& g) {
        const World& w = g.session.sim.scene.world;
        const std::uint64_t step = g.session.sim.recorder.steps();
        if (laps_done(g) > laps_before) laps.push_back(step);
        laps_before = laps_done(g);
        for (const ContactEvent& c : w.events().contacts) {
            if (c.car == w.player().index && c.kind == ContactKind::Impact &&
                c.approach_speed >= kImpactMarkSpeed && (impacts.empty() || impacts.back() != step))
                impacts.push_back(step);
        }
    });
}

}  // namespace

TEST_CASE("the timeline marks the player's laps and hard impacts at the steps they happened",
          "[replay][app][markers]") {
    // A lap of the oval on the autopilot, then straight on at full throttle into
    // whatever the arena puts in the way.
    Game first;
    GameOptions o;
    o.track = "oval";
    o.autopilot = true;
    REQUIRE(game_open(first, o) == 0);
    std::vector<std::uint64_t> laps, impacts;
    InputState none;
    run_marking(first, 120 * 40, none, laps, impacts);
    planner_toggle_autopilot(first.session.sim, first.ui.toasts, first.ui.clock);
    REQUIRE(first.session.apply(Event::select_scene(-1)).empty());  // the arena
    InputState flat_out;
    flat_out.throttle = 1.0;
    run_marking(first, 120 * 8, flat_out, laps, impacts);
    INFO("laps " << laps.size() << ", impacts " << impacts.size());
    REQUIRE_FALSE(laps.empty());
    REQUIRE_FALSE(impacts.empty());
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());

    Game game;
    open_scouted_viewer(game, original);  // the scout reads the whole replay
    CHECK(game.viewer()->laps == laps);
    CHECK(game.viewer()->impacts == impacts);
}

TEST_CASE("the viewer shows the replay's smoke, sparks and chips and a seek clears them",
          "[replay][app][effects]") {
    // Full throttle from a standstill into the arena: wheelspin smoke, then hits.
    Game first;
    REQUIRE(game_open(first, GameOptions{}) == 0);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = 0.25;
    int live_most = 0;
    for (int i = 0; i < 240; ++i) {
        run_frames(first, 1, drive);  // two steps: 1/60 s
        first.picture.effects.update(1.0 / 60.0, first.settings().display.effects);
        live_most = std::max(live_most, first.picture.effects.alive());
    }
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());

    Game game;
    GameOptions o;
    o.replay = original;
    REQUIRE(game_open(game, o) == 0);
    REQUIRE(game.picture.effects.alive() == 0);
    // Played at 1x in 60 Hz frames: two steps a frame, each step's effects as in play
    // (the particles age with the replay's time).
    AppCommands none;
    int shown_most = 0;
    for (int i = 0; i < 240 && !game.viewer()->player.at_end(); ++i) {
        replay_view_frame(viewer_context(game), none, 1.0 / 60.0, 0.0);
        game.picture.effects.update(replay_effects_time(*game.viewer(), 1.0 / 60.0),
                                    game.settings().display.effects);
        shown_most = std::max(shown_most, game.picture.effects.alive());
    }
    INFO("most particles live " << live_most << ", in the viewer " << shown_most);
    REQUIRE(live_most > 0);
    // The same steps make the same kinds of effects; the particles' own randomness
    // (app-side) differs, so the counts agree only roughly.
    CHECK(shown_most > live_most / 2);
    CHECK(shown_most < 2 * live_most);
    // A step back is a seek: nothing stale stays in the air, and paused nothing moves.
    AppCommands back;
    back.step_back = true;
    replay_view_frame(viewer_context(game), back, 0.0, 0.0);
    CHECK_FALSE(game.viewer()->playing);
    CHECK(game.picture.effects.alive() == 0);
    CHECK(replay_effects_time(*game.viewer(), 1.0 / 60.0) == 0.0);
}

TEST_CASE("a race against AI cars, restarted on the way, replays to its hash",
          "[replay][app][race]") {
    Game game;
    GameOptions o;
    o.mode = "race";
    o.opponents = 2;
    REQUIRE(game_open(game, o) == 0);
    REQUIRE(game.session.sim.recorder.active());
    REQUIRE(game.session.sim.scene.race.entries().size() == 3);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = 0.05;
    run_frames(game, 300, drive);  // the countdown (3 s), then 2 s of racing
    // The menu's Restart: the grid and the countdown again.
    lend_host(game);
    game.session.apply(Event::restart_mode());
    run_frames(game, 360, drive);  // the second countdown, then 3 s of racing
    // The AI cars drove off after the second countdown.
    const World& w = game.session.sim.scene.world;
    for (const RaceEntry& e : game.session.sim.scene.race.entries())
        if (e.car != w.player()) CHECK(glm::length(w.car(e.car).velocity) > 3.0);

    const Replay r = game.session.sim.recorder.snapshot(w.state_hash());
    REQUIRE_FALSE(r.events.empty());
    CHECK(r.events.front().op == ReplayOp::RaceStart);
    CHECK(r.events.front().step == 0);
    CHECK(r.events.front().opponents == 2);
    CHECK(replayed_hash(r) == r.final_hash);
}

TEST_CASE("a race picked in the menu during a free run replays to its hash",
          "[replay][app][race]") {
    Game game;
    REQUIRE(game_open(game, GameOptions{}) == 0);
    InputState drive;
    drive.throttle = 0.8;
    drive.steer = 0.2;
    run_frames(game, 60, drive);
    ModeOptions race;
    race.opponents = 3;
    lend_host(game);
    REQUIRE(game.session.apply(Event::start_mode("race", race)).empty());
    REQUIRE(game.session.sim.recorder.active());
    run_frames(game, 420, drive);
    const Replay r = game.session.sim.recorder.snapshot(game.session.sim.scene.world.state_hash());
    CHECK(r.steps == 2 * (60 + 420));
    CHECK(replayed_hash(r) == r.final_hash);
    // A field of 3 held through the countdown then driving: a replay without the hold
    // (or without the field) would end elsewhere.
    Replay no_field = r;
    std::erase_if(no_field.events,
                  [](const ReplayEvent& e) { return e.op == ReplayOp::RaceStart; });
    CHECK(replayed_hash(no_field) != r.final_hash);
}

TEST_CASE("taking over a race replay after its countdown records a run that replays",
          "[replay][app][race][take-over]") {
    const Replay original = recorded_race();

    Game game;
    GameOptions view;
    view.replay = original;
    REQUIRE(game_open(game, view) == 0);
    replay_view_seek(viewer_context(game), 200);  // in the countdown: refused, still watching
    replay_take_over(viewer_context(game));
    CHECK((game.viewer() != nullptr));
    replay_view_seek(viewer_context(game), 480);  // 1 s after the start
    replay_take_over(viewer_context(game));
    REQUIRE_FALSE((game.viewer() != nullptr));
    InputState other;
    other.throttle = 0.6;
    other.steer = 0.3;
    run_frames(game, 120, other);
    const Replay taken =
        game.session.sim.recorder.snapshot(game.session.sim.scene.world.state_hash());
    CHECK(taken.steps == 480 + 240);
    CHECK(replayed_hash(taken) == taken.final_hash);
}

TEST_CASE("a race replay in the viewer shows the race's positions, numbers and countdown",
          "[replay][app][race][hud]") {
    const Replay raced = recorded_race();
    InputState drive;
    drive.throttle = 1.0;

    Game game;
    GameOptions view;
    view.replay = raced;
    REQUIRE(game_open(game, view) == 0);
    replay_view_seek(viewer_context(game), 480);  // 1 s after the start
    const ReplayCursor& at = game.viewer()->player.cursor;
    REQUIRE(at.race);
    // The field as the race built it: the rival table's first two, faster first.
    CHECK(at.race_names == std::vector<std::string>{"sports-rwd", "hatch-fwd"});
    CHECK(at.race_hold_until == Approx(3.0));  // the countdown from the replay's start

    test::ImGuiContextScope gui;
    for (int frame = 0; frame < 3; ++frame) {  // auto-sized windows settle in a frame
        ImGui::NewFrame();
        CHECK(draw_race_replay_hud(*game.viewer(), hud_context(game)));
        const float hud_top = draw_hud(game.session.sim.scene.world, false);
        draw_replay_panel(viewer_context(game), hud_top - 4.0f);
        ImGui::Render();
    }
    const ImGuiWindow* panel = ImGui::FindWindowByName("##race");
    REQUIRE(panel);
    CHECK(panel->Active);
    // The Replay window stands above the speedometer box, whatever its height.
    const ImGuiWindow* hud = ImGui::FindWindowByName("##hud");
    const ImGuiWindow* replay = ImGui::FindWindowByName("Replay");
    REQUIRE(hud);
    REQUIRE(replay);
    CHECK(replay->Rect().Max.y <= hud->Pos.y);

    // A free run's replay has no race to show.
    Game free_run;
    REQUIRE(game_open(free_run, GameOptions{}) == 0);
    run_frames(free_run, 60, drive);
    Game free_view;
    GameOptions fv;
    fv.replay =
        free_run.session.sim.recorder.snapshot(free_run.session.sim.scene.world.state_hash());
    REQUIRE(game_open(free_view, fv) == 0);
    ImGui::NewFrame();
    CHECK_FALSE(draw_race_replay_hud(*free_view.viewer(), hud_context(free_view)));
    ImGui::Render();
}
