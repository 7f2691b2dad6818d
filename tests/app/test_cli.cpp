// The skidpad executable end to end: bad command lines, bad input scripts,
// headless runs and the screenshot mode (under SDL_VIDEODRIVER=offscreen).
#include <stb_image.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "skidpad/car/car.hpp"
#include "skidpad/draw.hpp"
#include "support/run_skidpad.hpp"

namespace {

using skidpad::test::Run;
using skidpad::test::temp_path;

Run run(const std::string& args, const std::string& env = "") {
    return skidpad::test::run_skidpad(args, env);
}

std::string write_file(const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    std::ofstream(path) << text;
    return path;
}

std::vector<std::string> split_csv(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');)
        out.push_back(cell);
    return out;
}

/// Fill colour of the largest polygon car_draw emits for a car at rest.
skidpad::Color car_body_colour() {
    skidpad::Car car;
    skidpad::CarDef def;
    skidpad::car_reset(car, def, {0.0, 0.0}, 0.0);
    skidpad::DrawList dl;
    skidpad::car_draw(car, def, skidpad::car_pose(car), dl);
    double best = -1.0;
    skidpad::Color colour = 0;
    for (const skidpad::Shape& s : dl.shapes) {
        if (s.kind != skidpad::ShapeKind::Polygon || s.fill == 0) continue;
        double area2 = 0.0;
        for (std::uint32_t i = 0; i < s.count; ++i) {
            const skidpad::vec2 a = dl.points[s.first + i];
            const skidpad::vec2 b = dl.points[s.first + (i + 1) % s.count];
            area2 += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
        }
        if (std::abs(area2) > best) {
            best = std::abs(area2);
            colour = s.fill;
        }
    }
    return colour;
}

}  // namespace

TEST_CASE("cli unknown flags print usage and exit 2", "[cli]") {
    const Run r = run("--frobnicate");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("unknown option '--frobnicate'"));
    CHECK_THAT(r.output, Catch::Contains("usage: skidpad"));
}

TEST_CASE("cli bad option values exit 2 naming the problem", "[cli]") {
    struct Case {
        const char* args;
        const char* expect;
    };
    const Case cases[] = {
        {"--headless", "--headless needs --seconds S"},
        {"--headless --seconds abc", "--seconds: 'abc'"},
        {"--headless --seconds", "--seconds needs a value"},
        {"--screenshot x.png --seconds 1 --size 12x", "--size: '12x'"},
        {"--headless --seconds 1 --set car.mass=abc", "car.mass"},
        {"--headless --seconds 1 --preset /nonexistent/preset.json", "/nonexistent/preset.json"},
        {"--headless --seconds 1 --input /nonexistent/in.csv", "/nonexistent/in.csv"},
        {"--headless --seconds 1 --telemetry", "--telemetry needs a value"},
        {"--screenshot x.png --seconds 1 --show bogus", "--show: unknown window or view 'bogus'"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const Run r = run(c.args);
        CHECK(r.code == 2);
        CHECK_THAT(r.output, Catch::Contains(c.expect));
    }
}

TEST_CASE("cli bad input scripts exit 2 with file line and reason", "[cli]") {
    const std::string h = "t,throttle,brake,steer,handbrake,gear\n";
    const std::string a = write_file("bad_range.csv", h + "0,1,0,0,0,1\n1,0,0,7,0,\n");
    Run r = run("--headless --seconds 2 --input '" + a + "'");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains(a + ":3: steer 7 is outside [-1, 1]"));
    const std::string b = write_file("bad_header.csv", "throttle,t\n");
    r = run("--headless --seconds 2 --input '" + b + "'");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains(b + ":1: the first line must be the header"));
    std::filesystem::remove(a);
    std::filesystem::remove(b);
}

TEST_CASE("no usable display is one clear line and exit 1 while headless needs none", "[cli]") {
    const std::string no_display = "SDL_VIDEODRIVER=no-such-driver";
    Run r = run("--screenshot /tmp/skidpad_never.png --seconds 0.1", no_display);
    CHECK(r.code == 1);
    CHECK_THAT(r.output, Catch::StartsWith("skidpad: cannot open a display"));
    CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 1);
    CHECK_FALSE(std::filesystem::exists("/tmp/skidpad_never.png"));
    r = run("--headless --seconds 0.1", no_display);
    CHECK(r.code == 0);
    CHECK_THAT(r.output, Catch::Contains("mode=headless"));
}

