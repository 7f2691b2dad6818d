// Rumble on a split screen: the pad of the seat whose car was hit rumbles, the other
// seat's pad stays still (two virtual gamepads), and seat_pad_index names each seat's pad.
#include <SDL.h>
#include <catch2/catch.hpp>

#include "input_map.hpp"
#include "seat_keys.hpp"
#include "skidpad/world.hpp"
#include "sound_out.hpp"
#include "support/seat_input.hpp"

using namespace skidpad;
using namespace skidpad::app;

using test::RumbleLog;

TEST_CASE("seat pads: the joined pad, else the pad in seat order", "[app][seats][gamepad]") {
    SharedKeyboard kb;
    kb.seat(3);
    const std::vector<int> ids{7, 9};
    CHECK(seat_pad_index(kb, ids, 0) == 0);
    CHECK(seat_pad_index(kb, ids, 1) == 1);
    CHECK(seat_pad_index(kb, ids, 2) == -1);  // no third pad
    kb.seat_pads = {9, -1, 7};
    CHECK(seat_pad_index(kb, ids, 0) == 1);
    CHECK(seat_pad_index(kb, ids, 1) == -1);  // the keyboard's seat
    CHECK(seat_pad_index(kb, ids, 2) == 0);
    kb.seat_pads = {5, -1, -1};  // its pad gone
    CHECK(seat_pad_index(kb, ids, 0) == -1);
}

TEST_CASE("a crash rumbles the pad of the seat whose car was hit, not the other seat's",
          "[audio][rumble][gamepad][seats]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        RumbleLog first, second;
        const int dev1 = test::attach_rumble_pad(first);
        const int dev2 = test::attach_rumble_pad(second);
        REQUIRE(dev1 >= 0);
        REQUIRE(dev2 >= 0);
        InputMapper pads;
        pads.open_connected_pads();
        REQUIRE(pads.pad_count() == 2);

        // Seat 1's car stands still far away; seat 2's drives into a crate at 15 m/s.
        Settings s;
        World w(world_def(s));
        const CarId one = w.add_car({0.0, 50.0}, 0.0, s.car);
        const CarId two = w.add_car({0.0, 0.0}, 0.0, s.car);
        w.car(two).velocity = dvec2(15.0, 0.0);
        w.soft().add_crate(w.def().soft, {static_cast<float>(s.car.length / 2) + 0.6f, 0.0f}, 0.0f);
        SoundOut sound;  // never opened: rumble needs no audio device
        // Seat 1 on the left viewport with the second pad, seat 2 on the right with the first.
        sound.set_seats({{one.index, -0.8}, {two.index, 0.8}}, {1, 0});
        bool hit = false;
        for (int i = 0; i < 12 && !hit; ++i) {
            w.step(1.0 / 120.0);
            for (const ContactEvent& e : w.events().contacts)
                hit = hit || (e.kind == ContactKind::Impact && e.car == two.index);
            sound.after_step(w, s, 1.0 / 120.0);
        }
        REQUIRE(hit);
        sound.frame(w, s, pads, false);
        CHECK(first.calls == 1);  // seat 2's pad
        CHECK(first.low > 1000);
        CHECK(second.calls == 0);  // seat 1's car was not hit
        REQUIRE(SDL_JoystickDetachVirtual(dev2) == 0);
        REQUIRE(SDL_JoystickDetachVirtual(dev1) == 0);
    }
    SDL_Quit();
}
