// Engine inertia and the automatic clutch (docs/physics.md §5.3): the launch flare, the rpm
// drop on an upshift, no stall when braking to rest in gear, engine braking when coasting
// in gear and the free-revving engine, through World::step as the player drives.
#include <catch2/catch.hpp>
#include <cmath>

#include "car_drive.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

using lab::kRpmPerRadS;

struct Drive : lab::CarDrive {
    using CarDrive::CarDrive;
    void step(const InputState& in) { world.step(dt, in); }
};

/// Engine rpm the driven wheels turn the gearbox input at in `gear` (no idle clamp).
double gearbox_rpm(const Car& car, const CarDef& def, int gear) {
    const double spin = 0.5 * (car.wheels[2].spin + car.wheels[3].spin);  // RWD default
    return spin * overall_ratio(def.gearbox, gear) * kRpmPerRadS;
}

}  // namespace

TEST_CASE("launch: flooring it from rest flares the engine to the launch rpm within 0.3 s",
          "[car][clutch]") {
    const Settings s;
    Drive d(s);
    InputState in;
    in.throttle = 1.0;
    const double launch = s.car.engine.launch_rpm;
    double reached_at = -1.0;
    double speed_then = 0.0;
    for (int i = 1; i * d.dt <= 1.0 && reached_at < 0.0; ++i) {
        d.step(in);
        if (d.car().rpm >= 0.99 * launch) {
            reached_at = i * d.dt;
            speed_then = d.speed();
        }
    }
    INFO("reached " << 0.99 * launch << " rpm at " << reached_at << " s, " << speed_then << " m/s");
    REQUIRE(reached_at > 0.0);
    CHECK(reached_at <= 0.3);
    CHECK(speed_then < 3.0);
    // The clutch slips: the gearbox side turns far slower than the engine.
    CHECK(gearbox_rpm(d.car(), d.def(), 1) < 0.5 * d.car().rpm);
    // It holds the launch rpm (does not overshoot) while it slips.
    double highest = 0.0;
    for (int i = 0; i < 30; ++i) {
        d.step(in);
        highest = std::fmax(highest, d.car().rpm);
    }
    CHECK(highest <= 1.01 * launch);
}

TEST_CASE("upshift: the engine drops by the gear ratio step within the shift time",
          "[car][clutch]") {
    Settings s;
    s.car.gearbox.manual = true;
    Drive d(s);
    // 1st at 5000 rpm.
    const double r = s.car.wheel_radius;
    car_set_speed(d.car(), d.def(), 5000.0 / kRpmPerRadS / overall_ratio(s.car.gearbox, 1) * r);
    REQUIRE(d.car().gear == 1);
    InputState in;
    in.throttle = 1.0;
    for (int i = 0; i < 12; ++i)  // 0.1 s in 1st, clutch locked
        d.step(in);
    const double before = d.car().rpm;
    CHECK(before == Approx(gearbox_rpm(d.car(), d.def(), 1)).epsilon(1e-9));
    in.shift_up = true;
    d.step(in);
    in.shift_up = false;
    REQUIRE(d.car().gear == 2);
    const double shift = s.car.gearbox.shift_time;
    for (int i = 1; i * d.dt < shift - 1e-9; ++i)
        d.step(in);
    const double after = d.car().rpm;
    const double step = s.car.gearbox.ratios[1] / s.car.gearbox.ratios[0];  // 1.78 / 2.66
    INFO("before " << before << " rpm, after " << after << " rpm, ratio step " << step);
    // 7 %, was 5 %: with the V8's engine braking at 0.25 of its torque (was 0.1) the
    // engine's drag during the shift's throttle cut adds to the closing clutch's pull, and
    // the engine ends the shift's last step that much under the new gear's speed (measured
    // 0.630 against the step 0.669); the check below has it at the gear's speed one step
    // later.
    CHECK(after / before == Approx(step).epsilon(0.07));
    // By the end of the shift the clutch has closed on the new gear.
    d.step(in);
    CHECK(d.car().rpm == Approx(gearbox_rpm(d.car(), d.def(), 2)).epsilon(1e-9));
}

