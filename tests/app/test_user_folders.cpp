// The game's own start: the old doubled folder's files moved to the settings and data
// folders once, with one line saying from where to where.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {
int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}
}  // namespace

TEST_CASE("the game moves the old folder's files at start and says so once", "[dirs][cli]") {
    skidpad::test::TempDir home;
    const fs::path data = home.path / "data", config = home.path / "config";
    const fs::path old = data / "skidpad" / "skidpad";
    fs::create_directories(old / "presets");
    std::ofstream(old / "bindings.json") << "{}";
    std::ofstream(old / "presets" / "mine.json") << "{}";
    const std::string env = "XDG_DATA_HOME='" + data.string() + "' XDG_CONFIG_HOME='" +
                            config.string() + "' SDL_VIDEODRIVER=offscreen";
    const std::string args =
        "--screenshot '" + home.file("shot.png") + "' --seconds 0.1 --size 64x64";
    const skidpad::test::Run r = skidpad::test::run_skidpad(args, env);
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK(count(r.output, "skidpad: moved your files from " + old.string() + "/ to " +
                              config.string() + "/skidpad/ (settings) and " + data.string() +
                              "/skidpad/ (saves)\n") == 1);
    CHECK(fs::exists(config / "skidpad" / "bindings.json"));
    CHECK(fs::exists(data / "skidpad" / "presets" / "mine.json"));
    CHECK_FALSE(fs::exists(old));
    // The next start finds nothing to move and says nothing about it.
    const skidpad::test::Run again = skidpad::test::run_skidpad(args, env);
    CHECK(again.code == 0);
    CHECK(count(again.output, "moved your files") == 0);
}
