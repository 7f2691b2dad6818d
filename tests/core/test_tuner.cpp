// The Tuner is the path the overlay uses to change tunables while driving.
#include <catch2/catch.hpp>

#include <cmath>

#include "skidpad/scene/scenes.hpp"
#include "skidpad/tune/tuner.hpp"

using namespace skidpad;

namespace {
void drive(World& w, int steps) {
    const double dt = 1.0 / w.settings().sim.physics_hz;
    for (int i = 0; i < steps; ++i) {
        InputState in;
        in.throttle = 1.0;
        in.steer = 0.5;
        w.step(dt, in);
    }
}
}  // namespace

TEST_CASE("a tunable changed through the Tuner acts on the next step and undo restores it",
          "[tuner]") {
    World a;
    World b;
    build_default_arena(a);
    build_default_arena(b);
    drive(a, 120);
    drive(b, 120);
    REQUIRE(a.state_hash() == b.state_hash());
    const dvec2 pos_before = b.car(b.player()).position;

    Tuner tuner;
    REQUIRE(tuner.set(b, "car.mass", 3000.0).ok);
    CHECK(b.settings().car.mass == 3000.0);
    CHECK(b.car_def(b.player()).mass == 3000.0);  // the def the car steps with
    // The car was not reset: it is where it was.
    CHECK(b.car(b.player()).position == pos_before);

    const auto speed = [](const World& w) {
        const dvec2 v = w.car(w.player()).velocity;
        return std::sqrt(v.x * v.x + v.y * v.y);
    };
    const double va = speed(a);
    drive(a, 1);
    drive(b, 1);
    CHECK(a.state_hash() != b.state_hash());
    // A heavier car under the same drive force gains less speed in that one step.
    CHECK(speed(b) - va < speed(a) - va);
    CHECK(speed(b) > va * 0.5);  // and it kept rolling
    REQUIRE(tuner.set(b, "car.max_steer", 0.2).ok);

    REQUIRE(tuner.undo(b));
    REQUIRE(tuner.undo(b));
    CHECK_FALSE(tuner.undo(b));
    CHECK(b.settings().car.mass == Settings{}.car.mass);
    CHECK(b.car_def(b.player()).mass == Settings{}.car.mass);
    CHECK(b.settings().car.max_steer == Settings{}.car.max_steer);
    // With the values restored the dynamics are the untouched world's again.
    World c(b.settings());
    World d;
    build_default_arena(c);
    build_default_arena(d);
    drive(c, 240);
    drive(d, 240);
    CHECK(c.state_hash() == d.state_hash());

    REQUIRE(tuner.redo(b));
    CHECK(b.settings().car.mass == 3000.0);
}

TEST_CASE("the Tuner rejects invalid values and leaves settings and history unchanged", "[tuner]") {
    World w;
    Tuner tuner;
    for (double bad : {std::nan(""), 1e9, -1.0, HUGE_VAL}) {
        const ParamResult r = tuner.set(w, "car.mass", bad);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find("car.mass") != std::string::npos);
    }
    CHECK_FALSE(tuner.set(w, "no.such", 1.0).ok);
    CHECK_FALSE(tuner.set_text(w, "sim.substeps", "2.5").ok);
    CHECK(w.settings().car.mass == Settings{}.car.mass);
    CHECK_FALSE(tuner.history().can_undo());
}

TEST_CASE("a slider drag is one undo step and group reset is one undo step", "[tuner]") {
    World w;
    Tuner tuner;
    for (int i = 1; i <= 50; ++i)
        REQUIRE(tuner.set(w, "car.mass", 1500.0 + 10.0 * i, 77).ok);
    tuner.end_drag();
    REQUIRE(tuner.set(w, "car.mass", 1000.0, 77).ok);  // a new drag of the same slider
    CHECK(tuner.history().undo_size() == 2);
    REQUIRE(tuner.undo(w));
    CHECK(w.settings().car.mass == 2000.0);
    REQUIRE(tuner.undo(w));
    CHECK(w.settings().car.mass == 1500.0);

    REQUIRE(tuner.set_text(w, "camera.zoom", "30").ok);
    REQUIRE(tuner.set(w, "camera.lag", 1.5).ok);
    tuner.reset_group(w, "Camera");
    CHECK(w.settings().camera.zoom == Settings{}.camera.zoom);
    CHECK(w.settings().camera.lag == Settings{}.camera.lag);
    REQUIRE(tuner.undo(w));  // one step brings both back
    CHECK(w.settings().camera.zoom == 30.0);
    CHECK(w.settings().camera.lag == 1.5);
    CHECK(Tuner::changed(w.settings(), *param_registry().find("camera.zoom")));
    // A new change after an undo drops the redo stack.
    REQUIRE(tuner.set(w, "car.mass", 1600.0).ok);
    CHECK_FALSE(tuner.history().can_redo());
}

TEST_CASE("rebuilding a car in place takes the new geometry and keeps pose and motion",
          "[tuner][rebuild]") {
    World w;
    build_default_arena(w);
    drive(w, 120);
    const CarId id = w.player();
    const Car before = w.car(id);
    REQUIRE(before.velocity.x * before.velocity.x + before.velocity.y * before.velocity.y > 0.1);
    CarDef d = w.car_def(id);
    d.wheelbase *= 1.3;
    d.width *= 1.1;
    w.set_car_def(id, d);
    w.rebuild_car(id);
    const Car& after = w.car(id);
    Car fresh;
    car_reset(fresh, d, before.position, before.heading);
    for (int i = 0; i < 4; ++i) {
        CHECK(after.wheels[i].offset == fresh.wheels[i].offset);
        CHECK(after.wheels[i].spin == before.wheels[i].spin);
    }
    CHECK(after.wheels[0].offset != before.wheels[0].offset);
    CHECK(after.position == before.position);
    CHECK(after.heading == before.heading);
    CHECK(after.velocity == before.velocity);
    CHECK(after.yaw_rate == before.yaw_rate);

    // Every tunable flagged `rebuild`, changed through the Tuner while driving,
    // keeps the car where it is and moving, and the simulation stays finite.
    for (const ParamDesc& p : param_registry().all()) {
        if (!p.rebuild) continue;
        INFO(p.key);
        for (double v : {p.min, p.max}) {
            World x;
            build_default_arena(x);
            drive(x, 60);
            const Car c0 = x.car(x.player());
            Tuner t;
            REQUIRE(t.set(x, p.key, v).ok);
            CHECK(x.car(x.player()).position == c0.position);
            CHECK(x.car(x.player()).velocity == c0.velocity);
            drive(x, 240);
            const Car& c1 = x.car(x.player());
            CHECK(std::isfinite(c1.position.x));
            CHECK(std::isfinite(c1.position.y));
            CHECK(std::isfinite(c1.yaw_rate));
        }
    }
}