TEST_CASE("no stall: braking hard to rest in gear keeps the engine at idle or above",
          "[car][clutch]") {
    const Settings s;
    Drive d(s);
    car_set_speed(d.car(), d.def(), 20.0);
    InputState in;
    in.brake = 1.0;
    const double idle = s.car.engine.idle_rpm;
    double lowest = 1e9;
    double stopped_for = 0.0;
    for (int i = 0; i * d.dt < 10.0 && stopped_for < 0.2; ++i) {
        d.step(in);
        lowest = std::fmin(lowest, d.car().rpm);
        stopped_for = d.speed() < 0.01 ? stopped_for + d.dt : 0.0;
    }
    INFO("lowest " << lowest << " rpm, gear " << d.car().gear);
    REQUIRE(stopped_for >= 0.2);
    CHECK(lowest >= idle - 1.0);
    CHECK(d.car().rpm == Approx(idle).epsilon(1e-9));  // idling with the clutch open
    CHECK_FALSE(d.car().clutch_engaged);
}

TEST_CASE("engine braking: coasting in 2nd decelerates by the engine's drag torque",
          "[car][clutch]") {
    Settings s;
    s.car.gearbox.manual = true;
    s.car.aero.drag = 0.0;
    s.car.aero.rolling = 0.0;
    s.car.aero.downforce = 0.0;
    auto decel = [&](int gear) {
        Drive d(s);
        InputState in;
        in.gear_request = gear;
        d.step(in);  // the gear change takes shift_time; start rolling after it
        for (int i = 0; i * d.dt < 0.3; ++i)
            d.step(in);
        car_set_speed(d.car(), d.def(), 20.0);
        d.car().gear = gear;
        d.car().rpm =
            std::fmax(s.car.engine.idle_rpm, gearbox_rpm(d.car(), d.def(), gear == 0 ? 2 : gear));
        for (int i = 0; i < 12; ++i)
            d.step(in);
        const double v0 = d.speed();
        for (int i = 0; i < 60; ++i)  // 0.5 s
            d.step(in);
        return (v0 - d.speed()) / (60 * d.dt);
    };
    const double neutral = decel(0);
    const double second = decel(2);
    // Closed form: the engine's drag torque (engine_brake × full torque at the rpm)
    // through the gearing, against the car's mass with the wheels' and the engine's
    // inertia reflected to the road.
    const CarDef& c = s.car;
    const double r = c.wheel_radius;
    const double ratio = overall_ratio(c.gearbox, 2);
    const double rpm = 20.0 / r * ratio * kRpmPerRadS;
    const double drag = c.engine.engine_brake * engine_full_torque(c.engine, rpm);
    const double m_eff = c.mass + 4.0 * c.wheel_inertia / (r * r) +
                         c.engine.inertia * c.gearbox.efficiency * ratio * ratio / (r * r);
    const double predicted = drag * ratio * c.gearbox.efficiency / r / m_eff;
    INFO("neutral " << neutral << " m/s2, 2nd " << second << " m/s2, predicted extra "
                    << predicted);
    CHECK(second - neutral == Approx(predicted).epsilon(0.05));
}

TEST_CASE("free revving in neutral: angular acceleration is torque over the engine inertia",
          "[car][clutch]") {
    for (double inertia : {0.2, 0.6}) {
        Settings s;
        s.car.gearbox.manual = true;
        s.car.engine.inertia = inertia;
        s.sim.substeps = 1;
        Drive d(s);
        InputState in;
        in.gear_request = 0;
        d.step(in);
        REQUIRE(d.car().gear == 0);
        d.car().rpm = 2000.0;
        in.throttle = 1.0;
        d.step(in);
        const double alpha = (d.car().rpm - 2000.0) / kRpmPerRadS / d.dt;
        const double predicted = engine_full_torque(s.car.engine, 2000.0) / inertia;
        INFO("inertia " << inertia << ": " << alpha << " rad/s2 vs " << predicted);
        CHECK(alpha == Approx(predicted).epsilon(0.01));
    }
}
