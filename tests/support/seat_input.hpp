// What the seat, join-screen and seat-binding tests feed the input code with: a key by
// its name (HID code), an action's slot in a key map, a key press as an SDL event, SDL's
// queued events handed to an input mapper, and a virtual game controller attached (one
// that logs its rumble among them).
#pragma once

#include <SDL.h>
#include <catch2/catch.hpp>

#include <cstddef>

#include "input_map.hpp"
#include "seat_keys.hpp"

namespace skidpad::test {

/// The HID code of the key named `name` ("W", "Up"); the test stops on an unknown name.
inline int key(const char* name) {
    const int code = skidpad::key_from_name(name);
    REQUIRE(code != 0);
    return code;
}

/// `a`'s index in a SeatKeyMap's keys.
inline std::size_t slot(Action a) {
    return static_cast<std::size_t>(a);
}

/// A key's press as SDL reports it (`code`: HID, SDL's scancode).
inline SDL_Event key_down(int code) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.scancode = static_cast<SDL_Scancode>(code);
    e.key.keysym.sym = SDL_GetKeyFromScancode(e.key.keysym.scancode);
    return e;
}

/// Every queued SDL event into `m` (pads added and removed, buttons, axes).
inline void pump(app::InputMapper& m) {
    SDL_Event e;
    while (SDL_PollEvent(&e))
        m.handle_event(e);
}

/// A virtual game controller attached (SDL_Init with the game controller first): its
/// device index.
inline int attach_pad() {
    const int dev = SDL_JoystickAttachVirtual(
        SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX, SDL_CONTROLLER_BUTTON_MAX, 0);
    REQUIRE(dev >= 0);
    return dev;
}

/// Two virtual game controllers, each attached, opened and handed to `m` in turn.
struct TwoPads {
    int dev1;
    SDL_Joystick* joy1;
    int dev2;
    SDL_Joystick* joy2;
};

inline TwoPads attach_two_pads(app::InputMapper& m) {
    const int dev1 = attach_pad();
    SDL_Joystick* joy1 = SDL_JoystickOpen(dev1);
    pump(m);
    const int dev2 = attach_pad();
    SDL_Joystick* joy2 = SDL_JoystickOpen(dev2);
    REQUIRE(joy1 != nullptr);
    REQUIRE(joy2 != nullptr);
    pump(m);
    REQUIRE(m.pad_count() == 2);
    return {dev1, joy1, dev2, joy2};
}

/// How often a virtual pad was asked to rumble, and the last motors' strengths.
struct RumbleLog {
    int calls = 0;
    Uint16 low = 0, high = 0;
};

inline int log_rumble(void* user, Uint16 low, Uint16 high) {
    auto* log = static_cast<RumbleLog*>(user);
    ++log->calls;
    log->low = low;
    log->high = high;
    return 0;
}

/// A virtual game controller whose rumble goes to `log`: its device index (-1: none).
inline int attach_rumble_pad(RumbleLog& log) {
    SDL_VirtualJoystickDesc desc{};
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.userdata = &log;
    desc.Rumble = &log_rumble;
    return SDL_JoystickAttachVirtualEx(&desc);
}

}  // namespace skidpad::test
