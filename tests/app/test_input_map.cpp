#include <SDL.h>
#include <catch2/catch.hpp>

#include "input_map.hpp"
#include "support/seat_input.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

SDL_Event key_event(Uint32 type, SDL_Scancode sc, SDL_Keycode sym, bool repeat = false) {
    SDL_Event e{};
    e.type = type;
    e.key.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.repeat = repeat ? 1 : 0;
    e.key.keysym.scancode = sc;
    e.key.keysym.sym = sym;
    return e;
}
void press(InputMapper& m, SDL_Scancode sc, SDL_Keycode sym, bool captured = false) {
    m.handle_event(key_event(SDL_KEYDOWN, sc, sym), captured);
}
void release(InputMapper& m, SDL_Scancode sc, SDL_Keycode sym) {
    m.handle_event(key_event(SDL_KEYUP, sc, sym));
}

}  // namespace

TEST_CASE("keyboard keys map to throttle brake steer handbrake and edges", "[input]") {
    InputMapper m;
    InputDef def;
    def.throttle_rate = 1000.0;  // effectively instant, to look at the mapping itself
    def.steer_rate = 1000.0;
    press(m, SDL_SCANCODE_W, SDLK_w);
    press(m, SDL_SCANCODE_LEFT, SDLK_LEFT);
    press(m, SDL_SCANCODE_SPACE, SDLK_SPACE);
    press(m, SDL_SCANCODE_E, SDLK_e);
    InputState in = m.update(0.1, def);
    CHECK(in.throttle == 1.0);
    CHECK(in.brake == 0.0);
    CHECK(in.steer == 1.0);  // left is positive (CCW)
    CHECK(in.handbrake == 1.0);
    CHECK(in.shift_up);
    CHECK_FALSE(in.shift_down);
    // Edges fire once; held keys stay.
    in = m.update(0.1, def);
    CHECK_FALSE(in.shift_up);
    CHECK(in.throttle == 1.0);

    release(m, SDL_SCANCODE_W, SDLK_w);
    release(m, SDL_SCANCODE_LEFT, SDLK_LEFT);
    release(m, SDL_SCANCODE_SPACE, SDLK_SPACE);
    press(m, SDL_SCANCODE_DOWN, SDLK_DOWN);
    press(m, SDL_SCANCODE_D, SDLK_d);
    press(m, SDL_SCANCODE_Q, SDLK_q);
    press(m, SDL_SCANCODE_M, SDLK_m);
    press(m, SDL_SCANCODE_R, SDLK_r);
    in = m.update(0.1, def);
    CHECK(in.throttle == 0.0);
    CHECK(in.brake == 1.0);
    CHECK(in.steer == -1.0);
    CHECK(in.handbrake == 0.0);
    CHECK(in.shift_down);
    CHECK(in.toggle_manual);
    CHECK(in.reset);
}

TEST_CASE("app keys become commands and key repeat does not re-fire them", "[input]") {
    InputMapper m;
    press(m, SDL_SCANCODE_P, SDLK_p);
    press(m, SDL_SCANCODE_PERIOD, SDLK_PERIOD);
    press(m, SDL_SCANCODE_F1, SDLK_F1);
    press(m, SDL_SCANCODE_F12, SDLK_F12);
    press(m, SDL_SCANCODE_C, SDLK_c);
    press(m, SDL_SCANCODE_EQUALS, SDLK_EQUALS);
    press(m, SDL_SCANCODE_EQUALS, SDLK_EQUALS);
    press(m, SDL_SCANCODE_MINUS, SDLK_MINUS);
    AppCommands c = m.take_commands();
    CHECK(c.toggle_pause);
    CHECK(c.single_step);
    CHECK(c.toggle_overlay);
    CHECK(c.screenshot);
    CHECK(c.toggle_follow);
    CHECK_FALSE(c.quit);
    CHECK(c.zoom_notches == 1.0);  // +2 -1
    m.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_P, SDLK_p, true));
    c = m.take_commands();
    CHECK_FALSE(c.toggle_pause);
    // Esc is a command (the frame opens the pause menu); closing the window quits.
    press(m, SDL_SCANCODE_ESCAPE, SDLK_ESCAPE);
    c = m.take_commands();
    CHECK(c.escape);
    CHECK_FALSE(c.quit);
    SDL_Event close{};
    close.type = SDL_QUIT;
    m.handle_event(close);
    CHECK(m.take_commands().quit);
    // Esc into a text field is the field's (it reverts and lets go), not the app's.
    press(m, SDL_SCANCODE_ESCAPE, SDLK_ESCAPE, true);
    CHECK_FALSE(m.take_commands().escape);
}

