// Stability control, the steering assist and the assist levels (docs/physics.md §6.4–6.6, §16.1),
// through car_step and World::step: the control laws' figures checked exactly where
// they are closed forms, the manoeuvres against the pass figures.
#include <catch2/catch.hpp>
#include <cmath>

#include "feel_runs.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/tyre.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr double kH = 1.0 / 480.0;  // one sub-step at the default 120 Hz x 4

CarDef arcade() {
    CarDef d;
    apply_assist_level(d, AssistLevel::Arcade);
    return d;
}

Car rolling(const CarDef& def, double speed) {
    Car c;
    car_reset(c, def, {0.0, 0.0}, 0.0);
    car_set_speed(c, def, speed);
    return c;
}

Settings level(AssistLevel l) {
    Settings s;
    apply_assist_level(s.car, l);
    return s;
}

}  // namespace

TEST_CASE("assist levels: sim all off, sport ABS and TC, arcade all on", "[car][assists]") {
    CarDef d;
    CHECK(assist_level_of(d) == AssistLevel::Sport);  // the default car is sport
    apply_assist_level(d, AssistLevel::Sim);
    CHECK_FALSE(d.brakes.abs);
    CHECK_FALSE(d.assists.tc);
    CHECK(assist_level_of(d) == AssistLevel::Sim);
    apply_assist_level(d, AssistLevel::Arcade);
    CHECK(d.brakes.abs);
    CHECK(d.assists.tc);
    CHECK(d.assists.esc);
    CHECK(d.assists.steer_assist);
    CHECK(d.assists.countersteer);
    d.assists.countersteer = false;
    CHECK(assist_level_of(d) == AssistLevel::Custom);
    for (AssistLevel l : {AssistLevel::Sim, AssistLevel::Sport, AssistLevel::Arcade}) {
        AssistLevel back = AssistLevel::Custom;
        REQUIRE(parse_assist_level(assist_level_name(l), back));
        CHECK(back == l);
    }
    AssistLevel back = AssistLevel::Sim;
    CHECK_FALSE(parse_assist_level("custom", back));
    CHECK_FALSE(parse_assist_level("Sport", back));
}

TEST_CASE(
    "stability control: oversteer brakes the outer front by gain x excess and trims the "
    "throttle",
    "[car][assists]") {
    const CarDef def = arcade();
    Car c = rolling(def, 20.0);
    c.yaw_rate = 0.5;  // turning left with the steering straight: 0.4 rad/s past the dead band
    InputState in;
    in.throttle = 1.0;
    car_step(c, def, in, kH);
    CHECK(c.esc_active);
    const double excess = 0.5 - def.assists.esc_threshold;
    CHECK(c.wheels[1].brake_torque == Approx(def.assists.esc_gain * excess).epsilon(1e-9));
    CHECK(c.wheels[0].brake_torque == 0.0);
    CHECK(c.wheels[2].brake_torque == 0.0);
    CHECK(c.wheels[3].brake_torque == 0.0);
    // The trim scales the engine's load (the torque asked for, docs/physics.md 5.1); the
    // pedal is set to the one that gives it through the pedal map.
    CHECK(engine_load(def.engine, c.throttle) ==
          Approx(1.0 - def.assists.esc_throttle * excess).epsilon(1e-9));
}

TEST_CASE(
    "stability control: understeer brakes the inner rear but nothing inside the dead band "
    "or without it",
    "[car][assists]") {
    CarDef def = arcade();
    // An open differential, so that the braked rear wheel is not held to its partner (a
    // locked limited-slip differential brakes the axle as one).
    def.drivetrain.diff = DiffType::Open;
    Car c = rolling(def, 20.0);
    c.steer_angle = 0.1;  // asks for v tan(d) / (L + K v^2) to the left, the car goes straight
    InputState in;
    in.steer = 0.1 / max_steer_at(def.max_steer, def.steering, 20.0);
    car_step(c, def, in, kH);
    CHECK(c.esc_active);
    CHECK(c.wheels[2].brake_torque > 0.0);  // inner (left) rear
    CHECK(c.wheels[0].brake_torque == 0.0);
    CHECK(c.wheels[1].brake_torque == 0.0);
    CHECK(c.wheels[3].brake_torque == 0.0);

    Car quiet = rolling(def, 20.0);
    quiet.yaw_rate = 0.9 * def.assists.esc_threshold;
    car_step(quiet, def, InputState{}, kH);
    CHECK_FALSE(quiet.esc_active);

    CarDef sport = def;
    apply_assist_level(sport, AssistLevel::Sport);
    Car off = rolling(sport, 20.0);
    off.yaw_rate = 0.5;
    car_step(off, sport, InputState{}, kH);
    CHECK_FALSE(off.esc_active);
    CHECK(off.wheels[1].brake_torque == 0.0);
}

