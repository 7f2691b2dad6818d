// The car presets load, the default one is exactly the CarDef defaults, and each drives.
#include <catch2/catch.hpp>
#include <string>

#include "car_runs.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"
#include "support/shipped_preset.hpp"

using namespace skidpad;

using test::shipped_preset;

TEST_CASE("sports-rwd preset holds exactly the default car", "[car][preset]") {
    const Settings s = shipped_preset("sports-rwd");
    const Settings d;
    for (const ParamDesc& p : param_registry().all()) {
        INFO(p.key);
        CHECK(p.get(s) == p.get(d));
    }
}

TEST_CASE("hatch-fwd and rally-awd presets are distinct believable cars", "[car][preset]") {
    const Settings hatch = shipped_preset("hatch-fwd");
    const Settings rally = shipped_preset("rally-awd");
    CHECK(hatch.car.drivetrain.layout == Layout::FWD);
    CHECK(rally.car.drivetrain.layout == Layout::AWD);
    CHECK(rally.car.brakes.abs);
    for (const Settings* s : {&hatch, &rally}) {
        const double top = lab::predict_topspeed(s->car, 0);
        CHECK(top > 40.0);  // 144..250 km/h
        CHECK(top < 70.0);
        const lab::AccelRun run = lab::run_accel(*s, 100.0 / 3.6);
        REQUIRE(run.reached);
        CHECK(run.seconds > 4.0);  // 0-100 km/h of a road or rally car
        CHECK(run.seconds < 14.0);
    }
}
