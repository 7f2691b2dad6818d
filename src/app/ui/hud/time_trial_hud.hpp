// The time trial's HUD (the session's state: game/modes/mode_time_trial.hpp).
#pragma once

#include "mode_hud.hpp"
#include "modes/mode_time_trial.hpp"

namespace skidpad::app {

/// The time trial's boxes, countdown and lap message. False without a race entry.
bool draw_time_trial_hud(const TimeTrialHud& tt, const HudContext& hud);

}  // namespace skidpad::app
