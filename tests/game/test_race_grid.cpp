// A race on a given grid (a cup's later rounds start from the standings reversed): the
// field on the slots the grid names, the player among them, the grid kept in the replay
// (absent for the usual grid) and played back to the recorded hash; a bad grid refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cup_run.hpp"
#include "race_rules.hpp"
#include "replay_player.hpp"
#include "session.hpp"
#include "skidpad/replay/replay.hpp"
#include "support/game_session.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
/// A recorded race of 3 opponents on the oval with `rules`: the replay at the end, the
/// session's drivers in field order and each car's distance from its grid slot.
struct GridRace {
    Replay replay;
    std::vector<std::string> drivers;
    std::vector<double> off_slot;  ///< m, entry k's start from the slot the grid gives it
};

GridRace race(const RaceRules& rules, const std::vector<int>& slots) {
    const Settings settings;
    Session s;
    test::start_oval_race(s, settings, rules);
    GridRace out;
    out.drivers = s.sim.race_drivers;
    const Race& r = s.sim.scene.race;
    REQUIRE(r.entries().size() == slots.size());
    for (std::size_t k = 0; k < slots.size(); ++k) {
        dvec2 pos;
        double heading = 0.0;
        r.grid_pose(slots[k], pos, heading);
        out.off_slot.push_back(
            glm::length(s.sim.scene.world.car(r.entries()[k].car).position - pos));
    }
    InputState in;
    in.throttle = 0.8;
    const double dt = fixed_dt(s.settings().sim);
    for (double t = 0.0; t < 12.0; t += dt)
        s.step(SeatInputs{{in}}, dt);
    out.replay = s.sim.recorder.snapshot(s.sim.scene.world.state_hash());
    return out;
}
}  // namespace

TEST_CASE("race grid: the cars take the slots the grid names and the race replays to its hash",
          "[game][race][replay]") {
    // The player (3) on pole, then the roster's second, first and third drivers.
    RaceRules rules;
    rules.grid = {3, 1, 0, 2};
    // Entries: the AI in field order (slots 1, 2, 3), the player last (slot 0).
    const GridRace g = race(rules, {1, 2, 3, 0});
    REQUIRE(g.drivers.size() == 3);
    CHECK(g.drivers[0] == race_drivers()[1].name);
    CHECK(g.drivers[1] == race_drivers()[0].name);
    CHECK(g.drivers[2] == race_drivers()[2].name);
    for (const double d : g.off_slot)
        CHECK(d < 0.05);  // m: on its slot (held by the countdown)
    REQUIRE(test::count_events(g.replay, ReplayOp::RaceGrid) == 1);
    CHECK(test::count_events(g.replay, ReplayOp::RaceRules) == 0);  // 3 laps at the club level
    Scene scene;
    test::play_through_file(g.replay, scene);
    CHECK(scene.world.state_hash() == g.replay.final_hash);

    // The usual grid writes no grid record and starts elsewhere: another hash.
    const GridRace usual = race(RaceRules{}, {0, 1, 2, 3});
    CHECK(test::count_events(usual.replay, ReplayOp::RaceGrid) == 0);
    CHECK(usual.replay.final_hash != g.replay.final_hash);
}

TEST_CASE("race grid: a grid that does not place every car once is refused", "[game][race]") {
    CHECK(race_grid_valid({3, 1, 0, 2}, 3));
    CHECK_FALSE(race_grid_valid({3, 1, 1, 2}, 3));  // twice
    CHECK_FALSE(race_grid_valid({0, 1, 2}, 3));     // one short
    CHECK_FALSE(race_grid_valid({4, 1, 0, 2}, 3));  // no car 4
    std::vector<int> back;
    REQUIRE(race_grid_of(race_grid_event({2, 0, 1}), back));
    CHECK(back == std::vector<int>{2, 0, 1});
    // In a file: the reader names the bad place.
    Replay r;
    ReplayEvent e = race_grid_event({0, 0, 1});
    r.events.push_back(e);
    const ReplayParse parsed = parse_replay(encode_replay(r));
    CHECK_FALSE(parsed.ok);
    CHECK(parsed.error.find("race grid place 0 out of range or given twice") != std::string::npos);
    // A session refuses a race on such a grid with a message.
    Session s;
    const Settings settings;
    s.sim.tuner = Tuner(settings);
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(s.sim.scene, "", settings, warning, skipped);
    ModeOptions mo;
    mo.track = "oval";
    mo.opponents = 3;
    mo.rules.grid = {0, 1, 2};
    CHECK(s.apply(Event::start_mode("race", mo)) == "a race grid must place every car once");
}

TEST_CASE("race grid: a cup's later rounds start from the standings reversed", "[game][cup]") {
    CupRun run = cup_run_start(0);                         // Bronze Cup: the player and 5 drivers
    CHECK(cup_round_options(run, "").rules.grid.empty());  // round 1: the race's own grid
    // Round 1: the player wins, then the roster's drivers 1..5 (cup drivers 1..5) in order.
    REQUIRE(run.champ.record({0, 1, 2, 3, 4, 5}).empty());
    const ModeOptions mo = cup_round_options(run, "");
    // Reversed: the last of the standings (cup driver 5, roster 4) on pole, the player
    // (race index 5, the opponents' count) last.
    CHECK(mo.rules.grid == std::vector<int>{4, 3, 2, 1, 0, 5});
    CHECK(race_grid_valid(mo.rules.grid, mo.opponents));
}
