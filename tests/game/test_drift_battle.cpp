// The drift battle: each seat's car scores its own slides, the clock runs out, the combo
// under way is banked and the higher total wins; a tie has no winner; one player is no
// battle; the drift mode with two players is one and its restart starts it again.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "event.hpp"
#include "modes/drift_rig.hpp"
#include "players.hpp"
#include "session.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/scene/preset.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
constexpr double kDt = 1.0 / 120.0;
constexpr double kRad = kPi / 180.0;

/// Two players on an empty ground: seat 2's car 200 m away from seat 1's.
void open_two(Scene& sc, const Settings& s) {
    sc.world = World(world_def(s));
    sc.world.add_car({0.0, 0.0}, 0.0, s.car);
    sc.players = 2;
    players_place(sc);
    sc.world.set_start_pose(sc.humans[0], {200.0, 200.0}, 0.0);
    sc.world.reset_car(sc.humans[0]);
}

/// A driver that flicks into a slide and holds about 35 degrees of body slip.
InputState drift_driver(const World& w, CarId id) {
    InputState in;
    const DriftSample now = drift_sample(w, id, nullptr);
    const double beta_deg = now.slip_rad / kRad;
    if (w.time() < 0.6) {
        in.steer = 1.0;
        in.handbrake = w.time() > 0.2 ? 1.0 : 0.0;
        in.throttle = 0.5;
        return in;
    }
    const double wheel_deg = beta_deg + 0.5 * (35.0 - std::fabs(beta_deg));
    in.steer = std::clamp(wheel_deg * kRad / w.car_def(id).max_steer, -1.0, 1.0);
    in.throttle = std::clamp(
        0.8 + 0.05 * (35.0 - std::fabs(beta_deg)) + 0.1 * (16.0 - now.speed_mps), 0.0, 1.0);
    return in;
}
}  // namespace

TEST_CASE("drift battle: the seat that slides wins when the clock runs out",
          "[game][drift][seats]") {
    // The shipped drift car, which the driver below holds in a slide.
    Settings s;
    REQUIRE(
        load_preset_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/drift-rwd.json", s).ok);
    Scene sc;
    open_two(sc, s);
    const CarId two = player_car(sc, 1);
    car_set_speed(sc.world.car(two), sc.world.car_def(two), 20.0);
    DriftBattle b;
    drift_battle_start(b, 2, sc.world.time());
    b.length = 8.0;
    CHECK(b.on);
    CHECK(drift_battle_left(b, 0.0) == Approx(8.0));
    double mid = -1.0;
    while (!b.over && sc.world.time() < 20.0) {
        sc.world.set_input(two, drift_driver(sc.world, two));
        sc.world.step(kDt);
        drift_battle_step(b, sc, kDt);
        if (mid < 0.0 && sc.world.time() >= 4.0) mid = drift_battle_points(b, 1);
    }
    REQUIRE(b.over);
    CHECK(sc.world.time() == Approx(8.0).margin(kDt));
    INFO("seat 2: " << drift_battle_points(b, 1) << " points (" << mid << " at 4 s)");
    CHECK(mid > 100.0);
    CHECK(drift_battle_points(b, 1) > mid);
    CHECK(drift_battle_points(b, 0) == 0.0);
    CHECK_FALSE(b.seats[1].state().in_combo);  // banked at the end
    CHECK(b.seats[1].state().total == drift_battle_points(b, 1));
    CHECK(b.winner == 1);
    CHECK(drift_battle_left(b, sc.world.time()) == 0.0);
    // Over: no more points.
    const double final_points = drift_battle_points(b, 1);
    sc.world.step(kDt);
    drift_battle_step(b, sc, kDt);
    CHECK(drift_battle_points(b, 1) == final_points);
}

TEST_CASE("drift battle: a tie has no winner and one player is no battle", "[game][drift][seats]") {
    const Settings s;
    Scene sc;
    open_two(sc, s);
    DriftBattle b;
    drift_battle_start(b, 2, 0.0);
    b.length = 1.0;
    while (!b.over && sc.world.time() < 3.0) {
        sc.world.step(kDt);
        drift_battle_step(b, sc, kDt);
    }
    CHECK(b.over);
    CHECK(b.winner == -1);
    DriftBattle one;
    drift_battle_start(one, 1, 0.0);
    CHECK_FALSE(one.on);
    CHECK(drift_battle_left(one, 0.0) == 0.0);
}

TEST_CASE("drift battle: the drift mode with two players is one, restarted with the scene",
          "[game][drift][seats]") {
    const Settings settings;
    Session ses;
    test::start_players(ses, settings, 2, "drift");
    REQUIRE(ses.mode);
    const DriftRigMode* d = drift_rig_state(*ses.mode);
    REQUIRE(d);
    CHECK(d->battle.on);
    CHECK(d->battle.seats.size() == 2);
    const double dt = fixed_dt(ses.settings().sim);
    for (int i = 0; i < 240; ++i)
        ses.step(SeatInputs{}, dt);
    CHECK(drift_battle_left(d->battle, ses.sim.scene.world.time()) ==
          Approx(kBattleSeconds - 240 * dt).margin(1e-6));
    REQUIRE(ses.apply(Event::restart_mode()).empty());
    CHECK(drift_battle_left(d->battle, ses.sim.scene.world.time()) ==
          Approx(kBattleSeconds).margin(1e-6));
}
