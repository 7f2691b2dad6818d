// The autopilot drives the physics car around both circuits (docs/physics.md §10 planner).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "skidpad/car/car.hpp"
#include "skidpad/car/steer_assist_input.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/car/tyre.hpp"
#include "skidpad/plan/lap_run.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/settings.hpp"
#include "support/shipped_track.hpp"

using namespace skidpad;

TEST_CASE("autopilot completes 3 laps of each track on it within 10 percent of the plan",
          "[plan][autopilot]") {
    for (const char* name : {"oval", "club"}) {
        INFO(name);
        Settings s;
        s.sim.physics_hz = 120.0;
        const LapRun run = run_autopilot_laps(test::shipped_track(name), s, 3);
        INFO(run.error);
        REQUIRE(run.error.empty());
        REQUIRE(run.lap_times.size() == 3);
        CHECK(run.stayed_on_track);
        CHECK(run.max_wheel_offset_m <= run.edge_m);
        INFO("best " << run.best_lap_s << " s, predicted " << run.predicted_lap_s << " s");
        // Flying laps (2 and 3) against the planner's flying lap.
        for (std::size_t i = 1; i < run.lap_times.size(); ++i) {
            CHECK(run.lap_times[i] == Approx(run.predicted_lap_s).epsilon(0.10));
        }
    }
}

TEST_CASE(
    "autopilot with the arcade assists laps as cleanly as with sport: the steering assist "
    "leaves its steering alone",
    "[plan][autopilot][assists]") {
    for (const char* name : {"club", "technical"}) {
        for (const AssistLevel level : {AssistLevel::Sport, AssistLevel::Arcade}) {
            INFO(name << ", " << assist_level_name(level));
            Settings s;
            s.sim.physics_hz = 120.0;
            apply_assist_level(s.car, level);
            const LapRun run = run_autopilot_laps(test::shipped_track(name), s, 2);
            INFO(run.error);
            REQUIRE(run.error.empty());
            REQUIRE(run.lap_times.size() == 2);
            // Never all four wheels in the gravel; any wheel beyond the kerbs briefly at most.
            CHECK(run.off_track_s == 0.0);
            CHECK(run.time_off_track_s <= 0.5);
            CHECK(run.valid_laps >= 1);
        }
    }
}

TEST_CASE(
    "steer_input_through_assist: the input itself without the assist, and with it the "
    "input whose assisted target is the unassisted one",
    "[car][assists]") {
    CarDef def;
    Car car;
    car.velocity = dvec2(20.0, 0.0);  // 20 m/s straight ahead
    def.assists.steer_assist = false;
    for (const double in : {-1.0, -0.3, 0.0, 0.123456789, 1.0})
        CHECK(steer_input_through_assist(car, def, in) == in);  // bit for bit
    apply_assist_level(def, AssistLevel::Arcade);
    // Below 3 m/s the assist does not act.
    Car slow = car;
    slow.velocity = dvec2(2.0, 0.0);
    CHECK(steer_input_through_assist(slow, def, 0.4) == 0.4);
    // At speed the assisted target of the returned input is input x lock (within the
    // assist's reach: the fronts at most at their peak slip angle from the axle's travel).
    const double lock = max_steer_at(def.max_steer, def.steering, 20.0);
    const double peak = tyre_peak_slip_angle(def.tyre, false);
    auto steered = [&](const Car& from, double input) {
        Car c = from;
        // A 1 µs sub-step with a rack fast enough to reach any target lands the steer on it.
        CarDef fast = def;
        fast.steering.rate = 1e7;
        InputState ip;
        ip.steer = input;
        car_step(c, fast, ip, 1e-6);
        return c.steer_angle;
    };
    for (const double in : {-0.15, -0.05, 0.0, 0.05, 0.15}) {
        INFO("input " << in);
        REQUIRE(std::fabs(in * lock) < peak);
        const double s = steer_input_through_assist(car, def, in);
        CHECK(s >= -1.0);
        CHECK(s <= 1.0);
        CHECK(steered(car, s) == Approx(in * lock).margin(1e-6));
        if (in != 0.0) CHECK(std::fabs(steered(car, in) - in * lock) > 1e-3);  // as the assist aims
    }
    // Beyond its reach the nearest it can: full lock toward that side.
    CHECK(steer_input_through_assist(car, def, 1.0) == 1.0);
    CHECK(steer_input_through_assist(car, def, -1.0) == -1.0);
}

TEST_CASE("an AI car and a second car race with their own lap timers", "[plan][autopilot]") {
    Settings s;
    World world(world_def(s));
    Race race;
    race.set_track(test::shipped_track("oval"), plan_car_from_def(s.car), s.plan);
    dvec2 p0, p1;
    double h0 = 0.0, h1 = 0.0;
    race.grid_pose(0, p0, h0);
    race.grid_pose(1, p1, h1);
    CHECK(glm::length(p1 - p0) > 9.0);
    const CarId a = world.add_car(p0, h0, s.car);
    const CarId b = world.add_car(p1, h1, s.car);
    race.join(a, true);
    race.join(b, true);
    const double dt = 1.0 / 120.0;
    while (world.time() < 2.5 * race.profile().lap_time_s) {
        race.drive(world);
        world.step(dt);
        race.observe(world);
    }
    for (CarId id : {a, b}) {
        const RaceEntry* e = race.entry(id);
        REQUIRE(e);
        CHECK(e->timer.laps >= 1);
        CHECK(e->timer.best_lap > 0.0);
        CHECK_FALSE(e->left_track);
    }
}

TEST_CASE("a car reset in a race times no lap across the reset", "[plan][autopilot][lap]") {
    Settings s;
    const double dt = 1.0 / 120.0;
    struct Run {
        World world;
        Race race;
        CarId car;
        explicit Run(const Settings& st, const Track& track) : world(world_def(st)) {
            race.set_track(track, plan_car_from_def(st.car), st.plan);
            dvec2 p;
            double h = 0.0;
            race.grid_pose(0, p, h);
            car = world.add_car(p, h, st.car);
            race.join(car, true);
        }
        void step(double dt_s) {
            race.drive(world);
            world.step(dt_s);
            race.observe(world);
        }
    };
    const Track oval = test::shipped_track("oval");
    // Reference: the first lap from the grid, no reset.
    Run ref(s, oval);
    while (ref.race.entry(ref.car)->timer.laps < 1)
        ref.step(dt);
    const double first_lap = ref.race.entry(ref.car)->timer.best_lap;
    REQUIRE(first_lap > 10.0);

    // Drive 60 % of a lap, reset onto the grid, then one whole lap.
    Run run(s, oval);
    while (run.world.time() < 0.6 * first_lap)
        run.step(dt);
    REQUIRE(run.race.entry(run.car)->timer.timing);
    run.world.reset_car(run.car);
    run.race.abort_lap(run.car);
    const double t_reset = run.world.time();
    while (run.world.time() < t_reset + 1.5 * first_lap)
        run.step(dt);
    const LapTimer& t = run.race.entry(run.car)->timer;
    CHECK(t.laps == 1);
    // The same lap as the reference from the same grid pose and car state; the
    // autopilot re-locates, so allow 1 % for its first few steps.
    CHECK(t.best_lap == Approx(first_lap).epsilon(0.01));
}
