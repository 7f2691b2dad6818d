// The particle effects: a fixed pool that never passes its budget, updates that stay
// finite for any tunable, and no influence on the simulated state.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "effects.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

View view_at(dvec2 centre) {
    View v;
    v.centre = centre;
    v.zoom = 14.0;
    v.size = dvec2(1280.0, 720.0);
    return v;
}

Particle smoke_at(vec2 p) {
    Particle q;
    q.pos = p;
    q.life = 2.0f;
    q.size = 0.3f;
    q.color = rgba(220, 220, 220);
    return q;
}

// Full throttle into the arena's crate stacks with a weave and a handbrake flick (the
// golden drive's pattern): smoke, crate hits, dents and breaks.
InputState drive(int step) {
    const double t = step / 120.0;
    InputState in;
    in.throttle = t < 5.0 ? 1.0 : 0.3;
    in.steer = t < 1.6 ? 0.3 : 0.3 * std::sin(0.9 * t);
    in.handbrake = t >= 4.0 && t < 4.4 ? 1.0 : 0.0;
    in.brake = t >= 6.5 && t < 7.5 ? 0.8 : 0.0;
    return in;
}

}  // namespace

TEST_CASE("the particle pool never holds more than its budget", "[app][effects]") {
    Effects fx;
    EffectsDef def;
    def.budget = 500;
    int made = 0;
    for (int i = 0; i < 10000; ++i)
        made += fx.spawn(smoke_at(vec2(0.01f * static_cast<float>(i), 0.0f)), def) ? 1 : 0;
    CHECK(made == 500);
    CHECK(fx.alive() == 500);
    CHECK(fx.refused() == 9500);

    // Filling for the benchmark stops at the budget too, and at the pool's size for a
    // budget past it.
    fx.clear();
    def.budget = Effects::kMaxBudget + 5000;
    fx.fill(view_at(dvec2(0.0, 0.0)), def);
    CHECK(fx.alive() == Effects::kMaxBudget);
    // A lowered budget trims the pool on the next update.
    def.budget = 100;
    fx.update(1.0 / 60.0, def);
    CHECK(fx.alive() == 100);
}

TEST_CASE("effects read the world only: the state hash is the same with them on and off",
          "[app][effects][determinism]") {
    World on{WorldDef{}}, off{WorldDef{}};
    build_default_arena(on, CarDef{});
    build_default_arena(off, CarDef{});
    Effects fx;
    EffectsDef def;
    def.smoke = def.sparks = def.chips = 4.0;  // as much as the sliders allow
    def.budget = Effects::kMaxBudget;
    int most = 0;
    double impulse = 0.0;
    for (int i = 0; i < 960; ++i) {
        on.step(1.0 / 120.0, drive(i));
        off.step(1.0 / 120.0, drive(i));
        const CarId cars[1] = {on.player()};
        impulse += fx.after_step(on, cars, on.player(), def, 1.0 / 120.0);
        fx.update(1.0 / 120.0, def);
        most = std::max(most, fx.alive());
    }
    INFO("particles at most " << most << ", player impulse " << impulse << " N s");
    CHECK(most > 50);        // the drive really made effects
    CHECK(impulse > 100.0);  // and hit things
    CHECK(on.state_hash() == off.state_hash());
}

TEST_CASE("particle updates stay finite and bounded for extreme tunables and time steps",
          "[app][effects]") {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    World world{WorldDef{}};
    build_default_arena(world, CarDef{});
    Effects fx;
    for (const double k : {0.0, 4.0, 1e300, inf, nan, -5.0}) {
        EffectsDef def;
        def.smoke = def.sparks = def.chips = k;
        def.budget = Effects::kMaxBudget;
        for (int i = 0; i < 240; ++i) {
            world.step(1.0 / 120.0, drive(i));
            const CarId cars[1] = {world.player()};
            fx.after_step(world, cars, world.player(), def, 1.0 / 120.0);
            fx.update(1.0 / 120.0, def);
        }
        for (const double dt : {1e9, -1.0, nan, inf, 0.25})
            fx.update(dt, def);
        INFO("tunable " << k);
        CHECK(fx.alive() <= Effects::kMaxBudget);
        for (const Particle& p : fx.particles()) {
            CHECK(std::isfinite(p.pos.x));
            CHECK(std::isfinite(p.pos.y));
            CHECK(p.size <= 6.0f);  // smoke stops growing at 6 m
        }
    }
    // A budget of 0 or below makes nothing.
    EffectsDef none;
    none.budget = -3;
    fx.clear();
    CHECK_FALSE(fx.spawn(smoke_at(vec2(0.0f, 0.0f)), none));
    CHECK(fx.alive() == 0);
}

TEST_CASE("drawing emits only particles in view, all translucent in one blended run",
          "[app][effects]") {
    Effects fx;
    EffectsDef def;
    def.budget = 300;
    fx.fill(view_at(dvec2(0.0, 0.0)), def);
    ShapeBatch in_view, far_away;
    fx.draw(in_view, view_at(dvec2(0.0, 0.0)));
    fx.draw(far_away, view_at(dvec2(1000.0, 0.0)));
    CHECK(far_away.vertices.empty());
    // 100 smoke hexagons (4 triangles), 100 sparks and 100 chips (2 each).
    CHECK(in_view.vertices.size() == 3u * (100u * 4u + 200u * 2u));
    REQUIRE(in_view.runs.size() == 1u);
    CHECK(in_view.runs[0].blend);
}

TEST_CASE("a car rolling straight throws dust on gravel and grass and nothing on asphalt",
          "[app][effects]") {
    // 15 m/s straight ahead, no slip: no smoke anywhere; on loose ground a dust trail of
    // about display.smoke x 0.9 x (15 - 2) x 0.25 = 2.9 particles per wheel-second.
    auto run = [](SurfaceKind ground) {
        World w{WorldDef{}};
        const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
        car_set_speed(w.car(car), w.car_def(car), 15.0);
        w.set_surfaces(SurfaceMap::uniform(ground));
        Effects fx;
        const EffectsDef def;
        int made = 0;
        for (int i = 0; i < 240; ++i) {
            InputState in;
            in.throttle = 0.35;  // about holds the speed
            w.step(1.0 / 120.0, in);
            const CarId cars[1] = {car};
            const int before = fx.alive();
            fx.after_step(w, cars, car, def, 1.0 / 120.0);
            made += fx.alive() - before;
        }
        return made;
    };
    const int asphalt = run(SurfaceKind::Asphalt);
    const int gravel = run(SurfaceKind::Gravel);
    const int grass = run(SurfaceKind::Grass);
    INFO("asphalt " << asphalt << ", gravel " << gravel << ", grass " << grass);
    CHECK(asphalt == 0);
    // 4 wheels x 2 s x ~2.9/s = ~23 (speed falls a little on loose ground): 12..40.
    CHECK(gravel >= 12);
    CHECK(gravel <= 40);
    CHECK(grass >= 12);
    CHECK(grass <= 40);
}
