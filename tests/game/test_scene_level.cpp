// The sandbox's scene as a level (Save as level): the bodies of a built level come back as
// level elements of the same kinds, places, turns and sizes, and the level they make builds
// the same scene again; bodies as they stand after moving; pieces are left out.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "level_draft.hpp"
#include "scene_level.hpp"
#include "skidpad/soft/soft_def.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

LevelBody body(BodyKind kind, LevelGroup group, double x, double y) {
    LevelBody b;
    b.kind = kind;
    b.group = group;
    b.x = x;
    b.y = y;
    return b;
}

/// A level of every kind and group, with sizes of its own and turns.
Level sample() {
    Level l;
    l.name = "sample";
    l.car_start = {1.0, -20.0};
    l.car_heading = 1.0;
    LevelBody wall = body(BodyKind::Barrier, LevelGroup::None, 0.0, 30.0);
    wall.w = 20.0;
    wall.h = 1.0;
    wall.angle = 0.3;
    l.bodies.push_back(wall);
    LevelBody loose = body(BodyKind::Barrier, LevelGroup::None, -20.0, 0.0);
    loose.w = 3.0;
    loose.h = 0.5;
    loose.pinned = false;
    loose.mass = 50.0;
    l.bodies.push_back(loose);
    LevelBody crate = body(BodyKind::Crate, LevelGroup::None, 12.0, -4.0);
    crate.size = 1.2;
    crate.mass = 30.0;
    crate.angle = 0.5;
    l.bodies.push_back(crate);
    LevelBody stack = body(BodyKind::Crate, LevelGroup::Grid, 10.0, 10.0);
    stack.cols = 2;
    stack.rows = 2;
    l.bodies.push_back(stack);
    LevelBody tyre = body(BodyKind::Tyre, LevelGroup::None, -5.0, 5.0);
    tyre.radius = 0.5;
    l.bodies.push_back(tyre);
    LevelBody line = body(BodyKind::Tyre, LevelGroup::Line, -10.0, -10.0);
    line.x1 = -4.0;
    line.y1 = -10.0;
    line.count = 3;
    l.bodies.push_back(line);
    LevelBody cone = body(BodyKind::Cone, LevelGroup::None, 3.0, -3.0);
    cone.angle = 0.2;
    l.bodies.push_back(cone);
    return l;
}

/// a and b the same turn of a shape that looks the same every `period` rad.
bool same_turn(double a, double b, double period) {
    const double d = std::remainder(a - b, period);
    return std::fabs(d) < 1e-3;
}

}  // namespace

