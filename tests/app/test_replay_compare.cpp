// Comparing two setups in the window: `--replay FILE --compare-set k=v` plays the
// replay (run A) and its inputs with the other setup (run B) in step. B is the same run
// `lab compare` makes headless (the same state hash at its end), seeking moves both to
// the same step with the states a straight playback has there, B's car is drawn as a
// translucent blue ghost, and the plots carry both runs' traces.
#include <stb_image.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "game.hpp"
#include "planner.hpp"
#include "preset_store.hpp"
#include "replay_player.hpp"
#include "replay_view.hpp"
#include "skidpad/tune/params.hpp"
#include "support/game_frames.hpp"
#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

using test::run_frames;

/// The value of `key` in the output's last line that has it.
std::string field(const std::string& out, const std::string& key) {
    const std::size_t at = (" " + out).rfind(" " + key + "=");
    if (at == std::string::npos) return "";
    const std::size_t from = at + key.size() + 1;
    return out.substr(from, out.find_first_of(" \n", from) - from);
}

/// A straight playback of `r` (from its own header settings) to `step`: the world there.
std::uint64_t straight_hash(const Replay& r, std::uint64_t step, dvec2* car = nullptr) {
    ReplayPlayer p;
    Scene s;
    REQUIRE(replay_open(p, s, r).empty());
    while (p.cursor.step < step)
        replay_step(p, s);
    if (p.at_end()) replay_finish(p, s);
    if (car) *car = s.world.car(s.world.player()).position;
    return s.world.state_hash();
}

}  // namespace

TEST_CASE("the window's setup comparison is lab compare's run B, in step when seeking",
          "[replay][compare][app]") {
    // A drive on the arena with a change of setup on the way (B keeps it too).
    Game first;
    REQUIRE(game_open(first, GameOptions{}) == 0);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = 0.3;
    run_frames(first, 200, drive);
    REQUIRE(first.session.sim.tuner.set("car.brake_bias", 0.55).ok);
    drive.steer = -0.2;
    run_frames(first, 160, drive);
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());
    REQUIRE(original.steps == 720);
    const skidpad::test::TempDir dir;
    const std::string file = dir.file("drive.replay");
    REQUIRE(save_replay_file(file, original).ok);

    // Headless: lab compare's run B.
    const skidpad::test::Run lab = skidpad::test::run_skidpad(
        "lab compare --replay '" + file + "' --set car.mass=1900 --set car.mu=0.7");
    INFO(lab.output);
    REQUIRE(lab.code == 0);
    const std::string hash_b = field(lab.output, "hash_b");
    REQUIRE_FALSE(hash_b.empty());

    // The window: the same replay and setup.
    Settings b = original.header.settings;
    REQUIRE(param_registry().apply_assignment(b, "car.mass=1900").ok);
    REQUIRE(param_registry().apply_assignment(b, "car.mu=0.7").ok);
    Replay replay_b = original;
    replay_b.header.settings = b;
    Game game;
    GameOptions o;
    o.replay = original;
    o.compare = b;
    REQUIRE(game_open(game, o) == 0);
    REQUIRE(game.viewer()->comparing);
    REQUIRE(game.session.ghost.active);
    CHECK(game.viewer()->changed.find("car.mass") != std::string::npos);
    CHECK(game.viewer()->changed.find("car.mu") != std::string::npos);

    // 0.5 s at 1x: 60 steps of both runs.
    AppCommands none;
    CHECK(replay_view_frame(viewer_context(game), none, 0.501, 0.0) == 60);
    CHECK(game.session.ghost.player.cursor.step == 60);
    CHECK(game.session.ghost.scene.world.state_hash() == straight_hash(replay_b, 60));

    // The scouts read both runs to the end; then seeks in any order land both runs on the
    // step, each with the state a straight playback has there.
    AppCommands pause;
    pause.toggle_pause = true;
    replay_view_frame(viewer_context(game), pause, 0.0, 1e9);
    CHECK(game.session.ghost.player.snapshots.size() == 2);  // steps 0 and 600 (5 s at 120 Hz)
    for (const std::uint64_t step : {std::uint64_t{700}, std::uint64_t{130}, std::uint64_t{601},
                                     std::uint64_t{599}, std::uint64_t{0}}) {
        INFO("seek to " << step);
        replay_view_seek(viewer_context(game), step);
        REQUIRE(game.viewer()->player.cursor.step == step);
        REQUIRE(game.session.ghost.player.cursor.step == step);
        dvec2 car_b;
        CHECK(game.session.ghost.scene.world.state_hash() == straight_hash(replay_b, step, &car_b));
        CHECK(game.session.sim.scene.world.state_hash() == straight_hash(original, step));
        // The plots end at the step shown; B's trace there is B's car.
        CHECK(game.ui.tune.replay_plots.end == step);
        if (step > 0) {
            const TelemetrySample& s = game.viewer()->compare_trace.at(step - 1);
            CHECK(s.x == car_b.x);
            CHECK(s.y == car_b.y);
        }
    }
    // One step back and forward keep them together.
    replay_view_seek(viewer_context(game), 400);
    AppCommands back;
    back.step_back = true;
    replay_view_frame(viewer_context(game), back, 0.0, 0.0);
    CHECK(game.session.ghost.player.cursor.step == 399);
    AppCommands fwd;
    fwd.single_step = true;
    replay_view_frame(viewer_context(game), fwd, 0.0, 0.0);
    CHECK(game.session.ghost.player.cursor.step == 400);

    // At the end: A is the recorded run, B is lab compare's.
    replay_view_seek(viewer_context(game), original.steps);
    CHECK(game.session.sim.scene.world.state_hash() == original.final_hash);
    CHECK(std::to_string(game.session.ghost.scene.world.state_hash()) == hash_b);
    CHECK(game.viewer()->trace.size() == 720);
    CHECK(game.viewer()->compare_trace.size() == 720);
    // The heavier car on less grip is behind after 5 s of the drive, which is held by
    // the tyres' grip (traction control on a full-throttle arc): the gap says so. (In
    // the last second A runs into a crate pile in the arena and B, behind, is past it
    // by the end: how far A gets into the pile follows the crates' dents.)
    replay_view_seek(viewer_context(game), 600);
    const GhostGap gap = ghost_gap(game.session.ghost, game.session.sim.scene.world);
    REQUIRE(gap.valid);
    CHECK(gap.metres < -1.0);
    CHECK_THAT(game.ui.tune.replay_plots.note, Catch::StartsWith("gap: B behind by "));

    // Taking over ends the comparison.
    replay_take_over(viewer_context(game));
    CHECK_FALSE(game.session.ghost.active);
    CHECK(game.ui.tune.replay_plots.a == nullptr);
}

