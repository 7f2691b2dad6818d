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

/// The pause menu's Arena editor: the draft being edited, else the arena level the game
/// runs when it is a file (a file outside the player's folder saves to that folder), else
/// an empty yard. The track editor closes.
void level_editor_from_menu(Game& game);

/// The sandbox's Save as level: the scene's bodies as they stand and the car's start
/// become a new draft in the arena editor (saved to the player's folder).
void level_editor_from_scene(Game& game);

/// The pause menu's Track page: the arena and every track (shipped and the player's, by
/// file name) with their thumbnails, the one loaded marked.
void menu_track_list(Game& game);
/// The Track page's pick: 0 the arena, i the track i - 1.
void menu_track_pick(Game& game, int index);

/// The arena editor's frame: its map and panel; F5 saves the level, makes it the arena
/// and drives it.
View level_editor_game_frame(Game& game, bool interactive);

}  // namespace skidpad::app
