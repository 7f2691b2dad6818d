#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "skidpad/loop.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

/// The input for a step depends only on the step index: what a replay or an input
/// script gives, independent of how frames fall.
InputState scripted_input(std::uint64_t step) {
    InputState in;
    in.throttle = (step / 90) % 3 == 0 ? 0.2 : 1.0;
    in.brake = (step / 300) % 4 == 3 ? 0.6 : 0.0;
    in.steer = (step / 150) % 2 ? 0.7 : -0.4;
    return in;
}

/// Runs frames of the given real lengths through the loop until `target_steps`
/// fixed steps have run; returns the world hash right after step `target_steps`.
template <typename NextFrame>
std::uint64_t run_frames(NextFrame next_frame, std::uint64_t target_steps, int* max_steps_seen) {
    Settings s;
    World world(world_def(s));
    build_default_arena(world, s.car);
    FixedStepLoop loop;
    std::uint64_t hash = 0;
    while (world.step_count() < target_steps) {
        const LoopFrame f = loop.advance(next_frame(), s.sim);
        if (max_steps_seen && f.steps > *max_steps_seen) *max_steps_seen = f.steps;
        for (int i = 0; i < f.steps; ++i) {
            world.step(f.dt, scripted_input(world.step_count()));
            if (world.step_count() == target_steps) hash = world.state_hash();
        }
    }
    return hash;
}

}  // namespace

TEST_CASE("loop state after 10 s is bit-identical at 30 60 144 Hz and uneven frames", "[loop]") {
    const std::uint64_t steps = 1200;  // 10 s at the default 120 Hz
    Settings s;
    World reference(world_def(s));
    build_default_arena(reference, s.car);
    const std::uint64_t start_hash = reference.state_hash();
    for (std::uint64_t i = 0; i < steps; ++i)
        reference.step(1.0 / 120.0, scripted_input(i));
    const std::uint64_t expected = reference.state_hash();
    REQUIRE(expected != start_hash);  // the car really moved

    for (double hz : {30.0, 60.0, 144.0}) {
        INFO("frame rate " << hz);
        CHECK(run_frames([hz] { return 1.0 / hz; }, steps, nullptr) == expected);
    }
    std::mt19937 rng(12345);
    std::uniform_real_distribution<double> frame(0.0005, 0.4);  // includes clamped frames
    CHECK(run_frames([&] { return frame(rng); }, steps, nullptr) == expected);

    // A different input sequence must give a different state (the hash sees inputs).
    World other(world_def(s));
    build_default_arena(other, s.car);
    for (std::uint64_t i = 0; i < steps; ++i) {
        InputState in = scripted_input(i);
        in.steer = -in.steer;
        other.step(1.0 / 120.0, in);
    }
    CHECK(other.state_hash() != expected);
}

TEST_CASE("the frame clamp bounds the steps per frame", "[loop]") {
    SimDef sim;  // 120 Hz, 8 steps max, 0.25 s clamp
    FixedStepLoop loop;
    // A 10 s hitch (debugger) asks for 1200 steps; the clamp gives 0.25 s = 30, the cap 8.
    LoopFrame f = loop.advance(10.0, sim);
    CHECK(f.clamped);
    CHECK(f.elapsed == Approx(0.25));
    CHECK(f.steps == 8);
    CHECK(loop.accumulator() < f.dt);
    CHECK(f.dropped == Approx(0.25 - 8.0 / 120.0).margin(1.0 / 120.0));
    // Raising the cap lets all 30 run.
    sim.max_steps_per_frame = 64;
    loop.reset();
    f = loop.advance(10.0, sim);
    CHECK(f.steps == 30);
    // Uneven frames never exceed the cap.
    sim.max_steps_per_frame = 3;
    loop.reset();
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> frame(0.0, 1.0);
    int most = 0;
    for (int i = 0; i < 500; ++i)
        most = std::max(most, loop.advance(frame(rng), sim).steps);
    CHECK(most == 3);
}

TEST_CASE("loop accumulates scaled time and reports alpha", "[loop]") {
    SimDef sim;
    sim.physics_hz = 100.0;
    FixedStepLoop loop;
    // 0.025 s at 100 Hz: 2 steps and half a step left, alpha 0.5.
    LoopFrame f = loop.advance(0.025, sim);
    CHECK(f.steps == 2);
    CHECK(f.alpha == Approx(0.5).margin(1e-9));
    // Slow motion 0.25x: 0.04 s real = 0.01 s simulated, plus the 0.005 left = 1 step.
    sim.time_scale = 0.25;
    f = loop.advance(0.04, sim);
    CHECK(f.steps == 1);
    CHECK(f.alpha == Approx(0.5).margin(1e-9));
    // Garbage elapsed times count as zero.
    CHECK(loop.advance(-1.0, sim).steps == 0);
    CHECK(loop.advance(std::numeric_limits<double>::quiet_NaN(), sim).steps == 0);
}

TEST_CASE("pause stops time and single step runs exactly one step", "[loop]") {
    SimDef sim;
    sim.paused = true;
    FixedStepLoop loop;
    for (int i = 0; i < 10; ++i)
        CHECK(loop.advance(0.1, sim).steps == 0);
    loop.request_single_step();
    const LoopFrame f = loop.advance(0.1, sim);
    CHECK(f.steps == 1);
    CHECK(f.alpha == 1.0);
    CHECK(loop.advance(0.1, sim).steps == 0);  // the request is used up
    sim.paused = false;
    CHECK(loop.advance(1.0 / 60.0, sim).steps == 2);  // no time banked while paused
}

TEST_CASE("interpolated car pose blends the previous and current step", "[loop][world]") {
    World world;
    build_default_arena(world, CarDef{});
    const CarId id = world.player();
    InputState in;
    in.throttle = 1.0;
    for (int i = 0; i < 60; ++i)
        world.step(1.0 / 120.0, in);
    const dvec2 before = world.car(id).position;
    world.step(1.0 / 120.0, in);
    const dvec2 after = world.car(id).position;
    REQUIRE(after.x != before.x);
    CHECK(world.interpolated_pose(id, 0.0).position.x == before.x);
    CHECK(world.interpolated_pose(id, 1.0).position.x == after.x);
    CHECK(world.interpolated_pose(id, 0.5).position.x == Approx(0.5 * (before.x + after.x)));
    // A reset snaps: the blend starts at the start pose (x = 0), not at the old pose.
    in.reset = true;
    world.step(1.0 / 120.0, in);
    CHECK(world.interpolated_pose(id, 0.0).position.x == 0.0);
    CHECK(world.interpolated_pose(id, 1.0).position.x < 0.01);
}
