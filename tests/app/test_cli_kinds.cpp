// The option table's refusals and the output flags that now work: a flag a run kind or
// mode does not take exits 2 naming the flag and the kind; every flag it takes works.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "support/run_skidpad.hpp"

namespace {

using skidpad::app::CommandLine;
using skidpad::app::RunKind;
using skidpad::test::Run;
using skidpad::test::temp_path;

/// The dry parse's exit code and message.
int parse(const std::string& args, std::string& error, CommandLine* out = nullptr) {
    CommandLine cl;
    const int code = skidpad::app::parse_command_line(skidpad::test::split_words(args), cl, error);
    if (out) *out = cl;
    return code;
}

std::string field(const std::string& line, const std::string& key) {
    const auto at = line.find(key + "=");
    if (at == std::string::npos) return "";
    const auto from = at + key.size() + 1;
    return line.substr(from, line.find_first_of(" \n", from) - from);
}

long long lines_in(const std::string& path) {
    std::ifstream in(path);
    long long n = 0;
    for (std::string l; std::getline(in, l);)
        ++n;
    return n;
}

}  // namespace

TEST_CASE("flags a run kind or a mode does not take are refused naming both", "[cli]") {
    struct Case {
        const char* args;
        const char* expect;
    };
    const Case cases[] = {
        // Output flags that were dropped without a word.
        {"--bench-frames 10 --record r.replay", "--record is not taken by --bench-frames"},
        {"--replay r --screenshot o.png --seconds 1 --telemetry t.csv",
         "--telemetry is not taken by --replay with --screenshot"},
        {"--replay r --telemetry t.csv", "--telemetry is not taken by the replay viewer"},
        {"--replay r --screenshot o.png --seconds 1 --record x",
         "--record is not taken by --replay with --screenshot"},
        // Picture flags headless.
        {"--headless --seconds 1 --ghost g.replay", "--ghost is not taken by --headless"},
        {"--headless --seconds 1 --overlay", "--overlay is not taken by --headless"},
        {"--headless --seconds 1 --size 640x480", "--size is not taken by --headless"},
        {"--headless --seconds 1 --show gg", "--show is not taken by --headless"},
        {"--render-audio a.wav --seconds 1 --ghost g", "--ghost is not taken by --render-audio"},
        {"--render-audio a.wav --seconds 1 --size 640x480",
         "--size is not taken by --render-audio"},
        {"--replay r --headless --overlay", "--overlay is not taken by --replay with --headless"},
        {"--replay r --show gg", "--show is not taken by the replay viewer"},
        {"--replay r --ghost g", "--ghost is not taken by the replay viewer"},
        // The arena's level only where the arena is the scene.
        {"--mode race --level l.json", "--level is not taken by --mode race"},
        {"--mode time-trial --level l.json", "--level is not taken by --mode time-trial"},
        {"--mode rig --level l.json", "--level is not taken by --mode rig"},
        {"--mode rig --autopilot", "--autopilot is not taken by --mode rig"},
        {"--mode rig --record r", "--mode rig runs are not recorded (no --record)"},
        {"--mode free --opponents 2", "--opponents goes with --mode race"},
        {"--rig braking", "--rig goes with --mode rig"},
        // Kinds that exclude each other.
        {"--headless --screenshot o.png --seconds 1", "--screenshot is not taken by --headless"},
        {"--render-audio a.wav --headless --seconds 1",
         "--headless is not taken by --render-audio"},
        {"--bench-frames 5 --headless --seconds 1", "--headless is not taken by --bench-frames"},
        {"--bench-render --crates 5 --frames 5 --bench-frames 5",
         "--bench-frames is not taken by --bench-render"},
        {"--bench-render --crates 5 --frames 5 --level l.json",
         "--level is not taken by --bench-render"},
        {"--bench-shapes 5", "--bench-shapes is not taken by the window"},
        {"--seconds 3", "--seconds is not taken by the window"},
        {"--replay r --headless --seconds 3", "--seconds is not taken by --replay with --headless"},
        {"--replay r --preset p.json", "own settings"},
        {"--replay r --input i.csv", "--input is not taken by the replay viewer"},
        // Values.
        {"--mode rig --rig wobble", "--rig: unknown rig 'wobble' (skidpad, braking, topspeed)"},
        {"--frobnicate", "unknown option '--frobnicate'"},
        {"stray", "unknown option 'stray'"},
        {"--data", "--data needs a value"},
        {"--data=", "--data needs a non-empty value"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        std::string error;
        CHECK(parse(c.args, error) == 2);
        CHECK_THAT(error, Catch::Contains(c.expect));
    }
}

TEST_CASE("the table's run kinds and the values a parse keeps", "[cli]") {
    std::string error;
    CommandLine cl;
    REQUIRE(parse("--mode rig --screenshot o.png --seconds 1", error, &cl) == 0);
    CHECK(cl.kind == RunKind::Screenshot);
    CHECK(cl.rig == "skidpad");  // the rig a bare --mode rig starts
    REQUIRE(parse("--replay r --headless --telemetry t.csv --data d", error, &cl) == 0);
    CHECK(cl.kind == RunKind::ReplayHeadless);
    CHECK(cl.telemetry == "t.csv");
    CHECK(cl.data_dir == "d");
    REQUIRE(parse("--render-audio a.wav --seconds 2 --telemetry t.csv --record r --level l", error,
                  &cl) == 0);
    CHECK(cl.kind == RunKind::RenderAudio);
    CHECK(cl.record == "r");
    REQUIRE(parse("--preset a.json --set car.mass=1500 --preset=b.json --overlay --no-overlay",
                  error, &cl) == 0);
    CHECK(cl.kind == RunKind::Window);
    CHECK(cl.settings_args == std::vector<std::string>{"--preset", "a.json", "--set",
                                                       "car.mass=1500", "--preset", "b.json"});
    CHECK_FALSE(cl.overlay);
    REQUIRE(parse("--bench-render --crates 40 --frames 3 --size 640x480", error, &cl) == 0);
    CHECK(cl.kind == RunKind::BenchRender);
    CHECK(cl.bench_crates == 40);
    CHECK(cl.bench_frames == 3);
    CHECK(cl.width == 640);
    REQUIRE(parse("--mode drift --level l.json --track oval --data d", error, &cl) == 0);
    CHECK(cl.mode == "drift");
}

TEST_CASE("refusals from the executable exit 2 with the message and the usage", "[cli]") {
    const Run r = skidpad::test::run_skidpad("--bench-frames 5 --record /tmp/never.replay");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("--record is not taken by --bench-frames"));
    CHECK_THAT(r.output, Catch::Contains("taken by: "));
    CHECK_FALSE(std::filesystem::exists("/tmp/never.replay"));
}

