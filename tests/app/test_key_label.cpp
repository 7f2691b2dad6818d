// Key labels come from SDL's keyboard layout by scancode (the physical key a binding
// holds), and the hints name the keys by those labels.
#include <SDL.h>
#include <catch2/catch.hpp>

#include "key_hints.hpp"
#include "key_label.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("key labels are SDL's names of the layout's keys at each scancode", "[input]") {
    // Before SDL's video is up (each test runs in its own process) no layout is known:
    // the bindings file's names stand in.
    if (SDL_WasInit(SDL_INIT_VIDEO) == 0) {
        CHECK(key_label(SDL_SCANCODE_W) == "W");
        CHECK(key_label(SDL_SCANCODE_RIGHTBRACKET) == "]");
    }
    // Video up (offscreen): SDL holds its keymap, the US layout when no system one is read.
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    CHECK(key_label(SDL_SCANCODE_W) == SDL_GetKeyName(SDL_GetKeyFromScancode(SDL_SCANCODE_W)));
    CHECK(key_label(SDL_SCANCODE_W) == "W");
    CHECK(key_label(SDL_SCANCODE_A) == "A");
    CHECK(key_label(SDL_SCANCODE_LEFTBRACKET) == "[");
    CHECK(key_label(SDL_SCANCODE_SPACE) == "Space");
    CHECK(key_label(SDL_SCANCODE_LSHIFT) == "Left Shift");
    CHECK(key_label(SDL_SCANCODE_KP_PLUS) == "Keypad +");
    CHECK(key_label(SDL_SCANCODE_ESCAPE) == "Escape");
    CHECK(key_label(0).empty());
    CHECK(key_label(-3).empty());
    CHECK(key_label(SDL_NUM_SCANCODES).empty());
    // Every key a binding can hold has a label, the bindings file's name in the US layout.
    for (int code = 1; code < SDL_NUM_SCANCODES; ++code) {
        if (key_name(code).empty()) continue;
        INFO("scancode " << code);
        CHECK(key_label(code) == key_name(code));
    }
    const Bindings b = default_bindings();
    CHECK(drive_keys(b) == "Arrows / WASD");
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}
