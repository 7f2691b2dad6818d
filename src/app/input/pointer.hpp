// The mouse pointer where SDL's motion events put it, for the tools that drag on the map
// (the sandbox, the track and arena editors).
#pragma once

#include "skidpad/math.hpp"

namespace skidpad::app {

/// An SDL motion event put the pointer at (x, y) window pixels (poll_events passes each).
void pointer_moved(int x, int y);

/// Where the last motion event put the pointer; `fallback` (ImGui's io.MousePos) before
/// the first one. While a button is held, ImGui 1.86's SDL backend reads the pointer from
/// the desktop's global mouse state, which some X servers (Xvfb) leave where the press
/// was, so a drag that aimed at io.MousePos froze; the events follow the pointer.
dvec2 pointer_at(dvec2 fallback);

/// Forgets every motion event (tests): pointer_at gives its fallback again.
void pointer_forget();

}  // namespace skidpad::app
