// A cup raced in the game: its field, each round's race, and a race's finishing order
// turned into the cup's standings, round by round to its result.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cup_run.hpp"
#include "skidpad/plan/driver_skill.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("cup run: the field and the rounds' races follow the cup", "[game][cup]") {
    CupRun run = cup_run_start(0);  // Bronze Cup: 5 opponents, novice, 3 laps
    REQUIRE(run.champ.drivers().size() == 6);
    CHECK(run.champ.drivers()[0] == "You");
    CHECK(run.champ.drivers()[1] == race_drivers()[0].name);
    ModeOptions mo = cup_round_options(run, "p2");
    CHECK(mo.track == "club");
    CHECK(mo.opponents == 5);
    CHECK(mo.rules.laps == 3);
    CHECK(mo.rules.level == RaceLevel{Difficulty::Novice, false});
    CHECK(mo.profile == "p2");
    // The Gold Cup: 7 opponents (a race's most), pro, 4 laps, technical first.
    const CupRun gold = cup_run_start(2);
    CHECK(gold.champ.drivers().size() == 8);
    mo = cup_round_options(gold, "");
    CHECK(mo.track == "technical");
    CHECK(mo.rules.laps == 4);
    CHECK(mo.rules.level == RaceLevel{Difficulty::Pro, false});
}

TEST_CASE("cup run: finishing orders by the HUD's names make the standings", "[game][cup]") {
    CupRun run = cup_run_start(0);
    const std::vector<std::string>& d = run.champ.drivers();
    // The race's entries: the AI in grid order (any order of the roster), the player last.
    const std::vector<std::string> entries = {d[3], d[1], d[5], d[2], d[4], "You"};
    // Round 1: the player wins, then entries 0..4 in order.
    std::vector<int> order = cup_finishing_order(run.champ, entries, {5, 0, 1, 2, 3, 4});
    CHECK(order == std::vector<int>{0, 3, 1, 5, 2, 4});
    REQUIRE(run.champ.record(order).empty());
    CHECK(run.champ.player_points() == 25);
    CHECK(run.champ.player_place() == 1);
    CHECK(cup_round_options(run, "").track == "oval");
    // Round 2: the player fourth (12 points); driver 1 wins (15 + 25 = 40) and leads.
    order = cup_finishing_order(run.champ, entries, {1, 0, 2, 5, 3, 4});
    REQUIRE(run.champ.record(order).empty());
    CHECK(run.champ.player_points() == 37);
    CHECK(run.champ.standings()[0].driver == 1);
    CHECK(run.champ.player_place() == 2);  // 37, ahead of driver 3's 36
    // An unknown name or entry is left out, and a short order is refused by the cup.
    order = cup_finishing_order(run.champ, entries, {7, 0, 1});
    CHECK(order == std::vector<int>{3, 1});
    CHECK_FALSE(run.champ.record(order).empty());
    REQUIRE(run.champ.record(cup_finishing_order(run.champ, entries, {0, 1, 2, 3, 4, 5})).empty());
    CHECK(run.champ.finished());
    CHECK(run.champ.player_points() == 45);  // 25 + 12 + 8 (sixth)
}

TEST_CASE("cup run: a cup under way survives the progress file and resumes", "[game][cup]") {
    CupRun run = cup_run_start(1);  // Silver Cup: 6 opponents, 4 rounds
    REQUIRE(run.champ.record({0, 1, 2, 3, 4, 5, 6}).empty());
    REQUIRE(run.champ.record({2, 0, 1, 3, 4, 5, 6}).empty());
    Progress p;
    p.current_cup = cup_run_saved(run);
    Progress back;
    REQUIRE(parse_progress(progress_text(p), "progress.json", back).empty());
    REQUIRE(back.current_cup);
    CHECK(back.current_cup->cup == "silver-cup");
    CupRun resumed = cup_run_start(0);
    REQUIRE(cup_run_resume(*back.current_cup, resumed).empty());
    CHECK(resumed.champ.cup().id == "silver-cup");
    CHECK(resumed.champ.round() == 2);
    CHECK(resumed.champ.player_points() == 25 + 18);
    CHECK(cup_round_options(resumed, "").track == "club");  // oval, technical, then club
    // A file without the field (as every file before it) has no cup under way.
    Progress none;
    REQUIRE(parse_progress(progress_text(Progress{}), "progress.json", none).empty());
    CHECK_FALSE(none.current_cup);
    // What the cup cannot take is refused with the reason, and nothing is resumed.
    CupUnderWay bad{"silver-cup", {{0, 1, 2}}};
    CupRun kept = cup_run_start(0);
    CHECK(cup_run_resume(bad, kept) == "a result needs all 7 drivers");
    CHECK(kept.champ.cup().id == "bronze-cup");
    CHECK(cup_run_resume(CupUnderWay{"tin-cup", {}}, kept) == "no cup 'tin-cup'");
    std::string text = progress_text(p);
    text.replace(text.find("\"rounds\""), 8, "\"roundz\"");
    CHECK(parse_progress(text, "progress.json", back) ==
          "progress.json: current_cup: field 'rounds' is not a list of at most 20 rounds");
}
