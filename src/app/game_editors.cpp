// The track and arena editors in the game's loop (game_editors.hpp).
#include "game_editors.hpp"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "game.hpp"
#include "overlay.hpp"
#include "scene_level.hpp"

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
        editor_say(ed, track_editor_save(ed));
        if (ed.status.rfind("Saved ", 0) == 0) {
            lend_host(game);
            const std::string err = game.session.apply(Event::select_track(ed.path));
            if (err.empty()) {
                ed.driving = true;
                game.picture.camera.placed = false;
                game.toast("Driving " + ed.draft.data().name + " - Esc returns to the editor", 4.0);
            } else {
                editor_say(ed, err);
            }
        }
    }
    editors_take_saves(game);
    draw_toasts(game.ui.toasts, game.ui.clock);
    return ed.view;
}

void editors_take_saves(Game& game) {
    for (const std::string& path : game.editor.saved_files) {
        game.ui.title.thumbs.forget(path);
        game.ui.menu.thumbs.forget(path);
    }
    game.editor.saved_files.clear();
}

void level_editor_from_menu(Game& game) {
    LevelEditor& ed = game.level_editor;
    const Level& draft = ed.draft.level();
    if (draft.name.empty() && draft.bodies.empty() && ed.path.empty()) {
        // Never opened: the arena level the game runs, when it came from a file.
        const Scene& sc = game.session.sim.scene;
        std::error_code ec;
        const bool file = std::filesystem::is_regular_file(sc.arena_source, ec);
        const std::string e =
            level_editor_open(ed, file ? sc.arena_source : "", game.session.pref_dir);
        if (!e.empty()) game.toast("Not opened: " + e, 5.0);
        // A shipped level is not overwritten: its first save goes to the player's folder.
        namespace fs = std::filesystem;
        if (!ed.path.empty() && !ed.user_dir.empty() &&
            fs::path(ed.path).parent_path().lexically_normal() !=
                fs::path(ed.user_dir).lexically_normal())
            ed.path.clear();
    }
    ed.open = true;
    ed.driving = false;
    game.editor.open = false;
}

void level_editor_from_scene(Game& game) {
    const Scene& sc = game.session.sim.scene;
    // Its own name (and so its own file): the arena's file in the player's folder stays.
    const std::string name = (sc.arena.name.empty() ? "arena" : sc.arena.name) + " sandbox";
    const SceneLevel s = level_from_world(
        sc.world, name, sc.track < 0 ? sc.arena.patches : std::vector<SurfacePatch>{});
    LevelEditor& ed = game.level_editor;
    level_editor_open(ed, "", game.session.pref_dir);
    ed.draft = LevelDraft(s.level);
    game.editor.open = false;
    // The Sandbox window had the keyboard: the editor's keys (F5, Del ...) come back.
    if (ImGui::GetCurrentContext()) ImGui::SetWindowFocus(nullptr);
    std::string msg = std::to_string(s.level.bodies.size()) + " bodies in the arena editor";
    if (s.skipped > 0) msg += " (" + std::to_string(s.skipped) + " pieces left out)";
    game.toast(msg + ": Save keeps them as a level", 5.0);
}

void menu_track_list(Game& game) {
    PauseMenu& menu = game.ui.menu;
    const Scene& sc = game.session.sim.scene;
    if (menu.tracks.size() == sc.tracks.size() + 1 && menu.current_track == sc.track + 1) return;
    menu.tracks = {"arena"};
    std::map<std::string, std::string> files;
    for (const TrackChoice& t : sc.tracks) {
        menu.tracks.push_back(t.name);
        files[t.name] = t.path;
    }
    menu.thumbs.set_paths(std::move(files));
    menu.current_track = sc.track + 1;
}

void menu_track_pick(Game& game, int index) {
    Scene& sc = game.session.sim.scene;
    if (index < 0 || index > static_cast<int>(sc.tracks.size())) return;
    lend_host(game);
    const std::string err = game.session.apply(Event::select_scene(index - 1));
    for (const std::string& w : sc.warnings)
        game.toast(w, 6.0);
    sc.warnings.clear();
    if (!err.empty()) game.toast("Track not loaded: " + err, 6.0);
    game.picture.camera.placed = false;
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
        editor_say(ed, level_editor_save(ed));
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
                editor_say(ed, err);
            }
        }
    }
    draw_toasts(game.ui.toasts, game.ui.clock);
    return ed.view;
}

}  // namespace skidpad::app
