// The track and arena editors in the game's loop: opened from the command line, Esc
// between driving and editing, and their frames (F5 saves and drives).
#pragma once

#include <string>

#include "camera.hpp"

namespace skidpad::app {

struct Game;

/// Opens the editor --edit names (`what`: "track", "level" or "" for none) on `file`.
void editors_open_at_start(Game& game, const std::string& what, const std::string& file);

/// True while an editor is shown (and not being driven): the world is not stepped.
bool editors_editing(const Game& game);

/// The track editor's frame: its map and panel; F5 saves the draft and drives it.
View editor_frame(Game& game, bool interactive);

/// Esc while the arena editor is open: back from driving to the editor, or out of the
/// editor to the game. Clears `escape` when it used it.
void level_editor_escape(Game& game, bool& escape);

/// The arena editor's frame: its map and panel; F5 saves the level, makes it the arena
/// and drives it.
View level_editor_game_frame(Game& game, bool interactive);

}  // namespace skidpad::app
