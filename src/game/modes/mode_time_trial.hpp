// time-trial: what its HUD reads of the running session (the app's ui/hud/time_trial_hud.cpp
// draws it), and the lap-time lookup that the HUD's gap to the best lap shares.
#pragma once

#include <string>
#include <vector>

#include "modes/mode.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/plan/medals.hpp"

namespace skidpad::app {

/// m of lap progress between two gap marks.
inline constexpr double kTimeTrialMarkM = 5.0;

/// Lap time at a lap progress, from marks every kTimeTrialMarkM metres (< 0: beyond them).
double lap_time_at(const std::vector<float>& marks, double progress);

/// What the time trial's HUD shows beside the scene's race entry.
struct TimeTrialHud {
    Countdown countdown;
    std::string title;              ///< the track's title
    std::string car;                ///< the car's name (its preset, or "custom")
    double best_s = 0.0;            ///< s, the stored best lap of this track and car (0: none)
    std::vector<float> best_marks;  ///< lap time of the best lap every kTimeTrialMarkM metres
    std::string flash;              ///< the big message of the last lap
    Color flash_colour = 0;
    double flash_until = 0.0;   ///< s of the game's real-time clock
    Medals medals;              ///< this track and car's medal times (from the planner's lap)
    Medal medal = Medal::None;  ///< the best medal won here with this car (progress file)
};

/// The HUD state of `mode` when it is a time trial, else nullptr.
const TimeTrialHud* time_trial_hud(const Mode& mode);
struct SeatGhosts;  // modes/seat_ghosts.hpp
/// The further human seats' ghosts of `mode` when it is a time trial, else nullptr.
const SeatGhosts* time_trial_seat_ghosts(const Mode& mode);

}  // namespace skidpad::app
