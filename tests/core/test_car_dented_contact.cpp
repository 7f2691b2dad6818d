// A crumpled car collides as it looks (docs/physics.md §14): the car's collision polygon
// is its body rectangle while undented and the convex hull of its dented outline once
// crumpled, against soft bodies and against other cars.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "car_contact.hpp"
#include "skidpad/car/damage.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;
using detail::CarBody;

namespace {

/// m, the front of the body rectangle in the car frame (from the CG).
double rect_front(const CarDef& def) {
    const CarGeometry g = car_geometry(def);
    return 0.5 * (g.cg_to_front - g.cg_to_rear) + 0.5 * def.length;
}

/// Three hard hits across the nose (left, centre, right), along −x: the whole front
/// crumples back. `settle`: then 1 s passes, so the hits' loads relax under the yield.
void crumple_front(Car& car, const CarDef& def, bool settle = true) {
    for (double y : {-0.6, 0.0, 0.6})
        damage_apply_hit(car.damage, def, {rect_front(def), y}, {-1.0, 0.0}, 25000.0);
    for (int i = 0; settle && i < 120; ++i)
        damage_step(car.damage, def, 1.0 / 120.0);
}

/// m, how far forward the collision polygon reaches (car frame).
double polygon_front(const CarBody& b) {
    double x = -1e9;
    for (int k = 0; k < b.count; ++k)
        x = std::max(x, b.local[static_cast<std::size_t>(k)].x);
    return x;
}

}  // namespace

TEST_CASE(
    "the collision polygon is the rectangle while undented and the dented outline's "
    "convex hull once crumpled",
    "[car][contact][damage]") {
    const CarDef def;
    Car car;
    car_reset(car, def, {2.0, 1.0}, 0.3);
    const CarBody whole = CarBody::of(car, def);
    REQUIRE(whole.count == 4);
    const auto corners = car_corners(car, def);
    for (int k = 0; k < 4; ++k) {
        CHECK(whole.corners[static_cast<std::size_t>(k)].x ==
              Approx(corners[static_cast<std::size_t>(k)].x).margin(1e-5));
        CHECK(whole.corners[static_cast<std::size_t>(k)].y ==
              Approx(corners[static_cast<std::size_t>(k)].y).margin(1e-5));
    }

    // While the hit is on (its load past the yield) the crush zone stands for the giving
    // front: the polygon is still the rectangle.
    Car hit = car;
    crumple_front(hit, def, false);
    CHECK(CarBody::of(hit, def).count == 4);

    crumple_front(car, def);
    const CarBody bent = CarBody::of(car, def);
    INFO(bent.count << " vertices, front at " << polygon_front(bent) << " m (rectangle "
                    << rect_front(def) << " m)");
    REQUIRE(bent.count >= 4);
    REQUIRE(bent.count <= detail::kCarPolygonMax);
    // Strictly convex and counter-clockwise: every turn is to the left.
    for (int k = 0; k < bent.count; ++k) {
        const dvec2 a = bent.local[static_cast<std::size_t>(k)];
        const dvec2 b = bent.local[static_cast<std::size_t>((k + 1) % bent.count)];
        const dvec2 c = bent.local[static_cast<std::size_t>((k + 2) % bent.count)];
        CHECK(cross(b - a, c - b) > 0.0);
    }
    // It holds every point of the dented outline (within the 5 mm it may simplify by).
    for (const dvec2& q : damage_outline(car.damage, def)) {
        for (int k = 0; k < bent.count; ++k) {
            const dvec2 a = bent.local[static_cast<std::size_t>(k)];
            const dvec2 b = bent.local[static_cast<std::size_t>((k + 1) % bent.count)];
            CHECK(cross(b - a, q - a) / std::sqrt(dot(b - a, b - a)) > -0.0051);
        }
    }
    // The nose moved back: by no more than the deepest dent, by at least 10 cm here.
    const double back = rect_front(def) - polygon_front(bent);
    CHECK(back > 0.1);
    CHECK(back <= damage_deepest(car.damage) + 1e-9);
}

TEST_CASE(
    "a crate clear of the crumpled nose but inside the old rectangle is not pushed, "
    "nor is a car",
    "[car][contact][damage]") {
    const CarDef def;
    Car probe;
    car_reset(probe, def, {0.0, 0.0}, 0.0);
    crumple_front(probe, def);
    const double back = rect_front(def) - polygon_front(CarBody::of(probe, def));
    REQUIRE(back > 0.08);
    // The obstacle's near face halfway between the old and the new front: 0.5·back
    // inside the rectangle, 0.5·back (> the 2 cm contact margin) clear of the hull.
    const double face = rect_front(def) - 0.5 * back;

    auto crate_moved = [&](bool dented) {
        World w;
        const CarId id = w.add_car({0.0, 0.0}, 0.0, def);
        if (dented) crumple_front(w.car(id), def);
        const BodyId crate =
            w.soft().add_crate(w.def().soft, {static_cast<float>(face + 0.5), 0.0f}, 0.0f);
        const vec2 before = w.soft().centre(crate);
        w.step(1.0 / 120.0);
        return static_cast<double>(glm::length(w.soft().centre(crate) - before));
    };
    // Car b parked with its rear at `face` (any creep of its own is in `alone`, where
    // car a stands 50 m away), car a rolling into it at 0.5 m/s: b's speed after one step.
    // (An overlap found at rest is a crush already made: the crumple zone pushes only as
    // it closes, so car a rolls in.)
    auto car_moved = [&](bool dented, double a_y = 0.0) {
        World w;
        const CarId a = w.add_car({0.0, a_y}, 0.0, def);
        car_set_speed(w.car(a), def, 0.5);
        if (dented) crumple_front(w.car(a), def);
        const CarGeometry g = car_geometry(def);
        const double rear = 0.5 * (g.cg_to_front - g.cg_to_rear) - 0.5 * def.length;
        const CarId b = w.add_car({face - rear, 0.0}, 0.0, def);
        w.step(1.0 / 120.0);
        return glm::length(w.car(b).velocity);
    };
    const double crate_dented = crate_moved(true), crate_whole = crate_moved(false);
    const double car_dented = car_moved(true), car_whole = car_moved(false);
    const double alone = car_moved(false, 50.0);
    INFO("nose back " << back << " m; crate moved " << crate_dented << " m (dented) vs "
                      << crate_whole << " m (whole); car b at " << car_dented << " m/s vs "
                      << car_whole << " m/s, alone " << alone << " m/s");
    // The whole car pushes the overlap (0.5·back) out (the crate by position at once, the
    // other car through the crush zone as it closes); the crumpled one touches nothing.
    CHECK(crate_whole > 0.2 * back);
    CHECK(crate_dented < 1e-4);
    CHECK(car_whole > alone + 1e-3);  // m/s
    CHECK(std::abs(car_dented - alone) < 1e-6);
}
