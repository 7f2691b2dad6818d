// The car's cosmetics (skid marks) and its drawing: what the World draws for a car
// that has slid about, hashed shape by shape. The expected values were taken from the
// World before skid marks moved out of Car, so this pins "same marks at the same places".
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

/// FNV-1a over the bytes of each value, in order.
template <typename... T>
void mix(std::uint64_t& h, const T&... values) {
    auto one = [&h](const auto& v) {
        unsigned char bytes[sizeof(v)];
        std::memcpy(bytes, &v, sizeof(v));
        for (unsigned char c : bytes)
            h = (h ^ c) * 1099511628211ull;
    };
    (one(values), ...);
}

/// Hash of the shapes of one layer (kind, colours, thickness and every point).
std::uint64_t hash_layer(const DrawList& dl, int layer, int& shapes) {
    std::uint64_t h = 1469598103934665603ull;
    shapes = 0;
    for (const Shape& s : dl.shapes) {
        if (s.layer != layer) continue;
        ++shapes;
        mix(h, s.kind, s.fill, s.stroke, s.thickness);
        for (std::uint32_t k = 0; k < s.count; ++k)
            mix(h, dl.points[s.first + k].x, dl.points[s.first + k].y);
    }
    return h;
}

/// A car without driver aids (so it slides freely), as the tests below add it.
CarDef sliding_car() {
    CarDef def;
    def.assists.tc = false;
    def.brakes.abs = false;
    return def;
}

/// A car alone (no soft bodies) driven through throttle, handbrake turns and braking,
/// 720 steps of 1/120 s: both rear tyres and the fronts lay marks.
void slide_about(World& w, CarId id) {
    for (int i = 0; i < 720; ++i) {
        const double t = i / 120.0;
        InputState in;
        in.throttle = t < 3.5 || t >= 4.2 ? 1.0 : 0.0;
        in.brake = t >= 3.5 && t < 4.2 ? 1.0 : 0.0;
        in.steer = t < 1.5 ? 0.0 : (t < 3.5 ? 1.0 : -1.0);
        in.handbrake = (t >= 1.7 && t < 2.2) || (t >= 4.2 && t < 4.6) ? 1.0 : 0.0;
        w.set_input(id, in);
        w.step(1.0 / 120.0);
    }
}

}  // namespace

TEST_CASE("skid marks and the car's shapes are drawn where the car slid", "[car][draw]") {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, sliding_car());
    slide_about(w, id);
    DrawList dl;
    w.draw(dl, 0.5);
    int marks = 0;
    int car_shapes = 0;
    // Recorded from this drive with the current car model: 334 segments with these
    // points, colours and widths, and the car at this blended pose (a change of the car
    // model changes them; a change of the drawing alone must not).
    CHECK(hash_layer(dl, 1, marks) == 0xeab9a9a856e8672cull);
    CHECK(marks == 334);
    CHECK(hash_layer(dl, 3, car_shapes) == 0x3ce7bfe9a701c35eull);
    // Body, its lit top panel, windscreen, roof, rear window, the player's paint's twin
    // stripes on bonnet, roof and boot (6), two head, two tail and two reversing lamps,
    // four wheels (no brake glow: the car is not braking).
    CHECK(car_shapes == 21);
}

TEST_CASE("skid marks stay on the ground until a reset clears them", "[car][draw]") {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, sliding_car());
    slide_about(w, id);
    InputState stop;
    stop.handbrake = 1.0;  // (the brake pedal would engage reverse once stopped)
    auto step_for = [&](double seconds) {
        for (int i = 0; i < static_cast<int>(seconds * 120.0); ++i) {
            w.set_input(id, stop);
            w.step(1.0 / 120.0);
        }
    };
    auto count_marks = [&] {
        DrawList dl;
        w.draw(dl);
        int marks = 0;
        hash_layer(dl, 1, marks);
        return marks;
    };
    step_for(3.0);
    REQUIRE(glm::length(w.car(id).velocity) < 0.01);
    const int marks = count_marks();
    REQUIRE(marks > 100);
    // Standing still lays no marks and the old ones stay (they fade over 20 s).
    step_for(2.0);
    CHECK(count_marks() == marks);
    w.reset_car(id);
    CHECK(count_marks() == 0);
}