TEST_CASE("without DISPLAY and WAYLAND_DISPLAY the window refuses instead of running unseen",
          "[cli]") {
    // No driver asked for: SDL would fall back to its invisible offscreen driver.
    const std::string env = "env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER";
    Run r = run("--bench-frames 600 --size 320x200", env);
    CHECK(r.code == 1);
    // Refused at start-up, not after running the frames: the refusal is the only line,
    // without the figures (bench=frames ...) a bench run prints when its frames are done.
    CHECK_THAT(r.output, Catch::StartsWith("skidpad: cannot open a display"));
    CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 1);
    CHECK_THAT(r.output, !Catch::Contains("bench=frames"));
    // A DISPLAY nobody answers: SDL's fallback to offscreen is refused after SDL_Init.
    r = run("--bench-frames 600 --size 320x200", env + " DISPLAY=:9917");
    CHECK(r.code == 1);
    CHECK_THAT(r.output, Catch::Contains("skidpad: cannot open a display"));
    // Asked for explicitly, the offscreen driver still works.
    r = run("--bench-frames 2 --size 320x200", env + " SDL_VIDEODRIVER=offscreen");
    INFO(r.output);
    CHECK(r.code == 0);
    CHECK_THAT(r.output, Catch::Contains("bench=frames"));
}

TEST_CASE("missing, empty or directory paths exit 2 naming the flag before anything runs",
          "[cli][headless]") {
    const std::string dir = std::filesystem::temp_directory_path().string();
    struct Case {
        std::string args;
        std::string expect;
    };
    const Case cases[] = {
        {"--level /nonexistent/level.json", "--level: '/nonexistent/level.json' not found"},
        {"--level ''", "--level needs a non-empty value"},
        {"--input ''", "--input needs a non-empty value"},
        {"--telemetry ''", "--telemetry needs a non-empty value"},
        {"--level '" + dir + "'", "--level: '" + dir + "' is a directory"},
        {"--input '" + dir + "'", "--input: '" + dir + "' is a directory"},
        {"--telemetry '" + dir + "'", "--telemetry: '" + dir + "' is a directory, not a file"},
        {"--telemetry /nonexistent/out.csv",
         "--telemetry: the directory of '/nonexistent/out.csv' does not exist"},
        {"--set nosuch=1", "--set unknown parameter 'nosuch'"},
        // Root may write anywhere access() asks about, yet nobody creates files in /proc:
        // the destination is tried with a temporary file before the run, not after it.
        {"--telemetry /proc/out.csv",
         "--telemetry: /proc/out.csv: cannot create a temporary file in /proc"},
        {"--record /proc/run.replay",
         "--record: /proc/run.replay: cannot create a temporary file in /proc"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const Run r = run("--headless --seconds 0.5 " + c.args);
        CHECK(r.code == 2);
        CHECK_THAT(r.output, Catch::Contains(c.expect));
        CHECK_THAT(r.output, !Catch::Contains("mode=headless"));
    }
    // A FIFO nobody writes to is refused as not a regular file, not waited on.
    const std::string fifo = temp_path("script.fifo");
    std::filesystem::remove(fifo);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const Run f = run("--headless --seconds 0.5 --input '" + fifo + "'", "timeout 20");
    CHECK(f.code == 2);
    CHECK_THAT(f.output, Catch::Contains(fifo + ": not a regular file"));
    std::filesystem::remove(fifo);
    // A screenshot into a missing directory is refused before the window opens.
    const Run s = run("--screenshot /nonexistent/shot.png --seconds 0.1");
    CHECK(s.code == 2);
    CHECK_THAT(s.output, Catch::Contains("--screenshot: the directory of"));
}

TEST_CASE("control characters in echoed keys and paths print as '?'", "[cli]") {
    Run r = run("--headless --seconds 0.5 --set \"$(printf 'no\\033[31msuch=1')\"");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("'no?[31msuch'"));
    CHECK(r.output.find('\033') == std::string::npos);
    r = run("--headless --seconds 0.5 --level \"$(printf '/nonexistent/a\\tb.json')\"");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains("'/nonexistent/a?b.json' not found"));
}

TEST_CASE("a malformed level exits 2 naming the file", "[cli][headless]") {
    const std::string bad = write_file("bad_level.json", "{ \"format\": \"skidpad-level\", ");
    const Run r = run("--headless --seconds 0.5 --level '" + bad + "'");
    CHECK(r.code == 2);
    CHECK_THAT(r.output, Catch::Contains(bad));
    CHECK_THAT(r.output, !Catch::Contains("mode=headless"));
    std::filesystem::remove(bad);
}

