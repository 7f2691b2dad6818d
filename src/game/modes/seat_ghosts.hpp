// The time trial's ghosts of the further human seats (2–4): each seat's best valid lap
// of the session, recorded frame by frame as it is driven and raced again by that seat as
// its own ghost, drawn in the seat's colour. Seat 1's ghost is the mode's own (its stored
// best lap, Session::ghost).
#pragma once

#include <cstddef>
#include <vector>

#include "ghost.hpp"
#include "scene.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

/// One further seat's laps as the time trial watches them.
struct SeatLapWatch {
    int laps_seen = 0;
    bool was_timing = false;
    std::vector<GhostFrame> frames;  ///< the lap under way, a frame per step
    Car lap_car;                     ///< the car at its start (ghost_template)
    CarDef lap_def;
    double best_s = 0.0;  ///< s, the seat's best valid lap this session (0: none)
    Ghost ghost;          ///< that lap, raced again
};

struct SeatGhosts {
    std::vector<SeatLapWatch> seats;  ///< seats[k]: human seat k + 2 (Scene::humans[k])
};

/// After every step of the time trial: each further seat's ghost one frame on, its lap
/// under way recorded; a valid lap better than its best becomes its ghost, and each lap
/// it starts sends its ghost off with it. A restarted session (laps back to 0) waits.
void seat_ghosts_after_step(SeatGhosts& g, const Scene& scene);
/// The ghosts as translucent cars (each in its seat's colour).
void seat_ghosts_draw(const SeatGhosts& g, DrawList& out);

}  // namespace skidpad::app
