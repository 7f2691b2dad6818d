// Sandbox tools for soft bodies: click to spawn the selected body at the mouse,
// drag any body (a spring to the cursor), right-click to delete, Backspace resets
// the level; a "Sandbox" overlay window shows body/particle/constraint counts.
#pragma once

#include <string>

#include "skidpad/scene/level.hpp"
#include "skidpad/soft/soft_world.hpp"

namespace skidpad::app {

struct Game;
struct View;

struct SandboxState {
    Level level;               ///< what Backspace restores
    std::string level_source;  ///< file it came from ("built-in arena" if none)
    int spawn_kind = 0;        ///< 0 crate, 1 tyre, 2 cone, 3 barrier
    BodyId dragging;           ///< body held by the mouse spring
};

/// Loads `level` (or assets/levels/arena.json when empty; the built-in copy when
/// that is missing) and builds it into the world; `warning` says what went wrong.
void sandbox_build_scene(World& world, SandboxState& state, const std::string& level,
                         std::string& warning);
/// True on the frame Backspace goes down while no text field has the keyboard.
bool sandbox_reset_pressed();
/// Mouse/keyboard tools for one frame (call after the view is known).
void sandbox_frame(Game& game, const View& view);
/// The "Sandbox" overlay window.
void draw_sandbox_panel(Game& game);
/// `--bench-render`: fills the soft world with the bench scene of n crates.
void sandbox_bench_scene(Game& game, int crates, int width, int height);

}  // namespace skidpad::app
