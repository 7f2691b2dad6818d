// The window's game driven frame by frame without a window: each frame the queued tuning,
// the planner, the car's input and the fixed steps it pays for (none while paused).
#pragma once

#include <functional>

#include "game.hpp"
#include "planner.hpp"

namespace skidpad::test {

/// `frames` frames of `steps` fixed steps each with the input `in`; `after` (if given)
/// looks at the game after each frame.
inline void run_frames(app::Game& game, int frames, const InputState& in, int steps = 2,
                       const std::function<void(const app::Game&)>& after = nullptr) {
    for (int i = 0; i < frames; ++i) {
        app::apply_tuning(game.session, game.ui.tune);
        app::planner_frame(game.session.sim.planner, game.session.sim.scene, game.settings());
        app::queue_car_input(game.session, game.controls.edges, in);
        LoopFrame f;
        f.dt = fixed_dt(game.settings().sim);
        f.steps = game.settings().sim.paused ? 0 : steps;
        app::run_steps(game, f, in);
        if (after) after(game);
    }
}

}  // namespace skidpad::test
