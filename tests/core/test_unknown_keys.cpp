// Unknown keys in the files a player edits (levels, tracks, presets): the file loads,
// each unknown key is one warning naming the file, the path and the key, with the
// closest known key when it is within two edits, and the list is capped per file.
#include <catch2/catch.hpp>

#include <string>

#include "skidpad/scene/json_keys.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {

std::string level_with(const std::string& body) {
    return R"({"format": "skidpad-level", "version": 1, "car_start": {"x": 0, "y": 0},
               "bodies": [{"type": "barrier", "x": 0, "y": 40, "w": 80, "h": 1},
                          {"type": "cone", "x": 5, "y": 5},
                          {"type": "tyre", "x": -5, "y": 5},
                          )" +
           body + "]}";
}

const std::string kTrack = R"({"format": "skidpad-track", "version": 1, "width": 12,
  "centre_line": [[0, 0], [100, 0], [140, 40], [100, 80], [0, 80], [-40, 40]])";

}  // namespace

TEST_CASE("edit distance counts insertions, deletions and substitutions", "[keys]") {
    CHECK(edit_distance("size", "size", 2) == 0);
    CHECK(edit_distance("sise", "size", 2) == 1);          // one substitution
    CHECK(edit_distance("friciton", "friction", 2) == 2);  // a swap is two substitutions
    CHECK(edit_distance("mas", "mass", 2) == 1);           // one insertion
    CHECK(edit_distance("masss", "mass", 2) == 1);         // one deletion
    CHECK(edit_distance("", "ab", 2) == 2);
    CHECK(edit_distance("kitten", "sitting", 5) == 3);  // the textbook figure
    // Above the cap: cap + 1, also for a huge key (lengths alone rule it out).
    CHECK(edit_distance("colour", "size", 2) == 3);
    CHECK(edit_distance(std::string(1000000, 'x'), "size", 2) == 3);
    CHECK(closest_key("heigth", {"w", "h", "height", "weight"}) == "height");
    CHECK(closest_key("zebra", {"w", "h", "height"}).empty());
    CHECK(closest_key("k0", {"x", "y"}).empty());          // two edits, but "x" has one letter
    CHECK(closest_key("x2", {"x0", "y0", "x1"}) == "x0");  // a tie: the first listed
}

TEST_CASE("a level with a misspelt key loads and names the key, the element and a suggestion",
          "[keys][level]") {
    Level lv;
    const LevelResult r = parse_level_text(
        level_with(R"({"type": "crate", "x": 10, "y": 10, "sise": 1.2})"), "typo.json", lv);
    REQUIRE(r.ok);
    CHECK(lv.bodies.size() == 4);
    CHECK_FALSE(lv.bodies[3].size.has_value());  // the misspelt value is not applied
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] ==
          "typo.json: bodies[3] (crate): unknown key 'sise' ignored (did you mean 'size'?)");
}

TEST_CASE("a level key far from every known key gets no suggestion", "[keys][level]") {
    Level lv;
    const LevelResult r = parse_level_text(
        level_with(R"({"type": "crate", "x": 10, "y": 10, "colour": "red"})"), "far.json", lv);
    REQUIRE(r.ok);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] == "far.json: bodies[3] (crate): unknown key 'colour' ignored");
}

TEST_CASE("a level's unknown keys at every level of the document are named by their path",
          "[keys][level]") {
    const std::string text =
        R"({"format": "skidpad-level", "version": 1, "nmae": "x",
            "car_start": {"x": 0, "y": 0, "headign": 1},
            "bodies": [{"type": "barrier", "x": 0, "y": 40, "w": 80, "h": 1, "radius": 2}],
            "patches": [{"surface": "ice", "x": 0, "y": -20, "w": 4, "h": 4, "friction": 0.1}]})";
    Level lv;
    const LevelResult r = parse_level_text(text, "all.json", lv);
    REQUIRE(r.ok);
    REQUIRE(r.warnings.size() == 4);
    CHECK(r.warnings[0] == "all.json: unknown top-level key 'nmae' ignored (did you mean 'name'?)");
    CHECK(r.warnings[1] ==
          "all.json: car_start: unknown key 'headign' ignored (did you mean 'heading'?)");
    // A key another body type reads is still unknown to a barrier.
    CHECK(r.warnings[2] == "all.json: bodies[0] (barrier): unknown key 'radius' ignored");
    CHECK(r.warnings[3] == "all.json: patches[0]: unknown key 'friction' ignored");
}

