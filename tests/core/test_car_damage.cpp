// The crumpling body (include/skidpad/car/damage.hpp, docs/physics.md §14): dents from
// hits, their consequences past their thresholds, repair on reset, the off switch.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/car/damage.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr double kHz = 120.0;

double length(dvec2 v) {
    return std::sqrt(dot(v, v));
}

/// m, deepest dent among the outline points whose rest place passes `keep`.
template <typename F>
double deepest_where(const Car& car, const CarDef& def, F keep) {
    const auto rest = damage_rest_outline(def);
    double d = 0.0;
    for (std::size_t k = 0; k < rest.size(); ++k)
        if (keep(rest[k])) d = std::max(d, length(car.damage.dent[k]));
    return d;
}

double nose_dent(const Car& car, const CarDef& def) {
    const double front = car_geometry(def).cg_to_front;
    return deepest_where(car, def, [&](dvec2 p) { return p.x > front; });
}

/// The default car rolling along +x at `speed` into a pinned barrier 0.3 m ahead of its
/// nose, spanning y0..y1; the world after `seconds`.
World crash(double speed, const CarDef& def, double y0 = -15.0, double y1 = 15.0,
            double seconds = 0.5) {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, def);
    car_set_speed(w.car(id), def, speed);
    const CarGeometry g = car_geometry(def);
    const double nose = 0.5 * (g.cg_to_front - g.cg_to_rear) + 0.5 * def.length;
    w.soft().add_barrier({static_cast<float>(nose + 0.8), static_cast<float>(0.5 * (y0 + y1))},
                         {1.0f, static_cast<float>(y1 - y0)}, 0.0f);
    const int steps = static_cast<int>(std::lround(seconds * kHz));
    for (int i = 0; i < steps; ++i)
        w.step(1.0 / kHz);
    return w;
}

/// The nose centre's index in the outline ring (front edge first, 4 segments from the
/// right front corner: the third point is on the centre line).
constexpr std::size_t kNoseCentre = 2;

}  // namespace

TEST_CASE("a head-on hit dents the nose centre by (J - yield) / stiffness", "[car][damage]") {
    const CarDef def;
    const auto rest = damage_rest_outline(def);
    REQUIRE(rest[kNoseCentre].y == Approx(0.0).margin(1e-12));
    const double J = 30000.0;
    const double expected = (J - def.damage.yield) / def.damage.stiffness;  // 0.35 m
    {
        CarDamage d;
        damage_apply_hit(d, def, rest[kNoseCentre], {-1.0, 0.0}, J);
        CHECK(length(d.dent[kNoseCentre]) == Approx(expected).epsilon(1e-9));
        CHECK(d.dent[kNoseCentre].x < 0.0);  // pushed in
    }
    {
        // The same impulse over four 1/480 s sub-steps (a crush spread over steps),
        // relaxing in between: within 3 % of the single hit.
        CarDamage d;
        for (int i = 0; i < 4; ++i) {
            damage_apply_hit(d, def, rest[kNoseCentre], {-1.0, 0.0}, J / 4.0);
            damage_step(d, def, 1.0 / 480.0);
        }
        CHECK(length(d.dent[kNoseCentre]) == Approx(expected).epsilon(0.03));
    }
    {
        // Below the yield: no dent at all, and the load relaxes back to nothing.
        CarDamage d;
        damage_apply_hit(d, def, rest[kNoseCentre], {-1.0, 0.0}, 0.9 * def.damage.yield);
        CHECK(damage_deepest(d) == 0.0);
        for (int i = 0; i < 3 * 480; ++i)  // 3 s = 20 τ
            damage_step(d, def, 1.0 / 480.0);
        CHECK(d == CarDamage{});
    }
}

TEST_CASE("a 30 m/s head-on hit dents the front deeper than 10 m/s and a 5 m/s nudge not at all",
          "[car][damage]") {
    const CarDef def;
    const World w30 = crash(30.0, def), w10 = crash(10.0, def), w5 = crash(5.0, def);
    const double d30 = nose_dent(w30.car(w30.player()), def);
    const double d10 = nose_dent(w10.car(w10.player()), def);
    const double d5 = damage_deepest(w5.car(w5.player()).damage);
    INFO("nose dent 30 m/s " << d30 << " m, 10 m/s " << d10 << " m, 5 m/s " << d5 << " m");
    CHECK(d5 == 0.0);
    CHECK(d10 > 0.02);
    CHECK(d30 > d10 + 0.15);
    // Only the front: nothing behind the front axle moved.
    const double front = car_geometry(def).cg_to_front;
    CHECK(deepest_where(w30.car(w30.player()), def, [&](dvec2 p) { return p.x < front - 0.5; }) ==
          0.0);
}

TEST_CASE("a left-front hit dents the left front, not the right", "[car][damage]") {
    const CarDef def;
    // The barrier covers only the car's left 0.6 m (y from 0.3 m).
    const World w = crash(25.0, def, 0.3, 15.0, 0.15);
    const Car& car = w.car(w.player());
    // The front corners: more than 0.4 m either side of the centre line.
    const double left = deepest_where(car, def, [](dvec2 p) { return p.x > 0.0 && p.y > 0.4; });
    const double right = deepest_where(car, def, [](dvec2 p) { return p.x > 0.0 && p.y < -0.4; });
    INFO("left front " << left << " m, right front " << right << " m");
    CHECK(left > 0.1);
    CHECK(right < 0.1 * left);
}

TEST_CASE("R restores the outline exactly and clears the consequences", "[car][damage]") {
    const CarDef def;
    World w = crash(30.0, def);
    const CarId id = w.player();
    REQUIRE(damage_deepest(w.car(id).damage) > 0.2);
    REQUIRE(w.car(id).damage.engine_loss > 0.0);
    InputState in;
    in.reset = true;
    w.step(1.0 / kHz, in);
    const Car& car = w.car(id);
    CHECK(car.damage == CarDamage{});
    const auto now = damage_outline(car.damage, def), rest = damage_rest_outline(def);
    for (std::size_t k = 0; k < now.size(); ++k) {
        CHECK(now[k].x == rest[k].x);  // bit for bit
        CHECK(now[k].y == rest[k].y);
    }
}

TEST_CASE("damage off leaves the outline untouched after a 30 m/s hit", "[car][damage]") {
    CarDef def;
    def.damage.enabled = false;
    const World w = crash(30.0, def);
    CHECK(w.car(w.player()).damage == CarDamage{});
}

TEST_CASE("a dented car changes the state hash while an undented one hashes as before",
          "[car][damage][determinism]") {
    World w;
    w.add_car({0.0, 0.0}, 0.0, CarDef{});
    const std::uint64_t h = w.state_hash();
    w.car(w.player()).damage.dent[5].x = -1e-9;
    CHECK(w.state_hash() != h);
    w.car(w.player()).damage = CarDamage{};
    CHECK(w.state_hash() == h);
}