TEST_CASE("edge controls wait for the physics step that takes them", "[input]") {
    PendingEdges edges;
    InputState pressed;
    pressed.shift_up = true;
    pressed.throttle = 1.0;
    edges.add(pressed);
    edges.add(InputState{});  // a later frame without a step: still held
    REQUIRE(edges.any());
    InputState step;
    edges.take_into(step);
    CHECK(step.shift_up);
    CHECK_FALSE(step.reset);
    CHECK(step.throttle == 0.0);  // only the edges are held
    InputState next;
    edges.take_into(next);  // taken once
    CHECK_FALSE(next.shift_up);
    CHECK_FALSE(edges.any());
    pressed = InputState{};
    pressed.reset = true;
    edges.add(pressed);
    CHECK(edges.take_reset());
    CHECK_FALSE(edges.take_reset());
}

TEST_CASE("keys do not reach the car while ImGui wants the keyboard", "[input]") {
    InputMapper m;
    InputDef def;
    def.throttle_rate = 1000.0;
    press(m, SDL_SCANCODE_W, SDLK_w, true);  // typed into a text field
    press(m, SDL_SCANCODE_R, SDLK_r, true);
    InputState in = m.update(0.1, def, false);
    CHECK(in.throttle == 0.0);
    CHECK_FALSE(in.reset);
    // Held before the capture: the car lets go while ImGui has the keyboard.
    press(m, SDL_SCANCODE_UP, SDLK_UP);
    CHECK(m.update(0.1, def, true).throttle == 0.0);
    CHECK(m.update(0.1, def, false).throttle == 1.0);
    // F1 still toggles the overlay.
    press(m, SDL_SCANCODE_F1, SDLK_F1, true);
    CHECK(m.take_commands().toggle_overlay);
}

TEST_CASE("digital steering ramps at steer_rate and returns at steer_return_rate", "[input]") {
    InputMapper m;
    InputDef def;
    def.steer_rate = 3.0;
    def.steer_return_rate = 5.0;
    const double dt = 0.01;
    press(m, SDL_SCANCODE_A, SDLK_a);
    InputState in;
    for (int i = 0; i < 10; ++i)
        in = m.update(dt, def);  // 0.1 s at 3/s
    CHECK(in.steer == Approx(0.3).margin(1e-12));
    for (int i = 0; i < 40; ++i)
        in = m.update(dt, def);  // 0.5 s total: saturates at 1
    CHECK(in.steer == 1.0);
    release(m, SDL_SCANCODE_A, SDLK_a);
    for (int i = 0; i < 10; ++i)
        in = m.update(dt, def);  // 0.1 s back at 5/s
    CHECK(in.steer == Approx(0.5).margin(1e-12));
    for (int i = 0; i < 20; ++i)
        in = m.update(dt, def);
    CHECK(in.steer == 0.0);
    // Counter-steer from full left crosses centre at the faster return rate.
    press(m, SDL_SCANCODE_A, SDLK_a);
    for (int i = 0; i < 100; ++i)
        in = m.update(dt, def);
    release(m, SDL_SCANCODE_A, SDLK_a);
    press(m, SDL_SCANCODE_D, SDLK_d);
    for (int i = 0; i < 10; ++i)
        in = m.update(dt, def);
    CHECK(in.steer == Approx(0.5).margin(1e-12));
}

TEST_CASE("digital throttle ramps at throttle_rate", "[input]") {
    InputMapper m;
    InputDef def;
    def.throttle_rate = 4.0;
    press(m, SDL_SCANCODE_UP, SDLK_UP);
    InputState in;
    for (int i = 0; i < 10; ++i)
        in = m.update(0.01, def);
    CHECK(in.throttle == Approx(0.4).margin(1e-12));
}

TEST_CASE("dead zone cuts the centre and rescales the rest", "[input]") {
    CHECK(apply_dead_zone(0.1, 0.12) == 0.0);
    CHECK(apply_dead_zone(-0.12, 0.12) == 0.0);
    CHECK(apply_dead_zone(1.0, 0.12) == 1.0);
    CHECK(apply_dead_zone(-1.0, 0.12) == -1.0);
    CHECK(apply_dead_zone(0.56, 0.12) == Approx(0.5));
    CHECK(apply_dead_zone(0.3, 0.0) == 0.3);
}

