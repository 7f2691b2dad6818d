// Championships: the points table, standings with count-back, the reversed grid, results
// checked, three cups of rising difficulty on shipped tracks, and a short cup raced
// headless by AI drivers.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "championship.hpp"
#include "skidpad/plan/race_run.hpp"
#include "skidpad/scene/preset.hpp"
#include "support/shipped_preset.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("championship: points 25-18-15-12-10-8-6-4-2-1", "[game][cup]") {
    const int want[12] = {25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0};
    for (int k = 0; k < 12; ++k)
        CHECK(points_for_place(k + 1) == want[k]);
    CHECK(points_for_place(0) == 0);
}

TEST_CASE("championship: three cups of rising difficulty on shipped tracks", "[game][cup]") {
    REQUIRE(cups().size() == 3);
    for (std::size_t k = 0; k < cups().size(); ++k) {
        const Cup& c = cups()[k];
        INFO(c.id);
        CHECK(c.tracks.size() >= 3);
        if (k > 0) {
            CHECK(static_cast<int>(c.difficulty) > static_cast<int>(cups()[k - 1].difficulty));
            CHECK(c.tracks.size() >= cups()[k - 1].tracks.size());
        }
        for (const std::string& t : c.tracks)
            CHECK(std::filesystem::exists(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + t +
                                          ".json"));
    }
    CHECK(cup_ids() == std::vector<std::string>{"bronze-cup", "silver-cup", "gold-cup"});
}

TEST_CASE("championship: standings after each round, count-back, reversed grid", "[game][cup]") {
    Cup cup = cups()[0];
    cup.tracks = {"club", "oval", "rally"};
    Championship ch(cup, {"You", "A", "B", "C"});
    CHECK(ch.next_track() == "club");
    // No qualifying: the AI drivers in order, the player at the back.
    CHECK(ch.grid() == std::vector<int>{1, 2, 3, 0});
    CHECK(ch.grid({2, 0, 3, 1}) == std::vector<int>{2, 0, 3, 1});
    REQUIRE(ch.record({1, 0, 2, 3}).empty());  // A 25, You 18, B 15, C 12
    CHECK(ch.player_place() == 2);
    CHECK(ch.player_points() == 18);
    // The standings reversed: the leader starts last.
    CHECK(ch.grid() == std::vector<int>{3, 2, 0, 1});
    CHECK(ch.next_track() == "oval");
    REQUIRE(ch.record({0, 1, 3, 2}).empty());  // You 43, A 43, B 27, C 27
    const std::vector<CupStanding> st = ch.standings();
    // Level on points and on count-back (a win and a second each; a third and a fourth
    // each): the order the drivers were entered in.
    CHECK(st[0].points == 43);
    CHECK(st[1].points == 43);
    CHECK(st[2].points == 27);
    CHECK(st[3].points == 27);
    REQUIRE(ch.record({2, 3, 1, 0}).empty());  // You +12 = 55, A +15 = 58, B +25 = 52, C +18 = 45
    CHECK(ch.finished());
    CHECK(ch.next_track().empty());
    const std::vector<CupStanding> end = ch.standings();
    CHECK(end[0].driver == 1);
    CHECK(end[0].points == 58);
    CHECK(end[1].driver == 0);
    CHECK(end[1].points == 55);
    CHECK(end[2].driver == 2);
    CHECK(end[2].wins == 1);
    CHECK(end[3].driver == 3);
    CHECK(ch.player_place() == 2);
    CHECK(ch.record({0, 1, 2, 3}) == "the cup is over");
}

TEST_CASE("championship: level on points, more wins then better places go ahead", "[game][cup]") {
    Cup cup = cups()[0];
    cup.tracks = {"club", "oval"};
    Championship ch(cup, {"You", "A", "B"});
    REQUIRE(ch.record({0, 2, 1}).empty());  // You 25, B 18, A 15
    REQUIRE(ch.record({2, 1, 0}).empty());  // B 25, A 18, You 15: You 40, B 43, A 33
    std::vector<CupStanding> st = ch.standings();
    CHECK(st[0].driver == 2);
    Championship tie(cup, {"You", "A"});
    REQUIRE(tie.record({0, 1}).empty());
    REQUIRE(tie.record({1, 0}).empty());  // 43 each, a win each, a second each: entry order
    st = tie.standings();
    CHECK(st[0].points == st[1].points);
    CHECK(st[0].driver == 0);
}

TEST_CASE("championship: a result must name every driver once", "[game][cup]") {
    Championship ch(cups()[0], {"You", "A", "B"});
    CHECK(ch.record({0, 1}) == "a result needs all 3 drivers");
    CHECK(ch.record({0, 1, 1}) == "driver 1 is not in the field once");
    CHECK(ch.record({0, 1, 5}) == "driver 5 is not in the field once");
    CHECK(ch.round() == 0);
}

TEST_CASE("championship: a cup raced headless by AI drivers, the grid reversed each round",
          "[game][cup][race]") {
    // A short cup: four drivers, two one-lap rounds; the player's seat driven by a driver.
    Cup cup = cups()[0];
    cup.tracks = {"oval", "club"};
    const std::vector<RaceDriver>& roster = race_drivers();
    std::vector<std::string> names;
    for (std::size_t k = 0; k < 4; ++k)
        names.push_back(roster[k].name);
    Championship ch(cup, names);
    const Settings base;
    while (!ch.finished()) {
        const std::vector<int> grid = ch.grid();
        std::vector<RaceRunEntrant> field;
        for (const int d : grid) {
            const RaceDriver& r = roster[static_cast<std::size_t>(d)];
            field.push_back({r.name, r.preset, test::shipped_preset(r.preset).car,
                             driver_skill(cup.difficulty, r.personality)});
        }
        const TrackResult tr = load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" +
                                               ch.next_track() + ".json");
        REQUIRE(tr.ok);
        RaceRunConfig cfg;
        cfg.laps = 1;
        cfg.seed = static_cast<std::uint64_t>(ch.round() + 1);
        const RaceRunResult r = run_ai_race(tr.track, base, field, cfg);
        INFO("round " << ch.round() + 1 << ": " << r.error);
        REQUIRE(r.finished == 4);
        std::vector<int> order;
        for (const RaceRunCar& c : r.cars)
            order.push_back(grid[static_cast<std::size_t>(c.grid)]);
        REQUIRE(ch.record(order).empty());
        // After each round the points add up to the table's first four places per round.
        int total = 0;
        for (const CupStanding& s : ch.standings())
            total += s.points;
        CHECK(total == ch.round() * (25 + 18 + 15 + 12));
        if (!ch.finished()) {
            // The next grid is the standings reversed: the leader starts last.
            CHECK(ch.grid().back() == ch.standings().front().driver);
        }
    }
    CHECK(ch.standings().front().points >= 25);
}
