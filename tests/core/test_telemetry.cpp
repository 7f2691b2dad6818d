#include <catch2/catch.hpp>

#include <sstream>

#include "skidpad/scene/scenes.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/telemetry.hpp"

using namespace skidpad;

namespace {
std::vector<std::string> split(const std::string& line, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}
}  // namespace

TEST_CASE("telemetry CSV has one row per simulated tick and a column per channel", "[telemetry]") {
    Settings settings;
    World world(world_def(settings));
    build_default_arena(world, settings.car);
    const CarId car = world.player();
    REQUIRE(car);
    const double dt = 1.0 / settings.sim.physics_hz;
    const int ticks = 600;
    Telemetry t(Telemetry::capacity_for(kTelemetrySeconds, settings.sim.physics_hz));
    for (int i = 0; i < ticks; ++i) {
        InputState in;
        in.throttle = 0.8;
        in.steer = 0.3;
        world.step(dt, in);
        t.record(world, car);
    }
    REQUIRE(t.size() == static_cast<std::size_t>(ticks));

    std::istringstream csv(t.csv());
    std::string line;
    REQUIRE(std::getline(csv, line));
    const auto header = split(line, ',');
    const auto& channels = telemetry_channels();
    REQUIRE(header.size() == 2 + channels.size());
    CHECK(header[0] == "time_s");
    CHECK(header[1] == "tick");
    for (const char* name : {"speed_mps", "rpm", "gear", "throttle", "brake", "steer", "g_long",
                             "g_lat", "yaw_rate_radps", "fl_slip_ratio", "rr_slip_angle_rad",
                             "fr_load_n", "rl_force_long_n", "rr_force_lat_n"}) {
        INFO(name);
        CHECK(std::find(header.begin(), header.end(), name) != header.end());
    }
    int rows = 0;
    std::vector<std::string> last;
    while (std::getline(csv, line)) {
        ++rows;
        last = split(line, ',');
        REQUIRE(last.size() == header.size());
        REQUIRE(std::stoll(last[1]) == rows);  // tick column counts the steps
    }
    CHECK(rows == ticks);
    // The last row is the car's state after the last step.
    const Car& c = world.car(car);
    const double speed = std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y);
    const auto col = [&](const char* n) {
        return std::stod(last[std::find(header.begin(), header.end(), n) - header.begin()]);
    };
    CHECK(col("speed_mps") == Approx(speed).margin(1e-6));
    CHECK(col("throttle") == Approx(0.8));
    CHECK(col("steer") == Approx(0.3));
    CHECK(col("time_s") == Approx(ticks * dt).margin(1e-6));
    CHECK(col("yaw_rate_radps") == Approx(c.yaw_rate).margin(1e-6));
}

TEST_CASE("the telemetry ring buffer keeps the newest samples", "[telemetry]") {
    Telemetry t(100);
    CHECK(t.empty());
    for (std::uint64_t i = 1; i <= 250; ++i) {
        TelemetrySample s;
        s.tick = i;
        s.speed = static_cast<double>(i) * 0.5;
        t.push(s);
    }
    CHECK(t.size() == 100);
    CHECK(t.capacity() == 100);
    CHECK(t.total() == 250);
    CHECK(t.at(0).tick == 151);
    CHECK(t.newest().tick == 250);
    for (std::size_t i = 0; i < t.size(); ++i) {
        REQUIRE(t.at(i).tick == 151 + i);
        REQUIRE(t.at(i).speed == static_cast<double>(151 + i) * 0.5);
    }
    std::istringstream csv(t.csv());
    std::string line;
    int lines = 0;
    while (std::getline(csv, line))
        ++lines;
    CHECK(lines == 101);
    t.clear();
    CHECK(t.size() == 0);
}

TEST_CASE("telemetry keeps at least 30 s at the physics rate by default", "[telemetry]") {
    for (double hz : {30.0, 120.0, 1000.0}) {
        CHECK(Telemetry::capacity_for(kTelemetrySeconds, hz) >=
              static_cast<std::size_t>(30.0 * hz));
    }
    CHECK(Telemetry::capacity_for(30.0, 120.0) == 3600);
}
