// The join screen's seat model: which device takes which seat, no device in two seats,
// leaving frees a seat, colours stay apart and the game starts only when all are ready.
#include <catch2/catch.hpp>

#include "seat_claims.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
const JoinWho kLeft{JoinDevice::KeyboardLeft, -1};
const JoinWho kRight{JoinDevice::KeyboardRight, -1};
JoinWho pad(int id) {
    return {JoinDevice::Pad, id};
}
}  // namespace

TEST_CASE("Seat claims: devices take the free seats in the order they press") {
    SeatClaims c(3, 4);
    CHECK(c.claim(kRight) == 0);
    CHECK(c.claim(pad(7)) == 1);
    CHECK(c.claim(kLeft) == 2);
    CHECK(c.claim(pad(9)) == -1);  // every seat taken
    CHECK(c.seat_of(kRight) == 0);
    CHECK(c.seat_of(pad(7)) == 1);
    CHECK(c.seat_of(pad(9)) == -1);
}

TEST_CASE("Seat claims: a device pressing again keeps its one seat") {
    SeatClaims c(2, 1);
    CHECK(c.claim(pad(3)) == 0);
    CHECK(c.claim(pad(3)) == 0);
    CHECK_FALSE(c.seats()[1].taken());
    CHECK(c.claim(kLeft) == 1);
    CHECK(c.claim(kLeft) == 1);
}

TEST_CASE("Seat claims: leaving frees the seat for the next device") {
    SeatClaims c(2, 2);
    c.claim(kLeft);
    c.claim(kRight);
    c.toggle_ready(0);
    c.leave(0);
    CHECK_FALSE(c.seats()[0].taken());
    CHECK_FALSE(c.seats()[0].ready);
    CHECK(c.seat_of(kLeft) == -1);
    CHECK(c.claim(pad(4)) == 0);
    CHECK(c.pad_gone(4) == 0);
    CHECK_FALSE(c.seats()[0].taken());
    CHECK(c.pad_gone(4) == -1);
}

TEST_CASE("Seat claims: a lone player takes the whole keyboard, several share it by halves") {
    SeatClaims one(1, 1);
    CHECK(one.keyboard_half(true).device == JoinDevice::Keyboard);
    CHECK(one.claim(kRight) == 0);
    CHECK(one.seats()[0].who.device == JoinDevice::Keyboard);
    CHECK(one.claim(kLeft) == 0);  // the same keyboard
    SeatClaims two(2, 1);
    CHECK(two.keyboard_half(false).device == JoinDevice::KeyboardLeft);
    CHECK(two.claim({JoinDevice::Keyboard, -1}) == -1);
}

TEST_CASE("Seat claims: no two seats share a colour") {
    SeatClaims c(2, 1);
    c.claim(kLeft);
    c.claim(kRight);
    CHECK(c.seats()[0].colour == 0);
    CHECK(c.seats()[1].colour == 1);
    c.next_colour(0, 1);  // 1 is seat 2's: skipped
    CHECK(c.seats()[0].colour == 2);
    c.next_colour(1, -1);  // 0 is free again
    CHECK(c.seats()[1].colour == 0);
    c.next_colour(1, -1);  // wraps past the last colour
    CHECK(c.seats()[1].colour == static_cast<int>(seat_colours().size()) - 1);
    CHECK(seat_colours().size() == 8);
    CHECK(std::string(seat_colour_name(1)) == "Blue");
}

TEST_CASE("Seat claims: cars wrap over the presets offered and only taken seats choose") {
    SeatClaims c(2, 3);
    c.next_car(0, 1);  // free seat: nothing
    CHECK(c.seats()[0].car == 0);
    c.claim(pad(1));
    c.next_car(0, -1);
    CHECK(c.seats()[0].car == 2);
    c.next_car(0, 2);
    CHECK(c.seats()[0].car == 1);
}

TEST_CASE("Seat claims: the game starts when every seat is taken and ready") {
    SeatClaims c(2, 2);
    c.toggle_ready(0);  // free: cannot be ready
    CHECK_FALSE(c.seats()[0].ready);
    c.claim(kLeft);
    c.toggle_ready(0);
    CHECK_FALSE(c.all_ready());  // seat 2 free
    c.claim(pad(5));
    CHECK_FALSE(c.all_ready());
    c.toggle_ready(1);
    CHECK(c.all_ready());
    c.next_car(1, 1);  // a change takes the seat's ready back
    CHECK_FALSE(c.all_ready());
}

TEST_CASE("Seat claims: reopened with the seats the game had") {
    SeatClaims c(2, 3);
    c.preset(0, kRight, 2, 4);
    c.preset(1, kRight, 5, 4);  // the same device and colour again: refused, car wrapped
    CHECK(c.seats()[0].who == kRight);
    CHECK(c.seats()[0].car == 2);
    CHECK(c.seats()[0].colour == 4);
    CHECK_FALSE(c.seats()[1].taken());
    CHECK(c.seats()[1].car == 2);
    CHECK(c.seats()[1].colour == 1);
}