TEST_CASE("a misspelt required level key is suggested beside the error it causes",
          "[keys][level]") {
    Level lv;
    const LevelResult r = parse_level_text(
        R"({"format": "skidpad-level", "version": 1, "bodeis": []})", "b.json", lv);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "b.json: field 'bodies' is missing");
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] ==
          "b.json: unknown top-level key 'bodeis' ignored (did you mean 'bodies'?)");
}

TEST_CASE("1000 unknown keys in a level give 20 warnings and one count of the rest",
          "[keys][level]") {
    std::string body = R"({"type": "crate", "x": 10, "y": 10)";
    for (int i = 0; i < 1000; ++i)
        body += ", \"k" + std::to_string(i) + "\": 0";
    Level lv;
    const LevelResult r = parse_level_text(level_with(body + "}"), "many.json", lv);
    REQUIRE(r.ok);
    REQUIRE(r.warnings.size() == kMaxUnknownKeyWarnings + 1);
    CHECK(kMaxUnknownKeyWarnings == 20);
    CHECK(r.warnings[0] == "many.json: bodies[3] (crate): unknown key 'k0' ignored");
    CHECK(r.warnings.back() == "many.json: and 980 more unknown keys ignored");
}

TEST_CASE("the shipped arena and the built-in copy have no unknown keys", "[keys][level]") {
    Level lv;
    const LevelResult file =
        load_level_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/levels/arena.json", lv);
    REQUIRE(file.ok);
    CHECK(file.warnings.empty());
    const LevelResult builtin = parse_level_text(builtin_arena_json(), "built-in", lv);
    REQUIRE(builtin.ok);
    CHECK(builtin.warnings.empty());
}

TEST_CASE("a track with unknown keys loads with a warning for each", "[keys][track]") {
    const TrackResult r = parse_track_text(kTrack + R"(, "widht": 14, "runoff": {"colour": 1},
                                     "kerbs": [{"from": 0, "to": 1, "sdie": "left"}],
                                     "grid": {"slots": 4, "spacnig": 9}})",
                                           "t.json");
    REQUIRE(r.ok);
    CHECK(r.track.width == 12.0);  // the misspelt width is not read
    REQUIRE(r.warnings.size() == 4);
    CHECK(r.warnings[0] == "t.json: unknown top-level key 'widht' ignored (did you mean 'width'?)");
    CHECK(r.warnings[1] == "t.json: runoff: unknown key 'colour' ignored");
    CHECK(r.warnings[2] == "t.json: kerbs[0]: unknown key 'sdie' ignored (did you mean 'side'?)");
    CHECK(r.warnings[3] == "t.json: grid: unknown key 'spacnig' ignored (did you mean 'spacing'?)");
}

TEST_CASE("a preset's unknown tunable is suggested from the registry", "[keys][preset]") {
    Settings s;
    const double mass = s.car.mass;
    const PresetResult r =
        apply_preset_text(R"({"version": 1, "nmae": "x", "values": {"car.mas": 1000,
                              "car.wings": 3}})",
                          "p.json", s);
    REQUIRE(r.ok);
    CHECK(s.car.mass == mass);  // nothing applied under the misspelt key
    REQUIRE(r.warnings.size() == 3);
    CHECK(r.warnings[0] == "p.json: unknown top-level key 'nmae' ignored (did you mean 'name'?)");
    CHECK(r.warnings[1] ==
          "p.json: values: unknown key 'car.mas' ignored (did you mean 'car.mass'?)");
    CHECK(r.warnings[2] ==
          "p.json: values: unknown key 'car.wings' ignored (see `skidpad params`)");
}
