// A two-car pass on a shipped track: a novice in the hatch ahead, a pro in a faster car
// 14 m behind it, raced until the faster one is 10 m ahead or two laps and 10 s are up.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/settings.hpp"
#include "support/shipped_preset.hpp"
#include "support/shipped_track.hpp"
#include "support/test_paths.hpp"

namespace skidpad::test {

struct PassRun {
    double lap = 0.0;         ///< s, the faster car's predicted lap
    double slow_lap = 0.0;    ///< s, the slower car's
    double passed_at = -1.0;  ///< s, when the faster car was 10 m ahead (-1: never)
    double worst = 0.0;       ///< N s, the largest car-car contact impulse
    double closest = 1e9;     ///< m, the closest the two centres came
    bool fast_left_track = false;
};

inline PassRun race_pass(const std::string& track, const char* fast_preset) {
    const Settings base;
    World world(world_def(base));
    Race race;
    race.set_track(shipped_track(track), plan_car_from_def(base.car), base.plan);
    REQUIRE(race.profile().ok);
    // Single file off the line: the novice ahead, the pro 14 m behind it.
    const char* presets[2] = {"hatch-fwd", fast_preset};
    const Difficulty levels[2] = {Difficulty::Novice, Difficulty::Pro};
    CarId cars[2];
    for (int k = 0; k < 2; ++k) {
        const double s = -(8.0 + 14.0 * k);
        const dvec2 t = path_tangent_at(race.track().centre, s);
        const Settings st = shipped_preset(presets[k]);
        cars[k] =
            world.add_car(path_position_at(race.track().centre, s), std::atan2(t.y, t.x), st.car);
        race.join(world, cars[k], true);
        REQUIRE(race.set_entry_driver(cars[k], plan_car_from_def(st.car),
                                      driver_skill(levels[k], Personality::Steady), 7 + k));
    }
    const RaceEntry& slow = *race.entry(cars[0]);
    const RaceEntry& fast = *race.entry(cars[1]);
    PassRun r;
    r.lap = race.predicted_lap(fast);
    r.slow_lap = race.predicted_lap(slow);
    while (world.time() < 2.0 * r.lap + 10.0 && r.passed_at < 0.0) {
        race.drive(world);
        world.step(1.0 / 120.0);
        race.observe(world);
        for (const ContactEvent& c : world.events().contacts)
            if (c.other_car != ContactEvent::kNoCar) r.worst = std::max(r.worst, c.impulse);
        r.closest = std::min(
            r.closest, glm::length(world.car(cars[0]).position - world.car(cars[1]).position));
        if (race.covered(fast) > race.covered(slow) + 10.0) r.passed_at = world.time();
    }
    r.fast_left_track = fast.left_track;
    return r;
}

}  // namespace skidpad::test
