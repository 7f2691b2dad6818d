// Track thumbnails for the menus: the outline fitted into a unit square, its length, and a
// bad or missing file kept as a thumbnail with the reason.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "skidpad/settings.hpp"
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
