// Several human players on one machine: each seat's input drives its own car only, a
// race of two scripted players replays to the same places and laps, and the replay
// file holds every human seat's input (and refuses what does not fit).
#include <catch2/catch.hpp>

#include <cmath>

#include "players.hpp"
#include "replay_player.hpp"
#include "session.hpp"
#include "skidpad/plan/autopilot.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

double moved(const World& w, CarId id, dvec2 from) {
    return glm::length(w.car(id).position - from);
}

/// A scripted driver: the planner's controller on the race's line, its throttle scaled.
struct Driver {
    AutopilotState ap;
    double throttle_scale = 1.0;
    InputState drive(const Scene& sc, CarId id) {
        const World& w = sc.world;
        const Race& race = sc.race;
        InputState in = autopilot_drive(ap, w.car(id), plan_car_from_def(w.car_def(id)),
                                        race.line().path, race.profile(), race.plan());
        in.throttle *= throttle_scale;
        return in;
    }
};

}  // namespace

TEST_CASE("players: the count the game takes is 1..4", "[game][players]") {
    CHECK(players_check(1).empty());
    CHECK(players_check(4).empty());
    CHECK(players_check(0) == "players 0 (1..4)");
    CHECK(players_check(5) == "players 5 (1..4)");
}

TEST_CASE("players: a seat's input moves its own car and never another seat's",
          "[game][players][seats]") {
    const Settings settings;
    for (int players = 2; players <= 4; ++players) {
        for (int driver = 0; driver < players; ++driver) {
            Session s;
            test::start_players(s, settings, players, "free");
            const World& w = s.sim.scene.world;
            const std::vector<CarId> cars = player_cars(s.sim.scene);
            REQUIRE(cars.size() == static_cast<std::size_t>(players));
            REQUIRE(s.seats.size() >= cars.size());
            std::vector<dvec2> start;
            for (CarId id : cars)
                start.push_back(w.car(id).position);
            // Cars stand apart: at least a car's width of room between them.
            for (std::size_t a = 0; a < cars.size(); ++a)
                for (std::size_t b = a + 1; b < cars.size(); ++b)
                    CHECK(glm::length(start[a] - start[b]) >= 3.9);
            SeatInputs in;
            in.seat.resize(static_cast<std::size_t>(players));
            in.seat[static_cast<std::size_t>(driver)].throttle = 1.0;
            in.seat[static_cast<std::size_t>(driver)].steer = 0.2;
            const double dt = fixed_dt(s.settings().sim);
            for (int i = 0; i < 240; ++i)  // 2 s
                s.step(in, dt);
            for (std::size_t k = 0; k < cars.size(); ++k) {
                INFO("players " << players << ", seat " << driver + 1 << " drives; seat " << k + 1);
                if (static_cast<int>(k) == driver) {
                    CHECK(moved(w, cars[k], start[k]) > 5.0);  // 2 s at full throttle
                    CHECK(s.seats[k].hud.last_input.throttle == 1.0);
                } else {
                    CHECK(moved(w, cars[k], start[k]) < 1e-3);  // untouched
                    CHECK(w.input(cars[k]).throttle == 0.0);
                }
            }
        }
    }
}

