// Rebinding a player's key of a shared keyboard (the Controls page's players' table): the
// new key drives that seat, a key another seat or action has (or one the app keeps) is
// refused naming both actions with nothing changed, and clearing gives the default back.
#include <catch2/catch.hpp>

#include "seat_rebind.hpp"
#include "support/seat_input.hpp"

using namespace skidpad;
using namespace skidpad::app;
using skidpad::test::key;
using skidpad::test::slot;

TEST_CASE("seat rebind: a player's key is set, clashes are refused naming both actions",
          "[app][seats][bindings]") {
    SeatKeyRows file;
    // Player 2's throttle on I: the file grows to hold the seat, the rest stays default.
    REQUIRE(seat_key_bind(file, 1, 0, key("I")) == "");
    REQUIRE(file.size() == 2);
    std::vector<SeatKeyMap> m = seat_keys_effective(file, 2);
    CHECK(m[1].keys[slot(Action::Throttle)] == key("I"));
    CHECK(m[1].keys[slot(Action::Brake)] == key("Down"));
    CHECK(m[0] == left_half_keys());

    // Player 2's brake on W, player 1's throttle: refused, both named, nothing changed.
    const SeatKeyRows before = file;
    CHECK(seat_key_bind(file, 1, static_cast<int>(Action::Brake), key("W")) ==
          "key W: player 1's Throttle and player 2's Brake / reverse");
    CHECK(file == before);
    // The same seat's other action.
    CHECK(seat_key_bind(file, 0, static_cast<int>(Action::Reset), key("A")) ==
          "key A: player 1's Steer left and player 1's Reset car");
    CHECK(file == before);
    // A key the app keeps for itself.
    const std::string app = seat_key_bind(file, 2, 0, key("F5"));
    CHECK(app.find("key F5: player 3's Throttle and ") == 0);
    CHECK(file == before);

    // Player 4, who has no keys by default, takes the keypad.
    REQUIRE(seat_key_bind(file, 3, static_cast<int>(Action::Throttle), key("Keypad 8")) == "");
    REQUIRE(file.size() == 4);
    CHECK(seat_keys_effective(file, 4)[3].keys[slot(Action::Throttle)] == key("Keypad 8"));

    // Cleared: player 2's throttle is the right half's Up again.
    REQUIRE(seat_key_bind(file, 1, 0, 0) == "");
    CHECK(seat_keys_effective(file, 2)[1].keys[slot(Action::Throttle)] == key("Up"));
    CHECK(seat_key_bind(file, 4, 0, key("J")) == "no such seat key");
}
