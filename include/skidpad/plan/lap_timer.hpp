// Lap timing: a lap counts when the car crosses the start line (s = 0 of the track's
// centre line) forwards after covering most of a lap since the last crossing.
#pragma once

#include "skidpad/closed_path.hpp"

namespace skidpad {

struct LapTimer {
    bool located = false;    ///< a first position was seen
    bool timing = false;     ///< a lap is being timed (the line was crossed once)
    double s = 0.0;          ///< m, last arc length on the centre line
    double time = 0.0;       ///< s, time of the last update
    double lap_start = 0.0;  ///< s, when the current lap began
    double progress = 0.0;   ///< m, signed distance covered since the lap began
    int laps = 0;            ///< completed laps
    double last_lap = 0.0;   ///< s, 0 before the first
    double best_lap = 0.0;   ///< s, 0 before the first
    double current() const { return timing ? time - lap_start : 0.0; }
};

/// Feeds the car's arc length s (m) on the centre line at `time` (s). Returns true
/// when this update completed a lap. Crossing times are interpolated inside the step.
bool lap_timer_update(LapTimer& timer, const ClosedPath& centre, double s, double time);
/// The car was put somewhere else (a reset): the lap under way is dropped and the next
/// update locates the car afresh, so no lap is timed across the jump. Completed laps,
/// last and best times stay.
void lap_timer_abort(LapTimer& timer);

}  // namespace skidpad
