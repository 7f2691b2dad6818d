// The world batch (render.hpp): convex polygons become fans, outlines sit half a
// line width either side of the edge, off-screen shapes are culled, translucent
// colours get blended runs, circles have as many sides as their screen size needs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "render.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
View test_view() {
    View v;
    v.centre = dvec2(0.0, 0.0);
    v.zoom = 100.0;  // points/m
    v.size = dvec2(1280.0, 720.0);
    return v;
}
}  // namespace

TEST_CASE("an outlined square is four triangles with the outline half a line width outside",
          "[app][render]") {
    DrawList dl;
    const vec2 sq[4] = {{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}};
    dl.polygon(sq, rgba(200, 100, 50), rgba(10, 20, 30), 0.1f, 2);
    WorldRenderer r;
    r.begin();
    const RenderStats st = r.draw(dl, test_view());
    CHECK(st.drawn == 1);
    CHECK(st.culled == 0);
    const ShapeBatch& b = r.batch();
    REQUIRE(b.vertices.size() == 12);
    REQUIRE(b.runs.size() == 1);
    CHECK_FALSE(b.runs[0].blend);
    // Outline fan first (grown by 0.05 m), then the fill (shrunk by 0.05 m) on top.
    for (int i = 0; i < 6; ++i) {
        CHECK(b.vertices[i].color == rgba(10, 20, 30));
        CHECK(std::fabs(b.vertices[i].x) == Approx(1.05f).margin(1e-5));
        CHECK(std::fabs(b.vertices[i].y) == Approx(1.05f).margin(1e-5));
    }
    for (int i = 6; i < 12; ++i) {
        CHECK(b.vertices[i].color == rgba(200, 100, 50));
        CHECK(std::fabs(b.vertices[i].x) == Approx(0.95f).margin(1e-5));
    }
}

TEST_CASE("off-screen shapes are culled and translucent ones are blended in layer order",
          "[app][render]") {
    DrawList dl;
    const vec2 far[3] = {{100.0f, 100.0f}, {101.0f, 100.0f}, {100.0f, 101.0f}};
    const vec2 tri[3] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}};
    dl.polygon(far, rgba(255, 0, 0), 0, 0.0f, 2);
    dl.polygon(tri, rgba(0, 255, 0, 128), 0, 0.0f, 3);  // later layer
    dl.polygon(tri, rgba(0, 0, 255), 0, 0.0f, 1);
    WorldRenderer r;
    r.begin();
    const RenderStats st = r.draw(dl, test_view());
    CHECK(st.drawn == 2);
    CHECK(st.culled == 1);
    const ShapeBatch& b = r.batch();
    REQUIRE(b.vertices.size() == 6);
    CHECK(b.vertices[0].color == rgba(0, 0, 255));  // layer 1 before layer 3
    CHECK(b.vertices[3].color == rgba(0, 255, 0, 128));
    REQUIRE(b.runs.size() == 2);
    CHECK_FALSE(b.runs[0].blend);
    CHECK(b.runs[1].blend);
    CHECK(b.runs[1].first == 3);
    CHECK(b.runs[1].count == 3);
}

TEST_CASE("circle n-gons stay within 0.3 points of the circle with no spare sides",
          "[app][render]") {
    for (float r : {2.0f, 5.0f, 10.0f, 40.0f, 100.0f, 400.0f}) {
        const int n = circle_segments(r);
        INFO("radius " << r << " points, " << n << " sides");
        CHECK(n % 2 == 0);
        // Sagitta of one side: the largest gap between the n-gon and the circle.
        CHECK(r * (1.0f - std::cos(3.14159265f / n)) <= 0.3f + 1e-4f);
        CHECK(r * (1.0f - std::cos(3.14159265f / (n - 2))) > 0.3f);
    }
    CHECK(circle_segments(0.1f) == 4);
}

TEST_CASE("the ground is 4 m slabs covering the view, in a few shades, none when too small",
          "[app][render]") {
    View v = test_view();
    v.zoom = 20.0;  // points/m: the view is 64 m x 36 m
    WorldRenderer r;
    r.begin();
    r.draw_ground(v);
    const ShapeBatch& b = r.batch();
    // Slabs from floor(-32/4)*4 = -32 to < 32 (16 columns) and -20 to < 18 (10 rows),
    // two triangles each.
    REQUIRE(b.vertices.size() == 16u * 10u * 6u);
    std::vector<Color> shades;
    for (const ShapeVertex& vx : b.vertices) {
        if (std::find(shades.begin(), shades.end(), vx.color) == shades.end())
            shades.push_back(vx.color);
    }
    CHECK(shades.size() >= 4);  // up to 8 shades: the ground is not one flat colour
    CHECK(shades.size() <= 8);
    // The same slab has the same shade from frame to frame and view to view.
    WorldRenderer r2;
    r2.begin();
    View shifted = v;
    shifted.centre = dvec2(2.0, 0.0);  // half a slab: the same slabs, one column more
    r2.draw_ground(shifted);
    bool found = false;
    for (std::size_t i = 0; i + 5 < r2.batch().vertices.size(); i += 6) {
        const ShapeVertex& a = r2.batch().vertices[i];
        if (a.x == b.vertices[0].x && a.y == b.vertices[0].y) {
            CHECK(a.color == b.vertices[0].color);
            found = true;
        }
    }
    CHECK(found);
    // At 1 point/m a slab would be 4 points: nothing is drawn.
    v.zoom = 1.0;
    r.begin();
    r.draw_ground(v);
    CHECK(r.batch().vertices.empty());
}
