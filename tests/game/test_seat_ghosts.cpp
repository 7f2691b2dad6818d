// The time trial of several players: each further seat races its own best lap of the
// session as a ghost of its own (seat 1's is the mode's stored best lap), recorded frame
// by frame as that seat drove it and sent off with it on each new lap.
#include <catch2/catch.hpp>

#include "modes/mode_time_trial.hpp"
#include "modes/seat_ghosts.hpp"
#include "players.hpp"
#include "session.hpp"
#include "skidpad/plan/autopilot.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("seat ghosts: each further player races its own best lap of the time trial",
          "[game][players][ghost]") {
    const Settings settings;
    Session s;
    ModeOptions mo;
    mo.track = "club";
    test::start_players(s, settings, 2, "time-trial", mo);
    Scene& sc = s.sim.scene;
    const std::vector<CarId> cars = player_cars(sc);
    REQUIRE(cars.size() == 2);
    REQUIRE(s.mode != nullptr);
    const SeatGhosts* g = time_trial_seat_ghosts(*s.mode);
    REQUIRE(g != nullptr);
    AutopilotState a0, a1;
    auto drive = [&sc](AutopilotState& ap, CarId id, double scale) {
        InputState in =
            autopilot_drive(ap, sc.world.car(id), plan_car_from_def(sc.world.car_def(id)),
                            sc.race.line().path, sc.race.profile(), sc.race.plan());
        in.throttle *= scale;
        return in;
    };
    const double dt = fixed_dt(s.settings().sim);
    auto step = [&] {
        SeatInputs in;
        in.seat = {drive(a0, cars[0], 1.0), drive(a1, cars[1], 0.85)};
        s.step(in, dt);
    };
    const RaceEntry* e2 = sc.race.entry(cars[1]);
    REQUIRE(e2 != nullptr);
    // Until the second player's first full lap (its out-lap from the grid starts the clock).
    int steps = 0, lap_start = -1;
    const int cap = static_cast<int>(400.0 / dt);
    while (steps < cap && e2->timer.laps < 1) {
        step();
        ++steps;
        if (lap_start < 0 && e2->timer.timing) lap_start = steps;
    }
    REQUIRE(e2->timer.laps == 1);
    REQUIRE(e2->last_lap_valid);
    REQUIRE(g->seats.size() == 1);
    const SeatLapWatch& w = g->seats[0];
    const Ghost& ghost = w.ghost;
    REQUIRE(ghost.active);
    CHECK(ghost.from_lap);
    CHECK(w.best_s == e2->timer.last_lap);
    CHECK(ghost.label == "P2 ghost");
    CHECK(ghost.paint == car_paint(1));  // the world's paint for the second car
    // A frame per step of the lap: its time at the physics rate, give or take a step.
    const double frames = static_cast<double>(ghost.lap.frames.size());
    CHECK(frames == Approx(w.best_s / dt).margin(2.0));
    CHECK(steps - lap_start == Approx(w.best_s / dt).margin(2.0));
    // Sent off with the new lap: after 5 s it is where the second player was 5 s into
    // the lap it recorded, and it has moved on from the line.
    CHECK_FALSE(ghost.waiting);
    const int n = static_cast<int>(5.0 / dt);
    for (int i = 0; i < n; ++i)
        step();
    CHECK(ghost.lap_at == static_cast<std::size_t>(n));
    Car scratch;
    const Car* gc = ghost_car(ghost, scratch);
    REQUIRE(gc != nullptr);
    CHECK(gc->position.x == ghost.lap.frames[static_cast<std::size_t>(n)].position.x);
    CHECK(gc->position.y == ghost.lap.frames[static_cast<std::size_t>(n)].position.y);
    CHECK(glm::length(gc->position - ghost.lap.frames.front().position) > 30.0);
    // Seat 1's ghost is its own lap, not the second player's.
    if (s.ghost.active) CHECK(s.ghost.lap.frames.size() != ghost.lap.frames.size());
}
