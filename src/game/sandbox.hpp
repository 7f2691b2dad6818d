// The soft-body sandbox tools' state: the body kind a click spawns and the body the
// mouse drags (the app's ui/sandbox_tools.cpp turns the mouse into these edits).
#pragma once

#include "skidpad/soft/soft_world.hpp"

namespace skidpad::app {

struct SandboxState {
    int spawn_kind = 0;  ///< index into sandbox_kinds() (skidpad/soft/body_kinds.hpp)
    BodyId dragging;     ///< body held by the mouse spring
    BodyId drag_sent;    ///< the pull last applied (recorded only when it changes)
    vec2 drag_sent_at{0.0f, 0.0f};
};

}  // namespace skidpad::app