TEST_CASE("render-audio runs write --telemetry and --record like --headless", "[cli][audio]") {
    const std::string input = temp_path("ra_input.csv");
    std::ofstream(input)
        << "t,throttle,brake,steer,handbrake,gear\n0,1,0,0,0,1\n0.8,0.4,0,0.5,0,\n";
    const std::string wav = temp_path("ra.wav"), csv = temp_path("ra.csv"),
                      rec = temp_path("ra.replay"), hcsv = temp_path("ra_headless.csv");
    const Run ra =
        skidpad::test::run_skidpad("--render-audio '" + wav + "' --seconds 1.5 --input '" + input +
                                   "' --telemetry '" + csv + "' --record '" + rec + "'");
    INFO(ra.output);
    REQUIRE(ra.code == 0);
    CHECK(field(ra.output, "telemetry_rows") == "180");  // 1.5 s at 120 Hz
    CHECK(lines_in(csv) == 181);                         // and the header
    // The same run headless writes the same telemetry, byte for byte.
    const Run h = skidpad::test::run_skidpad("--headless --seconds 1.5 --input '" + input +
                                             "' --telemetry '" + hcsv + "'");
    REQUIRE(h.code == 0);
    CHECK(field(h.output, "hash") == field(ra.output, "hash"));
    std::ifstream a(csv), b(hcsv);
    std::stringstream sa, sb;
    sa << a.rdbuf();
    sb << b.rdbuf();
    CHECK(sa.str() == sb.str());
    // The recording plays back to the run's hash.
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + rec + "'");
    INFO(play.output);
    CHECK(play.code == 0);
    CHECK(field(play.output, "hash_match") == "true");
    CHECK(field(play.output, "replay_hash") == field(ra.output, "hash"));
    for (const std::string& f : {input, wav, csv, rec, hcsv})
        std::filesystem::remove(f);
}

