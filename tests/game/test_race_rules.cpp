// A race's rules (laps and the drivers' level): the field they build, the replay record
// that keeps them (absent for the default, so older races are stored byte for byte as
// before), and a race with rules replayed to its hash.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "race_rules.hpp"
#include "replay_player.hpp"
#include "session.hpp"
#include "skidpad/replay/replay.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
void run(Session& s, double seconds, double throttle) {
    InputState in;
    in.throttle = throttle;
    const double dt = fixed_dt(s.settings().sim);
    for (double t = 0.0; t < seconds; t += dt)
        s.step(SeatInputs{{in}}, dt);
}

/// A recorded race on the oval with `rules`: the replay at the end.
Replay race(const RaceRules& rules) {
    const Settings settings;
    Session s;
    test::start_oval_race(s, settings, rules);
    CHECK(s.sim.scene.race.laps() == rules.laps);
    CHECK(s.sim.race_drivers.size() == 3);
    run(s, 25.0, 0.8);  // the countdown, then 22 s of racing
    return s.sim.recorder.snapshot(s.sim.scene.world.state_hash());
}
}  // namespace

TEST_CASE("race rules: levels by name and the mixed field's levels in turn", "[game][race]") {
    RaceLevel l;
    CHECK(race_level_name(l) == "club");
    REQUIRE(parse_race_level("mixed", l));
    CHECK(race_level_name(l) == "mixed");
    CHECK(race_level_of(l, 0) == Difficulty::Novice);
    CHECK(race_level_of(l, 1) == Difficulty::Club);
    CHECK(race_level_of(l, 2) == Difficulty::Pro);
    CHECK(race_level_of(l, 3) == Difficulty::Novice);
    REQUIRE(parse_race_level("pro", l));
    CHECK(race_level_of(l, 1) == Difficulty::Pro);
    CHECK_FALSE(parse_race_level("expert", l));
    RaceRules r{5, RaceLevel{Difficulty::Club, true}};
    RaceRules back;
    REQUIRE(race_rules_of(race_rules_event(r), back));
    CHECK(back == r);
    ReplayEvent bad = race_rules_event(r);
    bad.laps = 11;
    CHECK_FALSE(race_rules_of(bad, back));
}

TEST_CASE("race rules: the default race records no rules, other rules replay to the hash",
          "[game][race][replay]") {
    const Replay plain = race(RaceRules{});
    CHECK(test::count_events(plain, ReplayOp::RaceRules) == 0);
    CHECK(test::count_events(plain, ReplayOp::RaceStart) == 1);

    const RaceRules rules{2, RaceLevel{Difficulty::Pro, false}};
    const Replay pro = race(rules);
    REQUIRE(test::count_events(pro, ReplayOp::RaceRules) == 1);
    // The rules come just before the race start they belong to.
    for (std::size_t i = 0; i + 1 < pro.events.size(); ++i)
        if (pro.events[i].op == ReplayOp::RaceRules)
            CHECK(pro.events[i + 1].op == ReplayOp::RaceStart);
    // The file keeps them, and the playback builds the same field and ends on the hash.
    Scene scene;
    test::play_through_file(pro, scene);
    CHECK(scene.race.laps() == 2);
    CHECK(scene.world.state_hash() == pro.final_hash);
    // A pro field on the same grid drives differently from a club one: the hash differs.
    CHECK(pro.final_hash != plain.final_hash);
}
