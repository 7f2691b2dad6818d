// The planner's braking models against the physics car braking in a straight line.
#include <catch2/catch.hpp>

#include <string>

#include "car_runs.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/scene/preset.hpp"

using namespace skidpad;

TEST_CASE(
    "ABS braking of the sports preset with downforce matches the analytical model to 3 percent",
    "[plan][braking][car]") {
    Settings s;
    const PresetResult pr =
        load_preset_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/sports-rwd.json", s);
    REQUIRE(pr.ok);
    s.car.aero.downforce = 1.0;  // kg/m: b = (μ k_L + k_D)/m ≈ 9.5e-4 1/m
    s.car.brakes.abs = true;
    const Decel d = braking_decel(s.car.tyre.mu, s.car.mass, s.car.aero.downforce, s.car.aero.drag);
    for (double v : {30.0, 40.0}) {
        INFO("from " << v << " m/s");
        const lab::BrakeRun run = lab::run_brake(s, v, 0.0, true);
        REQUIRE(run.reached);
        CHECK(run.abs_seen);
        const BrakingResult exact = braking_aero_analytical(v, 0.0, d);
        REQUIRE(exact.ok);
        CHECK(run.distance_m == Approx(exact.distance_m).epsilon(0.03));
        // Downforce shortens the stop: the no-aero model overestimates it.
        CHECK(braking_no_aero(v, 0.0, d).distance_m > run.distance_m);
    }
}
