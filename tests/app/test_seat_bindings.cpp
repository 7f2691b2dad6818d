// Each keyboard seat's keys kept in bindings.json: saved and loaded again, a version 1
// file (no seats) still loads, a bad seat field is named with the file and the defaults
// kept, and seat keys that clash are refused with the clash named.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "bindings_store.hpp"
#include "seat_keys.hpp"
#include "support/seat_input.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;
using skidpad::test::key;
using skidpad::test::slot;

TEST_CASE("seat bindings: each seat's keys are saved as version 2 and load back",
          "[app][seats][bindings]") {
    test::TempDir dir;
    const std::string path = dir.file("bindings.json");
    Bindings b = default_bindings();
    REQUIRE(bind_key(b, Action::Handbrake, 1, key("Left Shift")) == "");
    SeatKeys one{}, two{};
    one[slot(Action::Throttle)] = key("I");
    two[slot(Action::Reset)] = key("Keypad 0");
    REQUIRE(save_bindings_file(path, b, {one, two}).ok);
    CHECK(test::read_file(path).find("\"version\": 2") != std::string::npos);
    const BindingsLoad r = load_bindings_file(path);
    CHECK(r.ok);
    CHECK(r.message.empty());
    CHECK(r.bindings == b);
    REQUIRE(r.seats.size() == 2);
    CHECK(r.seats[0][slot(Action::Throttle)] == key("I"));
    CHECK(r.seats[1][slot(Action::Reset)] == key("Keypad 0"));
    CHECK(r.seats[1][slot(Action::Throttle)] == 0);  // saved as "": none given
}

TEST_CASE("seat bindings: a version 1 file without seats still loads", "[app][seats][bindings]") {
    test::TempDir dir;
    const std::string path = dir.file("bindings.json");
    test::write_file(
        path, R"({"format": "skidpad-bindings", "version": 1, "keyboard": {"handbrake": ["B"]}})");
    const BindingsLoad r = load_bindings_file(path);
    CHECK(r.ok);
    CHECK(r.seats.empty());
    CHECK(r.bindings.keys[slot(Action::Handbrake)][0] == key("B"));
    // Version 2 without seats is fine too.
    test::write_file(path, R"({"format": "skidpad-bindings", "version": 2})");
    CHECK(load_bindings_file(path).ok);
}

TEST_CASE("seat bindings: a bad seat field names the file and the field, defaults kept",
          "[app][seats][bindings]") {
    test::TempDir dir;
    const std::string path = dir.file("bindings.json");
    const std::string bad =
        R"({"format": "skidpad-bindings", "version": 2, "keyboard": {"handbrake": ["B"]},
            "seats": [{"throttle": "W"}, {"brake": "Nope"}]})";
    test::write_file(path, bad);
    const BindingsLoad r = load_bindings_file(path);
    CHECK_FALSE(r.ok);
    CHECK(r.seats.empty());
    CHECK(r.bindings == default_bindings());
    CHECK_THAT(r.message,
               Catch::StartsWith(path + ": seats[1] (player 2).brake: unknown key \"Nope\"") &&
                   Catch::Contains("using the default controls"));
    CHECK(test::read_file(path) == bad);  // left as it was
    test::write_file(path,
                     R"({"format": "skidpad-bindings", "version": 2, "seats": [{"fly": "W"}]})");
    CHECK_THAT(load_bindings_file(path).message,
               Catch::Contains("seats[0] (player 1): unknown action \"fly\""));
    test::write_file(path, R"({"format": "skidpad-bindings", "version": 2, "seats": {"a": 1}})");
    CHECK_THAT(load_bindings_file(path).message,
               Catch::Contains(": seats: must be a list of at most 4 seats"));
    test::write_file(path,
                     R"({"format": "skidpad-bindings", "version": 2, "seats": [{"reset": 5}]})");
    CHECK_THAT(load_bindings_file(path).message,
               Catch::Contains("seats[0] (player 1).reset: must be a key name"));
}

TEST_CASE("seat bindings: the file's seat keys drive the seats, and a clash is refused",
          "[app][seats][bindings]") {
    SharedKeyboard kb;
    kb.seat(2);
    SeatKeys one{};
    one[slot(Action::Throttle)] = key("I");
    CHECK(apply_seat_keys(kb, {one, SeatKeys{}}).empty());
    CHECK(kb.maps[0].keys[slot(Action::Throttle)] == key("I"));
    CHECK(kb.maps[0].keys[slot(Action::Brake)] == key("S"));  // left out: the default
    CHECK(kb.maps[1].keys[slot(Action::Throttle)] == key("Up"));
    // Seat 2's brake on seat 1's throttle key: refused, the clash named.
    SeatKeys two{};
    two[slot(Action::Brake)] = key("I");
    CHECK(apply_seat_keys(kb, {one, two}) ==
          "key I: player 1's Throttle and player 2's Brake / reverse");
    CHECK(kb.chosen.empty());
    CHECK(kb.maps[0].keys[slot(Action::Throttle)] == key("W"));
    CHECK(kb.maps[1].keys[slot(Action::Brake)] == key("Down"));
}
