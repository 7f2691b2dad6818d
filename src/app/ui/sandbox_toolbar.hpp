// The sandbox mode's toolbar: the mouse tools (spawn a kind, move, delete), clear,
// save as level and the mouse and keyboard hints, on screen at the left edge.
#pragma once

namespace skidpad::app {

struct Game;

/// True in the sandbox mode's live single-view game (not a replay, not split screen).
bool sandbox_toolbar_shown(const Game& game);
/// The toolbar for this frame (when sandbox_toolbar_shown): picks the tool and the
/// kind, clears the scene (recorded removals) and hands the scene to the arena editor.
void sandbox_toolbar_frame(Game& game);

}  // namespace skidpad::app
