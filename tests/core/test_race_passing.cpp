// Passing where the track is narrow: on the rally stage (8 m of gravel, a pass lane beside
// a car only off the racing line's margin) a faster driver behind a slower one gets by
// within two laps without a car-car contact, the slower car leaving it a car's width.
#include <catch2/catch.hpp>

#include "skidpad/plan/race_run.hpp"
#include "support/race_pass.hpp"

using namespace skidpad;

TEST_CASE("rivals: a faster driver behind a slower one on the rally stage passes within two laps",
          "[plan][race][overtake]") {
    // The novice in the hatch ahead, the pro in the rally car 14 m behind it.
    const test::PassRun r = test::race_pass("rally", "rally-awd");
    INFO("predicted laps: pro " << r.lap << " s, novice " << r.slow_lap << " s");
    INFO("passed at " << r.passed_at << " s, worst car-car impulse " << r.worst
                      << " N s, closest centres " << r.closest << " m");
    CHECK(r.passed_at > 0.0);
    CHECK(r.worst < kContactImpulse);
    // Never closer than a car's width between the two centres (1.7 m, the hatch).
    CHECK(r.closest > 1.7);
}
