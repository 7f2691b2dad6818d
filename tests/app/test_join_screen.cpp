// The join screen's input: a keyboard half's key takes a seat and then moves that seat's
// car, colour and ready; a pad's buttons do the same; after joining, each seat is driven
// by the pad it joined with only, and a seat whose pad went away is named and takes the
// next pad that comes.
#include <SDL.h>
#include <catch2/catch.hpp>

#include "input_map.hpp"
#include "join_screen.hpp"
#include "progress.hpp"
#include "split_screen.hpp"
#include "support/seat_input.hpp"

using namespace skidpad;
using namespace skidpad::app;
using skidpad::test::key;
using skidpad::test::pump;

namespace {

JoinScreen open_screen(int seats, int cars) {
    JoinScreen js;
    js.open = true;
    js.claims.emplace(seats, cars);
    return js;
}
}  // namespace

TEST_CASE("join screen: each key belongs to one keyboard half and one seat action",
          "[app][seats][join]") {
    CHECK(join_key_of(key("W")).action == 0);
    CHECK_FALSE(join_key_of(key("W")).right);
    CHECK(join_key_of(key("Up")).action == 0);
    CHECK(join_key_of(key("Up")).right);
    CHECK(join_key_of(key("Space")).action == 4);
    CHECK(join_key_of(key("Right Ctrl")).right);
    CHECK(join_key_of(key("Home")).action == 8);
    CHECK(join_key_of(key("F")).action == -1);
    CHECK(join_key_of(0).action == -1);
}

TEST_CASE("join screen: two keyboard halves take seats, pick cars and colours, then ready",
          "[app][seats][join]") {
    JoinScreen js = open_screen(2, 3);
    const SeatClaims& c = *js.claims;
    CHECK_FALSE(join_key(js, key("F")));  // no half's key: nothing
    CHECK(join_key(js, key("Left")));     // the right half presses first: seat 1
    CHECK(c.seats()[0].who.device == JoinDevice::KeyboardRight);
    CHECK(join_key(js, key("S")));
    CHECK(c.seats()[1].who.device == JoinDevice::KeyboardLeft);
    CHECK(c.seats()[0].car == 0);  // the joining press chose nothing
    join_key(js, key("D"));        // left half: seat 2's car on
    CHECK(c.seats()[1].car == 1);
    CHECK(c.seats()[0].car == 0);
    join_key(js, key("Left"));  // right half: seat 1's car back (wraps)
    CHECK(c.seats()[0].car == 2);
    join_key(js, key("Down"));  // seat 1's colour on, past seat 2's
    CHECK(c.seats()[0].colour == 2);
    join_key(js, key("Space"));
    CHECK_FALSE(c.all_ready());
    join_key(js, key("Right Ctrl"));
    CHECK(c.all_ready());
    join_key(js, key("R"));  // the left half leaves: seat 2 free again
    CHECK_FALSE(c.seats()[1].taken());
    CHECK_FALSE(c.all_ready());
    js.open = false;  // closed: keys do nothing
    CHECK_FALSE(join_key(js, key("W")));
}

