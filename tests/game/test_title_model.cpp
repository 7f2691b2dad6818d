// The title screen's model without a window: the main rows, a race set up and started,
// locked cars and cups with what unlocks them (a fresh and an advanced profile), and
// Back.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "title_model.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
const std::vector<std::string> kTracks = {"club", "oval", "rally", "technical"};
const std::vector<std::string> kCars = {"", "drift-rwd", "hatch-fwd", "rally-awd", "sports-rwd"};

std::vector<std::string> labels(const TitleModel& m) {
    std::vector<std::string> out;
    for (const TitleRow& r : m.rows())
        out.push_back(r.label);
    return out;
}

int row_of(const TitleModel& m, const std::string& label) {
    const std::vector<std::string> ls = labels(m);
    for (std::size_t i = 0; i < ls.size(); ++i)
        if (ls[i] == label) return static_cast<int>(i);
    return -1;
}

/// A profile that has won the Bronze Cup and a gold medal.
Progress advanced() {
    Progress p;
    record_cup(p, "bronze-cup", 1, 75);
    TrackMedal m;
    m.track = "club";
    m.car = "sports-rwd";
    m.lap = Medal::Gold;
    m.best_lap_s = 40.0;
    p.medals.push_back(m);
    return p;
}
}  // namespace

TEST_CASE("title model: the main page lists every mode, the editor, settings and quit",
          "[game][title]") {
    TitleModel m(kTracks, kCars, Progress{});
    CHECK(m.page() == TitleModel::Page::Main);
    CHECK(labels(m) == std::vector<std::string>{"Race", "Time trial", "Drift", "Free drive",
                                                "Sandbox", "Championship", "Track editor",
                                                "Settings", "Quit"});
    // The cursor wraps both ways.
    m.up();
    CHECK(m.cursor() == 8);
    CHECK(m.select().kind == TitleStart::Kind::Quit);
    m.down();
    CHECK(m.cursor() == 0);
    m.set_cursor(row_of(m, "Track editor"));
    CHECK(m.select().kind == TitleStart::Kind::Editor);
    m.set_cursor(row_of(m, "Settings"));
    CHECK(m.select().kind == TitleStart::Kind::Settings);
    m.set_cursor(row_of(m, "Free drive"));
    const TitleStart free = m.select();
    CHECK(free.kind == TitleStart::Kind::Mode);
    CHECK(free.mode == "free");
    CHECK(free.car.empty());  // the stock car
    // The sandbox starts at once, as free drive does, in the car chosen.
    m.set_car("hatch-fwd");
    m.set_cursor(row_of(m, "Sandbox"));
    const TitleStart sandbox = m.select();
    CHECK(sandbox.kind == TitleStart::Kind::Mode);
    CHECK(sandbox.mode == "sandbox");
    CHECK(sandbox.car == "hatch-fwd");
    CHECK(m.page() == TitleModel::Page::Main);
}

TEST_CASE("title model: a race set up row by row starts with what was chosen", "[game][title]") {
    TitleModel m(kTracks, kCars, Progress{});
    m.set_car("hatch-fwd");
    CHECK(m.select().kind == TitleStart::Kind::None);  // Race: to its setup page
    REQUIRE(m.page() == TitleModel::Page::Setup);
    CHECK(m.setup_mode() == "race");
    CHECK(labels(m) == std::vector<std::string>{"Track", "Car", "Opponents", "Laps", "Difficulty",
                                                "Start", "Back"});
    CHECK(m.cursor() == row_of(m, "Start"));
    CHECK(m.rows()[0].value == "club");
    CHECK(m.rows()[1].value == "hatch-fwd");
    // Track: club -> oval; opponents 3 -> 5 (and no more than 7); laps 3 -> 1 (not 0).
    m.set_cursor(row_of(m, "Track"));
    m.right();
    m.set_cursor(row_of(m, "Opponents"));
    m.right();
    m.right();
    m.set_cursor(row_of(m, "Laps"));
    for (int i = 0; i < 5; ++i)
        m.left();
    m.set_cursor(row_of(m, "Difficulty"));
    m.right();   // club -> pro
    m.select();  // Enter on a setting steps it too: pro -> mixed
    CHECK(m.rows()[static_cast<std::size_t>(row_of(m, "Difficulty"))].value == "mixed");
    m.set_cursor(row_of(m, "Start"));
    const TitleStart s = m.select();
    CHECK(s.kind == TitleStart::Kind::Mode);
    CHECK(s.mode == "race");
    CHECK(s.track == "oval");
    CHECK(s.car == "hatch-fwd");
    CHECK(s.opponents == 5);
    CHECK(s.laps == 1);
    CHECK(s.level.mixed);
    CHECK(race_level_of(s.level, 0) == Difficulty::Novice);
    CHECK(race_level_of(s.level, 4) == Difficulty::Club);
    CHECK(race_level_of(s.level, 5) == Difficulty::Pro);
    m.set_cursor(row_of(m, "Opponents"));
    for (int i = 0; i < 10; ++i)
        m.right();
    CHECK(m.rows()[static_cast<std::size_t>(row_of(m, "Opponents"))].value == "7");
    // Back returns to the main page on the row that led here.
    CHECK(m.back());
    CHECK(m.page() == TitleModel::Page::Main);
    CHECK(m.cursor() == 0);
    CHECK_FALSE(m.back());
}

