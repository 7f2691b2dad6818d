// Weather on the ground (sim.weather, docs/physics.md §9.1): the grip factors and a wet
// stop against the braking model with the wet μ; dry leaves the physics as it was.
#include <catch2/catch.hpp>

#include <cmath>

#include "car_runs.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

/// docs/physics.md §10.1 model 4 with μ' = μ × grip × weather grip + c + the tyres' c_rr.
double model_distance(const Settings& s, SurfaceKind k, double v) {
    const SurfaceProps p = s.sim.surface.of(k);
    const double grip = p.grip * weather_grip(k, s.sim.weather);
    const Decel d = braking_decel(s.car.tyre.mu * grip + p.rolling + s.car.tyre.rolling, s.car.mass,
                                  s.car.aero.downforce, s.car.aero.drag);
    const BrakingResult r = braking_aero_analytical(v, 0.0, d);
    REQUIRE(r.ok);
    return r.distance_m;
}

}  // namespace

TEST_CASE("the weather's grip factors: exactly 1 when dry, the row's wet grip when wet",
          "[surface][weather]") {
    for (const SurfaceRow& r : kSurfaces) {
        INFO(r.name);
        CHECK(weather_grip(r.kind, Weather::Dry) == 1.0);
        CHECK(weather_grip(r.kind, Weather::Wet) == r.wet_grip);
        CHECK(weather_grip(r.kind, Weather::Damp) == Approx(0.5 * (1.0 + r.wet_grip)));
        CHECK(r.wet_grip > 0.0);
        CHECK(r.wet_grip <= 1.0);
    }
    // Wet asphalt keeps 0.6..0.7 of its dry peak μ.
    CHECK(weather_grip(SurfaceKind::Asphalt, Weather::Wet) >= 0.6);
    CHECK(weather_grip(SurfaceKind::Asphalt, Weather::Wet) <= 0.7);
    // The tunable reads and prints by name, dry by default.
    Settings s;
    CHECK(s.sim.weather == Weather::Dry);
    REQUIRE(param_registry().apply_assignment(s, "sim.weather=wet").ok);
    CHECK(s.sim.weather == Weather::Wet);
    CHECK_FALSE(param_registry().apply_assignment(s, "sim.weather=snow").ok);
    CHECK(s.sim.weather == Weather::Wet);
}

TEST_CASE(
    "a wet ABS stop on asphalt is longer by the braking model's ratio for the wet mu, "
    "within 3 percent",
    "[surface][weather][braking][car]") {
    Settings dry;
    dry.car.brakes.abs = true;
    Settings wet = dry;
    wet.sim.weather = Weather::Wet;
    const double v = 25.0;
    const lab::BrakeRun d = lab::run_brake(dry, v, 0.0, true, SurfaceKind::Asphalt);
    const lab::BrakeRun w = lab::run_brake(wet, v, 0.0, true, SurfaceKind::Asphalt);
    REQUIRE(d.reached);
    REQUIRE(w.reached);
    const double model_ratio =
        model_distance(wet, SurfaceKind::Asphalt, v) / model_distance(dry, SurfaceKind::Asphalt, v);
    INFO("dry " << d.distance_m << " m, wet " << w.distance_m << " m, model ratio " << model_ratio);
    CHECK(w.distance_m / d.distance_m == Approx(model_ratio).epsilon(0.03));
    CHECK(w.distance_m == Approx(model_distance(wet, SurfaceKind::Asphalt, v)).epsilon(0.03));
    // Without aero and rolling the ratio is 1 / 0.65 = 1.54: the stop really is longer.
    CHECK(w.distance_m / d.distance_m == Approx(1.0 / 0.65).epsilon(0.05));
}

TEST_CASE("a replay records the weather it was driven in", "[weather][replay]") {
    Replay r;
    r.header.settings.sim.weather = Weather::Damp;
    const ReplayParse back = parse_replay(encode_replay(r));
    INFO(back.error);
    REQUIRE(back.ok);
    CHECK(back.replay.header.settings.sim.weather == Weather::Damp);
}