TEST_CASE(
    "players: a headless-style run of 3 players records every seat and replays to "
    "its hash",
    "[game][players][replay]") {
    const Settings settings;
    Session s;
    test::start_players(s, settings, 3, "free");
    s.record_begin(settings, "", false);
    const double dt = fixed_dt(s.settings().sim);
    for (int i = 0; i < 360; ++i) {
        SeatInputs in;
        in.seat.resize(3);
        in.seat[0].throttle = 0.8;
        in.seat[1].throttle = i < 180 ? 1.0 : 0.0;
        in.seat[1].steer = -0.4;
        in.seat[2].brake = 0.0;
        in.seat[2].throttle = i > 100 ? 0.5 : 0.0;
        in.seat[2].reset = i == 300;  // seat 3 puts its car back
        s.step(in, dt);
    }
    const Replay r = s.sim.recorder.snapshot(s.sim.scene.world.state_hash());
    CHECK(r.header.players == 3);
    REQUIRE(r.seat_runs.size() == 2);
    // Through the file and back: the same inputs, seat by seat, and the same end.
    const ReplayParse back = parse_replay(encode_replay(r));
    REQUIRE(back.ok);
    CHECK(back.replay.header.players == 3);
    for (std::uint64_t i : {0ull, 179ull, 180ull, 299ull, 300ull, 301ull, 359ull}) {
        for (std::size_t seat = 0; seat < 3; ++seat) {
            INFO("step " << i << " seat " << seat);
            CHECK(same_input(back.replay.seat_input_at(seat, i), r.seat_input_at(seat, i)));
        }
    }
    CHECK(r.seat_input_at(2, 300).reset);
    CHECK_FALSE(r.seat_input_at(2, 301).reset);
    CHECK(r.seat_input_at(1, 179).throttle == 1.0);
    CHECK(r.seat_input_at(1, 180).throttle == 0.0);
    ReplayPlayer p;
    Scene scene;
    REQUIRE(replay_open(p, scene, back.replay).empty());
    replay_play_all(p, scene);
    CHECK(scene.world.state_hash() == r.final_hash);
    CHECK(scene.humans.size() == 2);
}

TEST_CASE("players: the replay file refuses a seat the header does not have",
          "[game][players][replay]") {
    Replay r = test::two_seat_replay(3);
    std::string bytes = encode_replay(r);
    REQUIRE(parse_replay(bytes).ok);
    // A single-player file is written as before: no flags, no seat records.
    Replay one = r;
    one.header.players = 1;
    one.seat_runs.clear();
    const std::string single = encode_replay(one);
    CHECK(single.size() < bytes.size());
    CHECK(single[10] == 0);  // the flags' low byte
    CHECK(bytes[10] == 1);   // the player count follows the scene
    // Five players: refused, naming the count.
    Replay five = r;
    five.header.players = 5;
    five.seat_runs.resize(4);
    const ReplayParse bad = parse_replay(encode_replay(five));
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.find("player count 5 (2..4)") != std::string::npos);
}

TEST_CASE(
    "players: two scripted players race on club and a replay of the run gives the "
    "same places and laps",
    "[game][players][race]") {
    const Settings settings;
    Session s;
    ModeOptions mo;
    mo.track = "club";
    mo.opponents = 1;
    test::start_players(s, settings, 2, "race", mo);
    s.record_begin(settings, "", true);
    Scene& sc = s.sim.scene;
    const std::vector<CarId> cars = player_cars(sc);
    REQUIRE(cars.size() == 2);
    // Both humans are in the race, at the back of the grid (the AI car on pole).
    REQUIRE(sc.race.entries().size() == 3);
    CHECK_FALSE(sc.race.entry(cars[0])->autopilot);
    CHECK_FALSE(sc.race.entry(cars[1])->autopilot);
    CHECK(sc.race.laps() == 3);
    Driver d0, d1;
    d1.throttle_scale = 0.8;  // the second player drives slower
    const double dt = fixed_dt(s.settings().sim);
    auto finished = [&](CarId id) { return sc.race.entry(id)->finish_time >= 0.0; };
    int steps = 0;
    const int cap = static_cast<int>(600.0 / dt);
    while (steps < cap && !(finished(cars[0]) && finished(cars[1]))) {
        SeatInputs in;
        in.seat = {d0.drive(sc, cars[0]), d1.drive(sc, cars[1])};
        s.step(in, dt);
        ++steps;
    }
    REQUIRE(finished(cars[0]));
    REQUIRE(finished(cars[1]));
    const test::SeatResult live = test::seat_result(sc);
    CHECK(live.laps == std::vector<int>{3, 3});
    // The faster player finishes ahead of the slower one.
    CHECK(live.place[0] < live.place[1]);

    const Replay r = s.sim.recorder.snapshot(sc.world.state_hash());
    const ReplayParse back = parse_replay(encode_replay(r));
    REQUIRE(back.ok);
    ReplayPlayer p;
    Scene played;
    REQUIRE(replay_open(p, played, back.replay).empty());
    replay_play_all(p, played);
    const test::SeatResult again = test::seat_result(played);
    CHECK(again.place == live.place);
    CHECK(again.laps == live.laps);
    CHECK(again.hash == live.hash);
    CHECK(again.hash == r.final_hash);
}

