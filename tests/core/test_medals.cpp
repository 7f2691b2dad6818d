// Medals from the planner's lap: for every car preset on every shipped track, the medal
// times are the planner's flying lap times fixed shares, the drift targets are shares of
// one ideal lap of drifting, and the autopilot's own laps earn the medal they should.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "skidpad/plan/lap_run.hpp"
#include "skidpad/plan/medals.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/settings.hpp"
#include "support/shipped_preset.hpp"
#include "support/shipped_track.hpp"

using namespace skidpad;

TEST_CASE("medals: times follow the planner's lap for each preset and track", "[plan][medals]") {
    for (const char* preset : {"hatch-fwd", "sports-rwd", "rally-awd", "drift-rwd"}) {
        const Settings st = test::shipped_preset(preset);
        for (const char* track : {"club", "oval", "rally", "technical"}) {
            INFO(preset << " on " << track);
            // The planner's lap, planned here as the race plans it.
            Race race;
            race.set_track(test::shipped_track(track), plan_car_from_def(st.car), st.plan);
            REQUIRE(race.profile().ok);
            const double lap = race.profile().lap_time_s;
            const Medals m = track_medals(test::shipped_track(track), st);
            REQUIRE(m.ok);
            CHECK(m.planner_lap_s == Approx(lap).epsilon(1e-12));
            CHECK(m.gold_s == Approx(1.04 * lap).epsilon(1e-12));
            CHECK(m.silver_s == Approx(1.10 * lap).epsilon(1e-12));
            CHECK(m.bronze_s == Approx(1.18 * lap).epsilon(1e-12));
            CHECK(lap_medal(m, 1.0399 * lap) == Medal::Gold);
            CHECK(lap_medal(m, 1.05 * lap) == Medal::Silver);
            CHECK(lap_medal(m, 1.15 * lap) == Medal::Bronze);
            CHECK(lap_medal(m, 1.19 * lap) == Medal::None);
            CHECK(m.drift_ideal > 0.0);
            CHECK(m.drift_gold == Approx(0.6 * m.drift_ideal).margin(0.5));
            CHECK(m.drift_silver == Approx(0.35 * m.drift_ideal).margin(0.5));
            CHECK(m.drift_bronze == Approx(0.15 * m.drift_ideal).margin(0.5));
            CHECK(drift_medal(m, m.drift_gold) == Medal::Gold);
            CHECK(drift_medal(m, m.drift_bronze - 1.0) == Medal::None);
        }
    }
}

TEST_CASE("medals: the ideal drift lap is the bends' time at the planned speed", "[plan][medals]") {
    // A circle of radius 50 m at a constant 15 m/s: one bend all the way round, one combo
    // of 2π·50/15 = 20.94 s at 35° and 15 m/s: 0.1 × 35 × 15 × 20.94 = 1099.6 points ×
    // multiplier min(8, 1 + floor(20.94 / 1.5)) = 8.
    std::vector<dvec2> pts;
    for (int i = 0; i < 360; ++i) {
        const double a = 2.0 * kPi * i / 360.0;
        pts.push_back({50.0 * std::cos(a), 50.0 * std::sin(a)});
    }
    const ClosedPath line = make_closed_path(pts);
    SpeedProfile p;
    p.ok = true;
    p.lap_time_s = line.length / 15.0;
    p.speed.assign(line.size(), 15.0);
    p.curvature.assign(line.size(), 1.0 / 50.0);
    const double want = 0.1 * 35.0 * 15.0 * (line.length / 15.0) * 8.0;
    CHECK(drift_ideal_score(p, line, DriftRules{}) == Approx(want).epsilon(1e-9));
    // Below the drift's minimum speed nothing scores.
    p.speed.assign(line.size(), 7.0);
    CHECK(drift_ideal_score(p, line, DriftRules{}) == 0.0);
}

TEST_CASE("medals: the autopilot's laps earn gold in the default car, silver in the hatch",
          "[plan][medals]") {
    // The autopilot drives the planner's line within 2.6 % (default car) and 8.2 % (hatch)
    // of its lap on the oval (docs/physics.md §10).
    const Settings base;
    const LapRun a = run_autopilot_laps(test::shipped_track("oval"), base, 2);
    REQUIRE(a.error.empty());
    CHECK(lap_medal(track_medals(test::shipped_track("oval"), base), a.best_lap_s) == Medal::Gold);
    const Settings hatch = test::shipped_preset("hatch-fwd");
    const LapRun h = run_autopilot_laps(test::shipped_track("oval"), hatch, 2);
    REQUIRE(h.error.empty());
    CHECK(lap_medal(track_medals(test::shipped_track("oval"), hatch), h.best_lap_s) ==
          Medal::Silver);
}