TEST_CASE("join screen: a seat cannot be ready in a car its profile has not unlocked",
          "[app][seats][join][unlock]") {
    const std::string dir = std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/";
    const std::vector<PresetEntry> cars = {{"hatch-fwd", dir + "hatch-fwd.json", true},
                                           {"drift-rwd", dir + "drift-rwd.json", true},
                                           {"rally-awd", dir + "rally-awd.json", true}};
    const Progress fresh;
    JoinScreen js = open_screen(2, 3);
    js.cars = cars;
    js.locked = join_car_locks(fresh, cars);
    REQUIRE(js.locked.size() == 3);
    CHECK(js.locked[0].empty());
    CHECK(js.locked[1] == "unlocked by any gold medal or a cup won");
    CHECK(js.locked[2] == "unlocked by any silver medal or a podium in a cup");
    const SeatClaims& c = *js.claims;
    join_key(js, key("Left"));   // the right half takes seat 1
    join_key(js, key("Right"));  // on to the drift car
    REQUIRE(c.seats()[0].car == 1);
    CHECK(join_key(js, key("Right Ctrl")));  // ready refused, with the title's message
    CHECK_FALSE(c.seats()[0].ready);
    CHECK(js.message == "The drift-rwd is locked: unlocked by any gold medal or a cup won");
    join_key(js, key("Right"));                       // the rally car: locked too
    join_pad_button(js, 7, SDL_CONTROLLER_BUTTON_A);  // a pad takes seat 2
    join_pad_button(js, 7, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    join_pad_button(js, 7, SDL_CONTROLLER_BUTTON_A);  // the drift car by pad: refused too
    CHECK_FALSE(c.seats()[1].ready);
    join_key(js, key("Right Ctrl"));
    CHECK_FALSE(c.seats()[0].ready);
    CHECK(js.message ==
          "The rally-awd is locked: unlocked by any silver medal or a podium in a cup");
    join_key(js, key("Right"));  // round to the hatch: open
    join_key(js, key("Right Ctrl"));
    CHECK(c.seats()[0].ready);
    CHECK(js.message.empty());
    CHECK_FALSE(c.all_ready());
    // A cup won unlocks both for the profile: the same choice is made ready.
    Progress won;
    record_cup(won, "bronze-cup", 1, 75);
    js.locked = join_car_locks(won, cars);
    CHECK(js.locked[1].empty());
    CHECK(js.locked[2].empty());
    join_pad_button(js, 7, SDL_CONTROLLER_BUTTON_A);
    CHECK(c.seats()[1].ready);
    CHECK(c.all_ready());
}

TEST_CASE("join screen: a lone player takes the whole keyboard with either half",
          "[app][seats][join]") {
    JoinScreen js = open_screen(1, 2);
    join_key(js, key("Up"));
    CHECK(js.claims->seats()[0].who.device == JoinDevice::Keyboard);
    join_key(js, key("D"));  // the other half's keys are the same player's
    CHECK(js.claims->seats()[0].car == 1);
}

TEST_CASE("join screen: pads join by a button, B leaves, the d-pad chooses", "[app][seats][join]") {
    JoinScreen js = open_screen(2, 2);
    const SeatClaims& c = *js.claims;
    CHECK_FALSE(join_pad_button(js, 11, SDL_CONTROLLER_BUTTON_B));  // B does not join
    CHECK(join_pad_button(js, 11, SDL_CONTROLLER_BUTTON_X));
    CHECK(c.seat_of({JoinDevice::Pad, 11}) == 0);
    join_pad_button(js, 11, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    CHECK(c.seats()[0].car == 1);
    join_pad_button(js, 11, SDL_CONTROLLER_BUTTON_A);
    CHECK(c.seats()[0].ready);
    join_pad_button(js, 12, SDL_CONTROLLER_BUTTON_A);  // a second pad: seat 2
    CHECK(c.seat_of({JoinDevice::Pad, 12}) == 1);
    CHECK_FALSE(join_key(js, key("W")));  // every seat taken
    join_pad_button(js, 11, SDL_CONTROLLER_BUTTON_B);
    CHECK(c.seat_of({JoinDevice::Pad, 11}) == -1);
}

TEST_CASE("join screen: each seat drives with the pad it joined with, and a lost pad is named",
          "[app][seats][join][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        InputMapper m;
        const InputDef def;
        const auto [dev1, joy1, dev2, joy2] = test::attach_two_pads(m);
        const std::vector<int> ids = m.pad_ids();
        // The second pad joined first (seat 1), the left keyboard half took seat 2.
        SharedKeyboard kb;
        kb.seat(2);
        kb.maps[0] = SeatKeyMap{};
        kb.seat_pads = {ids[1], -1};
        m.set_first_pad_drives(false);
        CHECK(kb.pads_now(ids).empty());
        // The first pad's throttle full: it joined no seat, so nobody moves.
        SDL_JoystickSetVirtualAxis(joy1, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
        SDL_JoystickUpdate();
        pump(m);
        CHECK(m.update(0.01, def, true).throttle == 0.0);
        kb.update(0.01, def);
        seat_pad_controls(kb, m, 0.01, def);
        CHECK(kb.frame[0].throttle == 0.0);
        CHECK(kb.frame[1].throttle == 0.0);
        // The second pad's throttle: seat 1's.
        SDL_JoystickSetVirtualAxis(joy2, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
        SDL_JoystickUpdate();
        pump(m);
        kb.update(0.01, def);
        seat_pad_controls(kb, m, 0.01, def);
        CHECK(kb.frame[0].throttle == Approx(1.0));
        CHECK(kb.frame[1].throttle == 0.0);
        // Seat 1's pad unplugged: named once; the spare first pad takes the seat.
        SDL_JoystickClose(joy2);
        REQUIRE(SDL_JoystickDetachVirtual(dev2) == 0);
        pump(m);
        kb.seat_pads = {ids[1], -1};
        const std::vector<int> left{ids[0]};
        CHECK(kb.pads_now(left).empty());  // a pad free to take the seat: no pause
        CHECK(kb.seat_pads[0] == ids[0]);
        SDL_JoystickClose(joy1);
        REQUIRE(SDL_JoystickDetachVirtual(dev1) == 0);
        pump(m);
        CHECK(kb.pads_now(m.pad_ids()) == "Player 1's pad disconnected");
        CHECK(kb.pads_now(m.pad_ids()).empty());  // said once
    }
    SDL_Quit();
}
