// The player's own tunables (display.*, the sound levels) are never written into a preset,
// and an older preset that still holds them loads without them, with one warning.
#include <catch2/catch.hpp>

#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/tune/player_keys.hpp"

using namespace skidpad;

TEST_CASE("the player's keys: every display key and the sound levels, not the engine voice",
          "[preset][player]") {
    int display = 0, sound = 0;
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("display.", 0) == 0) {
            CHECK(is_player_key(p.key));
            ++display;
        }
        if (p.key.rfind("sound.", 0) == 0 && is_player_key(p.key)) ++sound;
    }
    CHECK(display >= 14);
    CHECK(sound == 10);
    for (const char* k : {"sound.cylinders", "sound.timbre", "sound.firing", "sound.exhaust",
                          "car.mass", "sim.paused", "camera.zoom", "input.key_steer_sensitivity"})
        CHECK_FALSE(is_player_key(k));
    for (const char* k : {"display.vsync", "display.max_fps", "sound.master", "sound.music",
                          "sound.rumble_strength"})
        CHECK(is_player_key(k));
}

TEST_CASE("a saved preset carries no display value and no sound level", "[preset][player]") {
    Settings s;
    s.display.vsync = false;
    s.display.max_fps = 60;
    s.display.ground_detail = 0;
    s.sound.master = 0.2;
    s.sound.cylinders = 4;  // the car's voice stays
    s.car.mass = 1111.0;
    for (const bool only_changed : {true, false}) {
        const std::string text = preset_to_text(s, "mine", only_changed);
        INFO(text);
        CHECK(text.find("display.") == std::string::npos);
        CHECK(text.find("sound.master") == std::string::npos);
        CHECK(text.find("sound.enabled") == std::string::npos);
        CHECK(text.find("\"sound.cylinders\": 4") != std::string::npos);
        CHECK(text.find("\"car.mass\": 1111") != std::string::npos);
    }
}

TEST_CASE("an old preset holding display values loads without them, with one warning",
          "[preset][player]") {
    // Only a value the game could have saved: a malformed one is refused as anywhere.
    Settings t;
    const PresetResult bad = apply_preset_text(
        R"({"version": 1, "values": {"car.mass": 1300, "display.max_fps": -3}})", "bad.json", t);
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.find("display.max_fps") != std::string::npos);
    CHECK(t.car.mass != 1300.0);

    Settings s;
    s.display.max_fps = 144;  // the player's, before the preset
    s.sound.master = 0.3;
    const PresetResult r = apply_preset_text(R"({"format": "skidpad-preset", "version": 1,
        "name": "old", "values": {"car.mass": 1300, "display.vsync": false,
        "display.max_fps": 240, "sound.master": 0.8, "display.shadows": false,
        "sound.cylinders": 6, "sound.music": 0.1}})",
                                             "old.json", s);
    INFO(r.error);
    REQUIRE(r.ok);
    CHECK(r.keys_applied == 2);  // car.mass and sound.cylinders
    CHECK(s.car.mass == 1300.0);
    CHECK(s.sound.cylinders == 6);
    CHECK(s.display.vsync);  // untouched
    CHECK(s.display.shadows);
    CHECK(s.display.max_fps == 144);
    CHECK(s.sound.master == 0.3);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("old.json: ") == 0);
    CHECK(r.warnings[0].find("display.vsync") != std::string::npos);
    CHECK(r.warnings[0].find("and 1 more") != std::string::npos);  // four named, then a count
    CHECK(r.warnings[0].find("ignored") != std::string::npos);
}
