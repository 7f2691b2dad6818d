// Replays end to end: a run recorded headless, in --screenshot's window (with a
// tuning change from a preset and slow motion) or on a track plays back headless to
// the hash it recorded; broken files are refused with the file named and exit 2.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "replay_player.hpp"
#include "skidpad/replay/replay.hpp"
#include "support/run_skidpad.hpp"

namespace {

using skidpad::test::Run;
using skidpad::test::temp_path;

/// The value of `key` in the output's last key=value line that has it.
std::string field(const std::string& out, const std::string& key) {
    const std::string text = " " + out;
    std::size_t at = std::string::npos;
    for (const char* sep : {" ", "\n"}) {
        const std::size_t i = text.rfind(sep + key + "=");
        if (i != std::string::npos && (at == std::string::npos || i > at)) at = i;
    }
    if (at == std::string::npos) return "";
    const std::size_t from = at + key.size() + 2;
    return text.substr(from, text.find_first_of(" \n", from) - from);
}

std::string write_file(const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("a headless run recorded with --record replays headless to the same hash",
          "[replay][cli][headless]") {
    const std::string script = write_file(
        "replay_drive.csv",
        "t,throttle,brake,steer,handbrake,gear\n0,1,0,0,0,1\n1,0.5,0,0.4,0,\n2,0,0.6,-0.2,1,\n");
    const std::string file = temp_path("headless.replay");
    std::filesystem::remove(file);
    const Run rec = skidpad::test::run_skidpad("--headless --seconds 3 --input '" + script +
                                               "' --set car.mass=1500 --record '" + file + "'");
    INFO(rec.output);
    REQUIRE(rec.code == 0);
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + file + "'");
    INFO(play.output);
    REQUIRE(play.code == 0);
    CHECK(field(play.output, "mode") == "replay");
    CHECK(field(play.output, "steps") == "360");
    CHECK(field(play.output, "hash") == field(rec.output, "hash"));
    CHECK(field(play.output, "replay_hash") == field(rec.output, "hash"));
    CHECK(field(play.output, "hash_match") == "true");
    CHECK(field(play.output, "x") == field(rec.output, "x"));

    // The file's bytes changed: refused naming the file, exit 2, nothing played.
    std::string bytes;
    {
        std::ifstream f(file, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(f), {});
    }
    const std::string bad = temp_path("corrupt.replay");
    std::ofstream(bad, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    const Run refused = skidpad::test::run_skidpad("--headless --replay '" + bad + "'");
    CHECK(refused.code == 2);
    CHECK_THAT(refused.output, Catch::Contains("replay '" + bad + "'"));
    CHECK_THAT(refused.output, Catch::Contains("at byte"));
    for (const std::string& p : {script, file, bad})
        std::filesystem::remove(p);
}

TEST_CASE("a --screenshot run with slow motion and a preset replays to its recorded hash",
          "[replay][cli][screenshot]") {
    const std::string script =
        write_file("replay_shot.csv",
                   "t,throttle,brake,steer,handbrake,gear\n0,1,0,0.3,0,1\n0.8,0,1,-0.5,0,\n");
    const std::string file = temp_path("shot.replay");
    const std::string png = temp_path("replay_shot.png");
    std::filesystem::remove(file);
    const Run rec = skidpad::test::run_skidpad(
        "--screenshot '" + png + "' --seconds 1.5 --size 320x200 --input '" + script +
        "' --set sim.time_scale=0.5 --set car.layout=awd --record '" + file + "'");
    INFO(rec.output);
    REQUIRE(rec.code == 0);
    const skidpad::ReplayParse parsed = skidpad::load_replay_file(file);
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    // --screenshot runs 1.5 simulated seconds (in frames at half speed): 180 steps at 120 Hz.
    CHECK(parsed.replay.steps == 180);
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + file + "'");
    INFO(play.output);
    CHECK(play.code == 0);
    CHECK(field(play.output, "hash_match") == "true");
    for (const std::string& p : {script, file, png})
        std::filesystem::remove(p);
}

TEST_CASE("replay player: seeking back and forth equals playing straight through",
          "[replay][seek]") {
    skidpad::Replay r;
    skidpad::InputState in;
    in.throttle = 1.0;
    in.steer = 0.2;
    r.runs.push_back({0, in});
    in.steer = -0.3;
    in.handbrake = 1.0;
    r.runs.push_back({700, in});
    r.steps = 1500;
    skidpad::ReplayEvent e;
    e.op = skidpad::ReplayOp::Spawn;
    e.x = 5.0f;
    e.y = 1.0f;
    e.step = 300;
    r.events.push_back(e);

    using namespace skidpad::app;
    ReplayPlayer straight;
    Scene a;
    REQUIRE(replay_open(straight, a, r).empty());
    replay_play_all(straight, a);
    const std::uint64_t end_hash = a.world.state_hash();

    ReplayPlayer p;
    Scene b;
    REQUIRE(replay_open(p, b, r).empty());
    replay_seek(p, b, 1400);         // forward: takes snapshots on the way
    CHECK(p.snapshots.size() == 3);  // steps 0, 600, 1200 (every 5 s at 120 Hz)
    replay_seek(p, b, 650);          // back: from the snapshot at 600
    CHECK(p.cursor.step == 650);
    replay_seek(p, b, 100);
    replay_play_all(p, b);
    CHECK(b.world.state_hash() == end_hash);
}

TEST_CASE("a replay whose level is missing is refused naming it", "[replay][files]") {
    skidpad::Replay r;
    r.header.level = temp_path("no_such_level.json");
    skidpad::app::ReplayPlayer p;
    skidpad::app::Scene scene;
    const std::string why = skidpad::app::replay_open(p, scene, r);
    CHECK_THAT(why, Catch::Contains("no_such_level.json"));
    CHECK_THAT(why, Catch::Contains("missing"));
}

TEST_CASE("lab compare re-runs a replay with another setup and prints the differences",
          "[replay][cli][lab]") {
    const std::string script =
        write_file("compare_drive.csv",
                   "t,throttle,brake,steer,handbrake,gear\n0,1,0,0,0,1\n2,0,0.5,0.3,0,\n");
    const std::string file = temp_path("compare.replay");
    REQUIRE(skidpad::test::run_skidpad("--headless --seconds 4 --input '" + script +
                                       "' --record '" + file + "'")
                .code == 0);
    // Twice the mass: the same inputs cover less ground in the first, accelerating segment.
    const Run r = skidpad::test::run_skidpad("lab compare --replay '" + file +
                                             "' --set car.mass=2800 --segment 2");
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.output, Catch::Contains("changed=car.mass:"));
    CHECK_THAT(r.output, Catch::Contains("segment=1 t0=0 t1=2 "));
    CHECK_THAT(r.output, Catch::Contains("segment=2 t0=2 t1=4 "));
    CHECK(field(r.output, "replay_hash_match") == "true");
    const std::string first = r.output.substr(r.output.find("segment=1"));
    const double a = std::stod(field(first, "dist_a"));
    const double b = std::stod(field(first.substr(0, first.find('\n')), "dist_b"));
    CHECK(a > 5.0);
    CHECK(b < 0.9 * a);