namespace {
/// Extent of a shape's points along the pose's forward (u) and left (v) axes.
struct Extent {
    double u0 = 1e9, u1 = -1e9, v0 = 1e9, v1 = -1e9;
};
Extent body_extent(const DrawList& dl, const Shape& s, const CarPose& pose) {
    const dvec2 f = direction(pose.heading), side = perp(f);
    Extent e;
    for (std::uint32_t k = 0; k < s.count; ++k) {
        const vec2 p = dl.points[s.first + k];
        const dvec2 d = dvec2(p.x, p.y) - pose.position;
        e.u0 = std::min(e.u0, dot(d, f));
        e.u1 = std::max(e.u1, dot(d, f));
        e.v0 = std::min(e.v0, dot(d, side));
        e.v1 = std::max(e.v1, dot(d, side));
    }
    return e;
}
/// Number of polygons filled with `colour`.
int fills(const DrawList& dl, Color colour) {
    int n = 0;
    for (const Shape& s : dl.shapes)
        n += (s.kind == ShapeKind::Polygon && s.fill == colour) ? 1 : 0;
    return n;
}
}  // namespace

TEST_CASE("the car is drawn at the pose it is given, not its own", "[car][draw]") {
    CarDef def;
    Car car;
    car_reset(car, def, {100.0, 50.0}, 1.0);
    const CarPose pose{{-3.0, 2.0}, 0.25};
    DrawList dl;
    car_draw(car, def, pose, dl);
    REQUIRE(!dl.shapes.empty());
    const Shape& body = dl.shapes.front();  // the body comes first, in the player's paint
    CHECK(body.fill == kPlayerPaint);
    // Its outline spans the collision box exactly (float precision: 1e-5 m).
    const auto corners = car_corners(pose, def);
    Extent box;
    const dvec2 f = direction(pose.heading), side = perp(f);
    for (const dvec2& c : corners) {
        box.u0 = std::min(box.u0, dot(c - pose.position, f));
        box.u1 = std::max(box.u1, dot(c - pose.position, f));
        box.v0 = std::min(box.v0, dot(c - pose.position, side));
        box.v1 = std::max(box.v1, dot(c - pose.position, side));
    }
    const Extent e = body_extent(dl, body, pose);
    CHECK(e.u0 == Approx(box.u0).margin(1e-5));
    CHECK(e.u1 == Approx(box.u1).margin(1e-5));
    CHECK(e.v0 == Approx(box.v0).margin(1e-5));
    CHECK(e.v1 == Approx(box.v1).margin(1e-5));
    for (const vec2& p : dl.points) {
        CHECK(std::abs(p.x - (-3.0f)) < 3.0f);  // nothing near the car's own (100, 50)
        CHECK(std::abs(p.y - 2.0f) < 3.0f);
    }
}

TEST_CASE("tail lamps light while braking, reversing lamps in reverse", "[car][draw]") {
    CarDef def;
    Car car;
    car_reset(car, def, {0.0, 0.0}, 0.0);
    const Color lit = rgba(255, 45, 40), reverse = rgba(245, 245, 240);
    DrawList idle, braking, reversing;
    car_draw(car, def, car_pose(car), idle);
    car.brake = 1.0;
    car_draw(car, def, car_pose(car), braking);
    car.brake = 0.0;
    car.gear = -1;
    car_draw(car, def, car_pose(car), reversing);
    CHECK(fills(idle, lit) == 0);
    CHECK(fills(braking, lit) == 2);  // both tail lamps
    CHECK(fills(idle, reverse) == 0);
    CHECK(fills(reversing, reverse) == 2);
    CHECK(fills(reversing, lit) == 0);
}

TEST_CASE("every car but the player's gets a paint of its own", "[car][draw]") {
    World w;
    const CarId first = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    REQUIRE(first == w.player());  // the first car added is the player's
    for (int i = 1; i < 4; ++i)
        w.add_car({0.0, 10.0 * i}, 0.0, CarDef{});
    DrawList dl;
    w.draw(dl);
    std::vector<Color> bodies;  // the 8-point body outlines, in draw order
    for (const Shape& s : dl.shapes)
        if (s.kind == ShapeKind::Polygon && s.count == 8) bodies.push_back(s.fill);
    REQUIRE(bodies.size() == 4);
    CHECK(bodies[0] == kPlayerPaint);
    for (std::size_t i = 1; i < bodies.size(); ++i) {
        CHECK(bodies[i] == car_paint(static_cast<std::uint32_t>(i)));
        CHECK(bodies[i] != kPlayerPaint);
    }
}

