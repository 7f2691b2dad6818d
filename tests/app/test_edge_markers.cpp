// An off-screen player's marker on a viewport's edge keeps off the viewport's own HUD
// boxes: left where it is when clear, else slid along its edge to the nearest clear
// place, and not drawn when its edge has none.
#include <catch2/catch.hpp>

#include "edge_markers.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
/// A marker's footprint as the split screen makes it: 20 x 20 around its point with the
/// name above it.
const ScreenRect kFoot{-10.0f, -34.0f, 20.0f, 44.0f};

bool overlap(const ScreenRect& foot, dvec2 at, const ScreenRect& b) {
    const double x0 = at.x + foot.x, y0 = at.y + foot.y;
    return x0 < b.x + b.w && x0 + foot.w > b.x && y0 < b.y + b.h && y0 + foot.h > b.y;
}
}  // namespace

TEST_CASE("edge markers: a marker keeps off the viewport's HUD boxes", "[app][viewports]") {
    // The left viewport of two side by side at 640x360, its panel at the bottom left
    // (8..208 x 300..352) and a score box at the top centre (120..200 x 30..70).
    const ScreenRect vp{0.0f, 0.0f, 319.0f, 360.0f};
    const std::vector<ScreenRect> boxes{{8.0f, 300.0f, 200.0f, 52.0f},
                                        {120.0f, 30.0f, 80.0f, 40.0f}};
    const float margin = 18.0f;

    // Clear already: it stays exactly where it was.
    dvec2 at(301.0, 200.0);
    REQUIRE(marker_clear_of(vp, margin, boxes, kFoot, at));
    CHECK(at == dvec2(301.0, 200.0));

    // On the bottom edge over the panel: slid sideways to just right of it (x = 208 + 10).
    at = dvec2(100.0, 342.0);
    REQUIRE(marker_clear_of(vp, margin, boxes, kFoot, at));
    CHECK(at.x == Approx(218.0).margin(1e-9));
    CHECK(at.y == 342.0);
    for (const ScreenRect& b : boxes)
        CHECK_FALSE(overlap(kFoot, at, b));

    // On the left edge beside the panel: slid up along the edge to just above it
    // (its footprint reaches 10 below its point: y = 300 - 10).
    at = dvec2(18.0, 320.0);
    REQUIRE(marker_clear_of(vp, margin, boxes, kFoot, at));
    CHECK(at.x == 18.0);
    CHECK(at.y == Approx(290.0).margin(1e-9));

    // On the top edge under the score box: the nearer side wins (left of it: x = 110).
    at = dvec2(150.0, 40.0);
    REQUIRE(marker_clear_of(vp, margin, boxes, kFoot, at));
    CHECK(at.y == 40.0);
    CHECK(at.x == Approx(110.0).margin(1e-9));

    // A box along the whole bottom edge: no place there, the marker is not drawn.
    const std::vector<ScreenRect> wall{{0.0f, 300.0f, 319.0f, 60.0f}};
    at = dvec2(100.0, 342.0);
    CHECK_FALSE(marker_clear_of(vp, margin, wall, kFoot, at));
    CHECK(at == dvec2(100.0, 342.0));
}
