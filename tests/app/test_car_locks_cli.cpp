// --preset of a car the player has not unlocked is refused for play with the title
// screen's message before the window opens, per profile; a picture takes any preset.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "progress.hpp"
#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {
std::string env_of(const skidpad::test::TempDir& home) {
    return "XDG_DATA_HOME='" + (home.path / "data").string() + "' XDG_CONFIG_HOME='" +
           (home.path / "config").string() + "' SDL_VIDEODRIVER=offscreen";
}
}  // namespace

TEST_CASE("car locks: --preset of a locked car is refused for play, per profile",
          "[app][progress][unlock]") {
    using namespace skidpad::app;
    skidpad::test::TempDir home;
    const std::string drift =
        "--preset '" + std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/drift-rwd.json'";
    // A cup won unlocks the drift car for the profile `ana` only.
    fs::create_directories(home.path / "data" / "skidpad");
    Progress won;
    record_cup(won, "bronze-cup", 1, 75);
    REQUIRE(save_progress((home.path / "data" / "skidpad" / "progress-ana.json").string(), won).ok);
    for (const std::string profile : {"", " --profile bo"}) {
        const skidpad::test::Run r = skidpad::test::run_skidpad(drift + profile, env_of(home));
        INFO(r.output);
        CHECK(r.code == 2);
        CHECK(r.output.find("--preset: The drift-rwd is locked: unlocked by any gold medal or a "
                            "cup won") != std::string::npos);
    }
    // A picture takes any preset (as the lab does).
    const skidpad::test::Run shot = skidpad::test::run_skidpad(
        drift + " --screenshot '" + home.file("shot.png") + "' --seconds 0.1 --size 64x64",
        env_of(home));
    INFO(shot.output);
    CHECK(shot.code == 0);
    CHECK(fs::exists(home.file("shot.png")));
}
