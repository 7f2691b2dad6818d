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

namespace {

/// A real car of each preset's kind, with its published figures (docs/physics.md §15.4).
struct RoadCar {
    const char* preset;
    const char* compared_with;
    double zero_100_s;  ///< s, 0-100 km/h
    double top_kmh;     ///< km/h
    /// The 0-100 run with traction control on: a car shipped without it is launched as a
    /// test driver feeds the throttle, not floored into wheelspin.
    bool launch_tc;
};

}  // namespace

TEST_CASE("each car preset's 0-100 km/h and top speed are within 10 percent of its comparison car",
          "[car][preset]") {
    const RoadCar cars[] = {
        {"sports-rwd", "1998-2002 Camaro Z28 / Trans Am (LS1, same six speeds)", 5.4, 265.0, false},
        {"drift-rwd", "the same coupe", 5.4, 265.0, true},
        {"hatch-fwd", "VW Golf III GTI 2.0 8V", 10.1, 196.0, false},
        {"rally-awd", "Ford Escort RS Cosworth", 6.2, 232.0, false},
    };
    for (const RoadCar& c : cars) {
        Settings s = shipped_preset(c.preset);
        const double top_kmh = lab::run_topspeed(s, 0, 200.0).speed_mps * 3.6;
        if (c.launch_tc) s.car.assists.tc = true;
        const lab::AccelRun run = lab::run_accel(s, 100.0 / 3.6);
        REQUIRE(run.reached);
        INFO(c.preset << " against " << c.compared_with << ": 0-100 km/h " << run.seconds
                      << " s (real " << c.zero_100_s << "), top speed " << top_kmh << " km/h (real "
                      << c.top_kmh << ")");
        CHECK(run.seconds == Approx(c.zero_100_s).epsilon(0.10));
        CHECK(top_kmh == Approx(c.top_kmh).epsilon(0.10));
    }
}
