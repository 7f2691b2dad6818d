// The in-game arena editor (`skidpad --edit level [FILE]`): the level's bodies and the
// car's start on a map, placed, moved, turned, scaled, duplicated and deleted with the
// mouse, keys and a panel; F5 drives the level, Esc comes back. The model is the game
// layer's LevelDraft (level_draft.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "camera.hpp"
#include "editor_common.hpp"
#include "level_draft.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

class WorldRenderer;

/// The arena editor: EditorState's user_dir is the player's levels folder.
struct LevelEditor : EditorState {
    LevelDraft draft;
    std::size_t checked_revision = static_cast<std::size_t>(-1);
    std::vector<LevelProblem> problems;
    int tool = 0;  ///< what a click on empty ground places (index into level_editor_tools())
    /// A drag under way: the selection (or the car) follows the mouse from `grab`.
    enum class Drag { None, Bodies, Car } drag = Drag::None;
    dvec2 grab{0.0, 0.0};    ///< m, the mouse where the drag began, less what it has moved
    bool car_moved = false;  ///< the car's drag has made its undo step
};

/// What can be placed: a body kind and how many (one, a stack, a line), with its name in
/// level files.
struct LevelTool {
    BodyKind kind;
    LevelGroup group;
    const char* name;
};
const std::vector<LevelTool>& level_editor_tools();

/// The player's levels folder inside `pref_dir` (SDL's folder for the user).
std::string user_levels_dir(const std::string& pref_dir);

/// Opens the editor on `file` ("" = an empty yard to start from). "" or why the file could
/// not be opened (the editor then opens on the empty yard).
std::string level_editor_open(LevelEditor& ed, const std::string& file,
                              const std::string& pref_dir);

/// One frame: the mouse and keys, the map into `renderer` and the panel. True when the
/// player asked to drive (F5 or the panel's Drive) a level with no problems.
bool level_editor_frame(LevelEditor& ed, WorldRenderer& renderer, DrawList& shapes,
                        const dvec2& screen, bool interactive);

/// Saves the level (to `path`, else the user folder as NAME.json): "Saved PATH" or the
/// error.
std::string level_editor_save(LevelEditor& ed);

}  // namespace skidpad::app
