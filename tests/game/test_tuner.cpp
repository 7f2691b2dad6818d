// The Tuner owns the live settings and is the path every change takes while
// driving; the World applies the events it queues.
#include <catch2/catch.hpp>

#include <cmath>

#include "skidpad/scene/scenes.hpp"
#include "tuner.hpp"

using namespace skidpad;

namespace {
void drive(World& w, int steps) {
    const double dt = 1.0 / w.def().sim.physics_hz;
    for (int i = 0; i < steps; ++i) {
        InputState in;
        // Half throttle: the clutch's launch slip then carries half the engine's torque,
        // below what the rears grip, so the drive force does not depend on the mass.
        in.throttle = 0.5;
        in.steer = 0.5;
        w.step(dt, in);
    }
}
}  // namespace

TEST_CASE("a tunable changed through the Tuner acts on the next step and undo restores it",
          "[tuner]") {
    World a;
    World b;
    build_default_arena(a, CarDef{});
    build_default_arena(b, CarDef{});
    drive(a, 120);
    drive(b, 120);
    REQUIRE(a.state_hash() == b.state_hash());
    const dvec2 pos_before = b.car(b.player()).position;

    Tuner tuner;
    REQUIRE(tuner.set("car.mass", 3000.0).ok);
    CHECK(tuner.settings().car.mass == 3000.0);
    CHECK(b.car_def(b.player()).mass == Settings{}.car.mass);  // until the world applies it
    b.apply(tuner.take_events());
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
    REQUIRE(tuner.set("car.max_steer", 0.2).ok);

    REQUIRE(tuner.undo());
    REQUIRE(tuner.undo());
    CHECK_FALSE(tuner.undo());
    b.apply(tuner.take_events());
    CHECK(tuner.settings().car.mass == Settings{}.car.mass);
    CHECK(b.car_def(b.player()).mass == Settings{}.car.mass);
    CHECK(b.car_def(b.player()).max_steer == Settings{}.car.max_steer);
    // With the values restored the dynamics are the untouched world's again.
    World c(world_def(tuner.settings()));
    World d;
    build_default_arena(c, tuner.settings().car);
    build_default_arena(d, CarDef{});
    drive(c, 240);
    drive(d, 240);
    CHECK(c.state_hash() == d.state_hash());

    REQUIRE(tuner.redo());
    CHECK(tuner.settings().car.mass == 3000.0);
    b.apply(tuner.take_events());
    CHECK(b.car_def(b.player()).mass == 3000.0);
}

TEST_CASE("the Tuner rejects invalid values and leaves settings and history unchanged", "[tuner]") {
    Tuner tuner;
    for (double bad : {std::nan(""), 1e9, -1.0, HUGE_VAL}) {
        const ParamResult r = tuner.set("car.mass", bad);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find("car.mass") != std::string::npos);
    }
    CHECK_FALSE(tuner.set("no.such", 1.0).ok);
    CHECK_FALSE(tuner.set_text("sim.substeps", "2.5").ok);
    CHECK_FALSE(tuner.control("sim.time_scale", -1.0).ok);
    CHECK(tuner.settings().car.mass == Settings{}.car.mass);
    CHECK_FALSE(tuner.history().can_undo());
    CHECK_FALSE(tuner.has_events());
}

TEST_CASE("a slider drag is one undo step and group reset is one undo step", "[tuner]") {
    Tuner tuner;
    const Settings& s = tuner.settings();
    for (int i = 1; i <= 50; ++i)
        REQUIRE(tuner.set("car.mass", 1500.0 + 10.0 * i, 77).ok);
    tuner.end_drag();
    REQUIRE(tuner.set("car.mass", 1000.0, 77).ok);  // a new drag of the same slider
    CHECK(tuner.history().undo_size() == 2);
    REQUIRE(tuner.undo());
    CHECK(s.car.mass == 2000.0);
    REQUIRE(tuner.undo());
    CHECK(s.car.mass == 1500.0);

    REQUIRE(tuner.set_text("camera.zoom", "30").ok);
    REQUIRE(tuner.set("camera.lag", 1.5).ok);
    tuner.reset_group("Camera");
    CHECK(s.camera.zoom == Settings{}.camera.zoom);
    CHECK(s.camera.lag == Settings{}.camera.lag);
    REQUIRE(tuner.undo());  // one step brings both back
    CHECK(s.camera.zoom == 30.0);
    CHECK(s.camera.lag == 1.5);
    CHECK(Tuner::changed(s, *param_registry().find("camera.zoom")));
    // A new change after an undo drops the redo stack.
    REQUIRE(tuner.set("car.mass", 1600.0).ok);
    CHECK_FALSE(tuner.history().can_redo());
}

