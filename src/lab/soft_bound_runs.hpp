// Scenes that check the soft bodies' bounds (docs/physics.md §13): the car rammed into
// a dense crate stack, and a seeded random drive around the arena. Shared by the lab
// experiments `ram` and `soak` (lab_soft_bounds.cpp) and the tests, so both run the
// same code.
#pragma once

#include <cstdint>

#include "skidpad/settings.hpp"

namespace skidpad::lab {

/// Figures of a run, gathered after every step.
struct BoundRun {
    int steps = 0;
    double max_particle_speed = 0.0;  ///< m/s, fastest movable particle after any step
    double max_car_speed = 0.0;       ///< m/s
    double max_distance = 0.0;        ///< m, farthest movable particle from the origin
    long long speed_caps = 0;         ///< SoftWorld::speed_cap_events at the end
    int pieces = 0;                   ///< broken pieces alive at the end
    int max_pieces_seen = 0;
    int broken = 0;                   ///< bodies that broke, summed over the steps
    int breaks_refused = 0;           ///< breaks the piece budget turned into dents
    int bodies = 0;                   ///< at the end
    int particles = 0;                ///< at the end
    bool finite = true;               ///< every particle and the car stayed finite
    double ms_per_step_median = 0.0;  ///< wall time (a figure, never asserted)
    double ms_per_step_max = 0.0;
    double pile_speed_mean = 0.0;  ///< m/s, ram only: mean crate speed over the last second
    double pile_speed_max = 0.0;   ///< m/s, ram only: fastest crate (body) in the last second
    /// m/s, ram only: fastest movable particle in the last second (a crate's corners:
    /// its turning and any jitter of its shape)
    double pile_particle_speed_max = 0.0;
    /// Most pieces not fading at once (against soft.max_pieces) and most fading at once.
    int max_steady_pieces_seen = 0;
    int max_fading_seen = 0;
    int faded = 0;  ///< pieces that faded out and were removed, summed over the steps
};

/// The car at `speed` m/s (rolling, no input after) into a rows × cols stack of crates
/// (pitch crate_size + gap) whose near face is 1 m ahead of the car's nose, for
/// `seconds` at settings.sim.physics_hz.
/// `throttle` (0..1) is held throughout (the driver keeps pushing into the pile).
BoundRun run_ram(const Settings& settings, int rows, int cols, double gap, double speed,
                 double seconds, double throttle = 0.0);

/// The built-in arena with the player driving at random (seeded): throttle, brake,
/// steer and handbrake held for 0.5–2 s at a time, a car reset when it is stuck for 5 s,
/// for `seconds` at settings.sim.physics_hz.
BoundRun run_soak(const Settings& settings, double seconds, std::uint64_t seed);

}  // namespace skidpad::lab