namespace {

struct Shot {
    int w = 0, h = 0;
    unsigned char* px = nullptr;
    ~Shot() {
        if (px) stbi_image_free(px);
    }
    /// Pixels of run B's blue (kComparePaint at kCompareAlpha over the ground: blue and
    /// green well above red) in the rectangle [x0, x1) x [y0, y1).
    int blue(int x0, int y0, int x1, int y1) const {
        int n = 0;
        for (int y = std::max(0, y0); y < std::min(h, y1); ++y) {
            for (int x = std::max(0, x0); x < std::min(w, x1); ++x) {
                const unsigned char* p = px + (static_cast<std::size_t>(y) * w + x) * 4;
                n += p[2] > p[0] + 60 && p[1] > p[0] + 40;
            }
        }
        return n;
    }
};

void shoot(const std::string& args, Shot& shot) {
    const skidpad::test::TempDir home;
    const std::string png = home.file("shot.png");
    const skidpad::test::Run r =
        skidpad::test::run_skidpad(args + " --screenshot '" + png + "' --seconds 3 --size 1280x720",
                                   "HOME='" + home.path.string() + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    int n = 0;
    shot.px = stbi_load(png.c_str(), &shot.w, &shot.h, &n, 4);
    REQUIRE(shot.px != nullptr);
}

}  // namespace

TEST_CASE("the compare view draws run B as a blue ghost beside the car",
          "[replay][compare][cli][screenshot]") {
    const skidpad::test::TempDir dir;
    const std::string script = dir.file("drive.csv");
    std::ofstream(script) << "t,throttle,brake,steer,handbrake,gear\n0,1,0,0.15,0,\n";
    const std::string file = dir.file("drive.replay");
    const skidpad::test::Run rec = skidpad::test::run_skidpad("--headless --seconds 4 --input '" +
                                                              script + "' --record '" + file + "'");
    INFO(rec.output);
    REQUIRE(rec.code == 0);

    // Around the car (the camera follows run A's car at the centre of the picture),
    // right of the plots (x < 452) and above the replay window (y >= 460).
    Shot plain, compare;
    shoot("--replay '" + file + "'", plain);
    shoot("--replay '" + file + "' --compare-set car.mass=2600", compare);
    const int x0 = 460, y0 = 300, x1 = 1000, y1 = 455;
    INFO("blue pixels: plain " << plain.blue(x0, y0, x1, y1) << ", compare "
                               << compare.blue(x0, y0, x1, y1));
    CHECK(plain.blue(x0, y0, x1, y1) < 20);
    CHECK(compare.blue(x0, y0, x1, y1) > 300);
}

TEST_CASE("what the comparison asks for wins over the car restored at the replay's start",
          "[replay][compare][app]") {
    const skidpad::test::TempDir dir;
    const std::string pref = dir.path.string() + "/";
    // A car picked in the menu once: a user preset, remembered as the last one.
    const PresetStore store(pref + "presets", "");
    Settings heavy;
    REQUIRE(param_registry().apply_assignment(heavy, "car.mass=1900").ok);
    std::string heavy_path;
    REQUIRE(store.save("heavy", heavy, true, &heavy_path).ok);
    REQUIRE(store.remember_last(heavy_path).ok);
    // The next start restores it (no car on the command line) and records a drive.
    Game first;
    first.session.pref_dir = pref;
    GameOptions live;
    live.restore_last_preset = true;
    REQUIRE(game_open(first, live) == 0);
    InputState drive;
    drive.throttle = 1.0;
    drive.steer = 0.3;
    run_frames(first, 120, drive);
    REQUIRE(first.settings().car.mass == 1900.0);
    const Replay original =
        first.session.sim.recorder.snapshot(first.session.sim.scene.world.state_hash());
    CHECK(original.header.settings.car.mass != 1900.0);  // restored by events at step 0
    CHECK(replay_start_settings(original).car.mass == 1900.0);

    // --compare-set car.mass=1300 in the window (run B as app.cpp builds it).
    Settings b = replay_start_settings(original);
    REQUIRE(param_registry().apply_assignment(b, "car.mass=1300").ok);
    Game game;
    GameOptions o;
    o.replay = original;
    o.compare = b;
    REQUIRE(game_open(game, o) == 0);
    INFO(game.viewer()->changed);
    CHECK(game.viewer()->changed.find("car.mass") == 0);
    CHECK(game.viewer()->changed.find(',') == std::string::npos);  // nothing else
    AppCommands none;
    REQUIRE(replay_view_frame(viewer_context(game), none, 0.501, 0.0) == 60);
    const World& a = game.session.sim.scene.world;
    const World& gb = game.session.ghost.scene.world;
    CHECK(a.car_def(a.player()).mass == 1900.0);
    CHECK(gb.car_def(gb.player()).mass == 1300.0);  // not the restored 1900 kg
    CHECK(gb.state_hash() != a.state_hash());

    // lab compare, headless: the same.
    const std::string file = dir.file("restored.replay");
    REQUIRE(save_replay_file(file, original).ok);
    const skidpad::test::Run lab =
        skidpad::test::run_skidpad("lab compare --replay '" + file + "' --set car.mass=1300");
    INFO(lab.output);
    REQUIRE(lab.code == 0);
    CHECK(field(lab.output, "changed").find("car.mass") == 0);
    CHECK(field(lab.output, "hash_a") != field(lab.output, "hash_b"));
}

TEST_CASE("compare flags need --replay and the window", "[replay][compare][cli]") {
    skidpad::test::Run r = skidpad::test::run_skidpad(
        "--compare-set car.mass=1500 --screenshot /tmp/x.png --seconds 1");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("--compare-preset and --compare-set go with --replay"));
    r = skidpad::test::run_skidpad("--replay /dev/null --headless --compare-set car.mass=1500");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("lab compare"));
    r = skidpad::test::run_skidpad("--replay /dev/null --compare-set");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("--compare-set needs a value"));
}
