// The arena editor's model without a window: placing, moving, rotating, scaling,
// deleting and duplicating bodies through the selection, undo and redo, the checks and
// the level file it writes, read back by the game's level loader.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

#include "level_draft.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {

Level empty_level() {
    Level l;
    l.name = "Yard";
    l.car_start = {0.0, -30.0};
    l.car_heading = 1.5708;
    return l;
}

}  // namespace

TEST_CASE("arena draft: place, move snapped, rotate, scale, delete, each undone",
          "[editor][level]") {
    LevelDraft d(empty_level());
    d.snap = 0.5;
    d.add(level_body_new(BodyKind::Crate, LevelGroup::None, {10.2, 5.1}));
    REQUIRE(d.level().bodies.size() == 1);
    CHECK(d.level().bodies[0].x == 10.0);  // snapped to the half-metre grid
    CHECK(d.level().bodies[0].y == 5.0);
    REQUIRE(d.selected() == std::vector<std::size_t>{0});
    // A drag of many moves is one undo step and lands on the grid.
    d.move_selected({0.1, 0.0}, false);  // within the snap: nothing yet
    d.move_selected({1.3, 0.0}, true);
    d.move_selected({0.9, 2.2}, true);
    CHECK(d.level().bodies[0].x == 12.5);
    CHECK(d.level().bodies[0].y == 7.0);
    REQUIRE(d.undo());
    CHECK(d.level().bodies[0].x == 10.0);
    REQUIRE(d.redo());
    CHECK(d.level().bodies[0].x == 12.5);
    d.rotate_selected(0.5);
    CHECK(d.level().bodies[0].angle == Approx(0.5));
    d.scale_selected(2.0);
    REQUIRE(d.level().bodies[0].size.has_value());
    CHECK(*d.level().bodies[0].size == Approx(2.0));  // the default 1 m crate, doubled
    d.delete_selected();
    CHECK(d.level().bodies.empty());
    REQUIRE(d.undo());
    CHECK(d.level().bodies.size() == 1);
    CHECK(*d.level().bodies[0].size == Approx(2.0));
}

TEST_CASE("arena draft: a line and a barrier turn and grow about the selection's centre",
          "[editor][level]") {
    LevelDraft d(empty_level());
    d.snap = 0.0;
    d.add(level_body_new(BodyKind::Tyre, LevelGroup::Line, {0.0, 0.0}));  // (-4,0)..(4,0)
    d.add(level_body_new(BodyKind::Barrier, LevelGroup::None, {0.0, 10.0}));
    d.select(0, true);  // both
    REQUIRE(d.selected().size() == 2);
    d.rotate_selected(std::numbers::pi / 2.0);  // about (0, 5)
    const LevelBody& line = d.level().bodies[0];
    CHECK(line.x == Approx(5.0));
    CHECK(line.y == Approx(1.0));
    CHECK(line.x1 == Approx(5.0));
    CHECK(line.y1 == Approx(9.0));
    CHECK(d.level().bodies[1].x == Approx(-5.0));
    CHECK(d.level().bodies[1].y == Approx(5.0).margin(1e-12));
    CHECK(d.level().bodies[1].angle == Approx(std::numbers::pi / 2.0));
    d.scale_selected(0.5);
    CHECK(d.level().bodies[1].w == Approx(5.0));
    CHECK(d.level().bodies[1].x == Approx(-2.5));
    const BodyBox box = level_body_box(d.level().bodies[0]);
    // Half the 4 m line plus a tyre's radius, itself halved from the default 0.35 m.
    CHECK(box.half.x == Approx(2.0 + 0.175));
    REQUIRE(d.level().bodies[0].radius.has_value());
    CHECK(*d.level().bodies[0].radius == Approx(0.175));
}

TEST_CASE("arena draft: duplicate copies the selection and selects the copies", "[editor][level]") {
    LevelDraft d(empty_level());
    d.add(level_body_new(BodyKind::Cone, LevelGroup::None, {3.0, 3.0}));
    d.add(level_body_new(BodyKind::Crate, LevelGroup::Grid, {10.0, 3.0}));
    d.select_all();
    d.duplicate_selected({0.0, 8.0});
    REQUIRE(d.level().bodies.size() == 4);
    CHECK(d.selected() == std::vector<std::size_t>{2, 3});
    CHECK(d.level().bodies[2].kind == BodyKind::Cone);
    CHECK(d.level().bodies[2].y == 11.0);
    CHECK(d.level().bodies[3].group == LevelGroup::Grid);
    CHECK(d.level().bodies[3].y == 11.0);
    REQUIRE(d.undo());
    CHECK(d.level().bodies.size() == 2);
    CHECK(d.body_at({10.0, 3.0}) == 1);
    CHECK(d.body_at({10.0, 40.0}) == -1);
}

