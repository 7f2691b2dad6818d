// The fixed-timestep loop as pure logic (the caller measures real time).
#include "skidpad/loop.hpp"

#include <cmath>

namespace skidpad {

double fixed_dt(const SimDef& sim) {
    const double hz = std::isfinite(sim.physics_hz) && sim.physics_hz >= 1.0 ? sim.physics_hz : 1.0;
    return 1.0 / hz;
}

LoopFrame FixedStepLoop::advance(double elapsed, const SimDef& sim) {
    LoopFrame f;
    f.dt = fixed_dt(sim);
    const int max_steps = sim.max_steps_per_frame < 1 ? 1 : sim.max_steps_per_frame;
    if (!std::isfinite(elapsed) || elapsed < 0.0) elapsed = 0.0;
    // The clamp keeps one long frame (debugger, window drag) from demanding a
    // burst of steps that makes the next frame even longer (spiral of death).
    const double max_frame = sim.max_frame_time > 0.0 ? sim.max_frame_time : 0.25;
    if (elapsed > max_frame) {
        elapsed = max_frame;
        f.clamped = true;
    }
    f.elapsed = elapsed;

    if (sim.paused) {
        f.steps = single_step_ ? 1 : 0;
        single_step_ = false;
        // Paused: show the newest state, not a blend that would lag one step behind.
        f.alpha = 1.0;
        return f;
    }
    single_step_ = false;

    const double scale =
        std::isfinite(sim.time_scale) && sim.time_scale > 0.0 ? sim.time_scale : 0.0;
    accumulator_ += elapsed * scale;
    while (accumulator_ >= f.dt && f.steps < max_steps) {
        accumulator_ -= f.dt;
        f.steps += 1;
    }
    if (accumulator_ >= f.dt) {
        // Still behind after the cap: drop whole steps, keep the fraction so the
        // interpolation stays smooth.
        const double keep = std::fmod(accumulator_, f.dt);
        f.dropped = accumulator_ - keep;
        accumulator_ = keep;
    }
    f.alpha = accumulator_ / f.dt;
    if (f.alpha < 0.0) f.alpha = 0.0;
    if (f.alpha > 1.0) f.alpha = 1.0;
    return f;
}

}  // namespace skidpad
