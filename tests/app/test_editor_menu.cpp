// The editors reached from the game: the pause menu's Arena editor opens the arena the game
// runs (a shipped file saves to the player's folder), the sandbox's Save as level hands the
// scene to the arena editor, and the pause menu's Track page lists and loads the scenes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "editor_common.hpp"
#include "game.hpp"
#include "game_editors.hpp"
#include "scene.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

void open_arena(Game& game, const std::string& pref_dir) {
    game.session.pref_dir = pref_dir;
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, "", game.settings(), warning, skipped);
}

}  // namespace

TEST_CASE("the pause menu's arena editor opens the arena level and saves it to the player's folder",
          "[app][editor]") {
    const test::TempDir dir;
    Game game;
    open_arena(game, dir.path.string());
    const Scene& sc = game.session.sim.scene;
    REQUIRE(std::filesystem::is_regular_file(sc.arena_source));
    game.editor.open = true;
    level_editor_from_menu(game);
    const LevelEditor& ed = game.level_editor;
    CHECK(ed.open);
    CHECK_FALSE(ed.driving);
    CHECK_FALSE(game.editor.open);
    CHECK(ed.draft.level() == sc.arena);
    CHECK(ed.path.empty());  // the shipped file is not written over
    game.level_editor.status = level_editor_save(game.level_editor);
    const std::string saved = (dir.path / "levels" / "arena.json").string();
    CHECK(game.level_editor.status == "Saved " + saved);
    Level back;
    REQUIRE(load_level_file(saved, back).ok);
    CHECK(back == sc.arena);
    // Opened again: the draft where it was.
    game.level_editor.draft.set_author("me");
    game.level_editor.open = false;
    level_editor_from_menu(game);
    CHECK(game.level_editor.draft.level().author == "me");
    CHECK(game.level_editor.path == saved);
}

TEST_CASE("save as level hands the sandbox's scene to the arena editor", "[app][editor]") {
    const test::TempDir dir;
    Game game;
    open_arena(game, dir.path.string());
    Scene& sc = game.session.sim.scene;
    const std::size_t bodies = sc.world.soft().body_count();
    REQUIRE(bodies > 50);
    level_editor_from_scene(game);
    const LevelEditor& ed = game.level_editor;
    CHECK(ed.open);
    CHECK(ed.path.empty());
    CHECK(ed.user_dir == (dir.path / "levels").string());
    CHECK(ed.draft.level().bodies.size() == bodies);  // one element a body, none broken
    CHECK(ed.draft.level().name == sc.arena.name + " sandbox");
    CHECK(ed.draft.level().patches == sc.arena.patches);
    const Car& car = sc.world.car(sc.world.player());
    CHECK(ed.draft.level().car_start.x == Approx(car.position.x).margin(1e-3));
    CHECK(ed.draft.level().car_start.y == Approx(car.position.y).margin(1e-3));
}

TEST_CASE("the pause menu's track page lists the arena and the tracks and loads the pick",
          "[app][editor][tracks]") {
    const test::TempDir dir;
    Game game;
    open_arena(game, dir.path.string());
    Scene& sc = game.session.sim.scene;
    REQUIRE(sc.tracks.size() >= 2);
    menu_track_list(game);
    const PauseMenu& menu = game.ui.menu;
    REQUIRE(menu.tracks.size() == sc.tracks.size() + 1);
    CHECK(menu.tracks[0] == "arena");
    CHECK(menu.tracks[1] == sc.tracks[0].name);
    CHECK(menu.current_track == 0);
    menu_track_pick(game, 2);
    CHECK(sc.track == 1);
    menu_track_list(game);
    CHECK(game.ui.menu.current_track == 2);
    menu_track_pick(game, 0);
    CHECK(sc.track == -1);
}

TEST_CASE("a new draft's first save never writes over a file of the same name", "[app][editor]") {
    // A new draft named like a level saved in an earlier session gets the first free
    // NAME-2.json, NAME-3.json …: the earlier file keeps its bytes.
    const test::TempDir dir;
    const std::string folder = (dir.path / "levels").string();
    std::string error;
    const std::string first = editor_new_file(folder, "My Yard", "level", error);
    CHECK(error.empty());
    CHECK(first == (dir.path / "levels" / "my-yard.json").string());
    test::write_file(first, "kept");
    const std::string second = editor_new_file(folder, "My Yard", "level", error);
    CHECK(error.empty());
    CHECK(second == (dir.path / "levels" / "my-yard-2.json").string());
    test::write_file(second, "kept too");
    CHECK(editor_new_file(folder, "My Yard", "level", error) ==
          (dir.path / "levels" / "my-yard-3.json").string());
    CHECK(test::read_file(first) == "kept");
    // Nothing usable in the name: the fallback.
    CHECK(editor_new_file(folder, "", "level", error) ==
          (dir.path / "levels" / "level.json").string());
    // No folder: a message, no file.
    CHECK(editor_new_file("", "My Yard", "level", error).empty());
    CHECK_FALSE(error.empty());
}
