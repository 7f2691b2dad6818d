// The one check of which cars a player may drive (car_locks.hpp), shared by the title
// screen, the pause menu's Car page and --preset: the stock car and the open presets
// always, the rally and drift cars once the progress unlocks them; a preset file is
// judged by its car's name; reading the progress for it touches no file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "car_locks.hpp"
#include "support/temp_dir.hpp"
#include "title_model.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("car locks: the stock car always, the rally and drift cars by progress",
          "[game][progress][unlock]") {
    Progress fresh;
    CHECK(car_lock(fresh, "").empty());  // the stock car
    CHECK(car_lock(fresh, "hatch-fwd").empty());
    CHECK(car_lock(fresh, "sports-rwd").empty());
    CHECK(car_lock(fresh, "my-own-car").empty());
    CHECK(car_lock(fresh, "rally-awd") == "unlocked by any silver medal or a podium in a cup");
    CHECK(car_lock(fresh, "drift-rwd") == "unlocked by any gold medal or a cup won");
    // The title screen asks the same question.
    CHECK(TitleModel::car_lock(fresh, "drift-rwd") == car_lock(fresh, "drift-rwd"));

    Progress won;
    record_cup(won, "bronze-cup", 1, 75);  // a cup won opens both
    CHECK(car_lock(won, "rally-awd").empty());
    CHECK(car_lock(won, "drift-rwd").empty());
}

TEST_CASE("car locks: a preset file is judged by its car's name", "[game][progress][unlock]") {
    CHECK(preset_car_name("assets/presets/drift-rwd.json") == "drift-rwd");
    CHECK(preset_car_name("rally-awd.json") == "rally-awd");
    CHECK(preset_car_name("/x/y/hatch-fwd") == "hatch-fwd");
    Progress fresh;
    CHECK(preset_file_lock(fresh, "/data/presets/drift-rwd.json") ==
          "The drift-rwd is locked: unlocked by any gold medal or a cup won");
    CHECK(preset_file_lock(fresh, "/data/presets/hatch-fwd.json").empty());
    // Among the command line's settings: the first locked --preset, never a --set value.
    CHECK(preset_args_lock(fresh, {"--set", "car.mass=1500", "--preset", "a/hatch-fwd.json"})
              .empty());
    CHECK(preset_args_lock(fresh, {"--set", "drift-rwd.json", "--preset", "p/rally-awd.json"}) ==
          "The rally-awd is locked: unlocked by any silver medal or a podium in a cup");
}

TEST_CASE("car locks: the progress read for a check leaves a bad file where it is",
          "[game][progress][unlock]") {
    skidpad::test::TempDir dir;
    const std::string path = dir.file("progress.json");
    CHECK(peek_progress(path).cups.empty());  // none yet
    Progress won;
    record_cup(won, "bronze-cup", 2, 60);
    REQUIRE(save_progress(path, won).ok);
    CHECK(car_lock(peek_progress(path), "rally-awd").empty());
    CHECK_FALSE(car_lock(peek_progress(path), "drift-rwd").empty());
    std::ofstream(path, std::ios::trunc) << "{ not json";
    CHECK(peek_progress(path).cups.empty());  // read as nothing won
    CHECK(std::filesystem::exists(path));     // and not renamed: the game sets it aside
    CHECK_FALSE(std::filesystem::exists(path + ".bad-1"));
}