TEST_CASE("arena draft checks: overlapping bodies and a body on the car's start",
          "[editor][level]") {
    Level l = empty_level();
    CHECK(level_draft_check(l).empty());
    l.bodies.push_back(level_body_new(BodyKind::Crate, LevelGroup::None, {10.0, 10.0}));
    l.bodies.push_back(level_body_new(BodyKind::Crate, LevelGroup::None, {10.6, 10.0}));
    std::vector<LevelProblem> ps = level_draft_check(l);
    REQUIRE(ps.size() == 1);
    CHECK(ps[0].message == "bodies 0 (crate) and 1 (crate) overlap at the start near (10.3, 10.0)");
    CHECK(ps[0].body == 1);
    l.bodies[1].x = 11.2;  // 0.2 m apart: fine
    CHECK(level_draft_check(l).empty());
    // Pinned barriers may cross (a corner); a crate on the car may not.
    l.bodies.push_back(level_body_new(BodyKind::Barrier, LevelGroup::None, {0.0, 20.0}));
    LevelBody across = level_body_new(BodyKind::Barrier, LevelGroup::None, {0.0, 20.0});
    across.angle = 1.5708;
    l.bodies.push_back(across);
    CHECK(level_draft_check(l).empty());
    l.bodies.push_back(level_body_new(BodyKind::Crate, LevelGroup::None, {0.5, -30.0}));
    ps = level_draft_check(l);
    REQUIRE(ps.size() == 1);
    CHECK(ps[0].message == "body 4 (crate) stands on the car's start at (0.0, -30.0)");
    CHECK(ps[0].where == dvec2(0.5, -30.0));
}

TEST_CASE("arena draft: the file it saves loads back equal, and the shipped arena round-trips",
          "[editor][level]") {
    LevelDraft d(empty_level());
    d.add(level_body_new(BodyKind::Barrier, LevelGroup::None, {0.0, 40.0}));
    d.add(level_body_new(BodyKind::Crate, LevelGroup::Grid, {15.0, 15.0}));
    d.rotate_selected(0.3);
    d.add(level_body_new(BodyKind::Tyre, LevelGroup::Line, {-20.0, 0.0}));
    d.add(level_body_new(BodyKind::Cone, LevelGroup::Line, {20.0, 0.0}));
    d.add(level_body_new(BodyKind::Tyre, LevelGroup::None, {5.0, 5.0}));
    d.scale_selected(1.5);
    REQUIRE(level_draft_check(d.level()).empty());
    const std::string path =
        (std::filesystem::temp_directory_path() / "skidpad_level_draft.json").string();
    REQUIRE(level_draft_save(d.level(), path).ok);
    Level back;
    const LevelResult r = load_level_file(path, back);
    REQUIRE(r.ok);
    CHECK(r.warnings.empty());
    CHECK(back == d.level());
    std::filesystem::remove(path);
    // The shipped arena: read, written, read again: the same level.
    const std::string arena = std::string(SKIDPAD_SOURCE_DIR) + "/assets/levels/arena.json";
    Level shipped;
    REQUIRE(load_level_file(arena, shipped).ok);
    Level again;
    REQUIRE(parse_level_text(level_draft_json(shipped), "again", again).ok);
    CHECK(again == shipped);
}

TEST_CASE("arena draft: the author is saved beside the name, and old files without one load",
          "[editor][level]") {
    LevelDraft d(empty_level());
    d.set_author("Ada");
    CHECK(d.level().author == "Ada");
    d.set_name("Ada's yard");
    d.undo();
    d.undo();
    CHECK(d.level().author.empty());
    d.redo();
    CHECK(d.level().author == "Ada");
    Level back;
    const LevelResult r = parse_level_text(level_draft_json(d.level()), "a.json", back);
    REQUIRE(r.ok);
    CHECK(r.warnings.empty());
    CHECK(back.author == "Ada");
    CHECK(back == d.level());
    // No author: the key is not written, and a file without it loads with "".
    d.set_author("");
    CHECK(level_draft_json(d.level()).find("author") == std::string::npos);
    Level old;
    REQUIRE(parse_level_text(R"({"format": "skidpad-level", "version": 1, "name": "old",
                                 "bodies": []})",
                             "old.json", old)
                .ok);
    CHECK(old.author.empty());
    // The same limits as the name: a string of at most 64 bytes.
    Level bad;
    const LevelResult number = parse_level_text(
        R"({"format": "skidpad-level", "version": 1, "author": 5, "bodies": []})", "n.json", bad);
    CHECK_FALSE(number.ok);
    CHECK_THAT(number.error, Catch::Contains("n.json") && Catch::Contains("'author'") &&
                                 Catch::Contains("must be a string"));
    const std::string long_author(65, 'a');
    const LevelResult too_long =
        parse_level_text(R"({"format": "skidpad-level", "version": 1, "author": ")" + long_author +
                             R"(", "bodies": []})",
                         "l.json", bad);
    CHECK_FALSE(too_long.ok);
    CHECK_THAT(too_long.error, Catch::Contains("'author'") && Catch::Contains("65 bytes"));
    CHECK(parse_level_text(R"({"format": "skidpad-level", "version": 1, "author": ")" +
                               std::string(64, 'a') + R"(", "bodies": []})",
                           "ok.json", bad)
              .ok);
}
