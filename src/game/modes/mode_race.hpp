// race: what its HUD reads of the running race beside the scene's Race (the app's
// ui/hud/race_hud.cpp draws it).
#pragma once

#include <string>
#include <vector>

#include "modes/mode.hpp"

namespace skidpad::app {

/// The race's labels: the track's title, each entry's car name and number, the countdown.
struct RaceHud {
    Countdown countdown;
    std::string title;
    std::vector<int> numbers;        ///< per race entry
    std::vector<std::string> names;  ///< per race entry: the driver ("You", "P2" for players)
    std::vector<std::string> cars;   ///< per race entry: the car's preset ("" unknown)
};

/// The HUD state of `mode` when it is a race, else nullptr.
const RaceHud* race_hud(const Mode& mode);

}  // namespace skidpad::app
