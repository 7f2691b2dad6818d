#include <catch2/catch.hpp>

#include <cmath>

#include "skidpad/debug_views.hpp"
#include "skidpad/soft/soft_world.hpp"
#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {
int debug_shapes(const DrawList& d) {
    int n = 0;
    for (const Shape& s : d.shapes)
        n += s.layer == 4 ? 1 : 0;
    return n;
}
}  // namespace

TEST_CASE("debug views draw a wheel force arrow of force times scale", "[debug]") {
    World w;
    const CarId id = w.add_car({10.0, 5.0}, 0.0, CarDef{});
    Car& car = w.car(id);
    for (Wheel& wh : car.wheels)
        wh = Wheel{wh.offset};
    car.wheels[0].force_long = 2000.0;  // FL only, pointing forward (+x at heading 0)
    car.wheels[0].grip_limit = 4000.0;

    DrawList none;
    w.draw(none, DebugViews{});
    CHECK(debug_shapes(none) == 0);

    DebugViews v;
    v.wheel_forces = true;
    v.force_scale = 0.0005f;
    DrawList d;
    w.draw(d, v);
    REQUIRE(debug_shapes(d) > 0);
    // The first debug segment is the FL long-force shaft: from the wheel centre, 1 m (2000 N x
    // 0.0005 m/N) forward.
    const dvec2 centre = car.position + car.wheels[0].offset;
    bool found = false;
    bool circle = false;
    for (const Shape& s : d.shapes) {
        if (s.layer != 4) continue;
        if (s.kind == ShapeKind::Circle) {
            circle = circle || std::abs(s.radius - 2.0f) < 1e-5f;  // 4000 N limit
            continue;
        }
        if (s.kind != ShapeKind::Segment || found) continue;
        const vec2 a = d.points[s.first];
        const vec2 b = d.points[s.first + 1];
        CHECK(a.x == Approx(centre.x));
        CHECK(a.y == Approx(centre.y));
        CHECK(b.x - a.x == Approx(1.0).margin(1e-5));
        CHECK(b.y - a.y == Approx(0.0).margin(1e-5));
        found = true;
    }
    CHECK(found);
    CHECK(circle);
}

TEST_CASE("constraint strain colouring turns stretched constraints red and leaves relaxed green",
          "[debug]") {
    SoftWorld soft;
    SoftDef def;
    soft.add_box(BodyKind::Crate, vec2(0.0f, 0.0f), vec2(1.0f, 1.0f), 0.0f, 20.0f, 1.0f);
    REQUIRE(soft.body_count() == 1);
    const std::uint32_t moved = soft_solver(soft).bodies[0].first;
    soft_solver(soft).pos[moved] += vec2(0.1f, 0.0f);  // stretch the edges at one corner
    DebugViews v;
    v.constraint_strain = true;
    DrawList d;
    soft_draw_debug(soft, def, v, d);
    int relaxed = 0;
    int strained = 0;
    int red = 0;
    int expected_relaxed = 0;
    for (const Constraint& c : soft.constraints())
        expected_relaxed += (c.i != moved && c.j != moved);
    for (const Shape& s : d.shapes) {
        REQUIRE(s.layer == 4);
        const std::uint32_t r = s.stroke & 0xFF;
        const std::uint32_t g = (s.stroke >> 8) & 0xFF;
        if (r == 0 && g == 255) ++relaxed;
        if (r > 0) ++strained;
        if (r == 255) ++red;
    }
    CHECK(static_cast<std::size_t>(relaxed + strained) == soft.constraints().size());
    CHECK(relaxed == expected_relaxed);
    CHECK(red >= 1);  // the edge stretched by 10 % (break limit 16 %) is past yellow
    DrawList none;
    soft_draw_debug(soft, def, DebugViews{}, none);
    CHECK(none.shapes.empty());
}
