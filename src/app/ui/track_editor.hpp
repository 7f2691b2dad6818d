// The in-game track editor (`skidpad --edit track [FILE]`, or Edit track in the pause
// menu): the draft drawn as the track it makes, with the planner's line and the problems
// on the map, edited with the mouse and a panel; F5 drives it, Esc comes back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "camera.hpp"
#include "editor_common.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

class WorldRenderer;
class Session;
struct AppCommands;

/// The track editor: EditorState's user_dir is the player's tracks folder.
struct TrackEditor : EditorState {
    TrackDraft draft;
    // The preview, rebuilt when the draft changes (draft.revision()).
    std::size_t built_revision = static_cast<std::size_t>(-1);
    TrackResult built;
    Race race;                        ///< the planner's line and speed profile on the preview
    std::vector<LevelBody> barriers;  ///< the preview's barrier bodies (drawn, not simulated)
    std::vector<dvec2> line;          ///< the smoothed centre line (drawn when not a track)
    std::vector<DraftProblem> problems;
    double rebuild_ms = 0.0;  ///< the last track build and checks
    double plan_ms = 0.0;     ///< the last racing line and speed profile
    bool plan_stale = false;  ///< the track changed since the plan (re-planned after a drag)
    // Where the player is.
    int selected = -1;      ///< control point
    int stretch = -1;       ///< stretch the panel edits (follows the selected point)
    bool dragging = false;  ///< the selected point follows the mouse
};

/// The player's tracks folder inside `pref_dir` (SDL's folder for the user).
std::string user_tracks_dir(const std::string& pref_dir);

/// Opens the editor on `file` ("" = a new track: an oval to start from). "" or why the
/// file could not be opened (the editor then opens on a new track).
std::string track_editor_open(TrackEditor& ed, const std::string& file,
                              const std::string& pref_dir);

/// One frame of the editor: the rebuild when the draft changed, the mouse and keys, the
/// map into `renderer` and the panel. Returns true when the player pressed F5 (or the
/// panel's Drive button) with a valid draft: the caller saves and loads it
/// (track_editor_drive).
bool track_editor_frame(TrackEditor& ed, const Settings& settings, WorldRenderer& renderer,
                        DrawList& shapes, const dvec2& screen, bool interactive);

/// Saves the draft (to `path`, else the user folder as NAME.json) and returns "" or the
/// error; the saved path is in ed.path.
std::string track_editor_save(TrackEditor& ed);

}  // namespace skidpad::app
