// A track shipped in assets/tracks (by name, "oval"), loaded as the game loads it; the
// test stops when it does not load.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "skidpad/scene/track.hpp"

namespace skidpad::test {

inline Track shipped_track(const std::string& name) {
    const TrackResult r =
        load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json");
    REQUIRE(r.ok);
    return r.track;
}

}  // namespace skidpad::test