TEST_CASE("a virtual gamepad drives through SDL_GameController and can be unplugged",
          "[input][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        InputMapper m;
        InputDef def;  // stick dead zone 0.12, trigger dead zone 0.05
        const int dev = test::attach_pad();
        SDL_Joystick* joy = SDL_JoystickOpen(dev);
        REQUIRE(joy != nullptr);
        test::pump(m);
        REQUIRE(m.has_pad());
        std::vector<std::string> msgs = m.take_messages();
        REQUIRE(msgs.size() == 1);
        CHECK_THAT(msgs[0], Catch::StartsWith("Gamepad connected"));

        auto axis = [&](SDL_GameControllerAxis a, double v) {
            SDL_JoystickSetVirtualAxis(joy, a, static_cast<Sint16>(v * 32767.0));
        };
        auto button = [&](SDL_GameControllerButton b, bool down) {
            SDL_JoystickSetVirtualButton(joy, b, down ? 1 : 0);
        };
        // Virtual trigger axes rest at the axis minimum; pressed fully at the maximum.
        axis(SDL_CONTROLLER_AXIS_TRIGGERLEFT, -1.0);
        axis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, -1.0);
        test::pump(m);
        InputState in = m.update(0.01, def);
        CHECK(in.throttle == 0.0);
        CHECK(in.brake == 0.0);
        CHECK(in.steer == 0.0);

        axis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 1.0);
        axis(SDL_CONTROLLER_AXIS_LEFTX, 0.10);  // inside the 0.12 dead zone
        test::pump(m);
        in = m.update(0.01, def);
        CHECK(in.throttle == Approx(1.0).margin(1e-4));
        CHECK(in.steer == 0.0);

        axis(SDL_CONTROLLER_AXIS_LEFTX, 0.56);  // right: (0.56 - 0.12) / 0.88 = 0.5
        axis(SDL_CONTROLLER_AXIS_TRIGGERLEFT, 1.0);
        test::pump(m);
        in = m.update(0.01, def);
        CHECK(in.steer == Approx(-0.5).margin(1e-3));  // analog: no ramp, straight through
        CHECK(in.brake == Approx(1.0).margin(1e-4));

        button(SDL_CONTROLLER_BUTTON_A, true);
        button(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, true);
        button(SDL_CONTROLLER_BUTTON_BACK, true);
        button(SDL_CONTROLLER_BUTTON_START, true);
        test::pump(m);
        in = m.update(0.01, def);
        CHECK(in.handbrake == 1.0);
        CHECK(in.shift_up);
        CHECK_FALSE(in.shift_down);
        CHECK(in.reset);
        CHECK(m.take_commands().menu_toggle);  // Start: the pause menu
        test::pump(m);
        in = m.update(0.01, def);  // still held: edges do not repeat
        CHECK_FALSE(in.shift_up);
        CHECK_FALSE(in.reset);
        CHECK(in.handbrake == 1.0);
        button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER, true);
        test::pump(m);
        CHECK(m.update(0.01, def).shift_down);

        // Unplug mid-run: no crash, the pad is gone, the keyboard still drives.
        SDL_JoystickClose(joy);
        REQUIRE(SDL_JoystickDetachVirtual(dev) == 0);
        test::pump(m);
        CHECK_FALSE(m.has_pad());
        msgs = m.take_messages();
        REQUIRE(msgs.size() == 1);
        CHECK_THAT(msgs[0], Catch::StartsWith("Gamepad disconnected"));
        in = m.update(0.01, def);
        CHECK(in.throttle == 0.0);
        CHECK(in.handbrake == 0.0);
        def.throttle_rate = 1000.0;
        press(m, SDL_SCANCODE_W, SDLK_w);
        CHECK(m.update(0.01, def).throttle == 1.0);
    }
    SDL_Quit();
}

TEST_CASE("fixed keys are matched by their place, whatever the layout types there", "[input]") {
    InputMapper m;
    // AZERTY: the keys at QWERTY's '[' and ']' type '^' and '$', at ',' ';', at '.' ':'.
    press(m, SDL_SCANCODE_LEFTBRACKET, SDLK_CARET);
    press(m, SDL_SCANCODE_RIGHTBRACKET, SDLK_DOLLAR);
    press(m, SDL_SCANCODE_COMMA, SDLK_SEMICOLON);
    press(m, SDL_SCANCODE_PERIOD, SDLK_COLON);
    AppCommands c = m.take_commands();
    CHECK(c.replay_slower);
    CHECK(c.replay_faster);
    CHECK(c.step_back);
    CHECK(c.single_step);
    // A key elsewhere that types '[' (AltGr layouts, or a remapped key) is not the fixed key.
    press(m, SDL_SCANCODE_5, SDLK_LEFTBRACKET);
    press(m, SDL_SCANCODE_MINUS, SDLK_RIGHTBRACKET);
    c = m.take_commands();
    CHECK_FALSE(c.replay_slower);
    CHECK_FALSE(c.replay_faster);
}
