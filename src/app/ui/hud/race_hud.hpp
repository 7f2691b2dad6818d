// The race's HUD, live and in the replay viewer (the race's state: game/modes/mode_race.hpp).
#pragma once

#include "mode_hud.hpp"
#include "modes/mode_race.hpp"

namespace skidpad::app {

struct ReplayViewer;

/// The position box, the car numbers, the countdown and, at the end, the results.
/// False without the player's race entry.
bool draw_race_hud(const RaceHud& race, const HudContext& hud);
/// In the replay viewer, a race replay's HUD: positions and gaps, car numbers, the
/// countdown and the results, as the race showed them (without the keys line). False
/// when what is shown is no race.
bool draw_race_replay_hud(const ReplayViewer& viewer, const HudContext& hud);

}  // namespace skidpad::app
