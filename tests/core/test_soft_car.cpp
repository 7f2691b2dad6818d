// Car <-> soft-body coupling and plasticity.
#include <catch2/catch.hpp>
#include <cmath>
#include <span>
#include <vector>

#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {
// The car coasting along +x at v0 into what `build` adds; returns car speed after `seconds`.
template <typename F>
double car_speed_after(double v0, double seconds, F build, World* out = nullptr) {
    World w;
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    w.car(car).velocity = dvec2(v0, 0.0);
    build(w);
    const int steps = static_cast<int>(std::lround(seconds * 120.0));
    for (int i = 0; i < steps; ++i)
        w.step(1.0 / 120.0);
    const double v = glm::length(w.car(car).velocity);
    if (out) *out = w;
    return v;
}
}  // namespace

TEST_CASE("car into a 20 kg crate at 30 m/s loses speed within 5 percent of m/(M+m) v0",
          "[soft][car]") {
    const double v0 = 30.0;
    const Settings s;
    const double M = s.car.mass, m = s.soft.crate_mass;
    const float front = static_cast<float>(s.car.length * 0.5);
    auto crate = [&](World& w) { w.soft().add_crate(w.def().soft, {front + 0.6f, 0.0f}, 0.0f); };
    auto none = [](World&) {};
    // 0.05 s: the crate is hit and flies off before ground friction or the car's own
    // losses matter; the run without a crate removes the car's own losses.
    World hit;
    const double with = car_speed_after(v0, 0.05, crate, &hit);
    const double without = car_speed_after(v0, 0.05, none);
    const double loss = without - with;
    const double expected = m / (M + m) * v0;  // perfectly inelastic, momentum-conserving
    INFO("speed loss " << loss << " expected " << expected);
    CHECK(loss == Approx(expected).epsilon(0.05));
    CHECK(hit.soft().velocity(hit.soft().id_of(0)).x > 0.95 * with);  // carried along
}

TEST_CASE("car coupling conserves momentum with a movable barrier", "[soft][car]") {
    WorldDef no_gravity;
    no_gravity.soft.gravity = 0.0;
    World w(no_gravity);
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    // Rolling (wheels spinning with the road), so the tyres add no braking of their own.
    car_set_speed(w.car(car), w.car_def(car), 20.0);
    w.soft().add_box(BodyKind::Barrier, {3.0f, 0.0f}, {1.0f, 6.0f}, 0.0f, 3000.0f, 1.0f);
    const double M = w.car_def(car).mass;
    World control = w;
    control.soft().clear();
    for (int i = 0; i < 24; ++i) {
        w.step(1.0 / 120.0);
        control.step(1.0 / 120.0);
    }
    // The car's momentum includes its spinning wheels' (I ω / r each, along +x): the
    // tyres hand it to the body when the impact slows the chassis below wheel speed.
    auto car_momentum = [M](const World& world, CarId id) {
        const CarDef& d = world.car_def(id);
        double p = world.car(id).velocity.x * M;
        for (const Wheel& wh : world.car(id).wheels)
            p += d.wheel_inertia * wh.spin / d.wheel_radius;
        return p;
    };
    const double start = 20.0 * M + 4.0 * w.car_def(car).wheel_inertia * 20.0 /
                                        (w.car_def(car).wheel_radius * w.car_def(car).wheel_radius);
    const double own_loss = car_momentum(control, car) - start;
    const double total = car_momentum(w, car) - own_loss + w.soft().momentum().x;
    CHECK(total == Approx(start).epsilon(0.01));
    CHECK(w.soft().momentum().x > 0.1 * 20.0 * M);  // the barrier was really pushed
}

TEST_CASE("plasticity: a crate rammed at 20 m/s dents but stays whole and at 60 m/s breaks",
          "[soft][car]") {
    const Settings s;
    const float front = static_cast<float>(s.car.length * 0.5);
    for (double v0 : {20.0, 60.0}) {
        World w;
        const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
        w.car(car).velocity = dvec2(v0, 0.0);
        const BodyId crate = w.soft().add_crate(w.def().soft, {front + 0.6f, 0.0f}, 0.0f);
        const std::span<const Constraint> fresh = w.soft().constraints(crate);
        const std::vector<Constraint> before(fresh.begin(), fresh.end());
        for (int i = 0; i < 30; ++i)
            w.step(1.0 / 120.0);
        INFO("speed " << v0);
        if (v0 < 30.0) {
            REQUIRE(w.soft().valid(crate));
            const std::span<const Constraint> now = w.soft().constraints(crate);
            REQUIRE(now.size() == before.size());
            float drift = 0.0f;
            for (std::size_t k = 0; k < now.size(); ++k) {
                drift = std::max(drift, std::abs(now[k].rest - before[k].rest));
                CHECK(now[k].stiffness > 0.0f);
            }
            CHECK(drift > 0.005f);  // dented (rest lengths changed by > 5 mm)
        } else {
            CHECK_FALSE(w.soft().valid(crate));
            CHECK(w.soft().body_count() >= 3);  // came apart into planks
        }
    }
    // With plasticity off nothing changes.
    WorldDef off;
    off.soft.plastic = false;
    off.soft.breakable = false;
    World w(off);
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    w.car(car).velocity = dvec2(60.0, 0.0);
    const BodyId crate = w.soft().add_crate(off.soft, {front + 0.6f, 0.0f}, 0.0f);
    const std::span<const Constraint> fresh = w.soft().constraints();
    const std::vector<Constraint> before(fresh.begin(), fresh.end());
    for (int i = 0; i < 30; ++i)
        w.step(1.0 / 120.0);
    REQUIRE(w.soft().valid(crate));
    REQUIRE(w.soft().constraints().size() == before.size());
    for (std::size_t k = 0; k < before.size(); ++k)
        CHECK(w.soft().constraints()[k].rest == before[k].rest);
}

TEST_CASE("a pinned barrier stops the car at 25 m/s", "[soft][car]") {
    World w;
    w.soft().add_barrier({8.0f, 0.0f}, {1.0f, 30.0f}, 0.0f);
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    w.car(car).velocity = dvec2(25.0, 0.0);
    for (int i = 0; i < 60; ++i)
        w.step(1.0 / 120.0);
    CHECK(w.car(car).velocity.x < 1.0);
    CHECK(w.car(car).position.x < 7.5);
}