TEST_CASE("rebuilding a car in place takes the new geometry and keeps pose and motion",
          "[tuner][rebuild]") {
    World w;
    build_default_arena(w, CarDef{});
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
            build_default_arena(x, CarDef{});
            drive(x, 60);
            const Car c0 = x.car(x.player());
            Tuner t;
            REQUIRE(t.set(p.key, v).ok);
            x.apply(t.take_events());
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

TEST_CASE(
    "every change is one small event per value, and replaying the events gives the same "
    "world",
    "[tuner][events]") {
    Tuner tuner;
    REQUIRE(tuner.set("car.mass", 2000.0).ok);
    const std::vector<TuneEvent> one = tuner.take_events();
    REQUIRE(one.size() == 1);
    CHECK(param_registry().all()[one[0].param].key == "car.mass");
    CHECK(one[0].value == 2000.0);
    CHECK_FALSE(tuner.has_events());  // taken

    // A control (the pause key, zooming) is an event but not an undo step.
    const std::size_t undo_steps = tuner.history().undo_size();
    REQUIRE(tuner.control("sim.paused", 1.0).ok);
    CHECK(tuner.settings().sim.paused);
    CHECK(tuner.history().undo_size() == undo_steps);
    CHECK(tuner.take_events().size() == 1);

    // A group reset and its undo are batches: one event per value that changed.
    REQUIRE(tuner.set("soft.gravity", 3.0).ok);
    REQUIRE(tuner.set("car.wheelbase", 3.1).ok);  // a `rebuild` tunable
    tuner.reset_all();
    REQUIRE(tuner.undo());
    const std::vector<TuneEvent> log = tuner.take_events();

    // Two worlds in the same state, one of them shown every event between steps in
    // the order they came: both end bit-identical, the second one's def as the tuner's.
    World a, b;
    build_default_arena(a, CarDef{});
    build_default_arena(b, CarDef{});
    drive(a, 30);
    drive(b, 30);
    a.apply(one);
    b.apply(one);
    for (const TuneEvent& e : log)
        a.apply(e);
    b.apply(log);
    drive(a, 120);
    drive(b, 120);
    CHECK(a.state_hash() == b.state_hash());
    CHECK(a.def().soft.gravity == 3.0);
    CHECK(a.car_def(a.player()).wheelbase == 3.1);
    CHECK(a.car_def(a.player()).mass == 2000.0);
}

namespace {
/// Sets `p` to `v` in a fresh Def struct and checks it reads back as the same tunable set
/// in a whole Settings (`s`), where `in_settings` is that Def struct inside `s`.
template <typename Def>
void check_field(const ParamDesc& p, double v, const Settings& s, const Def& in_settings) {
    Def d;
    p.set_in(d, v);
    CHECK(p.get_in(d) == p.get(s));
    CHECK(p.get_in(in_settings) == p.get(s));
}
}  // namespace

TEST_CASE("a tunable's field is found in its own Def struct", "[tuner][events]") {
    // Every tunable set in one Def struct (what the World holds) reads back as the same
    // tunable set in a whole Settings, and its key names that Def struct.
    const char* const prefix[] = {"sim.",   "car.",    "soft.",    "plan.",
                                  "input.", "camera.", "display.", "sound."};
    for (const ParamDesc& p : param_registry().all()) {
        INFO(p.key);
        const double v = p.type == ParamType::Real ? 0.5 * (p.min + p.max) : p.max;
        Settings s;
        p.set_raw(s, v);
        // The ground's surface.* table rides in SimDef, the part of the World's def that
        // every world setting lives in.
        const bool surface = p.key.rfind("surface.", 0) == 0 && p.section == ParamSection::Sim;
        CHECK((surface || p.key.rfind(prefix[static_cast<int>(p.section)], 0) == 0));
        if (p.section == ParamSection::Sim) check_field(p, v, s, s.sim);
        if (p.section == ParamSection::Car) check_field(p, v, s, s.car);
        if (p.section == ParamSection::Soft) check_field(p, v, s, s.soft);
        if (p.section == ParamSection::Plan) check_field(p, v, s, s.plan);
        if (p.section == ParamSection::Input) check_field(p, v, s, s.input);
        if (p.section == ParamSection::Camera) check_field(p, v, s, s.camera);
        if (p.section == ParamSection::Display) check_field(p, v, s, s.display);
        if (p.section == ParamSection::Sound) check_field(p, v, s, s.sound);
    }
}
