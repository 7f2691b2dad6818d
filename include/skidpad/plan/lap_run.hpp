// Headless autopilot laps (what `skidpad lab lap` and the lap tests run): one car on
// the grid of a track, driven by the autopilot at the settings' physics rate.
#pragma once

#include <string>
#include <vector>

#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"

namespace skidpad {

struct LapRun {
    std::vector<double> lap_times;          ///< s, every completed lap (lap 1 from the grid)
    double best_lap_s = 0.0;                ///< s, 0 when no lap was completed
    double predicted_lap_s = 0.0;           ///< s, the planner's flying lap
    double predicted_standing_lap_s = 0.0;  ///< s, the planner's lap from standstill
    double best_vs_predicted_pct = 0.0;     ///< 100 (best − predicted) / predicted
    bool stayed_on_track = false;           ///< no wheel ever beyond the kerbs
    double max_wheel_offset_m = 0.0;        ///< m, largest |offset| of a wheel from the centre
    double edge_m = 0.0;                    ///< m, half width + kerb width
    double time_off_track_s = 0.0;          ///< s with any wheel beyond the kerbs
    double off_track_s = 0.0;               ///< s with all four wheels beyond the kerbs
    int valid_laps = 0;                     ///< completed laps that never left the track
    double simulated_s = 0.0;               ///< s of simulated time
    double track_length_m = 0.0;
    double line_length_m = 0.0;
    double width_m = 0.0;
    std::string error;  ///< set when planning failed or the laps were not completed
};

/// Drives `laps` laps (time limit: 3× the predicted laps + 60 s).
LapRun run_autopilot_laps(Track track, const Settings& settings, int laps);

}  // namespace skidpad