    // No other setup, or an unknown key: exit 2 with the reason.
    const Run none = skidpad::test::run_skidpad("lab compare --replay '" + file + "'");
    CHECK(none.code == 2);
    CHECK_THAT(none.output, Catch::Contains("needs the other setup"));
    const Run bad =
        skidpad::test::run_skidpad("lab compare --replay '" + file + "' --set nosuch=1");
    CHECK(bad.code == 2);
    CHECK_THAT(skidpad::test::run_skidpad("lab list").output,
               Catch::Contains("experiment=compare"));
    for (const std::string& p : {script, file})
        std::filesystem::remove(p);
}

TEST_CASE("a run on a --level file records the level's absolute path and replays from anywhere",
          "[replay][cli][files]") {
    const std::string file = temp_path("level_run.replay");
    const std::string level = std::string(SKIDPAD_SOURCE_DIR) + "/assets/levels/arena.json";
    // Recorded from the source directory with a relative path ...
    const Run rec = skidpad::test::run_skidpad(
        "--headless --seconds 1 --level assets/levels/arena.json --record '" + file + "'",
        "cd '" + std::string(SKIDPAD_SOURCE_DIR) + "' &&");
    INFO(rec.output);
    REQUIRE(rec.code == 0);
    const skidpad::ReplayParse p = skidpad::load_replay_file(file);
    REQUIRE(p.ok);
    CHECK(p.replay.header.level == level);
    // ... played from another directory.
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + file + "'", "cd /tmp &&");
    INFO(play.output);
    CHECK(play.code == 0);
    CHECK(field(play.output, "hash_match") == "true");
    std::filesystem::remove(file);
}

TEST_CASE("replay flags refuse settings, inputs and missing files before anything runs",
          "[replay][cli]") {
    const std::string file = temp_path("args.replay");
    REQUIRE(skidpad::test::run_skidpad("--headless --seconds 0.5 --record '" + file + "'").code ==
            0);
    const Run set =
        skidpad::test::run_skidpad("--headless --replay '" + file + "' --set car.mass=1500");
    CHECK(set.code == 2);
    CHECK_THAT(set.output, Catch::Contains("own settings"));
    const Run rec = skidpad::test::run_skidpad("--headless --replay '" + file + "' --record '" +
                                               temp_path("again.replay") + "'");
    CHECK(rec.code == 2);
    const Run missing =
        skidpad::test::run_skidpad("--headless --replay '" + temp_path("none.replay") + "'");
    CHECK(missing.code == 2);
    CHECK_THAT(missing.output, Catch::Contains("--replay: '"));
    CHECK_THAT(missing.output, Catch::Contains("not found"));
    const Run ghost = skidpad::test::run_skidpad("--ghost '" + temp_path("none.replay") + "'");
    CHECK(ghost.code == 2);
    std::filesystem::remove(file);
}

TEST_CASE("a race recorded with --screenshot --record replays headless to its hash",
          "[replay][cli][race]") {
    const std::string script =
        write_file("replay_race.csv", "t,throttle,brake,steer,handbrake,gear\n0,1,0,0.05,0,\n");
    const std::string file = temp_path("race.replay");
    const std::string png = temp_path("replay_race.png");
    std::filesystem::remove(file);
    const Run rec = skidpad::test::run_skidpad("--mode race --opponents 2 --screenshot '" + png +
                                               "' --seconds 6 --size 320x200 " + "--input '" +
                                               script + "' --record '" + file + "'");
    INFO(rec.output);
    REQUIRE(rec.code == 0);
    const skidpad::ReplayParse parsed = skidpad::load_replay_file(file);
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    CHECK(parsed.replay.steps == 720);  // 6 s at 120 Hz
    REQUIRE_FALSE(parsed.replay.events.empty());
    CHECK(parsed.replay.events.front().op == skidpad::ReplayOp::RaceStart);
    CHECK(parsed.replay.events.front().opponents == 2);
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + file + "'");
    INFO(play.output);
    CHECK(play.code == 0);
    CHECK(field(play.output, "hash_match") == "true");
    CHECK(field(play.output, "hash") == std::to_string(parsed.replay.final_hash));
    for (const std::string& p : {script, file, png})
        std::filesystem::remove(p);
}
