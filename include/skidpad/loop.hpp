// Fiedler's "Fix Your Timestep!" as pure logic: the caller measures real elapsed
// time per frame and hands it in; the loop says how many fixed steps to run and
// how far between the previous and the current state to draw. No clock here, so
// the loop is testable (and deterministic) without a window.
#pragma once

#include "skidpad/sim_def.hpp"

namespace skidpad {

/// What one frame should do.
struct LoopFrame {
    int steps = 0;         ///< fixed physics steps to run now (0..sim.max_steps_per_frame)
    double dt = 0.0;       ///< s, the fixed step (1 / sim.physics_hz)
    double alpha = 1.0;    ///< 0..1, draw lerp(previous, current, alpha)
    double elapsed = 0.0;  ///< s, real elapsed time after the clamp
    double dropped = 0.0;  ///< s of simulated time dropped because of max_steps_per_frame
    bool clamped = false;  ///< the real elapsed time exceeded sim.max_frame_time
};

class FixedStepLoop {
public:
    /// Plans one frame. `elapsed` is the real time since the previous frame in
    /// seconds (negative or non-finite counts as 0). While `sim.paused`, no time
    /// accumulates and only a requested single step runs.
    LoopFrame advance(double elapsed, const SimDef& sim);

    /// Runs exactly one step at the next advance() while paused ('.' key).
    void request_single_step() { single_step_ = true; }
    /// s of simulated time waiting to be stepped (always < dt after advance()).
    double accumulator() const { return accumulator_; }
    /// Forgets accumulated time (after a reset or a scene change).
    void reset() {
        accumulator_ = 0.0;
        single_step_ = false;
    }

private:
    double accumulator_ = 0.0;  ///< s
    bool single_step_ = false;
};

/// The fixed step for a physics rate, guarded against a zero or broken rate.
double fixed_dt(const SimDef& sim);

}  // namespace skidpad