TEST_CASE("title model: drift starts on the arena, time trial on the club circuit",
          "[game][title]") {
    TitleModel m(kTracks, kCars, Progress{});
    m.set_cursor(2);
    m.select();
    CHECK(labels(m) == std::vector<std::string>{"Track", "Car", "Start", "Back"});
    CHECK(m.rows()[0].value == "arena");
    TitleStart s = m.select();
    CHECK(s.mode == "drift");
    CHECK(s.track.empty());
    m.back();
    m.set_cursor(1);
    m.select();
    s = m.select();
    CHECK(s.mode == "time-trial");
    CHECK(s.track == "club");
}

TEST_CASE("title model: a fresh profile sees the rally and drift cars and two cups locked",
          "[game][title][progress]") {
    TitleModel m(kTracks, kCars, Progress{});
    m.select();  // Race setup
    m.set_cursor(row_of(m, "Car"));
    std::vector<std::string> seen;
    for (std::size_t i = 0; i < kCars.size(); ++i) {
        const TitleRow car = m.rows()[1];
        seen.push_back(car.value);
        INFO(car.value);
        CHECK(car.locked == (car.value == "rally-awd" || car.value == "drift-rwd"));
        if (car.value == "rally-awd")
            CHECK(car.why == "unlocked by any silver medal or a podium in a cup");
        if (car.value == "drift-rwd") {
            CHECK(car.why == "unlocked by any gold medal or a cup won");
            // Start refuses a locked car and says why.
            m.set_cursor(row_of(m, "Start"));
            CHECK(m.rows()[static_cast<std::size_t>(row_of(m, "Start"))].locked);
            CHECK(m.select().kind == TitleStart::Kind::None);
            CHECK(m.message() ==
                  "The drift-rwd is locked: unlocked by any gold medal or a cup won");
            m.set_cursor(row_of(m, "Car"));
        }
        m.right();
    }
    CHECK(seen == std::vector<std::string>{"Stock car", "drift-rwd", "hatch-fwd", "rally-awd",
                                           "sports-rwd"});
    m.back();
    m.set_cursor(row_of(m, "Championship"));
    m.select();
    REQUIRE(m.page() == TitleModel::Page::Cups);
    const std::vector<TitleRow> rs = m.rows();
    REQUIRE(rs.size() == 4);
    CHECK_FALSE(rs[0].locked);
    CHECK(rs[0].value == "novice, 3 rounds of 3 laps");
    CHECK(rs[1].locked);
    CHECK(rs[1].why == "unlocked by a podium in the Bronze Cup");
    CHECK(rs[2].locked);
    CHECK(rs[2].why == "unlocked by a podium in the Silver Cup");
    m.set_cursor(1);
    CHECK(m.select().kind == TitleStart::Kind::None);
    CHECK(m.message() == "Silver Cup is locked: unlocked by a podium in the Bronze Cup");
    m.set_cursor(0);
    const TitleStart s = m.select();
    CHECK(s.kind == TitleStart::Kind::Cup);
    CHECK(s.cup == 0);
}

TEST_CASE("title model: an advanced profile opens the cars and the next cup",
          "[game][title][progress]") {
    TitleModel m(kTracks, kCars, advanced());
    m.select();
    m.set_cursor(row_of(m, "Car"));
    for (std::size_t i = 0; i < kCars.size(); ++i) {
        CHECK_FALSE(m.rows()[1].locked);
        m.right();
    }
    m.set_cursor(row_of(m, "Car"));
    m.right();  // drift-rwd, open with a gold medal and a cup won
    m.set_cursor(row_of(m, "Start"));
    const TitleStart s = m.select();
    CHECK(s.kind == TitleStart::Kind::Mode);
    CHECK(s.car == "drift-rwd");
    m.back();
    m.set_cursor(row_of(m, "Championship"));
    m.select();
    const std::vector<TitleRow> rs = m.rows();
    CHECK(rs[0].why == "best: place 1, 75 points");
    CHECK_FALSE(rs[1].locked);
    CHECK(rs[2].locked);  // the Gold Cup needs a Silver Cup podium
    m.set_cursor(1);
    CHECK(m.select().cup == 1);
}

TEST_CASE("title model: a cup under way says which round is next", "[game][title][cup]") {
    Progress p;
    p.current_cup = CupUnderWay{"bronze-cup", {{0, 1, 2, 3, 4, 5}}};
    TitleModel m(kTracks, kCars, p);
    m.set_cursor(row_of(m, "Championship"));
    m.select();
    CHECK(m.rows()[0].why == "under way: round 2 of 3 next");
}
