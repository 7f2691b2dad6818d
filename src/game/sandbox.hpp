// The soft-body sandbox tools' state: the body kind a click spawns and the body the
// mouse drags (the app's ui/sandbox_tools.cpp turns the mouse into these edits).
#pragma once

#include "skidpad/soft/soft_world.hpp"

namespace skidpad::app {

/// What a left click on the ground does (the sandbox toolbar picks it; right-click
/// deletes a body whatever the tool).
enum class SandboxTool {
    Spawn,   ///< on empty ground spawns the chosen kind, on a body drags it
    Move,    ///< drags a body, spawns nothing
    Delete,  ///< deletes the body clicked
};

struct SandboxState {
    SandboxTool tool = SandboxTool::Spawn;
    int spawn_kind = 0;  ///< index into sandbox_kinds() (skidpad/soft/body_kinds.hpp)
    BodyId dragging;     ///< body held by the mouse spring
    BodyId drag_sent;    ///< the pull last applied (recorded only when it changes)
    vec2 drag_sent_at{0.0f, 0.0f};
};

}  // namespace skidpad::app
