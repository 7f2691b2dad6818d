// A keyboard shared by two players: each half drives its own seat only, and key maps
// where two seats (or one seat twice) use one key are refused naming both actions; each
// seat's pad drives that seat alone, and a seat's pad unplugged is named.
#include <SDL.h>
#include <catch2/catch.hpp>

#include "input_map.hpp"
#include "seat_keys.hpp"
#include "support/seat_input.hpp"

using namespace skidpad;
using namespace skidpad::app;
using skidpad::test::key;
using skidpad::test::pump;
using skidpad::test::slot;

TEST_CASE("seat keys: the default halves do not clash with each other or the app",
          "[app][seats][bindings]") {
    for (int n = 1; n <= 4; ++n)
        CHECK(seat_keys_clash(default_seat_keys(n)).empty());
    const std::vector<SeatKeyMap> two = default_seat_keys(2);
    CHECK(two[0].keys[slot(Action::Throttle)] == key("W"));
    CHECK(two[1].keys[slot(Action::Throttle)] == key("Up"));
    CHECK(two[0].keys[slot(Action::Handbrake)] == key("Space"));
    CHECK(two[1].keys[slot(Action::Handbrake)] == key("Right Ctrl"));
    // Every driving action of both halves has a key.
    for (const SeatKeyMap& m : two)
        for (int k : m.keys)
            CHECK(k != 0);
}

TEST_CASE("seat keys: a clash is refused with a message naming both actions",
          "[app][seats][bindings]") {
    std::vector<SeatKeyMap> seats = default_seat_keys(2);
    seats[1].keys[slot(Action::Brake)] = key("W");
    CHECK(seat_keys_clash(seats) == "key W: player 1's Throttle and player 2's Brake / reverse");
    // Within one seat.
    seats = default_seat_keys(2);
    seats[1].keys[slot(Action::Reset)] = key("Up");
    CHECK(seat_keys_clash(seats) == "key Up: player 2's Throttle and player 2's Reset car");
    // A key the app keeps for itself.
    seats = default_seat_keys(2);
    seats[0].keys[slot(Action::ShiftUp)] = key("F1");
    CHECK(seat_keys_clash(seats) == "key F1: player 1's Gear up and the tuning overlay");
}

TEST_CASE("seat keys: one half's keys never move the other seat", "[app][seats]") {
    SharedKeyboard kb;
    kb.seat(2);
    const InputDef def;
    // Player 1 holds W and A and taps E; player 2 touches nothing.
    kb.key(key("W"), true, false);
    kb.key(key("A"), true, false);
    kb.key(key("E"), true, false);
    kb.key(key("E"), false, false);
    for (int i = 0; i < 30; ++i)
        kb.update(1.0 / 60.0, def);
    // Half a second: full throttle (rate 6/s) and full lock left (rate 3/s).
    CHECK(kb.frame[0].throttle == Approx(1.0));
    CHECK(kb.frame[0].steer == Approx(1.0));
    CHECK(kb.frame[1].throttle == 0.0);
    CHECK(kb.frame[1].steer == 0.0);
    CHECK_FALSE(kb.frame[1].shift_up);
    // Player 2 brakes and steers right; player 1's controls stay as they were.
    kb.key(key("Down"), true, false);
    kb.key(key("Right"), true, false);
    kb.key(key("Home"), true, false);  // player 2's reset
    kb.update(0.5, def);
    CHECK(kb.frame[1].brake == Approx(1.0));
    CHECK(kb.frame[1].steer == Approx(-1.0));
    CHECK(kb.frame[1].reset);
    CHECK(kb.frame[0].throttle == Approx(1.0));
    CHECK(kb.frame[0].steer == Approx(1.0));
    CHECK(kb.frame[0].brake == 0.0);
    CHECK_FALSE(kb.frame[0].reset);
    // Edges are handed over once.
    kb.update(0.1, def);
    CHECK_FALSE(kb.frame[1].reset);
    // While a text field has the keyboard, presses do nothing (releases still count).
    kb.key(key("S"), true, true);
    kb.key(key("W"), false, true);
    kb.update(0.5, def);
    CHECK(kb.frame[0].brake == 0.0);
    CHECK(kb.frame[0].throttle == Approx(0.0));
}

TEST_CASE("seat keys: the first seat's edge is taken once, on a press", "[app][seats]") {
    SeatKeyboard b;
    const SeatKeyMap m = left_half_keys();
    const InputDef def;
    b.key(m, key("Q"), true);
    b.key(m, key("Q"), true);  // held: no second press
    InputState in = b.update(m, 0.01, def);
    CHECK(in.shift_down);
    in = b.update(m, 0.01, def);
    CHECK_FALSE(in.shift_down);
}

TEST_CASE("seat pads: pad 2 drives seat 2 only, and unplugging it names the seat",
          "[app][seats][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        InputMapper m;
        const InputDef def;
        SharedKeyboard kb;
        kb.seat(2);
        const auto [dev1, joy1, dev2, joy2] = test::attach_two_pads(m);
        CHECK(kb.pads_now(m.pad_ids()).empty());  // noted
        // The second pad's right trigger: seat 2's throttle, not seat 1's.
        SDL_JoystickSetVirtualAxis(joy2, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
        SDL_JoystickUpdate();
        pump(m);
        const InputState seat1 = m.update(0.01, def, true);  // the keys are the halves'
        const InputState seat2 = m.pad_input(1, 0.01, def);
        CHECK(seat2.throttle == Approx(1.0));
        CHECK(seat1.throttle == 0.0);
        CHECK(m.pad_input(2, 0.01, def).throttle == 0.0);  // no third pad
        // Unplugged mid-race: the seat it drove is named (the game pauses on it).
        SDL_JoystickClose(joy2);
        REQUIRE(SDL_JoystickDetachVirtual(dev2) == 0);
        pump(m);
        CHECK(m.pad_count() == 1);
        CHECK(kb.pads_now(m.pad_ids()) == "Player 2's pad disconnected");
        CHECK(kb.pads_now(m.pad_ids()).empty());  // said once
        CHECK(m.pad_input(1, 0.01, def).throttle == 0.0);
        SDL_JoystickClose(joy1);
        REQUIRE(SDL_JoystickDetachVirtual(dev1) == 0);
        pump(m);
        CHECK(kb.pads_now(m.pad_ids()) == "Player 1's pad disconnected");
    }
    SDL_Quit();
}
