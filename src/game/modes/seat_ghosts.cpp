// The further seats' best-lap ghosts in the time trial (see seat_ghosts.hpp).
#include "modes/seat_ghosts.hpp"

#include <string>

namespace skidpad::app {

namespace {
/// Frames of one lap at most (as the mode's own: 200 s at 1000 Hz).
constexpr std::size_t kMaxLapFrames = 200000;

void watch(SeatLapWatch& s, const Scene& sc, std::size_t k) {
    const World& world = sc.world;
    const CarId id = sc.humans[k];
    const RaceEntry* e = world.valid(id) ? sc.race.entry(id) : nullptr;
    if (!e) return;
    const LapTimer& t = e->timer;
    if (t.laps < s.laps_seen || (!t.timing && s.was_timing)) {  // the session restarted
        s.laps_seen = 0;
        s.was_timing = false;
        s.frames.clear();
        if (s.ghost.active) {
            ghost_lap_restart(s.ghost);
            s.ghost.waiting = true;
        }
    }
    const bool started = t.timing && !s.was_timing;
    const bool completed = t.laps > s.laps_seen;
    const Car& car = world.car(id);
    if (s.was_timing && (t.timing || completed) && s.frames.size() < kMaxLapFrames)
        s.frames.push_back(ghost_frame(car));
    if (completed && e->last_lap_valid && (s.best_s <= 0.0 || e->timer.last_lap < s.best_s)) {
        s.best_s = e->timer.last_lap;
        GhostLap lap;
        lap.car = s.lap_car;
        lap.def = s.lap_def;
        lap.frames = std::move(s.frames);
        if (ghost_open_lap(s.ghost, std::move(lap))) {
            s.ghost.label = "P" + std::to_string(k + 2) + " ghost";
            s.ghost.paint = k + 1 < sc.seat_paints.size() ? sc.seat_paints[k + 1] : 0;
            if (s.ghost.paint == 0) s.ghost.paint = car_paint(static_cast<std::uint32_t>(k + 1));
        }
    }
    if (started || completed) {
        s.lap_car = ghost_template(car);
        s.lap_def = world.car_def(id);
        s.frames.assign(1, ghost_frame(car));
        if (s.ghost.active) {
            ghost_lap_restart(s.ghost);
            s.ghost.waiting = false;
        }
    }
    s.was_timing = t.timing;
    s.laps_seen = t.laps;
    if (s.ghost.active && ghost_ended(s.ghost)) s.ghost.waiting = true;  // waits at the line
}
}  // namespace

void seat_ghosts_after_step(SeatGhosts& g, const Scene& sc) {
    g.seats.resize(sc.humans.size());
    for (std::size_t k = 0; k < g.seats.size(); ++k) {
        ghost_step(g.seats[k].ghost);  // as the session steps seat 1's before the mode
        watch(g.seats[k], sc, k);
    }
}

void seat_ghosts_draw(const SeatGhosts& g, DrawList& out) {
    for (const SeatLapWatch& s : g.seats)
        ghost_draw(s.ghost, out);
}

}  // namespace skidpad::app
