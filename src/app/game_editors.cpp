// The track and arena editors in the game's loop (game_editors.hpp).
#include "game_editors.hpp"

#include <imgui.h>

#include <algorithm>

#include "game.hpp"
#include "overlay.hpp"

namespace skidpad::app {

void editors_open_at_start(Game& game, const std::string& what, const std::string& file) {
    std::string e;
    if (what == "track") e = track_editor_open(game.editor, file, game.session.pref_dir);
    if (what == "level") e = level_editor_open(game.level_editor, file, game.session.pref_dir);
    if (!e.empty()) game.toast("Not opened: " + e, 6.0);
}

bool editors_editing(const Game& game) {
    return (game.editor.open && !game.editor.driving) ||
           (game.level_editor.open && !game.level_editor.driving);
}

View editor_frame(Game& game, bool interactive) {
    TrackEditor& ed = game.editor;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const bool drive =
        track_editor_frame(ed, game.settings(), game.picture.renderer, game.picture.shapes,
                           dvec2(std::max(ds.x, 1.0f), std::max(ds.y, 1.0f)), interactive);
    game.picture.view = ed.view;
    if (drive) {
        ed.status = track_editor_save(ed);
        if (ed.status.rfind("Saved ", 0) == 0) {
            lend_host(game);
            const std::string err = game.session.apply(Event::select_track(ed.path));
            if (err.empty()) {
                ed.driving = true;
                game.picture.camera.placed = false;
                game.toast("Driving " + ed.draft.data().name + " - Esc returns to the editor", 4.0);
            } else {
                ed.status = err;
            }
        }
    }
    draw_toasts(game.ui.toasts, game.ui.clock);
    return ed.view;
}

void level_editor_escape(Game& game, bool& escape) {
    LevelEditor& ed = game.level_editor;
    if (!ed.open || !escape || game.ui.menu.open) return;
    if (ed.driving) {
        ed.driving = false;
    } else {
        ed.open = false;
        game.toast("Arena editor closed", 3.0);
    }
    escape = false;
}

View level_editor_game_frame(Game& game, bool interactive) {
    LevelEditor& ed = game.level_editor;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const bool drive =
        level_editor_frame(ed, game.picture.renderer, game.picture.shapes,
                           dvec2(std::max(ds.x, 1.0f), std::max(ds.y, 1.0f)), interactive);
    game.picture.view = ed.view;
    if (drive) {
        ed.status = level_editor_save(ed);
        if (ed.status.rfind("Saved ", 0) == 0) {
            // The level becomes the arena: choosing the arena (and Backspace) rebuilds it.
            Scene& sc = game.session.sim.scene;
            sc.arena = ed.draft.level();
            sc.arena_source = ed.path;
            lend_host(game);
            const std::string err = game.session.apply(Event::select_scene(-1));
            if (err.empty()) {
                ed.driving = true;
                game.picture.camera.placed = false;
                game.toast("Driving " + ed.draft.level().name + " - Esc returns to the editor",
                           4.0);
            } else {
                ed.status = err;
            }
        }
    }
    draw_toasts(game.ui.toasts, game.ui.clock);
    return ed.view;
}

}  // namespace skidpad::app
