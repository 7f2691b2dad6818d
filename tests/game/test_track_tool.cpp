// `skidpad track new` writes the file the editor saves, refuses an invalid loop without
// writing, and `lab lap --track FILE` drives what it wrote; track values resolve to files.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>

#include "lab.hpp"
#include "replay_player.hpp"
#include "scene.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "support/scoped_env.hpp"
#include "track_source.hpp"
#include "track_tool.hpp"

using namespace skidpad;

namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / name).string();
}

/// A seeded star-shaped polygon of n points around the origin (radius 130..250 m).
std::string random_points(unsigned seed, int n) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double phase = 6.283 * u(rng);
    std::ostringstream os;
    for (int i = 0; i < n; ++i) {
        const double a = 6.283185307 * (i + 0.3 * (u(rng) - 0.5)) / n;
        const double r = 190.0 + 50.0 * std::sin(2.0 * a + phase) + 20.0 * (u(rng) - 0.5);
        os << (i ? ";" : "") << std::round(r * std::cos(a) * 100.0) / 100.0 << ","
           << std::round(r * std::sin(a) * 100.0) / 100.0;
    }
    return os.str();
}

}  // namespace

TEST_CASE("track new writes the file the editor saves", "[editor][track_tool]") {
    const std::string out_path = temp_path("skidpad_track_new.json");
    std::filesystem::remove(out_path);
    std::ostringstream out, err;
    const int code = app::run_track_tool(
        {"new", "--points", "0,0;100,0;140,40;100,80;0,80;-40,40", "--width", "11", "--surface",
         "gravel", "--name", "Hexagon", "--author", "tests", "--out", out_path},
        out, err);
    INFO(err.str());
    REQUIRE(code == 0);
    CHECK(out.str().rfind("track=" + out_path + " points=6 length_m=", 0) == 0);
    TrackDraftData d;
    d.name = "Hexagon";
    d.author = "tests";
    d.width = 11.0;
    d.road = SurfaceKind::Gravel;
    d.points = {{0, 0}, {100, 0}, {140, 40}, {100, 80}, {0, 80}, {-40, 40}};
    d.stretches.assign(6, DraftStretch{SurfaceKind::Gravel});
    std::string bytes;
    REQUIRE(read_file_capped(out_path, kMaxTrackBytes, bytes).ok);
    CHECK(bytes == track_draft_json(d));
    const TrackResult t = load_track_file(out_path);
    REQUIRE(t.ok);
    CHECK(t.track.road == SurfaceKind::Gravel);
    std::filesystem::remove(out_path);
}

TEST_CASE("track new refuses an invalid loop with its problems and writes nothing",
          "[editor][track_tool]") {
    const std::string out_path = temp_path("skidpad_track_bad.json");
    std::filesystem::remove(out_path);
    std::ostringstream out, err;
    // A bow tie: the second and fourth points swapped make the loop cross itself.
    const int code = app::run_track_tool(
        {"new", "--points", "0,0;100,80;100,0;0,80", "--width", "10", "--out", out_path}, out, err);
    CHECK(code == 2);
    CHECK(err.str().find("skidpad: track new: the centre line crosses itself at (") !=
          std::string::npos);
    CHECK(err.str().find("nothing written") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out_path));
    // A malformed point is named.
    std::ostringstream out2, err2;
    CHECK(app::run_track_tool(
              {"new", "--points", "0,0;1;2,2;3,3", "--width", "10", "--out", out_path}, out2,
              err2) == 2);
    CHECK(err2.str().find("--points: entry 1 '1' is not x,y") != std::string::npos);
    std::ostringstream out3, err3;
    CHECK(app::run_track_tool({"new", "--points", "0,0;10,0;10,10;0,10", "--width", "10"}, out3,
                              err3) == 2);
    CHECK(err3.str().find("--out is required") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out_path));
}

