// The split screen's viewports for 1–4 players at 1280x720 and 640x360: where each one
// is, that they tile the screen without overlapping, and the shared view that holds them.
#include <catch2/catch.hpp>

#include "viewports.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
float area(const ScreenRect& r) {
    return r.w * r.h;
}
bool overlap(const ScreenRect& a, const ScreenRect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
}  // namespace

TEST_CASE("viewports: the rectangles for 1-4 players at 1280x720", "[app][viewports]") {
    const float g = kViewportGap;
    CHECK(split_layout(1, 1280, 720, false).views == std::vector<ScreenRect>{{0, 0, 1280, 720}});
    // Two: side by side (639 + 2 + 639), or stacked (359 + 2 + 359).
    CHECK(split_layout(2, 1280, 720, false).views ==
          std::vector<ScreenRect>{{0, 0, 639, 720}, {639 + g, 0, 639, 720}});
    CHECK(split_layout(2, 1280, 720, true).views ==
          std::vector<ScreenRect>{{0, 0, 1280, 359}, {0, 359 + g, 1280, 359}});
    // Three: three quadrants and the map in the fourth.
    const SplitLayout three = split_layout(3, 1280, 720, false);
    CHECK(three.views ==
          std::vector<ScreenRect>{{0, 0, 639, 359}, {641, 0, 639, 359}, {0, 361, 639, 359}});
    CHECK(three.map);
    CHECK(three.map_rect == ScreenRect{641, 361, 639, 359});
    const SplitLayout four = split_layout(4, 1280, 720, false);
    CHECK_FALSE(four.map);
    CHECK(four.views.size() == 4);
    CHECK(four.views[3] == ScreenRect{641, 361, 639, 359});
    // "stacked" only changes two players.
    CHECK(split_layout(4, 1280, 720, true).views == four.views);
}

TEST_CASE("viewports: the rectangles for 1-4 players at 640x360", "[app][viewports]") {
    CHECK(split_layout(2, 640, 360, false).views ==
          std::vector<ScreenRect>{{0, 0, 319, 360}, {321, 0, 319, 360}});
    CHECK(split_layout(2, 640, 360, true).views ==
          std::vector<ScreenRect>{{0, 0, 640, 179}, {0, 181, 640, 179}});
    CHECK(split_layout(4, 640, 360, false).views ==
          std::vector<ScreenRect>{
              {0, 0, 319, 179}, {321, 0, 319, 179}, {0, 181, 319, 179}, {321, 181, 319, 179}});
    // An odd size: the first column and row take the odd point.
    CHECK(split_layout(4, 641, 361, false).views[0] == ScreenRect{0, 0, 320, 180});
    CHECK(split_layout(4, 641, 361, false).views[3] == ScreenRect{322, 182, 319, 179});
}

TEST_CASE("viewports: every layout tiles the screen, apart only by the gaps", "[app][viewports]") {
    for (const auto& [w, h] :
         {std::pair{1280.0f, 720.0f}, std::pair{640.0f, 360.0f}, std::pair{641.0f, 361.0f}}) {
        for (int n = 1; n <= 4; ++n) {
            for (bool stacked : {false, true}) {
                INFO(w << "x" << h << " players " << n << (stacked ? " stacked" : ""));
                const SplitLayout l = split_layout(n, w, h, stacked);
                std::vector<ScreenRect> all = l.views;
                if (l.map) all.push_back(l.map_rect);
                CHECK(l.views.size() == static_cast<std::size_t>(n));
                float covered = 0.0f;
                for (std::size_t a = 0; a < all.size(); ++a) {
                    CHECK(all[a].x >= 0.0f);
                    CHECK(all[a].y >= 0.0f);
                    CHECK(all[a].x + all[a].w <= w);
                    CHECK(all[a].y + all[a].h <= h);
                    covered += area(all[a]);
                    for (std::size_t b = a + 1; b < all.size(); ++b)
                        CHECK_FALSE(overlap(all[a], all[b]));
                }
                // What is not covered is the gap lines: one per split direction.
                const int cols = all.size() >= 2 && !(n == 2 && stacked) ? 1 : 0;
                const int rows = all.size() >= 3 || (n == 2 && stacked) ? 1 : 0;
                const float gaps = cols * kViewportGap * h + rows * kViewportGap * w -
                                   cols * rows * kViewportGap * kViewportGap;
                CHECK(covered + gaps == Approx(w * h).epsilon(1e-6));
            }
        }
    }
    // Out of range counts are clamped (the command line refuses them before).
    CHECK(split_layout(0, 1280, 720, false).views.size() == 1);
    CHECK(split_layout(9, 1280, 720, false).views.size() == 4);
}

TEST_CASE("viewports: the union view sees what every viewport sees", "[app][viewports]") {
    const SplitLayout l = split_layout(2, 1280, 720, false);
    const View a = rect_view(l.views[0], dvec2(0.0, 0.0), 14.0);
    const View b = rect_view(l.views[1], dvec2(100.0, -40.0), 10.0);
    const View u = union_view({a, b});
    CHECK(u.zoom == 14.0);  // the closest view's detail
    for (const View& v : {a, b}) {
        const dvec2 vlo = v.centre - v.half_extent(), vhi = v.centre + v.half_extent();
        const dvec2 ulo = u.centre - u.half_extent(), uhi = u.centre + u.half_extent();
        CHECK(ulo.x <= vlo.x + 1e-9);
        CHECK(ulo.y <= vlo.y + 1e-9);
        CHECK(uhi.x >= vhi.x - 1e-9);
        CHECK(uhi.y >= vhi.y - 1e-9);
    }
    // a: 639 x 720 points at 14/m is 45.6 x 51.4 m around the origin.
    CHECK(a.half_extent().x == Approx(639.0 / 28.0));
}

TEST_CASE("viewports: a marker points at a car off the viewport, on its edge", "[app][viewports]") {
    const ScreenRect r{641, 0, 639, 720};
    const View v = rect_view(r, dvec2(0.0, 0.0), 10.0);  // 63.9 m x 72 m
    dvec2 at, dir;
    CHECK_FALSE(edge_marker(r, v, dvec2(10.0, 5.0), 20.0f, at, dir));  // on screen
    REQUIRE(edge_marker(r, v, dvec2(200.0, 0.0), 20.0f, at, dir));     // far right
    CHECK(dir.x == Approx(1.0));
    CHECK(at.x == Approx(641.0 + 639.0 - 20.0));
    CHECK(at.y == Approx(360.0));
    REQUIRE(edge_marker(r, v, dvec2(0.0, 500.0), 20.0f, at, dir));  // far up (screen y down)
    CHECK(dir.y == Approx(-1.0));
    CHECK(at.y == Approx(20.0));
}
