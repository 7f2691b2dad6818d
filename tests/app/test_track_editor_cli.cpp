// `--edit track [FILE]` and `--edit level [FILE]` on the command line: taken with the
// window or a screenshot, the optional file kept, anything else refused with one line.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "command_line.hpp"

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
    REQUIRE(parse_command_line({"--edit", "level", "yard.json", "--screenshot", "o.png"}, cl,
                               error) == 0);
    CHECK(cl.edit == "level");
    CHECK(cl.edit_file == "yard.json");
    CHECK(parse_command_line({"--edit", "level", "--headless", "--seconds", "1"}, cl, error) == 2);
    CHECK(error == "--edit level needs the window or --screenshot");
}