TEST_CASE("headless run follows the input script and writes telemetry", "[cli][headless]") {
    const std::string script =
        write_file("drive.csv",
                   "t,throttle,brake,steer,handbrake,gear\n# full throttle then coast\n"
                   "0,1,0,0,0,1\n1,0,0,0,0,\n");
    const std::string csv = temp_path("telemetry.csv");
    std::filesystem::remove(csv);
    const Run r = run("--headless --seconds 2 --input '" + script + "' --telemetry '" + csv + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.output, Catch::Contains("mode=headless"));
    CHECK_THAT(r.output, Catch::Contains("steps=240"));
    // Moving forward (+x, heading 0) after a second of throttle.
    const auto xpos = r.output.find(" x=");
    REQUIRE(xpos != std::string::npos);
    CHECK(std::stod(r.output.substr(xpos + 3)) > 1.0);
    std::ifstream f(csv);
    REQUIRE(f.good());
    std::string line;
    std::getline(f, line);
    CHECK(line.rfind("time_s,tick,speed_mps,rpm,gear,throttle,brake,steer,", 0) == 0);
    int rows = 0;
    while (std::getline(f, line))
        rows += 1;
    CHECK(rows == 240);  // one row per 120 Hz step
    std::filesystem::remove(script);
    std::filesystem::remove(csv);
}

TEST_CASE("screenshot mode writes a PNG of the requested size with the car at the centre",
          "[cli][screenshot]") {
    const std::string png = temp_path("shot.png");
    std::filesystem::remove(png);
    const Run r = run("--screenshot '" + png + "' --seconds 0.5 --size 640x360");
    INFO(r.output);
    REQUIRE(r.code == 0);
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 4);
    REQUIRE(px != nullptr);
    CHECK(w == 640);
    CHECK(h == 360);
    // The car's body colour is whatever car_draw gives its largest polygon (so the
    // test follows the vehicle model's look); the camera centres the car at rest.
    const skidpad::Color body = car_body_colour();
    const int br = static_cast<int>(body & 0xff), bg = static_cast<int>((body >> 8) & 0xff),
              bb = static_cast<int>((body >> 16) & 0xff);
    auto is_car = [&](int x, int y) {
        const unsigned char* p = px + (static_cast<std::size_t>(y) * w + x) * 4;
        return std::abs(p[0] - br) < 30 && std::abs(p[1] - bg) < 30 && std::abs(p[2] - bb) < 30;
    };
    int near_centre = 0, far_corner = 0;
    for (int y = h / 2 - 15; y <= h / 2 + 15; ++y) {
        for (int x = w / 2 - 25; x <= w / 2 + 25; ++x)
            near_centre += is_car(x, y);
    }
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 60; ++x)
            far_corner += is_car(x, y);
    }
    stbi_image_free(px);
    CHECK(near_centre > 300);
    CHECK(far_corner == 0);
    std::filesystem::remove(png);
}

TEST_CASE("the track option takes a file path and a missing or bad one exits 2 naming it",
          "[cli][screenshot]") {
    // A square loop around (1100, 1100), far from every shipped track and the arena.
    const std::string track = write_file(
        "own_track.json", R"({"format":"skidpad-track","version":1,"name":"Far square","width":10,)"
                          R"("centre_line":[[1000,1000],[1200,1000],[1200,1200],[1000,1200]]})");
    const std::string bad = write_file("bad_track.json", R"({"format":"skidpad-track",)");
    const std::string png = temp_path("track_shot.png");
    const std::string csv = temp_path("track_telemetry.csv");
    struct Case {
        std::string args;
        std::string expect;
    };
    const Case refused[] = {
        {"--track /nonexistent/t.json", "--track: '/nonexistent/t.json' not found"},
        {"--track '" + bad + "'", bad + ": file: not valid JSON"},
        {"--screenshot '" + png + "' --seconds 0.1 --track '" + bad + "'", bad + ": file:"},
        {"--screenshot '" + png + "' --seconds 0.1 --track /nonexistent/t.json",
         "'/nonexistent/t.json' not found"},
    };
    for (const Case& c : refused) {
        INFO(c.args);
        const Run r = run(c.args);
        CHECK(r.code == 2);
        CHECK_THAT(r.output, Catch::Contains(c.expect));
    }
    // The file's track is the one driven: the car starts on its grid near (1000, 1000).
    std::filesystem::remove(csv);
    const Run r = run("--screenshot '" + png + "' --seconds 0.2 --size 320x200 --track '" + track +
                      "' --telemetry '" + csv + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    std::ifstream f(csv);
    std::string header, row;
    REQUIRE(std::getline(f, header));
    REQUIRE(std::getline(f, row));
    const std::vector<std::string> names = split_csv(header), values = split_csv(row);
    const auto col = [&](const std::string& name) {
        const auto it = std::find(names.begin(), names.end(), name);
        REQUIRE(it != names.end());
        return std::stod(values[static_cast<std::size_t>(it - names.begin())]);
    };
    // Within 30 m of control point 0 (the grid is a few car lengths behind the line).
    CHECK(std::hypot(col("x_m") - 1000.0, col("y_m") - 1000.0) < 30.0);
    for (const std::string& p : {track, bad, png, csv})
        std::filesystem::remove(p);
}