TEST_CASE("scene to level: every body comes back with its kind, place, turn and size",
          "[editor][level]") {
    World w;
    build_level(w, sample(), CarDef{});
    const SceneLevel s = level_from_world(w, "mine", {});
    CHECK(s.skipped == 0);
    CHECK(s.level.name == "mine");
    CHECK(s.level.car_start.x == Approx(1.0).margin(1e-3));
    CHECK(s.level.car_start.y == Approx(-20.0).margin(1e-3));
    CHECK(s.level.car_heading == Approx(1.0).margin(1e-3));
    // One element a body: the stack's 4 crates and the line's 3 tyres come apart.
    const std::vector<LevelBody>& b = s.level.bodies;
    REQUIRE(b.size() == 1 + 1 + 1 + 4 + 1 + 3 + 1);
    for (const LevelBody& e : b)
        CHECK(e.group == LevelGroup::None);
    const double tol = 1e-3;  // m: the millimetre the conversion rounds to, and float noise
    // The pinned wall.
    CHECK(b[0].kind == BodyKind::Barrier);
    CHECK(b[0].pinned);
    CHECK(b[0].x == Approx(0.0).margin(tol));
    CHECK(b[0].y == Approx(30.0).margin(tol));
    CHECK(b[0].w == Approx(20.0).margin(tol));
    CHECK(b[0].h == Approx(1.0).margin(tol));
    CHECK(same_turn(b[0].angle, 0.3, std::numbers::pi));
    // The loose barrier keeps its mass.
    CHECK(b[1].kind == BodyKind::Barrier);
    CHECK_FALSE(b[1].pinned);
    REQUIRE(b[1].mass);
    CHECK(*b[1].mass == Approx(50.0).margin(1e-3));
    // The crate of its own size and mass.
    CHECK(b[2].kind == BodyKind::Crate);
    CHECK(b[2].x == Approx(12.0).margin(tol));
    CHECK(b[2].y == Approx(-4.0).margin(tol));
    REQUIRE(b[2].size);
    CHECK(*b[2].size == Approx(1.2).margin(tol));
    REQUIRE(b[2].mass);
    CHECK(*b[2].mass == Approx(30.0).margin(1e-3));
    CHECK(same_turn(b[2].angle, 0.5, 0.5 * std::numbers::pi));
    // The stack's crates, 1.05 m apart about its centre, of the default size and mass.
    for (int k = 3; k < 7; ++k) {
        CHECK(b[static_cast<std::size_t>(k)].kind == BodyKind::Crate);
        CHECK_FALSE(b[static_cast<std::size_t>(k)].size);
        CHECK_FALSE(b[static_cast<std::size_t>(k)].mass);
        CHECK(std::fabs(b[static_cast<std::size_t>(k)].x - 10.0) == Approx(0.525).margin(tol));
        CHECK(std::fabs(b[static_cast<std::size_t>(k)].y - 10.0) == Approx(0.525).margin(tol));
    }
    // The big tyre, then the line's three of the default radius.
    CHECK(b[7].kind == BodyKind::Tyre);
    REQUIRE(b[7].radius);
    CHECK(*b[7].radius == Approx(0.5).margin(tol));
    for (int k = 0; k < 3; ++k) {
        const LevelBody& t = b[static_cast<std::size_t>(8 + k)];
        CHECK(t.kind == BodyKind::Tyre);
        CHECK_FALSE(t.radius);
        CHECK(t.x == Approx(-10.0 + 3.0 * k).margin(tol));
        CHECK(t.y == Approx(-10.0).margin(tol));
    }
    CHECK(b[11].kind == BodyKind::Cone);
    CHECK(b[11].x == Approx(3.0).margin(tol));
    CHECK(same_turn(b[11].angle, 0.2, 0.5 * std::numbers::pi));
    // The level it makes loads, and builds the same bodies in the same places.
    Level back;
    REQUIRE(parse_level_text(level_draft_json(s.level), "scene.json", back).ok);
    World again;
    build_level(again, back, CarDef{});
    REQUIRE(again.soft().body_count() == w.soft().body_count());
    for (std::size_t n = 0; n < w.soft().body_count(); ++n) {
        const vec2 p = w.soft().points(w.soft().id_of(n))[0];
        const vec2 q = again.soft().points(again.soft().id_of(n))[0];
        CHECK(glm::length(dvec2(p) - dvec2(q)) < 2e-3);
    }
}

TEST_CASE("scene to level: bodies as they stand after moving, pieces left out", "[editor][level]") {
    World w;
    build_level(w, sample(), CarDef{});
    SoftWorld& soft = w.soft();
    const BodyId crate = soft.id_of(2);
    soft.set_velocity(crate, vec2(4.0f, 0.0f), 1.0f);
    soft.add_kind(BodyKind::Shard, w.def().soft, vec2(40.0f, 40.0f), 0.0f);
    for (int i = 0; i < 30; ++i)
        w.step(1.0 / 60.0);
    const vec2 now = soft.centre(crate);
    REQUIRE(now.x > 12.5f);  // it moved
    const SceneLevel s = level_from_world(w, "moved", {});
    CHECK(s.skipped == 1);
    REQUIRE(s.level.bodies.size() == 12);
    CHECK(s.level.bodies[2].x == Approx(now.x).margin(1e-3));
    CHECK(s.level.bodies[2].y == Approx(now.y).margin(1e-3));
    CHECK(s.level.car_start.x == Approx(w.car(w.player()).position.x).margin(1e-3));
}
