// Several human players: their cars placed and driven (see players.hpp).
#include "players.hpp"

#include <cmath>

namespace skidpad::app {

namespace {
/// Metres between cars side by side on the arena (a car is about 1.8 m wide).
constexpr double kArenaSpacing = 4.0;

/// Where further human seat `k` (1-based) stands beside the player's start: alternately
/// left and right of it, one spacing further out each pair.
void arena_pose(const Car& player, int k, dvec2& pos, double& heading) {
    const double side = (k % 2 == 1) ? 1.0 : -1.0;
    const double d = kArenaSpacing * static_cast<double>((k + 1) / 2) * side;
    const dvec2 left(-std::sin(player.heading), std::cos(player.heading));
    pos = player.position + left * d;
    heading = player.heading;
}
}  // namespace

std::string players_check(int n) {
    if (n >= 1 && n <= kMaxPlayers) return "";
    return "players " + std::to_string(n) + " (1.." + std::to_string(kMaxPlayers) + ")";
}

void players_place(Scene& sc) {
    World& w = sc.world;
    const std::size_t want = sc.players > 1 ? static_cast<std::size_t>(sc.players - 1) : 0;
    // A scene rebuilt from nothing (a track) invalidated the old ids.
    std::vector<CarId> kept;
    for (CarId id : sc.humans)
        if (w.valid(id) && id != w.player()) kept.push_back(id);
    sc.humans = kept;
    if (want == 0 || !w.valid(w.player())) {
        for (CarId id : sc.humans) {
            sc.race.leave(id);
            w.remove_car(id);
        }
        sc.humans.clear();
        players_dress(sc);
        return;
    }
    const CarDef car = w.car_def(w.player());
    while (sc.humans.size() < want)
        sc.humans.push_back(w.add_car(w.car(w.player()).position, 0.0, car));
    // Each further seat in the car it chose (the player's when it chose none).
    for (std::size_t k = 0; k < sc.humans.size(); ++k) {
        if (k + 1 >= sc.seat_cars.size() || !sc.seat_cars[k + 1]) continue;
        w.set_car_def(sc.humans[k], *sc.seat_cars[k + 1]);
        w.rebuild_car(sc.humans[k]);
    }
    const bool track = sc.race.has_track();
    int first_slot = 0;
    if (track) {
        for (CarId id : sc.humans)
            sc.race.leave(id);
        first_slot = static_cast<int>(sc.race.entries().size());
    }
    for (std::size_t k = 0; k < sc.humans.size(); ++k) {
        const CarId id = sc.humans[k];
        dvec2 pos(0.0);
        double heading = 0.0;
        if (track) {
            sc.race.grid_pose(first_slot + static_cast<int>(k), pos, heading);
        } else {
            arena_pose(w.car(w.player()), static_cast<int>(k) + 1, pos, heading);
        }
        w.set_start_pose(id, pos, heading);
        w.reset_car(id);
        if (track) sc.race.join(w, id, false);
    }
    players_dress(sc);
}

void players_dress(Scene& sc) {
    const std::vector<CarId> cars = player_cars(sc);
    for (std::size_t k = 0; k < cars.size() && k < sc.seat_paints.size(); ++k)
        if (sc.seat_paints[k] != 0 && sc.world.valid(cars[k]))
            sc.world.set_paint(cars[k], sc.seat_paints[k]);
}

void players_reset(Scene& sc) {
    if (sc.race.has_track()) return;  // the race's restart put them on the grid
    for (CarId id : sc.humans)
        if (sc.world.valid(id)) sc.world.reset_car(id);
}

CarId player_car(const Scene& sc, std::size_t seat) {
    if (seat == 0) return sc.world.player();
    return seat <= sc.humans.size() ? sc.humans[seat - 1] : CarId{};
}

std::vector<CarId> player_cars(const Scene& sc) {
    std::vector<CarId> out{sc.world.player()};
    out.insert(out.end(), sc.humans.begin(), sc.humans.end());
    return out;
}

void player_input(Scene& sc, std::size_t seat, const InputState& input) {
    const CarId id = player_car(sc, seat);
    if (seat == 0 || !sc.world.valid(id)) return;
    if (input.reset && sc.race.has_track()) sc.race.respawn(sc.world, id);
    sc.world.set_input(id, input);
}

}  // namespace skidpad::app
