// The car restored at start-up (the last preset loaded) is checked against the profile
// the game runs with: a car another profile unlocked is not driven here; the stock car
// stays, and a message says why.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "car_locks.hpp"
#include "game.hpp"
#include "preset_store.hpp"
#include "progress.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
bool toasted(const Game& game, const std::string& text) {
    for (const Toast& t : game.ui.toasts)
        if (t.text.find(text) != std::string::npos) return true;
    return false;
}
}  // namespace

TEST_CASE("car locks: the last preset restored at start is checked against the profile",
          "[app][progress][unlock]") {
    const skidpad::test::TempDir dir;
    const std::string pref = dir.path.string() + "/";
    const std::string drift = std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/drift-rwd.json";
    Settings drift_settings;
    REQUIRE(load_preset_file(drift, drift_settings).ok);
    const Settings stock;
    REQUIRE(drift_settings.car.max_steer != stock.car.max_steer);
    // The profile `ana` won a cup (the drift car is hers) and drove it last.
    Progress won;
    record_cup(won, "bronze-cup", 1, 75);
    REQUIRE(save_progress(progress_path(pref, "ana"), won).ok);
    const PresetStore store(pref + "presets", "");
    REQUIRE(store.remember_last(drift).ok);

    SECTION("the profile that unlocked it gets it back") {
        Game game;
        game.session.pref_dir = pref;
        GameOptions o;
        o.restore_last_preset = true;
        o.profile = "ana";
        REQUIRE(game_open(game, o) == 0);
        CHECK(game.settings().car.max_steer == drift_settings.car.max_steer);
        CHECK(game.ui.tune.current_preset == drift);
        CHECK(toasted(game, "restored preset"));
    }
    SECTION("another profile, or the default one, drives the stock car with a message") {
        for (const std::string profile : {"bo", ""}) {
            Game game;
            game.session.pref_dir = pref;
            GameOptions o;
            o.restore_last_preset = true;
            o.profile = profile;
            REQUIRE(game_open(game, o) == 0);
            INFO("profile '" << profile << "'");
            CHECK(game.settings().car.max_steer == stock.car.max_steer);
            CHECK(game.ui.tune.current_preset.empty());
            CHECK(toasted(game,
                          "last preset not restored: The drift-rwd is locked: unlocked by any gold "
                          "medal or a cup won; driving the stock car"));
        }
    }
    // The remembered preset is kept for the profile that may drive it.
    CHECK(store.last() == drift);
}
