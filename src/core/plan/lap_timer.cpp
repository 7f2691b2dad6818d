// Lap timing: start-line crossings, lap progress and lap times.
#include "skidpad/plan/lap_timer.hpp"

namespace skidpad {

bool lap_timer_update(LapTimer& t, const ClosedPath& centre, double s, double time) {
    const double L = centre.length;
    if (!(L > 0.0)) return false;
    s = path_wrap(centre, s);
    if (!t.located) {
        t.located = true;
        t.s = s;
        t.time = time;
        return false;
    }
    const double ds = path_delta(centre, t.s, s);  // shortest way: |ds| < L/2
    const double dt = time - t.time;
    bool completed = false;
    // Forward over the line: from before s = L to past 0.
    if (ds > 0.0 && t.s + ds >= L) {
        const double frac = (L - t.s) / ds;  // fraction of the step before the line
        const double cross = t.time + frac * dt;
        if (t.timing && t.progress + (L - t.s) >= 0.9 * L) {
            const double lap = cross - t.lap_start;
            t.laps += 1;
            t.last_lap = lap;
            if (t.best_lap <= 0.0 || lap < t.best_lap) t.best_lap = lap;
            completed = true;
        }
        if (!t.timing || completed) {
            t.timing = true;
            t.lap_start = cross;
            t.progress = ds - (L - t.s);
        } else {
            t.progress += ds;  // crossed after a cut or a reversal: keep counting
        }
    } else {
        t.progress += ds;
    }
    t.s = s;
    t.time = time;
    return completed;
}

void lap_timer_abort(LapTimer& t) {
    t.located = false;
    t.timing = false;
    t.progress = 0.0;
    t.lap_start = 0.0;
}

}  // namespace skidpad
