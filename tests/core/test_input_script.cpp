#include <catch2/catch.hpp>

#include "skidpad/input_script.hpp"

using namespace skidpad;

TEST_CASE("input script rows hold from their time until the next row", "[input_script]") {
    const char* text =
        "# a test script\n"
        "t,throttle,brake,steer,handbrake,gear\n"
        "\n"
        "0.5, 1, 0, 0.25, 0, 1   # go\n"
        "1.5,0,0.8,-1,1,\r\n"
        "2,0,0,0,0,-1\n";
    const InputScriptResult r = parse_input_script(text, "demo.csv");
    REQUIRE(r.ok);
    REQUIRE(r.script.rows.size() == 3);
    CHECK(r.script.duration() == 2.0);
    CHECK(r.script.at(0.0).throttle == 0.0);  // before the first row: all at rest
    CHECK(r.script.at(0.0).gear_request == -99);
    const InputState a = r.script.at(0.5);
    CHECK(a.throttle == 1.0);
    CHECK(a.steer == 0.25);
    CHECK(a.gear_request == 1);
    const InputState b = r.script.at(1.4999);
    CHECK(b.throttle == 1.0);
    const InputState c = r.script.at(1.5);
    CHECK(c.brake == 0.8);
    CHECK(c.steer == -1.0);
    CHECK(c.handbrake == 1.0);
    CHECK(c.gear_request == -99);  // empty gear cell: no request
    CHECK(r.script.at(100.0).gear_request == -1);
}

TEST_CASE("bad input scripts name the file line and problem", "[input_script]") {
    const std::string h = "t,throttle,brake,steer,handbrake,gear\n";
    struct Case {
        std::string text;
        std::string expect;
    };
    const Case cases[] = {
        {"time,throttle\n0,1\n", "s.csv:1: the first line must be the header"},
        {h + "0,1,0,0,0\n", "s.csv:2: expected 6 columns"},
        {h + "0,1,0,0,0,1\n0.5,abc,0,0,0,1\n", "s.csv:3: throttle: 'abc' is not a finite number"},
        {h + "0,1,0,1.5,0,1\n", "s.csv:2: steer 1.5 is outside [-1, 1]"},
        {h + "0,2,0,0,0,1\n", "s.csv:2: throttle 2 is outside [0, 1]"},
        {h + "0,1,nan,0,0,1\n", "s.csv:2: brake: 'nan' is not a finite number"},
        {h + "1,1,0,0,0,1\n0.5,1,0,0,0,1\n", "s.csv:3: t 0.5 is not after the previous row's t 1"},
        {h + "-1,1,0,0,0,1\n", "s.csv:2: t -1 is negative"},
        {h + "0,1,0,0,0,2.5\n", "s.csv:2: gear: '2.5' is not a whole number"},
        {h, "no input rows"},
        {"", "empty script"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const InputScriptResult r = parse_input_script(c.text, "s.csv");
        CHECK_FALSE(r.ok);
        CHECK(r.script.rows.empty());
        CHECK_THAT(r.error, Catch::Contains(c.expect));
    }
}
