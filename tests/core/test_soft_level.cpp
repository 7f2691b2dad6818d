// Levels: the arena file and its built-in copy, and malformed files refused with
// the file, element and field named while the current level is kept.
#include <catch2/catch.hpp>
#include <fstream>

#include "skidpad/scene/level.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

TEST_CASE("assets/levels/arena.json loads and equals the built-in copy", "[soft][level]") {
    Level file;
    const LevelResult r =
        load_level_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/levels/arena.json", file);
    REQUIRE(r.ok);
    CHECK_FALSE(r.used_builtin);
    const Level builtin = builtin_arena_level();
    CHECK(file == builtin);
    CHECK(file.bodies.size() >= 10);
    World w;
    build_level(w, file, CarDef{});
    CHECK(w.soft().body_count() > 50);
    CHECK(w.valid(w.player()));
    CHECK(w.car(w.player()).position.x == Approx(file.car_start.x));
}

TEST_CASE("a missing level file falls back to the built-in arena", "[soft][level]") {
    Level lv;
    const LevelResult r = load_level_or_builtin("/nonexistent/dir/arena.json", lv);
    CHECK(r.ok);
    CHECK(r.used_builtin);
    CHECK(lv == builtin_arena_level());
    Level other;
    const LevelResult e = load_level_file("/nonexistent/dir/arena.json", other);
    CHECK_FALSE(e.ok);
    CHECK(e.error.find("/nonexistent/dir/arena.json") != std::string::npos);
}

TEST_CASE("malformed level files are refused naming file element and field and keep the level",
          "[soft][level]") {
    const Level good = builtin_arena_level();
    const std::string head = R"({"format":"skidpad-level","version":1,"bodies":[)";
    const std::vector<std::pair<std::string, std::vector<std::string>>> texts = {
        {R"({"format":"skidpad-level","version":1,"bodies":[{"type":"crate","x":1,)",
         {"bad.json", "truncated", "bodies[0]"}},
        {head + R"({"type":"crate","x":"one","y":2}]})",
         {"bad.json", "bodies[0]", "'x'", "number"}},
        {head + R"({"type":"crate","x":1,"y":2},{"type":"crate","x":NaN,"y":2}]})",
         {"bad.json", "bodies[1]", "'x'"}},
        {head + R"({"type":"crate","x":1,"y":2},{"type":"crate","x":1,"y":1e999}]})",
         {"bad.json", "bodies[1]"}},
        {head + R"({"type":"ufo","x":1,"y":2}]})", {"bad.json", "bodies[0]", "'type'", "ufo"}},
        {head + R"({"type":"crate_stack","x":1,"y":2,"cols":2.5,"rows":2}]})",
         {"bad.json", "bodies[0]", "crate_stack", "'cols'"}},
        {head + R"({"type":"barrier","x":1,"y":2,"w":-3,"h":1}]})",
         {"bad.json", "bodies[0]", "'w'"}},
        {head + R"({"type":"crate","y":2}]})", {"bad.json", "bodies[0]", "'x'", "missing"}},
        {R"({"format":"skidpad-level","bodies":{}})", {"bad.json", "'bodies'"}},
        {R"({"format":"skidpad-level","car_start":{"x":true,"y":0},"bodies":[]})",
         {"bad.json", "car_start", "'x'"}},
    };
    for (const auto& [text, names] : texts) {
        Level current = good;
        const LevelResult r = parse_level_text(text, "bad.json", current);
        INFO(text << "\n -> " << r.error);
        CHECK_FALSE(r.ok);
        for (const std::string& n : names)
            CHECK(r.error.find(n) != std::string::npos);
        CHECK(current == good);  // all-or-nothing
    }
    // Through a real file too.
    const std::string path = "test_soft_level_bad.json";
    {
        std::ofstream f(path);
        f << head << R"({"type":"cone","x":1,"y":[2]}]})";
    }
    Level current = good;
    const LevelResult r = load_level_file(path, current);
    std::remove(path.c_str());
    CHECK_FALSE(r.ok);
    CHECK(r.error.find(path) != std::string::npos);
    CHECK(r.error.find("bodies[0]") != std::string::npos);
    CHECK(r.error.find("'y'") != std::string::npos);
    CHECK(current == good);
}
