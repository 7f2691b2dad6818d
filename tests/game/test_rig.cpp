// The rigs (--mode rig): the predictions the rigs show against the closed forms and
// against scripted drives through the rig code the game runs (the command line's side:
// tests/app/test_rig_cli.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "car_runs.hpp"
#include "modes/mode_rig.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

constexpr double kDt = 1.0 / 120.0;

/// The rig's scene as the game builds it, with the player car `def`.
World rig_world(RigKind kind, const Settings& s) {
    World w(world_def(s));
    build_level(w, rig_level(kind), s.car);
    return w;
}

/// Full throttle down the braking strip to `speed`, then full brake until the car stops;
/// every step through rig_observe as the game does. The rig state at the end.
RigState scripted_brake(const Settings& s, double speed) {
    World w = rig_world(RigKind::Braking, s);
    RigState rig;
    rig_start(rig, RigKind::Braking);
    InputState in;
    in.throttle = 1.0;
    while (car_forward_speed(w.car(w.player())) < speed && w.time() < 60.0) {
        w.step(kDt, in);
        rig_observe(rig, w, in, kDt);
    }
    in = InputState{};
    in.brake = 1.0;
    while (!rig.has_result && w.time() < 120.0) {
        w.step(kDt, in);
        rig_observe(rig, w, in, kDt);
    }
    return rig;
}

}  // namespace

TEST_CASE(
    "the braking rig's predicted stopping point matches a scripted straight-line brake "
    "within 3 %",
    "[rig]") {
    // ABS on (the default): the tyres stay near their peak, the friction-limit model holds.
    const Settings s;
    for (const double v : {20.0, 35.0}) {
        const RigState rig = scripted_brake(s, v);
        INFO("from " << rig.brake_speed << " m/s: predicted " << rig.predicted_m << " m, measured "
                     << rig.measured_m << " m");
        REQUIRE(rig.has_result);
        CHECK(rig.brake_speed >= v);
        CHECK(rig.predicted_m == Approx(rig_stop_distance(s.car, rig.brake_speed)));
        CHECK(std::fabs(rig_stop_error_pct(rig)) <= 3.0);
        // The marked points lie on the strip, the stop beyond the brake point.
        CHECK(rig.stop_point.x > rig.brake_start.x);
        CHECK(std::fabs(rig.stop_point.y) < kStripHalfWidth);
    }
}

TEST_CASE("with ABS off the braking rig measures the locked-wheel stop that lab brake measures",
          "[rig]") {
    // Locked tyres slide below their peak: the stop is longer than the friction-limit
    // prediction (lab brake --abs off prints the same gap); the rig's measurement in gear
    // matches the lab's in neutral within 3 %.
    Settings s;
    s.car.brakes.abs = false;
    const RigState rig = scripted_brake(s, 35.0);
    REQUIRE(rig.has_result);
    const lab::BrakeRun lab_run = lab::run_brake(s, rig.brake_speed, 0.0, false);
    REQUIRE(lab_run.reached);
    INFO("rig " << rig.measured_m << " m, lab " << lab_run.distance_m << " m, predicted "
                << rig.predicted_m << " m");
    CHECK(rig.measured_m == Approx(lab_run.distance_m).epsilon(0.03));
    CHECK(rig.measured_m > rig.predicted_m);
}

TEST_CASE(
    "the braking rig picture's input script ends in a measured stop within 3 % of the "
    "prediction",
    "[rig]") {
    // docs/modes.md shows the rig after the stop that docs/img/rig-braking-input.csv drives
    // (made by scripts/make-pictures): the brake must be held until the car has stopped, or
    // the picture shows "no stop measured yet". Stepped as the game steps it, for the
    // picture's 10 s.
    const std::string path = std::string(SKIDPAD_SOURCE_DIR) + "/docs/img/rig-braking-input.csv";
    const InputScriptResult parsed = parse_input_script(test::read_file(path), path);
    REQUIRE(parsed.ok);
    const Settings s;
    World w = rig_world(RigKind::Braking, s);
    RigState rig;
    rig_start(rig, RigKind::Braking);
    for (int i = 0; i < 1200; ++i) {
        const InputState in = parsed.script.at(w.time());
        w.step(kDt, in);
        rig_observe(rig, w, in, kDt);
    }
    INFO("from " << rig.brake_speed << " m/s: predicted " << rig.predicted_m << " m, measured "
                 << rig.measured_m << " m");
    REQUIRE(rig.has_result);
    CHECK(std::fabs(rig_stop_error_pct(rig)) <= 3.0);
}

TEST_CASE(
    "the skidpad rig's predicted limit speed is the closed form sqrt(mu g R / (1 - mu k_L R / m))",
    "[rig]") {
    for (const double k_lift : {0.0, 1.5, -0.3}) {
        Settings s;
        s.car.aero.downforce = k_lift;
        const CarDef& d = s.car;
        const double closed = std::sqrt(d.tyre.mu * kGravity * kSkidpadRadius /
                                        (1.0 - d.tyre.mu * k_lift * kSkidpadRadius / d.mass));
        INFO("k_L " << k_lift);
        CHECK(rig_limit_speed(d, kSkidpadRadius) == Approx(closed).epsilon(1e-9));
    }
    // The rig starts the car on its circle, heading along it counter-clockwise.
    const Level lv = rig_level(RigKind::Skidpad);
    CHECK(std::hypot(lv.car_start.x, lv.car_start.y) == Approx(kSkidpadRadius));
    CHECK(lv.bodies.empty());
}

TEST_CASE("the top-speed rig measures a full-throttle run within 2 % of the predicted top speed",
          "[rig]") {
    const Settings s;
    World w = rig_world(RigKind::TopSpeed, s);
    const double top = rig_top_speed(s.car);
    REQUIRE(top > 20.0);
    car_set_speed(w.car(w.player()), w.car_def(w.player()), 0.9 * top);
    RigState rig;
    rig_start(rig, RigKind::TopSpeed);
    InputState in;
    in.throttle = 1.0;
    while (w.time() < 40.0) {
        w.step(kDt, in);
        rig_observe(rig, w, in, kDt);
    }
    INFO("predicted " << top << " m/s, measured " << rig.max_mps << " m/s at x = " << rig.max_at_m);
    // The speed creeps up on the top speed (drag grows as v²): 40 s from 0.9 × gets
    // within 2 % before the end of the straight.
    CHECK(rig.max_mps == Approx(top).epsilon(0.02));
    CHECK(rig.max_mps <= top * 1.002);
    CHECK(rig.max_at_m < kStraightLength);  // reached on the straight
}
