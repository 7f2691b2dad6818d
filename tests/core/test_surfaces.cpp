// Surfaces under the wheels: braking distance and coast-down on grass, gravel and ice
// against the planner's model and the closed form, the surface map, the wheel signals.
#include <catch2/catch.hpp>

#include <cmath>

#include "car_runs.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

/// The planner's own model (docs/physics.md §10.1 model 4) on a surface: μ × grip + c, plus the
/// tyres' own rolling resistance c_rr.
double planner_distance(const Settings& s, SurfaceKind k, double v) {
    const SurfaceProps p = s.sim.surface.of(k);
    const Decel d = braking_decel(s.car.tyre.mu * p.grip + p.rolling + s.car.tyre.rolling,
                                  s.car.mass, s.car.aero.downforce, s.car.aero.drag);
    const BrakingResult r = braking_aero_analytical(v, 0.0, d);
    REQUIRE(r.ok);
    return r.distance_m;
}

}  // namespace

TEST_CASE(
    "ABS braking distance on grass and gravel scales with the surface grip as the planner "
    "model predicts, within 3 percent",
    "[surface][braking][car]") {
    Settings s;
    s.car.brakes.abs = true;
    const double v = 25.0;
    const lab::BrakeRun asphalt = lab::run_brake(s, v, 0.0, true, SurfaceKind::Asphalt);
    REQUIRE(asphalt.reached);
    const double pred_asphalt = planner_distance(s, SurfaceKind::Asphalt, v);
    for (SurfaceKind k : {SurfaceKind::Grass, SurfaceKind::Gravel}) {
        INFO(surface_name(k));
        const lab::BrakeRun run = lab::run_brake(s, v, 0.0, true, k);
        REQUIRE(run.reached);
        const double pred = planner_distance(s, k, v);
        // The ratio to asphalt (the surface's grip) and the distance itself.
        CHECK(run.distance_m / asphalt.distance_m == Approx(pred / pred_asphalt).epsilon(0.03));
        CHECK(run.distance_m == Approx(pred).epsilon(0.03));
        // A real difference: grip 0.5-0.6 (plus rolling) stops in over 1.3 times the distance.
        CHECK(run.distance_m > 1.3 * asphalt.distance_m);
    }
}

TEST_CASE("coast-down on grass and gravel matches the closed form with rolling resistance c m g",
          "[surface][coastdown][car]") {
    Settings s;
    for (SurfaceKind k : {SurfaceKind::Grass, SurfaceKind::Gravel}) {
        INFO(surface_name(k));
        const SurfaceProps p = s.sim.surface.of(k);
        REQUIRE(p.rolling > 0.0);
        // 30 m/s for 3 s: the car stays well above the 1 m/s where rolling resistance fades.
        const double sim = lab::run_coastdown(s, 30.0, 3.0, k);
        const double pred = lab::predict_coastdown(s.car, 30.0, 3.0, p);
        CHECK(sim == Approx(pred).epsilon(0.02));
        // It shows: the surface costs more speed than asphalt's drag and C_rr alone.
        const double plain = lab::predict_coastdown(s.car, 30.0, 3.0, {});
        CHECK(plain - pred > 0.5 * p.rolling * kGravity * 3.0);
    }
}

TEST_CASE("a wheel reads the surface under it and reports it in the step's wheel signals",
          "[surface][world]") {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    // Ice under the left wheels only (+y is left of a car heading +x).
    SurfaceMap map({-20.0, -20.0}, {20.0, 20.0}, 0.25, SurfaceKind::Asphalt);
    map.paint({SurfaceKind::Ice, {0.0, 5.0}, {40.0, 10.0}, 0.0});
    w.set_surfaces(map);
    w.step(1.0 / 120.0);
    REQUIRE(w.events().cars.size() == 1);
    const auto& wheels = w.events().cars[0].wheels;
    CHECK(wheels[0].surface == SurfaceKind::Ice);      // FL
    CHECK(wheels[1].surface == SurfaceKind::Asphalt);  // FR
    CHECK(wheels[2].surface == SurfaceKind::Ice);      // RL
    CHECK(wheels[3].surface == SurfaceKind::Asphalt);  // RR
    CHECK(w.wheel_surfaces(id)[0] == SurfaceKind::Ice);
    // Braking hard with the left wheels on ice pulls the car toward the grippy side (right).
    World split;
    const CarId c = split.add_car({0.0, 0.0}, 0.0, CarDef{});
    car_set_speed(split.car(c), split.car_def(c), 20.0);
    SurfaceMap long_map({-20.0, -20.0}, {200.0, 20.0}, 0.25, SurfaceKind::Asphalt);
    long_map.paint({SurfaceKind::Ice, {90.0, 10.0}, {220.0, 20.0}, 0.0});
    split.set_surfaces(long_map);
    InputState in;
    in.brake = 1.0;
    for (int i = 0; i < 60; ++i)
        split.step(1.0 / 120.0, in);
    CHECK(split.car(c).yaw_rate < -0.05);  // clockwise: toward the asphalt side
}

