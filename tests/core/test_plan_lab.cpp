// The plan module's lab experiments keep their key=value contract.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lab.hpp"
#include "skidpad/plan/braking.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;

namespace {
std::vector<std::string> run(const std::vector<std::string>& args, int& rc) {
    std::ostringstream out, err;
    rc = lab::run_lab(args, out, err);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

double field(const std::string& line, const std::string& key) {
    const std::string k = key + "=";
    const auto at = line.find(k);
    REQUIRE(at != std::string::npos);
    return std::stod(line.substr(at + k.size()));
}
}  // namespace

TEST_CASE("lab braking-model prints the four model lines with the library distances",
          "[plan][lab]") {
    int rc = -1;
    const auto lines = run({"braking-model", "--v-in", "30", "--v-out", "10", "--a0", "9.81", "--b",
                            "0.001", "--intervals", "4"},
                           rc);
    REQUIRE(rc == 0);
    REQUIRE(lines.size() == 5);
    CHECK(lines[1].rfind("model=no-aero distance_m=", 0) == 0);
    CHECK(lines[2].rfind("model=aero-bound distance_m=", 0) == 0);
    CHECK(lines[3].rfind("model=aero-numerical intervals=4 distance_m=", 0) == 0);
    CHECK(lines[4].rfind("model=aero-analytical distance_m=", 0) == 0);
    const Decel d{9.81, 0.001};
    CHECK(field(lines[1], "distance_m") ==
          Approx(braking_no_aero(30, 10, d).distance_m).epsilon(1e-7));
    CHECK(field(lines[3], "distance_m") ==
          Approx(braking_aero_numerical(30, 10, d, 4).distance_m).epsilon(1e-7));
    CHECK(field(lines[4], "distance_m") == Approx(38.816768).epsilon(1e-7));
    // At least 4 decimals even for a round value: 20 m/s at 10 m/s² is 20 m.
    const auto round = run({"braking-model", "--v-in", "20", "--a0", "10"}, rc);
    REQUIRE(round.size() == 5);
    CHECK(round[1] == "model=no-aero distance_m=20.000000");
    CHECK(round[3].find("intervals=8") != std::string::npos);
}

TEST_CASE("lab braking-model prints refused reasons and rejects bad intervals", "[plan][lab]") {
    int rc = -1;
    const auto lines = run({"braking-model", "--v-in", "30", "--a0", "5", "--b", "-0.01"}, rc);
    REQUIRE(rc == 0);
    REQUIRE(lines.size() == 5);
    for (std::size_t i = 1; i < 5; ++i) {
        CHECK(lines[i].find("refused=deceleration-not-positive") != std::string::npos);
        CHECK(lines[i].find("distance_m") == std::string::npos);
    }
    run({"braking-model", "--intervals", "0"}, rc);
    CHECK(rc == 2);
    run({"braking-model", "--intervals", "2.5"}, rc);
    CHECK(rc == 2);
}

TEST_CASE("lab corner-speed prints the speed and the case applied", "[plan][lab]") {
    int rc = -1;
    auto lines =
        run({"corner-speed", "--radius", "50", "--mu", "1", "--mass", "1500", "--kl", "0.5"}, rc);
    REQUIRE(rc == 0);
    REQUIRE(lines.size() == 2);
    CHECK(field(lines[1], "speed_mps") == Approx(22.334134).epsilon(1e-6));
    CHECK(lines[1].find("case=downforce") != std::string::npos);
    lines = run({"corner-speed", "--radius", "700", "--mu", "1", "--mass", "1500", "--kl", "3",
                 "--bound", "80"},
                rc);
    REQUIRE(lines.size() == 2);
    CHECK(field(lines[1], "speed_mps") == 80.0);
    CHECK(lines[1].find("case=unbounded") != std::string::npos);
}

TEST_CASE("lab lap prints lap times the prediction and the track verdict", "[plan][lab]") {
    int rc = -1;
    const auto lines = run({"lap", "--track", "oval", "--laps", "2"}, rc);
    REQUIRE(rc == 0);
    REQUIRE(lines.size() == 5);
    CHECK(lines[1].rfind("track=oval length_m=", 0) == 0);
    CHECK(lines[2].rfind("lap=1 lap_time_s=", 0) == 0);
    CHECK(lines[3].rfind("lap=2 lap_time_s=", 0) == 0);
    CHECK(lines[4].find("predicted_lap_s=") != std::string::npos);
    CHECK(lines[4].find("stayed_on_track=") != std::string::npos);
    CHECK(field(lines[4], "laps_completed") == 2.0);
    CHECK(field(lines[4], "best_lap_s") > 0.0);
    // The autopilot keeps all four wheels on the oval: both laps count.
    CHECK(field(lines[4], "valid_laps") == 2.0);
    CHECK(field(lines[4], "off_track_s") == 0.0);
    run({"lap", "--track", "../secret"}, rc);
    CHECK(rc == 2);
    std::ostringstream out, err;
    CHECK(lab::run_lab({"lap", "--track", "nosuch"}, out, err) == 2);
    CHECK(err.str().find("nosuch.json: file: cannot open") != std::string::npos);
}

TEST_CASE("lab lap takes a track file path and refuses a bad one naming it", "[plan][lab]") {
    test::TempDir dir;
    const std::string own = dir.file("own.json");
    std::ofstream(own) << R"({"format":"skidpad-track","name":"Square","width":12,)"
                          R"("centre_line":[[0,0],[150,0],[150,150],[0,150]]})";
    int rc = -1;
    const auto lines = run({"lap", "--track", own, "--laps", "1"}, rc);
    REQUIRE(rc == 0);
    REQUIRE(lines.size() == 4);
    CHECK(lines[1].rfind("track=" + own + " length_m=", 0) == 0);
    // The spline through the square's corners is at least as long as the 600 m polygon
    // joining them and bulges out by a few metres at each corner.
    CHECK(field(lines[1], "length_m") >= 600.0);
    CHECK(field(lines[1], "length_m") < 700.0);
    CHECK(field(lines[3], "laps_completed") == 1.0);

    const std::string bad = dir.file("bad.json");
    std::ofstream(bad) << R"({"format":"skidpad-track","width":12,"centre_line":[[0,0]]})";
    std::ostringstream out, err;
    CHECK(lab::run_lab({"lap", "--track", bad}, out, err) == 2);
    CHECK(err.str().find(bad + ": \"centre_line\": needs at least 4 points") != std::string::npos);
    CHECK(lab::run_lab({"lap", "--track", dir.file("missing.json")}, out, err) == 2);
    CHECK(err.str().find(dir.file("missing.json") + ": file: cannot open") != std::string::npos);
}
