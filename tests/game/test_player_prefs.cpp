// The player's settings file (player.txt in the pref dir): the assist level round-trips,
// a bad file gives one message naming file and line and the defaults, writes are atomic,
// and choosing a level sets the car's aids through the Tuner as one undo step.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <vector>

#include "player_prefs.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;
namespace fs = std::filesystem;

TEST_CASE("player settings: each assist level round-trips through the file text", "[app][prefs]") {
    for (AssistLevel l : {AssistLevel::Sim, AssistLevel::Sport, AssistLevel::Arcade}) {
        PlayerPrefs p;
        p.assists = l;
        PlayerPrefs back;
        back.assists = AssistLevel::Custom;
        std::string err;
        REQUIRE(parse_player_prefs(player_prefs_text(p), "player.txt", back, err));
        CHECK(back.assists == l);
        CHECK(err.empty());
    }
}

TEST_CASE("player settings: a bad line is refused with file, line and what was wrong",
          "[app][prefs]") {
    PlayerPrefs p;
    p.assists = AssistLevel::Arcade;
    std::string err;
    CHECK_FALSE(parse_player_prefs("# ok\nassists = turbo\n", "f.txt", p, err));
    CHECK(err.find("f.txt:2:") != std::string::npos);
    CHECK(err.find("turbo") != std::string::npos);
    CHECK(p.assists == AssistLevel::Arcade);  // untouched
    CHECK_FALSE(parse_player_prefs("assists sport\n", "f.txt", p, err));
    CHECK(err.find("f.txt:1:") != std::string::npos);
    const std::string long_value = "assists = " + std::string(500, 'x');
    CHECK_FALSE(parse_player_prefs(long_value, "f.txt", p, err));
    CHECK(err.size() < 200);  // the value is quoted short
}

TEST_CASE("player settings: an unknown key is ignored with a warning, the rest is read",
          "[app][prefs][keys]") {
    PlayerPrefs p;
    std::string err;
    std::vector<std::string> warnings;
    REQUIRE(parse_player_prefs("volume = 3\nasists = sim\nassists = arcade\n", "f.txt", p, err,
                               &warnings));
    CHECK(p.assists == AssistLevel::Arcade);
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0] == "f.txt: line 1: unknown key 'volume' ignored");
    CHECK(warnings[1] == "f.txt: line 2: unknown key 'asists' ignored (did you mean 'assists'?)");
}

TEST_CASE("player settings: sport without a file, defaults and a message for a bad one",
          "[app][prefs]") {
    test::TempDir dir("skidpad_player_prefs_");
    std::string err;
    CHECK(load_player_prefs(dir.path.string(), err).assists == AssistLevel::Sport);
    CHECK_FALSE(load_player_prefs(dir.path.string(), err).chosen);
    CHECK(err.empty());

    PlayerPrefs p;
    p.assists = AssistLevel::Sim;
    REQUIRE(save_player_prefs(dir.path.string(), p).ok);
    const PlayerPrefs back = load_player_prefs(dir.path.string(), err);
    CHECK(back.assists == AssistLevel::Sim);
    CHECK(back.chosen);
    CHECK(err.empty());
    for (const auto& e : fs::directory_iterator(dir.path))  // no temp file left behind
        CHECK(e.path().filename() == "player.txt");

    test::write_file(dir.path / "player.txt", "assists = hard\n");
    const PlayerPrefs bad = load_player_prefs(dir.path.string(), err);
    CHECK(bad.assists == AssistLevel::Sport);
    CHECK_FALSE(bad.chosen);
    CHECK(err.find("player.txt:1:") != std::string::npos);

    test::write_file(dir.path / "player.txt", std::string(kMaxPlayerPrefsBytes + 1, '#'));
    CHECK(load_player_prefs(dir.path.string(), err).assists == AssistLevel::Sport);
    CHECK_FALSE(err.empty());

    CHECK_FALSE(save_player_prefs("", p).ok);  // no pref dir: refused with a reason
}

TEST_CASE("choosing an assist level sets the aids as one undo step", "[app][prefs]") {
    Tuner tuner;
    CHECK(assist_level_of(tuner.settings().car) == AssistLevel::Sport);  // the default car
    CHECK_FALSE(apply_assist_level(tuner, AssistLevel::Sport));          // nothing to do
    REQUIRE(apply_assist_level(tuner, AssistLevel::Arcade));
    const AssistDef& a = tuner.settings().car.assists;
    CHECK(tuner.settings().car.brakes.abs);
    CHECK(a.tc);
    CHECK(a.esc);
    CHECK(a.steer_assist);
    CHECK(a.countersteer);
    CHECK(tuner.has_events());
    REQUIRE(apply_assist_level(tuner, AssistLevel::Sim));
    CHECK_FALSE(tuner.settings().car.brakes.abs);
    CHECK_FALSE(tuner.settings().car.assists.tc);
    CHECK_FALSE(tuner.settings().car.assists.esc);
    REQUIRE(tuner.undo());
    CHECK(assist_level_of(tuner.settings().car) == AssistLevel::Arcade);
}
