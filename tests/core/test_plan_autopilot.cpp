// The autopilot drives the physics car around both circuits (docs/physics.md §7 planner).
#include <catch2/catch.hpp>

#include <string>

#include "skidpad/plan/lap_run.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {
Track load(const char* name) {
    const TrackResult r =
        load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json");
    REQUIRE(r.ok);
    return r.track;
}
}  // namespace

TEST_CASE("autopilot completes 3 laps of each track on it within 10 percent of the plan",
          "[plan][autopilot]") {
    for (const char* name : {"oval", "club"}) {
        INFO(name);
        Settings s;
        s.sim.physics_hz = 120.0;
        const LapRun run = run_autopilot_laps(load(name), s, 3);
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

TEST_CASE("an AI car and a second car race with their own lap timers", "[plan][autopilot]") {
    Settings s;
    World world(world_def(s));
    Race race;
    race.set_track(load("oval"), plan_car_from_def(s.car), s.plan);
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