TEST_CASE("surface tunables at their min and max keep a braking, cornering car finite",
          "[surface][robustness]") {
    const ParamRegistry& reg = param_registry();
    int seen = 0;
    for (const ParamDesc& p : reg.all()) {
        if (p.key.rfind("surface.", 0) != 0) continue;
        ++seen;
        for (double value : {p.min, p.max}) {
            INFO(p.key << " = " << value);
            Settings s;
            REQUIRE(reg.set(s, p.key, value).ok);
            World w(world_def(s));
            const CarId id = w.add_car({0.0, 0.0}, 0.0, s.car);
            // Every kind in a checkerboard, so each tunable is under some wheel.
            SurfaceMap map({-200.0, -200.0}, {200.0, 200.0}, 2.0, SurfaceKind::Asphalt);
            for (int iy = 0; iy < map.rows(); ++iy)
                for (int ix = 0; ix < map.cols(); ++ix)
                    map.set_cell(ix, iy, static_cast<SurfaceKind>((ix + 2 * iy) % kSurfaceKinds));
            w.set_surfaces(map);
            car_set_speed(w.car(id), w.car_def(id), 30.0);
            InputState in;
            for (int i = 0; i < 600; ++i) {
                in.steer = i < 300 ? 1.0 : -1.0;
                in.brake = i % 200 < 100 ? 1.0 : 0.0;
                in.throttle = 1.0 - in.brake;
                w.step(1.0 / 120.0, in);
            }
            const Car& car = w.car(id);
            CHECK(std::isfinite(car.position.x));
            CHECK(std::isfinite(car.velocity.y));
            CHECK(glm::length(car.velocity) < 80.0);
            CHECK(w.numeric_resets(id) == 0);
        }
    }
    CHECK(seen == 2 * kSurfaceKinds);
}

TEST_CASE("surface names round-trip and the surface map answers outside its raster", "[surface]") {
    for (int i = 0; i < kSurfaceKinds; ++i) {
        SurfaceKind k = SurfaceKind::Asphalt;
        REQUIRE(surface_from_name(surface_name(static_cast<SurfaceKind>(i)), k));
        CHECK(static_cast<int>(k) == i);
    }
    SurfaceKind k = SurfaceKind::Ice;
    CHECK_FALSE(surface_from_name("mud", k));
    CHECK(k == SurfaceKind::Ice);
    SurfaceMap m({0.0, 0.0}, {10.0, 10.0}, 0.5, SurfaceKind::Grass);
    m.paint({SurfaceKind::Gravel, {5.0, 5.0}, {2.0, 2.0}, 0.0});
    CHECK(m.at({5.0, 5.0}) == SurfaceKind::Gravel);
    CHECK(m.at({5.0, 6.4}) == SurfaceKind::Grass);
    CHECK(m.at({-3.0, 5.0}) == SurfaceKind::Grass);
    CHECK(SurfaceMap{}.at({1e9, -1e9}) == SurfaceKind::Asphalt);
    // A huge area gets coarser cells, never more than the cap.
    SurfaceMap big({-1e4, -1e4}, {1e4, 1e4}, 0.25, SurfaceKind::Grass);
    CHECK(static_cast<std::size_t>(big.cols()) * big.rows() <= kMaxSurfaceCells);
}