TEST_CASE("a headless replay with --telemetry writes one row per replayed step", "[cli][replay]") {
    const std::string input = temp_path("rt_input.csv");
    std::ofstream(input) << "t,throttle,brake,steer,handbrake,gear\n0,1,0,0.3,0,1\n";
    const std::string rec = temp_path("rt.replay"), live = temp_path("rt_live.csv"),
                      replayed = temp_path("rt_replayed.csv");
    const Run r = skidpad::test::run_skidpad("--headless --seconds 1 --input '" + input +
                                             "' --record '" + rec + "' --telemetry '" + live + "'");
    REQUIRE(r.code == 0);
    const Run play = skidpad::test::run_skidpad("--headless --replay '" + rec + "' --telemetry '" +
                                                replayed + "'");
    INFO(play.output);
    REQUIRE(play.code == 0);
    CHECK(field(play.output, "telemetry_rows") == "120");
    // The replayed drive's telemetry is the live drive's.
    std::ifstream a(live), b(replayed);
    std::stringstream sa, sb;
    sa << a.rdbuf();
    sb << b.rdbuf();
    CHECK(lines_in(replayed) == 121);
    CHECK(sa.str() == sb.str());
    for (const std::string& f : {input, rec, live, replayed})
        std::filesystem::remove(f);
}

TEST_CASE("a rig mode without --rig starts the skidpad rig", "[cli][rig]") {
    const std::string png = temp_path("rig_default.png");
    const Run r = skidpad::test::run_skidpad("--mode rig --screenshot '" + png + "' --seconds 0.5");
    INFO(r.output);
    REQUIRE(r.code == 0);
    // The skidpad rig's car starts on its 40 m circle, below the centre.
    CHECK(field(r.output, "x") == "0");
    CHECK(field(r.output, "y") == "-40");
    std::filesystem::remove(png);
}

TEST_CASE("the title screen opens only when the command line names no run, or with --title",
          "[cli][title]") {
    std::string error;
    CommandLine cl;
    const auto title = [&](const std::string& args) {
        REQUIRE(parse(args, error, &cl) == 0);
        return skidpad::app::opens_on_title(cl);
    };
    CHECK(title(""));
    CHECK(title("--profile anna"));
    CHECK(title("--size 1600x900"));
    CHECK(title("--title --screenshot /tmp/x.png --seconds 1"));
    CHECK(title("--title --mode race"));
    CHECK_FALSE(title("--mode free"));
    CHECK_FALSE(title("--mode race --laps 2 --difficulty mixed"));
    CHECK(cl.laps == 2);
    CHECK(cl.difficulty.mixed);
    CHECK_FALSE(title("--track club"));
    CHECK_FALSE(title("--preset assets/presets/hatch-fwd.json"));
    CHECK_FALSE(title("--edit track"));
    CHECK_FALSE(title("--autopilot --track oval"));
    CHECK_FALSE(title("--screenshot /tmp/x.png --seconds 1"));
    CHECK_FALSE(title("--players 2"));
    CHECK_FALSE(title("--overlay"));
}
