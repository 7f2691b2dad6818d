// The car as a rigid body for contacts (src/core/car_contact.hpp) and the momentum
// balance of the car <-> soft-body coupling it serves.
#include <catch2/catch.hpp>
#include <cmath>

#include "car_contact.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;
using detail::CarBody;

namespace {

Car moving_car(const CarDef& def) {
    Car car;
    car_reset(car, def, {3.0, -2.0}, 0.4);
    car.velocity = {12.0, 3.0};
    car.yaw_rate = 0.3;
    return car;
}

}  // namespace

TEST_CASE("car body: effective mass is 1/M + (r x n)^2 / I from the car's geometry",
          "[car][contact]") {
    CarDef def;
    def.mass = 1234.0;
    def.inertia_scale = 1.3;
    const CarGeometry g = car_geometry(def);
    const CarBody body = CarBody::of(moving_car(def), def);
    CHECK(body.mass == g.mass);
    CHECK(body.inertia == g.yaw_inertia);
    // Arms and directions: through the centre, along the arm, and across it.
    const dvec2 n = glm::normalize(dvec2(1.0, 2.0));
    for (const dvec2 r : {dvec2(0.0, 0.0), dvec2(2.0, 0.0), dvec2(-1.5, 0.8), n * 3.0}) {
        const double rxn = r.x * n.y - r.y * n.x;
        const double closed = 1.0 / g.mass + rxn * rxn / g.yaw_inertia;
        CHECK(body.inv_mass_at(r, n) == Approx(closed).epsilon(1e-12));
    }
    // The same number is what an impulse does: a unit impulse along n at r changes
    // the point's velocity along n by w.
    CarBody kicked = body;
    const dvec2 point = body.origin + dvec2(-1.5, 0.8);
    kicked.apply_impulse(n, point);
    const double dvn = glm::dot(kicked.velocity_at(point) - body.velocity_at(point), n);
    CHECK(dvn == Approx(body.inv_mass_at(dvec2(-1.5, 0.8), n)).epsilon(1e-9));
}

TEST_CASE("car body: impulses and corrections, then one write-back", "[car][contact]") {
    const CarDef def;
    const CarGeometry g = car_geometry(def);
    Car car = moving_car(def);
    CarBody body = CarBody::of(car, def);
    // A linear impulse through the centre: Δv = J/M, no spin.
    body.apply_impulse({300.0, -150.0}, body.origin);
    CHECK(body.velocity.x == Approx(12.0 + 300.0 / g.mass).epsilon(1e-12));
    CHECK(body.velocity.y == Approx(3.0 - 150.0 / g.mass).epsilon(1e-12));
    CHECK(body.yaw_rate == 0.3);
    // Off-centre: Δω = (r x J)/I.
    body.apply_impulse({0.0, 200.0}, body.origin + dvec2(2.0, 0.0));
    CHECK(body.yaw_rate == Approx(0.3 + 2.0 * 200.0 / g.yaw_inertia).epsilon(1e-12));
    // Non-finite impulses are ignored.
    const CarBody before_nan = body;
    body.apply_impulse({std::nan(""), 0.0}, body.origin);
    CHECK(body.velocity == before_nan.velocity);
    // A position correction moves the pose by P/M, turns it by (r x P)/I, and the
    // corners follow.
    const CarPose p0 = body.pose;
    body.apply_correction({0.0, 6.0}, p0.position + dvec2(1.0, 0.0));
    CHECK(body.pose.position.y == Approx(p0.position.y + 6.0 / g.mass).epsilon(1e-12));
    CHECK(body.pose.heading == Approx(p0.heading + 6.0 / g.yaw_inertia).epsilon(1e-12));
    const auto corners = car_corners(body.pose, def);
    CHECK(body.corners[0].x == Approx(corners[0].x).margin(1e-5));
    CHECK(body.corners[0].y == Approx(corners[0].y).margin(1e-5));
    // Nothing reaches the car before write_back.
    CHECK(car.velocity == dvec2(12.0, 3.0));
    body.write_back(car);
    CHECK(car.velocity == body.velocity);
    CHECK(car.yaw_rate == body.yaw_rate);
    CHECK(car.position == body.pose.position);
    CHECK(car.heading == body.pose.heading);
}

TEST_CASE("car into a crate: what the car loses the crate gains", "[soft][car][contact]") {
    WorldDef def;
    def.soft.gravity = 0.0;  // no ground friction on the crate
    World w{def};
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    car_set_speed(w.car(car), w.car_def(car), 20.0);  // rolling, wheels at road speed
    const float front = static_cast<float>(w.car_def(car).length * 0.5);
    w.soft().add_crate(w.def().soft, {front + 0.6f, 0.0f}, 0.0f);  // head-on
    World control = w;
    control.soft().clear();
    for (int i = 0; i < 12; ++i) {
        w.step(1.0 / 120.0);
        control.step(1.0 / 120.0);
    }
    // Car momentum with its wheels' (I ω / r each, along the heading), less what the
    // same car loses on its own (the control run without the crate).
    auto car_momentum = [](const World& world, CarId id) {
        const CarDef& d = world.car_def(id);
        dvec2 p = world.car(id).velocity * d.mass;
        for (const Wheel& wh : world.car(id).wheels)
            p += direction(world.car(id).heading) * (d.wheel_inertia * wh.spin / d.wheel_radius);
        return p;
    };
    const dvec2 car_change = car_momentum(w, car) - car_momentum(control, car);
    const dvec2 crate = w.soft().momentum();
    INFO("car change " << car_change.x << ", " << car_change.y << "  crate " << crate.x << ", "
                       << crate.y);
    REQUIRE(crate.x > 0.9 * 20.0 * w.def().soft.crate_mass);  // really hit
    // Along the hit the tyres add nothing the control run does not have, so the
    // exchange balances (the crate gains m/(M+m) v0 ≈ 400 kg m/s).
    CHECK(car_change.x + crate.x == Approx(0.0).margin(0.01 * crate.x));
}
