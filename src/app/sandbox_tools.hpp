// Sandbox tools for soft bodies: click to spawn the selected body at the mouse,
// drag any body (a spring to the cursor), right-click to delete, Backspace resets
// the loaded scene (scene_reset); a "Sandbox" overlay window shows body/particle/constraint counts.
#pragma once

#include <string>

#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/soft/soft_world.hpp"

namespace skidpad::app {

struct Camera;
struct Sim;
struct Scene;
struct View;

struct SandboxState {
    int spawn_kind = 0;  ///< index into sandbox_kinds() (skidpad/soft/body_kinds.hpp)
    BodyId dragging;     ///< body held by the mouse spring
    BodyId drag_sent;    ///< the pull last applied (recorded only when it changes)
    vec2 drag_sent_at{0.0f, 0.0f};
};

/// True on the frame Backspace goes down while no text field has the keyboard.
bool sandbox_reset_pressed();
/// Mouse/keyboard tools for one frame (call after the view is known): spawn with the
/// soft settings `def`, drag, delete, Backspace resets the scene. Returns a message to
/// show ("" = none).
/// Every edit goes through apply_world_event (or scene_reset) and, when `recorder` is
/// given, into the recording.
std::string sandbox_frame(SandboxState& state, Scene& scene, const SoftDef& def, const View& view,
                          ReplayRecorder* recorder = nullptr);
/// The "Sandbox" overlay window.
void draw_sandbox_panel(SandboxState& state, const Scene& scene);
/// `--bench-render`: fills the soft world with the bench scene of n crates, paused, all
/// of it in view.
void sandbox_bench_scene(Sim& sim, Camera& camera, int crates, int width, int height);

}  // namespace skidpad::app
