// Passing where the track is narrow: on the rally stage (8 m of gravel, a pass lane beside
// a car only off the racing line's margin) a faster driver behind a slower one gets by
// within two laps without a car-car contact, the slower car leaving it a car's width.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/plan/race_run.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/settings.hpp"
#include "support/shipped_preset.hpp"

using namespace skidpad;

TEST_CASE("rivals: a faster driver behind a slower one on the rally stage passes within two laps",
          "[plan][race][overtake]") {
    const Settings base;
    World world(world_def(base));
    Race race;
    const TrackResult tr =
        load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/rally.json");
    REQUIRE(tr.ok);
    race.set_track(tr.track, plan_car_from_def(base.car), base.plan);
    REQUIRE(race.profile().ok);
    // Single file off the line: the novice in the hatch ahead, the pro in the rally car
    // 14 m behind it.
    const char* presets[2] = {"hatch-fwd", "rally-awd"};
    const Difficulty levels[2] = {Difficulty::Novice, Difficulty::Pro};
    CarId cars[2];
    for (int k = 0; k < 2; ++k) {
        const double s = -(8.0 + 14.0 * k);
        const dvec2 t = path_tangent_at(race.track().centre, s);
        const Settings st = test::shipped_preset(presets[k]);
        cars[k] =
            world.add_car(path_position_at(race.track().centre, s), std::atan2(t.y, t.x), st.car);
        race.join(world, cars[k], true);
        REQUIRE(race.set_entry_driver(cars[k], plan_car_from_def(st.car),
                                      driver_skill(levels[k], Personality::Steady), 7 + k));
    }
    const RaceEntry& slow = *race.entry(cars[0]);
    const RaceEntry& fast = *race.entry(cars[1]);
    const double lap = race.predicted_lap(fast);
    INFO("predicted laps: pro " << lap << " s, novice " << race.predicted_lap(slow) << " s");
    double passed_at = -1.0;
    double worst = 0.0;
    double closest = 1e9;
    while (world.time() < 2.0 * lap + 10.0 && passed_at < 0.0) {
        race.drive(world);
        world.step(1.0 / 120.0);
        race.observe(world);
        for (const ContactEvent& c : world.events().contacts)
            if (c.other_car != ContactEvent::kNoCar) worst = std::max(worst, c.impulse);
        closest = std::min(closest,
                           glm::length(world.car(cars[0]).position - world.car(cars[1]).position));
        if (race.covered(fast) > race.covered(slow) + 10.0) passed_at = world.time();
    }
    INFO("passed at " << passed_at << " s, worst car-car impulse " << worst
                      << " N s, closest centres " << closest << " m");
    CHECK(passed_at > 0.0);
    CHECK(worst < kContactImpulse);
    // Never closer than a car's width between the two centres (1.7 m, the hatch).
    CHECK(closest > 1.7);
}
