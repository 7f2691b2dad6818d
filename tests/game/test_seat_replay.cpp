// The join screen's choices in a replay: a race of two players in cars and colours of
// their own replays to the same hash, places and laps with the same cars and paints; the
// Seats record goes through the file and back, and the reader refuses what does not fit.
#include <catch2/catch.hpp>

#include <cstring>

#include "players.hpp"
#include "replay_player.hpp"
#include "seat_setup.hpp"
#include "session.hpp"
#include "skidpad/plan/autopilot.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/tune/params.hpp"
#include "support/game_session.hpp"
#include "support/shipped_preset.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

/// Seat order: each human car's place in the race (1 = leading), its laps, its mass and
/// its paint as drawn; and the world's hash.
struct Result : test::SeatResult {
    std::vector<double> mass;
    std::vector<Color> paint;
};

Result result_of(const Scene& sc) {
    Result r;
    static_cast<test::SeatResult&>(r) = test::seat_result(sc);
    for (CarId id : player_cars(sc))
        r.mass.push_back(sc.world.car_def(id).mass);
    r.paint = sc.seat_paints;
    return r;
}

/// How many of the scene's shapes are filled with `c`.
int painted(const Scene& sc, Color c) {
    DrawList out;
    sc.world.draw(out, 1.0);
    int n = 0;
    for (const Shape& sh : out.shapes)
        n += sh.fill == c ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("seat setup: a seat's car goes through the record with every tunable as it was",
          "[game][players][seats][replay]") {
    const Settings rally = test::shipped_preset("rally-awd");
    const std::vector<ReplaySeat> seats =
        seat_setup_of({rgba(40, 90, 210), rgba(40, 160, 60)}, {std::nullopt, rally});
    REQUIRE(seats.size() == 2);
    CHECK_FALSE(seats[0].own_car);
    CHECK(seats[0].car.empty());
    REQUIRE(seats[1].own_car);
    CHECK_FALSE(seats[1].car.empty());
    const Settings back = seat_setup_settings(seats[1]);
    const auto& params = param_registry().all();
    for (const ParamDesc& p : params) {
        const double a = p.get(rally), b = p.get(back);
        INFO(p.key);
        CHECK(std::memcmp(&a, &b, sizeof a) == 0);
    }
    CHECK(back.car.mass == rally.car.mass);
}

TEST_CASE(
    "seat setup: two players in cars and colours of their own race on club and the "
    "replay gives the same cars, paints, places, laps and hash",
    "[game][players][seats][replay][race]") {
    const Settings settings;
    const Settings rally = test::shipped_preset("rally-awd");
    REQUIRE(rally.car.mass != settings.car.mass);
    const Color blue = rgba(40, 90, 210), green = rgba(40, 160, 60);
    Session s;
    ModeOptions mo;
    mo.track = "club";
    mo.opponents = 1;
    mo.rules.laps = 1;
    test::start_players(s, settings, 2, "race", mo);
    s.record_begin(settings, "", true);
    // What the join screen hands over when both players are ready.
    REQUIRE(
        s.apply(Event::seat_setup(seat_setup_of({blue, green}, {std::nullopt, rally}))).empty());
    Scene& sc = s.sim.scene;
    const std::vector<CarId> cars = player_cars(sc);
    REQUIRE(cars.size() == 2);
    CHECK(sc.world.car_def(cars[1]).mass == rally.car.mass);
    CHECK(sc.world.car_def(cars[0]).mass == settings.car.mass);
    CHECK(painted(sc, blue) > 0);
    CHECK(painted(sc, green) > 0);
    REQUIRE(sc.race.entry(cars[1]) != nullptr);
    AutopilotState a0, a1;
    auto drive = [&sc](AutopilotState& ap, CarId id) {
        const Race& race = sc.race;
        return autopilot_drive(ap, sc.world.car(id), plan_car_from_def(sc.world.car_def(id)),
                               race.line().path, race.profile(), race.plan());
    };
    auto finished = [&](CarId id) { return sc.race.entry(id)->finish_time >= 0.0; };
    const double dt = fixed_dt(s.settings().sim);
    const int cap = static_cast<int>(300.0 / dt);
    for (int i = 0; i < cap && !(finished(cars[0]) && finished(cars[1])); ++i) {
        SeatInputs in;
        in.seat = {drive(a0, cars[0]), drive(a1, cars[1])};
        s.step(in, dt);
    }
    REQUIRE(finished(cars[0]));
    REQUIRE(finished(cars[1]));
    const Result live = result_of(sc);
    CHECK(live.laps == std::vector<int>{1, 1});
    CHECK(live.mass == std::vector<double>{settings.car.mass, rally.car.mass});

    const Replay r = s.sim.recorder.snapshot(sc.world.state_hash());
    CHECK(test::count_events(r, ReplayOp::Seats) == 1);
    Scene played;
    const Replay back = test::play_through_file(r, played);
    const Result again = result_of(played);
    CHECK(again.place == live.place);
    CHECK(again.laps == live.laps);
    CHECK(again.mass == live.mass);
    CHECK(again.paint == std::vector<Color>{blue, green});
    CHECK(painted(played, blue) > 0);
    CHECK(painted(played, green) > 0);
    CHECK(again.hash == live.hash);
    CHECK(again.hash == r.final_hash);

    // Without the record the second car is the player's: the run ends elsewhere.
    Replay bare = back;
    std::erase_if(bare.events, [](const ReplayEvent& e) { return e.op == ReplayOp::Seats; });
    ReplayPlayer q;
    Scene other;
    REQUIRE(replay_open(q, other, bare).empty());
    replay_play_all(q, other);
    CHECK(other.world.state_hash() != r.final_hash);
}

TEST_CASE("seat setup: a single player's run records no seats record",
          "[game][players][seats][replay]") {
    const Settings settings;
    Session s;
    test::start_players(s, settings, 1, "free");
    s.record_begin(settings, "", false);
    REQUIRE(s.apply(Event::seat_setup(seat_setup_of({rgba(40, 90, 210)}, {}))).empty());
    CHECK(s.sim.scene.seat_paints == std::vector<Color>{rgba(40, 90, 210)});
    CHECK(s.sim.recorder.replay().events.empty());
}

TEST_CASE("seat setup: the reader refuses a seats record that does not fit the replay",
          "[game][players][seats][replay][files]") {
    const Settings rally = test::shipped_preset("rally-awd");
    ReplayEvent e;
    e.op = ReplayOp::Seats;
    e.seats = seat_setup_of({rgba(1, 2, 3), rgba(4, 5, 6)}, {std::nullopt, rally});
    Replay r = test::two_seat_replay(2);
    r.events.push_back(e);
    const ReplayParse good = parse_replay(encode_replay(r));
    INFO(good.error);
    REQUIRE(good.ok);
    REQUIRE(good.replay.events.size() == 1);
    CHECK(good.replay.events[0].seats == e.seats);

    auto refused = [](const Replay& bad, const std::string& what) {
        const ReplayParse p = parse_replay(encode_replay(bad));
        INFO(p.error);
        CHECK_FALSE(p.ok);
        CHECK(p.error.find(what) != std::string::npos);
    };
    Replay three = r;
    three.events[0].seats.push_back(ReplaySeat{});
    refused(three, "seats record for 3 seats of a replay of 2 players");
    Replay first = r;
    first.events[0].seats[0].own_car = true;
    refused(first, "seat 1's car flag 1");
    Replay range = r;
    range.events[0].seats[1].car = {TuneEvent{0, 1e300}};
    refused(range, "seat car: ");
    Replay many = r;  // more join screens than the limit (1000)
    many.events.assign(1001, e);
    refused(many, "more than 1000 seats records");
    ReplayRecorder rec;  // the recorder stops before it writes what the reader refuses
    rec.begin(r.header);
    for (int i = 0; i < 1001; ++i)
        rec.event(e);
    CHECK(rec.full());
    CHECK(rec.replay().events.size() == 1000);
    Replay twice = r;
    twice.events[0].seats[1].car = {TuneEvent{0, param_registry().all()[0].def},
                                    TuneEvent{0, param_registry().all()[0].def}};
    refused(twice, "seat car gives a tunable twice");
}
