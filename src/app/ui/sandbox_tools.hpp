// Sandbox tools for soft bodies: click to spawn the selected body at the mouse (or,
// with the toolbar's other tools, only drag or delete), drag any body (a firm pull to
// the cursor), right-click to delete, Backspace resets
// the loaded scene (scene_reset); a "Sandbox" overlay window shows body/particle/constraint counts.
#pragma once

#include <string>

#include "sandbox.hpp"
#include "session.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/soft/soft_world.hpp"

namespace skidpad::app {

struct Camera;
struct Sim;
struct Scene;
struct View;

/// The pointer's position from an SDL motion event (window pixels): the mouse tools
/// aim there (poll_events passes every motion event).
void sandbox_pointer_moved(int x, int y);
/// True on the frame Backspace goes down while no text field has the keyboard.
bool sandbox_reset_pressed();
/// Mouse/keyboard tools for one frame (call after the view is known): spawn, drag,
/// delete, Backspace resets the scene. Returns a message to show ("" = none).
/// Every edit is an Event through Session::apply (applied and recorded there).
std::string sandbox_frame(Session& session, const View& view);
/// Removes every soft body of the scene, one recorded Event::remove each (pinned
/// barriers too); returns how many went.
int sandbox_clear(Session& session);
/// The "Sandbox" overlay window. True when the player asked to save the scene as a level
/// (its bodies as they stand and the car's start, handed to the arena editor).
bool draw_sandbox_panel(SandboxState& state, const Scene& scene);
/// `--bench-render`: fills the soft world with the bench scene of n crates, paused, all
/// of it in view.
void sandbox_bench_scene(Sim& sim, Camera& camera, int crates, int width, int height);

}  // namespace skidpad::app
