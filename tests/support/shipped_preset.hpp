// The settings of a preset shipped in assets/presets (by name, "hatch-fwd"), loaded as
// the game loads it; the test stops when it does not load.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "skidpad/scene/preset.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::test {

inline Settings shipped_preset(const std::string& name) {
    Settings s;
    const PresetResult r =
        load_preset_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/" + name + ".json", s);
    INFO(r.error);
    REQUIRE(r.ok);
    return s;
}

}  // namespace skidpad::test
