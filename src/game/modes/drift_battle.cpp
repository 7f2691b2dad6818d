// A drift battle between the human seats (see drift_battle.hpp).
#include "modes/drift_battle.hpp"

#include <algorithm>
#include <cmath>

#include "players.hpp"
#include "scene.hpp"

namespace skidpad::app {

namespace {
/// m: a step that moves a car further than this was a reset, not driving.
constexpr double kJumpM = 8.0;
}  // namespace

void drift_battle_start(DriftBattle& b, int seats, double now) {
    b = DriftBattle{};
    b.on = seats > 1;
    b.start = now;
    const auto n = static_cast<std::size_t>(std::max(seats, 0));
    b.seats.assign(n, DriftScorer{});
    b.last.assign(n, dvec2(0.0));
    b.placed.assign(n, false);
}

void drift_battle_step(DriftBattle& b, const Scene& sc, double dt) {
    if (!b.on || b.over) return;
    const World& w = sc.world;
    const Track* track = sc.race.has_track() ? &sc.race.track() : nullptr;
    for (std::size_t k = 0; k < b.seats.size(); ++k) {
        const CarId id = player_car(sc, k);
        if (!w.valid(id)) continue;
        const dvec2 at = w.car(id).position;
        // Put back (reset, restart): the combo under way is not earned.
        if (b.placed[k] && glm::length(at - b.last[k]) > kJumpM)
            b.seats[k].end_combo(DriftEnd::Reset);
        b.placed[k] = true;
        b.last[k] = at;
        b.seats[k].step(dt, drift_sample(w, id, track));
    }
    if (w.time() < b.start + b.length) return;
    b.over = true;
    double best = -1.0;
    for (std::size_t k = 0; k < b.seats.size(); ++k) {
        if (b.seats[k].state().in_combo) b.seats[k].end_combo(DriftEnd::Banked);
        const double t = b.seats[k].state().total;
        if (t > best) {
            best = t;
            b.winner = static_cast<int>(k);
        } else if (t == best) {
            b.winner = -1;
        }
    }
}

double drift_battle_left(const DriftBattle& b, double now) {
    if (!b.on || b.over) return 0.0;
    return std::max(b.start + b.length - now, 0.0);
}

double drift_battle_points(const DriftBattle& b, int seat) {
    if (seat < 0 || seat >= static_cast<int>(b.seats.size())) return 0.0;
    const DriftScorer& s = b.seats[static_cast<std::size_t>(seat)];
    return s.state().total + (b.over ? 0.0 : s.combo_value());
}

}  // namespace skidpad::app
