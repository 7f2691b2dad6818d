// --telemetry in the window modes, --show, and telemetry write failures, end to end.
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include "support/run_skidpad.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

using skidpad::test::Run;
// Own prefix: ctest runs the CLI test files in parallel.
std::string temp_path(const std::string& name) {
    return skidpad::test::temp_path("tune_" + name);
}

Run run(const std::string& args) {
    return skidpad::test::run_skidpad(args);
}

}  // namespace

TEST_CASE("screenshot mode writes telemetry with one row per physics step", "[cli][telemetry]") {
    const std::string png = temp_path("shot.png");
    const std::string csv = temp_path("shot.csv");
    std::filesystem::remove(csv);
    const Run r = run("--screenshot '" + png +
                      "' --seconds 0.5 --size 320x200 --overlay --show "
                      "tuning,telemetry,gg,friction,presets,forces,slip,velocity --telemetry '" +
                      csv + "' --set sim.physics_hz=200");
    INFO(r.output);
    REQUIRE(r.code == 0);
    // The window mode runs whole 60 Hz frames, so it may pass 0.5 s by a step or two.
    const auto at = r.output.find(" steps=");
    REQUIRE(at != std::string::npos);
    const int steps = std::stoi(r.output.substr(at + 7));
    CHECK(steps >= 100);
    CHECK(steps <= 104);
    CHECK_THAT(r.output, Catch::Contains("telemetry_rows=" + std::to_string(steps)));
    std::ifstream f(csv);
    REQUIRE(f.good());
    std::string line;
    std::getline(f, line);
    CHECK(line.rfind("time_s,tick,speed_mps,", 0) == 0);
    const auto columns = std::count(line.begin(), line.end(), ',');
    int rows = 0;
    std::string last;
    while (std::getline(f, line)) {
        ++rows;
        REQUIRE(std::count(line.begin(), line.end(), ',') == columns);
        last = line;
    }
    CHECK(rows == steps);  // one row per 200 Hz step
    CHECK(last.find("," + std::to_string(steps) + ",") != std::string::npos);
    std::filesystem::remove(png);
    std::filesystem::remove(csv);
}

TEST_CASE("a telemetry file that cannot be written stops before the run naming the path",
          "[cli][telemetry]") {
    const Run r = run("--headless --seconds 0.1 --telemetry /nonexistent-dir/t.csv");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("/nonexistent-dir/t.csv"));
    CHECK_THAT(r.output, !Catch::Contains("mode=headless"));
}

TEST_CASE("the windowed loop writes telemetry rows numbered by physics tick", "[cli][telemetry]") {
    // --bench-frames runs the interactive window loop for N frames and exits.
    const std::string csv = temp_path("window.csv");
    std::filesystem::remove(csv);
    const Run r = run("--bench-frames 20 --size 320x200 --telemetry '" + csv + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    std::ifstream f(csv);
    REQUIRE(f.good());
    std::string line;
    std::getline(f, line);
    CHECK(line.rfind("time_s,tick,speed_mps,", 0) == 0);
    long long rows = 0;
    while (std::getline(f, line)) {
        ++rows;
        const auto comma = line.find(',');
        REQUIRE(comma != std::string::npos);
        REQUIRE(std::stoll(line.substr(comma + 1)) == rows);  // tick 1, 2, 3, ...
    }
    CHECK(rows >= 1);
    std::filesystem::remove(csv);
}
