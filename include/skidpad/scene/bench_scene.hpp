// The soft-body benchmark scene of the `bench` lab experiment, shared by the lab,
// the tests and bench/bench_box2d.cpp so all of them measure the same thing:
// no gravity; a square arena of pinned 1 m thick barriers whose inside is
// cols·1.2 + 2 m by rows·1.2 + 2 m (cols = ceil(sqrt(N)), rows = ceil(N / cols));
// N crates of 1×1 m, 20 kg on a 1.2 m grid starting 1 m from the walls, each
// jittered by up to ±4 cm and ±0.1 rad, with a random velocity of up to 10 m/s in
// a random direction and a random spin of up to ±2 rad/s.
#pragma once

#include <cstdint>
#include <vector>

#include "skidpad/math.hpp"
#include "skidpad/soft/soft_world.hpp"

namespace skidpad {

struct BenchCrate {
    vec2 position{0.0f, 0.0f};  ///< m, centre
    float angle = 0.0f;         ///< rad
    vec2 velocity{0.0f, 0.0f};  ///< m/s
    float spin = 0.0f;          ///< rad/s
};

struct BenchWall {
    vec2 centre{0.0f, 0.0f};  ///< m
    vec2 size{0.0f, 0.0f};    ///< m
};

struct BenchScene {
    int cols = 0;
    int rows = 0;
    float inner_width = 0.0f;   ///< m
    float inner_height = 0.0f;  ///< m
    float crate_size = 1.0f;    ///< m
    float crate_mass = 20.0f;   ///< kg
    std::vector<BenchCrate> crates;
    std::vector<BenchWall> walls;  ///< 4 pinned barriers
};

/// The scene as plain data (deterministic for a seed).
BenchScene make_bench_scene(int crates, std::uint64_t seed);
/// Builds it into `soft` (cleared first). The caller steps with dt 1/120 s.
void build_bench_scene(SoftWorld& soft, const BenchScene& scene);
/// The game's SoftDef with the scene's "no gravity" (no ground friction) applied.
SoftDef bench_soft_def(SoftDef game);

}  // namespace skidpad