TEST_CASE("players: every mode places the further players' cars, apart, on its scene",
          "[game][players][modes]") {
    const Settings settings;
    struct Case {
        const char* mode;
        const char* track;
        bool on_track;
    };
    for (const Case& c : {Case{"free", "", false}, Case{"time-trial", "", true},
                          Case{"drift", "club", true}, Case{"race", "", true}}) {
        INFO(c.mode);
        Session s;
        ModeOptions mo;
        mo.track = c.track;
        test::start_players(s, settings, 3, c.mode, mo);
        const Scene& sc = s.sim.scene;
        const std::vector<CarId> cars = player_cars(sc);
        REQUIRE(cars.size() == 3);
        CHECK(sc.race.has_track() == c.on_track);
        for (std::size_t a = 0; a < cars.size(); ++a) {
            REQUIRE(sc.world.valid(cars[a]));
            CHECK(s.seats[a].car == cars[a]);
            // On a track every human car is timed (a race entry driven by its player).
            if (c.on_track) {
                REQUIRE(sc.race.entry(cars[a]) != nullptr);
                CHECK_FALSE(sc.race.entry(cars[a])->autopilot);
            }
            for (std::size_t b = a + 1; b < cars.size(); ++b)
                CHECK(glm::length(sc.world.car(cars[a]).position -
                                  sc.world.car(cars[b]).position) >= 3.9);
        }
        // Backspace (the scene from its start) keeps them, each at its start again.
        const dvec2 p2 = sc.world.car(cars[1]).position;
        REQUIRE(s.apply(Event::scene_reset()).empty());
        CHECK(sc.world.valid(cars[1]));
        CHECK(glm::length(sc.world.car(cars[1]).position - p2) < 1e-9);
    }
}

TEST_CASE("players: each seat's chosen car and paint stay with it through a scene reload",
          "[game][players][seats][join]") {
    const Settings settings;
    Session s;
    test::open_players(s, settings, 3);
    Scene& sc = s.sim.scene;
    const Color blue = rgba(40, 90, 210), green = rgba(40, 160, 60);
    CarDef heavy = settings.car;
    heavy.mass = 2100.0;
    sc.seat_paints = {green, 0, blue};
    sc.seat_cars = {std::nullopt, std::nullopt, heavy};
    players_place(sc);
    auto painted = [&sc](Color c) {
        DrawList out;
        sc.world.draw(out, 1.0);
        int n = 0;
        for (const Shape& sh : out.shapes)
            n += sh.fill == c ? 1 : 0;
        return n;
    };
    const std::vector<CarId> cars = player_cars(sc);
    REQUIRE(cars.size() == 3);
    CHECK(sc.world.car_def(cars[2]).mass == 2100.0);
    CHECK(sc.world.car_def(cars[1]).mass == settings.car.mass);
    CHECK(painted(blue) > 0);
    CHECK(painted(green) > 0);
    CHECK(painted(kPlayerPaint) == 0);  // seat 1 chose green instead
    // The arena loaded afresh builds the cars again: the choices come back with them.
    REQUIRE(s.apply(Event::select_scene(-1)).empty());
    const std::vector<CarId> again = player_cars(sc);
    REQUIRE(again.size() == 3);
    CHECK(sc.world.car_def(again[2]).mass == 2100.0);
    CHECK(painted(blue) > 0);
    CHECK(painted(green) > 0);
}