TEST_CASE("the interpolated pose blends position and heading linearly", "[car][loop]") {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    InputState in;
    in.throttle = 1.0;
    in.steer = 1.0;
    for (int i = 0; i < 120; ++i) {
        w.set_input(id, in);
        w.step(1.0 / 120.0);
    }
    const CarPose prev = car_pose(w.car(id));
    w.step(1.0 / 120.0);
    const CarPose cur = car_pose(w.car(id));
    REQUIRE(cur.position != prev.position);
    REQUIRE(cur.heading != prev.heading);
    const CarPose p0 = w.interpolated_pose(id, 0.0);
    const CarPose p1 = w.interpolated_pose(id, 1.0);
    const CarPose ph = w.interpolated_pose(id, 0.5);
    CHECK(p0.position == prev.position);
    CHECK(p0.heading == prev.heading);
    CHECK(p1.position == cur.position);
    CHECK(p1.heading == cur.heading);
    // Halfway: exact to the last bit (a · 0.5 is exact; one rounding per component).
    CHECK(ph.position.x == prev.position.x + (cur.position.x - prev.position.x) * 0.5);
    CHECK(ph.position.y == prev.position.y + (cur.position.y - prev.position.y) * 0.5);
    CHECK(ph.heading == prev.heading + (cur.heading - prev.heading) * 0.5);
    // alpha outside 0..1 is clamped.
    CHECK(w.interpolated_pose(id, -1.0).position == prev.position);
    CHECK(w.interpolated_pose(id, 2.0).heading == cur.heading);
    // The drawn body sits at the blended pose.
    DrawList dl;
    w.draw(dl, 0.5);
    const auto corners = car_corners(ph, w.car_def(id));
    const Shape* body = nullptr;
    for (const Shape& s : dl.shapes)
        if (s.layer == 3 && body == nullptr) body = &s;
    REQUIRE(body != nullptr);
    // Its outline spans the collision box at the blended pose (float precision).
    const dvec2 f = direction(ph.heading), side = perp(f);
    Extent box;
    for (const dvec2& c : corners) {
        box.u0 = std::min(box.u0, dot(c - ph.position, f));
        box.u1 = std::max(box.u1, dot(c - ph.position, f));
        box.v0 = std::min(box.v0, dot(c - ph.position, side));
        box.v1 = std::max(box.v1, dot(c - ph.position, side));
    }
    const Extent e = body_extent(dl, *body, ph);
    CHECK(e.u0 == Approx(box.u0).margin(1e-5));
    CHECK(e.u1 == Approx(box.u1).margin(1e-5));
    CHECK(e.v0 == Approx(box.v0).margin(1e-5));
    CHECK(e.v1 == Approx(box.v1).margin(1e-5));
}

TEST_CASE("Car holds physics, not its cosmetics", "[car]") {
    // The skid-mark rings (~20 KB) live in the World; a Car is under 2 KB (most of it
    // the damage outline, 28 points with their loads), so copying one (interpolation,
    // tests, the coupling) is cheap.
    CHECK(sizeof(Car) < 2048);
}

TEST_CASE("every paint's livery stands out from it: stripes 100+ levels of luma apart",
          "[car][draw]") {
    const auto luma = [](Color c) {
        return 0.299 * static_cast<double>(c & 0xFFu) +
               0.587 * static_cast<double>((c >> 8) & 0xFFu) +
               0.114 * static_cast<double>((c >> 16) & 0xFFu);
    };
    CarDef def;
    Car car;
    car_reset(car, def, {0.0, 0.0}, 0.0);
    for (std::uint32_t n = 0; n < 8; ++n) {
        const Color paint = car_paint(n);
        DrawList dl;
        car_draw(car, def, car_pose(car), dl, paint);
        // The livery's two inks: a near-black and a near-white.
        int stripes = 0;
        for (const Shape& s : dl.shapes) {
            if (s.kind != ShapeKind::Polygon) continue;
            if (s.fill != rgba(28, 30, 36) && s.fill != rgba(242, 242, 236)) continue;
            ++stripes;
            CHECK(std::abs(luma(s.fill) - luma(paint)) >= 100.0);
        }
        INFO("paint " << n);
        CHECK(stripes >= 1);
    }
}