TEST_CASE("steering assist: full lock at 25 m/s holds the fronts near their peak slip angle",
          "[car][assists]") {
    const double peak = tyre_peak_slip_angle(CarDef{}.tyre, false);
    auto worst_front_slip = [](const Settings& s) {
        World w(world_def(s));
        const CarId id = w.add_car({0.0, 0.0}, 0.0, s.car);
        car_set_speed(w.car(id), w.car_def(id), 25.0);
        InputState in;
        in.steer = 1.0;
        in.throttle = 0.3;
        double worst = 0.0;
        for (int i = 0; i < 240; ++i) {  // 2 s
            w.step(1.0 / s.sim.physics_hz, in);
            if (i >= 120) {
                const Car& c = w.car(id);
                worst = std::fmax(worst, std::fmax(std::fabs(c.wheels[0].slip_angle),
                                                   std::fabs(c.wheels[1].slip_angle)));
            }
        }
        return worst;
    };
    const double plain = worst_front_slip(level(AssistLevel::Sport));
    const double assisted = worst_front_slip(level(AssistLevel::Arcade));
    INFO("peak " << peak * 57.2958 << " deg, without " << plain * 57.2958 << " deg, with "
                 << assisted * 57.2958 << " deg");
    CHECK(assisted < 1.5 * peak);
    CHECK(plain > 2.0 * peak);
}

TEST_CASE("countersteer help: centred steering follows the front axle's travel in a slide",
          "[car][assists]") {
    const CarDef def = arcade();
    Car c = rolling(def, 15.0);
    c.velocity = {15.0, -5.0};  // the car slides to its right: rear slip ~18 degrees
    for (int i = 0; i < 24; ++i)
        car_step(c, def, InputState{}, kH);
    CHECK(c.steer_assist_active);
    CHECK(c.steer_angle < -0.1);  // turned right, into the slide

    CarDef plain;
    Car p = rolling(plain, 15.0);
    p.velocity = {15.0, -5.0};
    for (int i = 0; i < 24; ++i)
        car_step(p, plain, InputState{}, kH);
    CHECK(p.steer_angle == 0.0);
}

TEST_CASE("full throttle and full steer at 10 m/s: no spin with sport or arcade, a spin with sim",
          "[car][assists][feel]") {
    for (AssistLevel l : {AssistLevel::Sport, AssistLevel::Arcade}) {
        const lab::FeelRun run = lab::run_feel(level(l), "spin");
        INFO(assist_level_name(l) << ": rear slip " << run.max_rear_slip_deg << " deg");
        CHECK(run.max_rear_slip_deg < 15.0);
    }
    const lab::FeelRun sim = lab::run_feel(level(AssistLevel::Sim), "spin");
    INFO("sim: rear slip " << sim.max_rear_slip_deg << " deg");
    CHECK(sim.max_rear_slip_deg > 15.0);
}

TEST_CASE("slalom at 80 km/h with digital steering: no spin with sport or arcade",
          "[car][assists][feel]") {
    for (AssistLevel l : {AssistLevel::Sport, AssistLevel::Arcade}) {
        const lab::FeelRun run = lab::run_feel(level(l), "slalom");
        INFO(assist_level_name(l) << ": rear slip " << run.max_rear_slip_deg << " deg");
        CHECK(run.max_rear_slip_deg < 15.0);
    }
}
