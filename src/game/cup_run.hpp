// A cup raced in the game: its championship (the player and the cup's AI drivers), the
// race each round starts, and a race's finishing order turned into the cup's drivers.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "championship.hpp"
#include "modes/mode.hpp"
#include "progress.hpp"

namespace skidpad::app {

struct CupRun {
    int cup = -1;  ///< index into cups()
    Championship champ;
    bool recorded = false;  ///< the round just raced is in the standings
};

/// A new run of cup `k`: the player ("You") and the first AI drivers of the roster, as
/// many as the cup's opponents (at most 7: a race's field).
CupRun cup_run_start(int k);
/// The rounds raced so far, to keep in the progress file.
CupUnderWay cup_run_saved(const CupRun& run);
/// A cup under way from the progress file: "" and `out` at its next round, or what is
/// wrong (an unknown cup, a round the cup refuses).
std::string cup_run_resume(const CupUnderWay& saved, CupRun& out);

/// The race the next round starts (track, opponents, laps, level; the profile given).
ModeOptions cup_round_options(const CupRun& run, const std::string& profile);
/// The cup's driver indices in a race's finishing order: `entry_names` names each race
/// entry (the HUD's names: "You" for the player), `order` the entries in finishing order.
/// A name the cup does not know is left out.
std::vector<int> cup_finishing_order(const Championship& c,
                                     const std::vector<std::string>& entry_names,
                                     const std::vector<std::size_t>& order);

}  // namespace skidpad::app
