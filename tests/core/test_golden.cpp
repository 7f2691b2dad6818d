// Whole-state golden hashes: the default arena driven through its crates by a fixed
// input sequence, hashed with World::state_hash (every pose, velocity, gear, rpm, wheel
// spin, the soft world's positions, previous positions, rest lengths and stiffnesses).
// A refactor must leave every bit of this state as it was; a deliberate change of the
// model updates the constant, with the reason in the commit message.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/scene/scenes.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

// Full throttle into the crate stacks with a weave, a handbrake flick, a downshift
// request and braking: the car hits crates and barriers and the gearbox shifts.
InputState scripted_input(int step) {
    const double t = step / 120.0;
    InputState in;
    in.throttle = t < 5.0 ? 1.0 : 0.3;
    in.steer = t < 1.6 ? 0.3 : 0.3 * std::sin(0.9 * t);
    in.brake = t >= 6.5 && t < 7.5 ? 0.8 : 0.0;
    in.handbrake = t >= 4.0 && t < 4.4 ? 1.0 : 0.0;
    in.shift_down = step == 700;
    return in;
}

World arena() {
    World world{WorldDef{}};
    build_default_arena(world, CarDef{});
    return world;
}

World driven_arena(int steps) {
    World world = arena();
    for (int i = 0; i < steps; ++i)
        world.step(1.0 / 120.0, scripted_input(i));
    return world;
}

}  // namespace

// Printed by this test on the reference build (GCC 12, x86-64, -O3, no -ffast-math).
constexpr std::uint64_t kGoldenArenaDrive = 6581529928516848257ull;

TEST_CASE("whole-state golden hash of the arena driven for 8 s", "[determinism][golden]") {
    const World start = arena();
    const World w = driven_arena(960);
    const Car& car = w.car(w.player());
    INFO("hash " << w.state_hash() << " car at " << car.position.x << ", " << car.position.y);
    // The drive really is a crash test: the car pushed bodies more than 0.1 m.
    int moved = 0;
    for (std::size_t i = 0; i < start.soft().body_count(); ++i) {
        const BodyId id = start.soft().id_of(i);
        const bool gone = !w.soft().valid(id);  // broken into pieces
        moved += gone || glm::length(w.soft().centre(id) - start.soft().centre(id)) > 0.1f;
    }
    INFO(moved << " bodies moved");
    CHECK(moved >= 3);
    CHECK(w.state_hash() == kGoldenArenaDrive);
}

TEST_CASE("state hash sees velocities, wheel spins, gear and rpm, not only poses",
          "[determinism][golden]") {
    const World base = driven_arena(240);
    const std::uint64_t h = base.state_hash();
    {
        World w = base;  // the same poses, one car velocity changed
        w.car(w.player()).velocity.x += 1e-9;
        CHECK(w.state_hash() != h);
    }
    {
        World w = base;
        w.car(w.player()).wheels[2].spin += 1e-9;
        CHECK(w.state_hash() != h);
    }
    {
        World w = base;
        w.car(w.player()).rpm += 1e-6;
        CHECK(w.state_hash() != h);
    }
    {
        World w = base;
        w.car(w.player()).gear += 1;
        CHECK(w.state_hash() != h);
    }
    {
        World w = base;  // soft velocities: the same positions, one body set moving
        const BodyId crate = w.soft().id_of(w.soft().body_count() - 1);
        w.soft().set_velocity(crate, w.soft().velocity(crate) + vec2(0.01f, 0.0f), 0.0f);
        CHECK(w.state_hash() != h);
    }
    {
        const World again = driven_arena(240);
        CHECK(again.state_hash() == h);
    }
}
