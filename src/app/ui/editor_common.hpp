// What the track and arena editors share: their state besides the draft, fitting the map
// beside the panel, the file a first save writes, a frame's drawing and the numbered marks
// of the validation panel's problems.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "camera.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"

namespace skidpad::app {

class WorldRenderer;

/// A mouse button's press on an editor's map: where it went down and whether the pointer
/// has since gone further than a click's slack (a drag).
struct EditorPress {
    dvec2 from{0.0, 0.0};  ///< window pixels
    bool far = false;
};

/// What an editor holds besides its draft and what it draws.
struct EditorState {
    bool open = false;     ///< the editor is shown (the world is not stepped)
    bool driving = false;  ///< F5: the draft is being driven; Esc returns to the editor
    std::string path;      ///< where Save writes ("" until the first save: the user folder)
    std::string user_dir;  ///< the player's folder of this editor's files
    View view;
    bool placed = false;   ///< the view was fitted to the draft
    std::string status;    ///< the last save's result, or why F5 drove nothing
    int said = 0;          ///< how many times a status was said (editor_say)
    int said_seen = 0;     ///< `said` when the status line last drew
    double said_at = 0.0;  ///< s (ImGui time), when the status line saw the latest saying
    // The pointer as editor_mouse last saw it (window pixels) and the panning buttons.
    bool pointer_known = false;
    dvec2 pointer{0.0, 0.0};
    EditorPress right, middle;
};

/// The mouse on an editor's map for one frame.
struct EditorMouse {
    bool captured = false;     ///< over the panel (ImGui has the mouse): no map edits
    dvec2 world{0.0, 0.0};     ///< m, the pointer on the map
    bool moved = false;        ///< the pointer moved since the last frame
    bool right_click = false;  ///< the right button came up without a drag
};

/// This frame's mouse on the map of `ed`, aimed where SDL's motion events put the pointer
/// (pointer_at, not io.MousePos, which Xvfb's global mouse state freezes during a drag).
/// Unless ImGui has the mouse, the wheel zooms about the pointer (zoom held within
/// min_zoom..max_zoom) and a drag of the middle or right button pans the view.
EditorMouse editor_mouse(EditorState& ed, double min_zoom, double max_zoom);

/// Fits the box lo..hi (m) into the screen right of the editor's 400-point panel, the zoom
/// (pixels per metre) held within min_zoom..max_zoom.
void editor_fit_view(View& view, dvec2 lo, dvec2 hi, dvec2 screen, double min_zoom,
                     double max_zoom);

/// F5 or the panel's Drive was asked for (`asked`) with `problems` problems on the draft:
/// true when it may be driven; otherwise (asked) the status says why nothing happened.
bool editor_may_drive(EditorState& ed, bool asked, std::size_t problems);

/// Says `text` in the status line, which lights up again even when the text is the same
/// as before (a second save of the same file shows that it happened).
void editor_say(EditorState& ed, std::string text);

/// How long a new status glows, s.
inline constexpr double kStatusGlowS = 1.5;

/// The status line's glow `age` seconds after it was said: 1 at once, falling linearly to
/// 0 at kStatusGlowS (and 0 before 0 or after).
double editor_status_glow(double age);

/// Draws the status line (when there is one), glowing for kStatusGlowS after each saying.
void editor_status_line(EditorState& ed);

/// Names a first save tries before it gives up (NAME.json, NAME-2.json, …).
inline constexpr int kMaxNewFileTries = 999;

/// A first save's file: `user_dir`/NAME.json, NAME the draft's name in lower case with
/// every other character a '-' (`fallback` when that leaves nothing); when that file
/// exists, the first free NAME-2.json, NAME-3.json, … (an earlier draft of the same name
/// is never overwritten). The folder is made. `error` says why there is none ("" on
/// success).
std::string editor_new_file(const std::string& user_dir, const std::string& name,
                            const char* fallback, std::string& error);

/// Each problem's number (1, 2, …) beside its mark on the map; P has a `where` (m).
template <class P>
void editor_problem_labels(const View& view, const std::vector<P>& problems) {
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    for (std::size_t i = 0; i < problems.size(); ++i) {
        const dvec2 s = view.to_screen(problems[i].where);
        char label[24];
        std::snprintf(label, sizeof label, "%zu", i + 1);
        dl->AddText(ImVec2(static_cast<float>(s.x) + 16.0f, static_cast<float>(s.y) - 8.0f),
                    IM_COL32(255, 90, 80, 255), label);
    }
}

/// An editor's picture: the ground, the grid, the shapes `map` adds to `shapes` (cleared
/// first) and the scale bar.
void editor_draw_world(WorldRenderer& renderer, DrawList& shapes, const View& view,
                       const std::function<void(DrawList&)>& map);

/// One editor frame's drawing: the picture (editor_draw_world), then `panel()` and each
/// problem's number on the map. Returns what `panel()` returned (drive).
template <class P>
bool editor_draw(WorldRenderer& renderer, DrawList& shapes, const View& view,
                 const std::function<void(DrawList&)>& map, const std::function<bool()>& panel,
                 const std::vector<P>& problems) {
    editor_draw_world(renderer, shapes, view, map);
    const bool drive = panel();
    editor_problem_labels(view, problems);
    return drive;
}

}  // namespace skidpad::app
