// A track saved from the editor shows its new outline in the menus: the save drops the
// file's thumbnails in the title screen's and the pause menu's lists, even when the file
// keeps its size and modification time (a coarse clock).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "game.hpp"
#include "game_editors.hpp"
#include "support/temp_dir.hpp"
#include "track_editor.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("an editor save makes the track's menu thumbnails again", "[app][editor][menu]") {
    namespace fs = std::filesystem;
    const test::TempDir dir;
    Game game;
    TrackEditor& ed = game.editor;
    REQUIRE(track_editor_open(ed, "", dir.path.string()).empty());
    TrackDraftData d;
    d.name = "Loop";
    d.points = {{0.0, 0.0}, {200.0, 0.0}, {200.0, 100.0}, {0.0, 100.0}};
    d.stretches.resize(d.points.size());
    ed.draft = TrackDraft(d);
    REQUIRE(track_editor_save(ed).rfind("Saved ", 0) == 0);
    const std::string path = ed.path;
    editors_take_saves(game);
    CHECK(ed.saved_files.empty());
    game.ui.title.thumbs.set_paths({{"Loop", path}});
    game.ui.menu.thumbs.set_paths({{"Loop", path}});
    const double short_lap = game.ui.title.thumbs.get("Loop")->length_m;
    CHECK(short_lap > 450.0);  // about 2 x (200 + 100) m round the spline
    CHECK(short_lap < 650.0);
    REQUIRE(game.ui.menu.thumbs.get("Loop")->length_m == Approx(short_lap));

    // 300 m longer each way, in a file of the same size and (set back) the same time.
    const std::uintmax_t size = fs::file_size(path);
    const fs::file_time_type time = fs::last_write_time(path);
    ed.draft.move_point(1, {500.0, 0.0});
    ed.draft.move_point(2, {500.0, 100.0});
    REQUIRE(track_editor_save(ed) == "Saved " + path);
    REQUIRE(fs::file_size(path) == size);
    fs::last_write_time(path, time);
    REQUIRE(ed.saved_files == std::vector<std::string>{path});
    CHECK(game.ui.title.thumbs.get("Loop")->length_m == Approx(short_lap));  // stamp unchanged
    editors_take_saves(game);
    CHECK(ed.saved_files.empty());
    CHECK(game.ui.title.thumbs.get("Loop")->length_m > short_lap + 500.0);
    CHECK(game.ui.menu.thumbs.get("Loop")->length_m > short_lap + 500.0);
}
