// Track thumbnails for the menus: the outline fitted into a unit square, its length, a bad
// or missing file kept as a thumbnail with the reason, and a changed file made again.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>

#include "skidpad/settings.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"
#include "track_thumb.hpp"

using namespace skidpad;

TEST_CASE("a thumbnail fits the outline into the unit square, centred, with its length",
          "[track][menu]") {
    // A 200 m x 100 m loop: x fills the square, y is centred in it.
    const std::string text =
        R"({"format": "skidpad-track", "name": "Box", "width": 10,
            "centre_line": [[0, 0], [100, 0], [200, 0], [200, 100], [100, 100], [0, 100]]})";
    const TrackThumb t = make_track_thumb(text, "box.json", 40);
    REQUIRE(t.ok);
    CHECK(t.points.size() <= 40);
    CHECK(t.points.size() >= 20);
    float lo_x = 1e9f, hi_x = -1e9f, lo_y = 1e9f, hi_y = -1e9f;
    for (const vec2& p : t.points) {
        lo_x = std::min(lo_x, p.x);
        hi_x = std::max(hi_x, p.x);
        lo_y = std::min(lo_y, p.y);
        hi_y = std::max(hi_y, p.y);
    }
    // The spline bulges past the control points a little, so the box is about the loop's.
    CHECK(lo_x == Approx(0.0f).margin(0.02f));
    CHECK(hi_x == Approx(1.0f).margin(0.02f));
    CHECK(0.5f * (lo_y + hi_y) == Approx(0.5f).margin(0.02f));
    CHECK(hi_y - lo_y == Approx(0.5f).margin(0.08f));
    // About the perimeter of the rounded box (600 m through the points).
    CHECK(t.length_m > 500.0);
    CHECK(t.length_m < 650.0);
    // 10 m of road in a square as wide as the loop (200 m through the points, a little
    // more round the spline's bulges).
    CHECK(t.width < 10.0f / 200.0f);
    CHECK(t.width > 10.0f / 260.0f);
}

TEST_CASE("thumbnails by name: shipped tracks, a missing file and an unknown name",
          "[track][menu]") {
    TrackThumbs thumbs;
    thumbs.set_paths({{"oval", std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/oval.json"},
                      {"gone", "/nonexistent/skidpad/gone.json"}});
    const TrackThumb* oval = thumbs.get("oval");
    REQUIRE(oval != nullptr);
    REQUIRE(oval->ok);
    CHECK(oval->length_m > 100.0);
    CHECK(thumbs.get("oval") == oval);  // made once, kept
    const TrackThumb* gone = thumbs.get("gone");
    REQUIRE(gone != nullptr);
    CHECK_FALSE(gone->ok);
    CHECK(gone->error.find("/nonexistent/skidpad/gone.json") != std::string::npos);
    CHECK(thumbs.get("nothing") == nullptr);
}

namespace {

/// A rectangular loop `w` m wide and 100 m high, in a fixed number of bytes for w in
/// 100..999.
std::string loop_text(int w) {
    return R"({"format": "skidpad-track", "name": "Loop", "width": 10, "centre_line": [[0, 0], [)" +
           std::to_string(w) + ", 0], [" + std::to_string(w) + R"(, 100], [0, 100]]})";
}

}  // namespace

TEST_CASE("a thumbnail is made again when its file changes and after forget", "[track][menu]") {
    namespace fs = std::filesystem;
    const test::TempDir dir;
    const std::string path = dir.file("loop.json");
    test::write_file(path, loop_text(200));
    TrackThumbs thumbs;
    thumbs.set_paths({{"loop", path}});
    const TrackThumb* first = thumbs.get("loop");
    REQUIRE(first != nullptr);
    REQUIRE(first->ok);
    const double short_lap = first->length_m;
    CHECK(short_lap > 450.0);  // about 2 x (200 + 100) m round the spline
    CHECK(short_lap < 650.0);

    // Rewritten behind the game's back, the same size, a later modification time: noticed.
    const fs::file_time_type t0 = fs::last_write_time(path);
    test::write_file(path, loop_text(500));
    REQUIRE(loop_text(500).size() == loop_text(200).size());
    fs::last_write_time(path, t0 + std::chrono::seconds(2));
    const TrackThumb* second = thumbs.get("loop");
    REQUIRE(second != nullptr);
    REQUIRE(second->ok);
    CHECK(second->length_m > short_lap + 500.0);  // 2 x 300 m longer through the points

    // A save that leaves the size and time as they were (a coarse clock) is not seen by
    // the stamp; the editor's forget after its save makes the thumbnail again.
    test::write_file(path, loop_text(200));
    fs::last_write_time(path, t0 + std::chrono::seconds(2));
    CHECK(thumbs.get("loop")->length_m == Approx(second->length_m));
    thumbs.forget(path);
    CHECK(thumbs.get("loop")->length_m == Approx(short_lap).epsilon(1e-9));

    // A file that goes is a thumbnail that is not ok; when it comes back, it is made again.
    fs::remove(path);
    CHECK_FALSE(thumbs.get("loop")->ok);
    test::write_file(path, loop_text(300));
    const TrackThumb* back = thumbs.get("loop");
    REQUIRE(back->ok);
    CHECK(back->length_m > short_lap + 100.0);
}
