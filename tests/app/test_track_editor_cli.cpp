// `--edit track [FILE]` and `--edit level [FILE]` on the command line: taken with the
// window or a screenshot, the optional file kept, anything else refused with one line.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "support/run_skidpad.hpp"

using skidpad::app::CommandLine;
using skidpad::app::parse_command_line;
using skidpad::app::RunKind;

TEST_CASE(
    "the track editor option (--edit track) takes an optional file and needs the window or a "
    "screenshot",
    "[cli][editor]") {
    CommandLine cl;
    std::string error;
    REQUIRE(parse_command_line({"--edit", "track"}, cl, error) == 0);
    CHECK(cl.edit == "track");
    CHECK(cl.edit_file.empty());
    CHECK(cl.kind == RunKind::Window);
    REQUIRE(parse_command_line(
                {"--edit", "track", "my.json", "--screenshot", "o.png", "--seconds", "1"}, cl,
                error) == 0);
    CHECK(cl.edit_file == "my.json");
    CHECK(cl.kind == RunKind::Screenshot);
    CHECK(parse_command_line({"--edit", "arena"}, cl, error) == 2);
    CHECK(error ==
          "--edit takes 'track' or 'level' (skidpad --edit track [FILE], --edit level [FILE])");
    CHECK(parse_command_line({"--edit", "track", "--headless", "--seconds", "1"}, cl, error) == 2);
    CHECK(error == "--edit track needs the window or --screenshot");
    // Without --edit nothing changes.
    REQUIRE(parse_command_line({"--track", "club"}, cl, error) == 0);
    CHECK(cl.edit.empty());
}

TEST_CASE("the arena editor option (--edit level) takes an optional file and needs the window",
          "[cli][editor]") {
    CommandLine cl;
    std::string error;
    REQUIRE(parse_command_line({"--edit", "level"}, cl, error) == 0);
    CHECK(cl.edit == "level");
    CHECK(cl.edit_file.empty());
    CHECK(cl.kind == RunKind::Window);
    REQUIRE(parse_command_line(
                {"--edit", "level", "yard.json", "--screenshot", "o.png", "--seconds", "1"}, cl,
                error) == 0);
    CHECK(cl.edit == "level");
    CHECK(cl.edit_file == "yard.json");
    CHECK(parse_command_line({"--edit", "level", "--headless", "--seconds", "1"}, cl, error) == 2);
    CHECK(error == "--edit level needs the window or --screenshot");
}

TEST_CASE("the arena editor opens the shipped arena and a missing file is refused",
          "[cli][editor][screenshot]") {
    const std::string png = skidpad::test::temp_path("arena_editor.png");
    std::filesystem::remove(png);
    const std::string arena = std::string(SKIDPAD_SOURCE_DIR) + "/assets/levels/arena.json";
    const skidpad::test::Run r = skidpad::test::run_skidpad(
        "--edit level '" + arena + "' --screenshot '" + png + "' --seconds 0.1 --size 640x360");
    INFO(r.output);
    CHECK(r.code == 0);
    CHECK(std::filesystem::file_size(png) > 1000);
    std::filesystem::remove(png);
    const skidpad::test::Run bad = skidpad::test::run_skidpad(
        "--edit level /nonexistent/yard.json --screenshot x.png --seconds 0.1");
    CHECK(bad.code == 2);
    CHECK(bad.output.find("/nonexistent/yard.json") != std::string::npos);
}