TEST_CASE("a random valid polygon made by track new is lapped by lab lap --track FILE",
          "[editor][track_tool][plan]") {
    const unsigned seed = 4242;
    const int n = 8 + static_cast<int>(std::mt19937(seed)() % 23);
    const std::string out_path = temp_path("skidpad_track_random.json");
    std::ostringstream out, err;
    REQUIRE(app::run_track_tool(
                {"new", "--points", random_points(seed, n), "--width", "12", "--out", out_path},
                out, err) == 0);
    std::ostringstream lap_out, lap_err;
    const int code = lab::run_lab({"lap", "--track", out_path, "--laps", "1"}, lap_out, lap_err);
    INFO(lap_out.str() << lap_err.str());
    CHECK(code == 0);
    CHECK(lap_out.str().find("laps_completed=1 ") != std::string::npos);
    CHECK(lap_out.str().find("error=") == std::string::npos);
    std::filesystem::remove(out_path);
}

TEST_CASE("a track value names a file, and a missing one says what was looked for",
          "[editor][track_tool]") {
    CHECK(lab::track_source_path("dir/x.json") == "dir/x.json");
    const TrackResult missing = lab::load_track_source("./no-such-track.json");
    CHECK_FALSE(missing.ok);
    CHECK(missing.error == "'./no-such-track.json' not found");
    const std::string dir = temp_path("skidpad_track_dir.json");
    std::filesystem::create_directories(dir);
    const TrackResult folder = lab::load_track_source(dir);
    CHECK(folder.error == "'" + dir + "' is a directory, not a track file");
    std::filesystem::remove(dir);
    // A user's own track is found by name when no shipped track has it.
    const std::string user = temp_path("skidpad_user_tracks");
    std::filesystem::create_directories(user);
    TrackDraftData d;
    d.points = {{0, 0}, {100, 0}, {140, 40}, {100, 80}, {0, 80}, {-40, 40}};
    d.stretches.assign(6, DraftStretch{});
    REQUIRE(track_draft_save(d, user + "/mine.json").ok);
    CHECK(lab::track_source_path("mine", user) == user + "/mine.json");
    CHECK(lab::load_track_source("mine", user).ok);
    std::filesystem::remove_all(user);
}

TEST_CASE(
    "a track of the player's own is found by name: a replay of a drive on it opens, "
    "lab lap laps it",
    "[editor][track_tool]") {
    const std::string home = temp_path("skidpad_user_track_home");
    std::filesystem::remove_all(home);
    const test::ScopedEnv data("XDG_DATA_HOME", home.c_str());
    std::filesystem::create_directories(home + "/skidpad/tracks");
    TrackDraftData d;
    d.name = "Mine";
    d.points = {{0, 0}, {120, 0}, {160, 40}, {120, 80}, {0, 80}, {-40, 40}};
    d.stretches.assign(6, DraftStretch{});
    REQUIRE(track_draft_save(d, home + "/skidpad/tracks/mine.json").ok);
    CHECK(app::user_tracks_folder() == home + "/skidpad/tracks");

    app::Scene scene;
    const std::size_t shipped = scene.tracks.size();
    const int i = app::scene_track_index(scene, "mine");
    REQUIRE(i == static_cast<int>(shipped));
    CHECK(scene.tracks[static_cast<std::size_t>(i)].title == "Mine (yours)");
    CHECK(app::scene_track_index(scene, "mine") == i);                     // listed once
    CHECK(app::scene_track_index(scene, "../skidpad/tracks/mine") == -1);  // a name, not a path
    CHECK(app::scene_track_index(scene, "nobody") == -1);

    // A replay that starts on it (as --record writes for a race on "mine") opens.
    Replay r;
    r.header.scene = ReplayScene::Track;
    r.header.track = "mine";
    app::ReplayPlayer p;
    app::Scene played;
    CHECK(app::replay_open(p, played, r) == "");
    r.header.track = "nobody";
    CHECK(app::replay_open(p, played, r) == "the replay's track 'nobody' is missing");

    std::ostringstream lap_out, lap_err;
    const int code = lab::run_lab({"lap", "--track", "mine", "--laps", "1"}, lap_out, lap_err);
    INFO(lap_out.str() << lap_err.str());
    CHECK(code == 0);
    CHECK(lap_out.str().find("laps_completed=1 ") != std::string::npos);
    std::filesystem::remove_all(home);
}
