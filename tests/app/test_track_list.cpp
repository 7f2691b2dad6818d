// The track list reads headers only: listing many tracks builds none of them, choosing
// one builds exactly it, and a track whose body is bad is listed and refused (with its
// error) only when chosen.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "game.hpp"
#include "scene.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

/// A square loop of side `side` m at (x, y) named `name`.
std::string square_track(const std::string& name, double x, double y, double side,
                         double width = 10.0) {
    auto p = [&](double dx, double dy) {
        return "[" + std::to_string(x + dx) + "," + std::to_string(y + dy) + "]";
    };
    return R"({"format":"skidpad-track","version":1,"name":")" + name + R"(","width":)" +
           std::to_string(width) + R"(,"centre_line":[)" + p(0, 0) + "," + p(side, 0) + "," +
           p(side, side) + "," + p(0, side) + "]}";
}

char digit(int v) {
    return static_cast<char>('0' + v);
}

/// "gen_042"-style names, so the list's order is the number's.
std::string gen_name(int i) {
    return std::string("gen_") + digit(i / 100) + digit(i / 10 % 10) + digit(i % 10);
}

}  // namespace

TEST_CASE("listing 100 tracks builds none of them, and choosing one builds exactly it",
          "[app][scene][tracks]") {
    const test::TempDir dir;
    for (int i = 0; i < 100; ++i) {
        std::ofstream(dir.file(gen_name(i) + ".json"))
            << square_track("Generated " + std::to_string(i), 100.0 * i, 0.0, 150.0 + i);
    }
    // Its header is fine, its width is not: only building it can tell.
    std::ofstream(dir.file("zz_narrow.json")) << square_track("Narrow", 0.0, 0.0, 200.0, 2.0);

    Game game;
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, "", game.settings(), warning, skipped);
    Scene& sc = game.session.sim.scene;
    const int shipped_builds = sc.track_builds;
    CHECK(shipped_builds == 0);

    std::vector<std::string> listed_warnings;
    sc.tracks = find_tracks(dir.path.string(), listed_warnings);
    CHECK(listed_warnings.empty());  // the narrow track too: its body is not read
    REQUIRE(sc.tracks.size() == 101);
    CHECK(sc.tracks[42].name == "gen_042");
    CHECK(sc.tracks[42].title == "Generated 42");
    CHECK(sc.tracks[100].title == "Narrow");
    CHECK(sc.track_builds == 0);

    REQUIRE(scene_load_track(sc, 42, game.settings(), false).empty());
    CHECK(sc.track_builds == 1);
    CHECK(sc.track == 42);
    CHECK(sc.race.track().name == "Generated 42");
    CHECK(sc.warnings.empty());

    // The bad one: refused when chosen, naming the file and the field; the scene stays.
    const std::string err = scene_load_track(sc, 100, game.settings(), false);
    CHECK(err.find(dir.file("zz_narrow.json") + ": \"width\": 2 is outside [4, 60]") == 0);
    CHECK(sc.track_builds == 2);
    CHECK(sc.track == 42);
}

TEST_CASE("a track file chosen by path is built once and stays off the list when it fails",
          "[app][scene][tracks]") {
    const test::TempDir dir;
    const std::string good = dir.file("far.json"), bad = dir.file("narrow.json");
    std::ofstream(good) << square_track("Far square", 1000.0, 1000.0, 200.0);
    std::ofstream(bad) << square_track("Narrow", 0.0, 0.0, 200.0, 2.0);
    Game game;
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, "", game.settings(), warning, skipped);
    Scene& sc = game.session.sim.scene;
    const std::size_t shipped = sc.tracks.size();
    REQUIRE(planner_select_name(game.session.sim, good).empty());
    CHECK(sc.track_builds == 1);
    CHECK(sc.tracks.size() == shipped + 1);
    const std::string err = planner_select_name(game.session.sim, bad);
    CHECK(err.find(bad + ": \"width\"") == 0);
    CHECK(sc.track_builds == 2);
    CHECK(sc.tracks.size() == shipped + 1);  // not added
    CHECK(sc.track == static_cast<int>(shipped));
}
