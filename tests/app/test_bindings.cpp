// Rebinding through the real paths: a rebound key drives the car through the
// InputMapper, the Controls page refuses a conflict and saves, the file survives a
// restart, a corrupt file gives the defaults with a message and stays as it was, and a
// (virtual) gamepad works the pause menu.
#include <SDL.h>
#include <imgui.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "bindings_store.hpp"
#include "input_map.hpp"
#include "key_hints.hpp"
#include "menu_pages.hpp"
#include "pause_menu.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/world.hpp"
#include "support/controls_menu.hpp"
#include "support/imgui_context.hpp"
#include "support/seat_input.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

SDL_Event key_event(Uint32 type, SDL_Scancode sc) {
    SDL_Event e{};
    e.type = type;
    e.key.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = sc;
    e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
    return e;
}

/// Drives a fresh arena car for `steps` steps of 1/120 s with the mapper's input;
/// returns how far it went (m).
double drive(InputMapper& m, const InputDef& def, int steps) {
    World world;
    build_default_arena(world, CarDef{});
    const dvec2 start = world.car(world.player()).position;
    for (int i = 0; i < steps; ++i)
        world.step(1.0 / 120.0, m.update(1.0 / 120.0, def));
    const dvec2 d = world.car(world.player()).position - start;
    return std::sqrt(d.x * d.x + d.y * d.y);
}

using Action_ = MenuPick::Action;
using Page = PauseMenu::Page;
constexpr int kEnter = test::kKeyEnter, kDown = test::kKeyDown, kEsc = test::kKeyEscape;

using Gui = test::ControlsMenuFixture;

}  // namespace

TEST_CASE("the key names are SDL's names of the same scancodes", "[bindings][input]") {
    int named = 0;
    for (int code = 0; code < SDL_NUM_SCANCODES; ++code) {
        const std::string_view n = key_name(code);
        if (n.empty()) continue;
        ++named;
        CHECK(n == SDL_GetScancodeName(static_cast<SDL_Scancode>(code)));
        CHECK(key_from_name(n) == code);
    }
    CHECK(named > 90);
}

TEST_CASE("a rebound key drives the car through the input mapper but the old key does not",
          "[bindings][input]") {
    InputDef def;
    Bindings b = default_bindings();
    REQUIRE(bind_key(b, Action::Throttle, 1, 0) == "");  // W off the throttle
    REQUIRE(bind_key(b, Action::Throttle, 0, SDL_SCANCODE_K) == "");
    InputMapper rebound;
    rebound.set_bindings(b);
    rebound.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_K));
    const double x_k = drive(rebound, def, 240);

    // The same 2 s with the default W: the same run, to the bit.
    InputMapper defaults;
    defaults.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_W));
    const double x_w = drive(defaults, def, 240);
    CHECK(x_k > 5.0);  // it went somewhere: 2 s of full throttle
    CHECK(x_k == x_w);

    // W is no longer the throttle in the rebound set: the car stays where it started.
    InputMapper old_key;
    old_key.set_bindings(b);
    old_key.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_W));
    CHECK(drive(old_key, def, 240) < 1e-6);
}

TEST_CASE("keyboard steering sensitivity and linearity shape the key steer", "[bindings][input]") {
    InputMapper m;
    InputDef def;
    def.steer_rate = 1000.0;  // full lock at once
    def.key_steer_sensitivity = 0.5;
    m.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_A));
    CHECK(m.update(0.1, def).steer == Approx(0.5).margin(1e-12));
    def.steer_rate = 2.5;  // from centre: 0.25 after 0.1 s
    def.key_steer_sensitivity = 1.0;
    def.key_steer_linearity = 2.0;
    InputMapper n;
    n.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_A));
    CHECK(n.update(0.1, def).steer == Approx(0.0625).margin(1e-12));  // 0.25^2
}

TEST_CASE("the Controls page refuses a conflicting key, binds a free one and saves it",
          "[bindings][menu]") {
    test::TempDir dir;
    Gui gui;
    gui.page.path = dir.file("bindings.json");
    gui.tap(kEsc, true);
    for (int i = 0; i < 5; ++i)  // Resume, Restart, Mode, Car, Assists, [Controls]
        gui.tap(kDown);
    gui.tap(kEnter);
    REQUIRE(gui.menu.page == Page::Controls);
    gui.tap(kDown);  // Brake, first key
    gui.tap(kEnter);
    REQUIRE(gui.page.capturing);
    REQUIRE(gui.input.capturing() == CaptureKind::Keyboard);
    gui.input.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_W), true);
    gui.frame();
    CHECK_FALSE(gui.page.capturing);
    CHECK(gui.page.status_error);
    CHECK(gui.page.status == "W is already bound to Throttle; clear it there first");
    CHECK(gui.input.bindings() == default_bindings());
    CHECK_FALSE(gui.page.unsaved);

    // Esc while waiting cancels the capture, not the page.
    gui.tap(kEnter);
    gui.input.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_ESCAPE), true);
    gui.frame(kEsc);
    gui.frame();
    CHECK(gui.menu.page == Page::Controls);
    CHECK(gui.page.status == "Cancelled; the binding is unchanged");

    gui.tap(kEnter);
    gui.input.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_K), true);
    gui.frame();
    CHECK_FALSE(gui.page.status_error);
    CHECK(gui.input.bindings().keys[static_cast<std::size_t>(Action::Brake)][0] == SDL_SCANCODE_K);
    CHECK(gui.page.unsaved);
    CHECK_FALSE(std::filesystem::exists(gui.page.path));  // nothing written before Save

    gui.menu.cursor = kRowSave;
    gui.tap(kEnter);
    CHECK_FALSE(gui.page.unsaved);
    CHECK(gui.page.status == "Saved to " + gui.page.path);
    // A restart: the file gives back what was saved.
    const BindingsLoad again = load_bindings_file(gui.page.path);
    CHECK(again.ok);
    CHECK(again.bindings == gui.input.bindings());

    gui.menu.cursor = kRowDefaults;
    gui.tap(kEnter);
    CHECK(gui.input.bindings() == default_bindings());
    CHECK(gui.page.unsaved);
}

TEST_CASE("the start hint and the HUD key names follow a rebinding", "[bindings][hint]") {
    CHECK(start_hint_text(default_bindings()) ==
          "Arrows / WASD drive  -  Space handbrake  -  Tab map  -  F1 tuning  -  Esc menu");
    CHECK(action_keys(default_bindings(), Action::Reset) == "R");
    // Handbrake rebound on the Controls page (row 4, first key) to Left Shift.
    Gui gui;
    gui.tap(kEsc, true);
    for (int i = 0; i < 5; ++i)
        gui.tap(kDown);
    gui.tap(kEnter);
    REQUIRE(gui.menu.page == Page::Controls);
    for (int i = 0; i < 4; ++i)
        gui.tap(kDown);
    gui.tap(kEnter);
    REQUIRE(gui.page.capturing);
    gui.input.handle_event(key_event(SDL_KEYDOWN, SDL_SCANCODE_LSHIFT), true);
    gui.frame();
    REQUIRE_FALSE(gui.page.status_error);
    CHECK(start_hint_text(gui.input.bindings()) ==
          "Arrows / WASD drive  -  Left Shift handbrake  -  Tab map  -  F1 tuning  -  Esc menu");
    // Driving on IJKL instead of the arrows, reset on Backspace... on F: every slot named.
    Bindings b = default_bindings();
    const std::pair<Action, const char*> ijkl[] = {{Action::Throttle, "I"},
                                                   {Action::Brake, "K"},
                                                   {Action::SteerLeft, "J"},
                                                   {Action::SteerRight, "L"}};
    for (const auto& [a, k] : ijkl)
        REQUIRE(bind_key(b, a, 0, key_from_name(k)).empty());
    REQUIRE(bind_key(b, Action::Reset, 0, key_from_name("F")).empty());
    REQUIRE(bind_key(b, Action::Reset, 1, key_from_name("T")).empty() == false);  // reserved
    REQUIRE(bind_key(b, Action::Reset, 1, key_from_name("G")).empty());
    CHECK(drive_keys(b) == "I/K/J/L / WASD");
    CHECK(action_keys(b, Action::Reset) == "F / G");
    REQUIRE(bind_key(b, Action::Throttle, 1, 0).empty());  // W cleared: WASD incomplete
    CHECK(drive_keys(b) == "I/K/J/L");
    REQUIRE(bind_key(b, Action::Handbrake, 0, 0).empty());
    CHECK(action_keys(b, Action::Handbrake) == "(unbound)");
}

TEST_CASE("the pause, mute and camera toasts name the keys bound to them", "[bindings][hint]") {
    const Bindings d = default_bindings();
    CHECK(pause_toast_text(d, true) == "Paused (P resumes, '.' steps)");
    CHECK(pause_toast_text(d, false) == "Running");
    CHECK(mute_toast_text(d, false) == "Sound muted (N)");
    CHECK(mute_toast_text(d, true) == "Sound on");
    CHECK(camera_toast_text(d, false) == "Camera detached: drag to pan, C to follow");
    CHECK(camera_toast_text(d, true) == "Camera follows the car");
    Bindings b = d;
    REQUIRE(bind_key(b, Action::Pause, 0, key_from_name("O")).empty());
    REQUIRE(bind_key(b, Action::Mute, 0, key_from_name("U")).empty());
    REQUIRE(bind_key(b, Action::Camera, 0, key_from_name("V")).empty());
    CHECK(pause_toast_text(b, true) == "Paused (O resumes, '.' steps)");
    CHECK(mute_toast_text(b, false) == "Sound muted (U)");
    CHECK(camera_toast_text(b, false) == "Camera detached: drag to pan, V to follow");
    // The replay viewer's play button names the pause key as it is bound.
    CHECK(replay_play_label(d, true) == "Pause (P)");
    CHECK(replay_play_label(d, false) == "Play (P)");
    CHECK(replay_play_label(b, true) == "Pause (O)");
}

TEST_CASE("bindings survive a restart: saved, then loaded by a new store", "[bindings]") {
    test::TempDir dir;
    const std::string path = bindings_path(dir.path.string() + "/");
    Bindings b = default_bindings();
    REQUIRE(bind_key(b, Action::Handbrake, 1, SDL_SCANCODE_LSHIFT) == "");
    REQUIRE(bind_pad(b, Action::Handbrake, 0, pad_button(SDL_CONTROLLER_BUTTON_X)) == "");
    b.steer.stick_linearity = 2.0;
    REQUIRE(save_bindings_file(path, b).ok);
    const BindingsLoad r = load_bindings_file(path);
    CHECK(r.found);
    CHECK(r.ok);
    CHECK(r.message.empty());
    CHECK(r.bindings == b);
    // No file: the defaults, quietly.
    const BindingsLoad none = load_bindings_file(dir.file("none.json"));
    CHECK_FALSE(none.found);
    CHECK(none.ok);
    CHECK(none.bindings == default_bindings());
}

TEST_CASE("a corrupt bindings file gives the defaults and a message and is left as it was",
          "[bindings]") {
    test::TempDir dir;
    const std::string path = dir.file("bindings.json");
    const std::string corrupt =
        R"({"format": "skidpad-bindings", "version": 1, "keyboard": {"throttle": ["W", )";
    { std::ofstream(path, std::ios::binary) << corrupt; }
    const BindingsLoad r = load_bindings_file(path);
    CHECK(r.found);
    CHECK_FALSE(r.ok);
    CHECK(r.bindings == default_bindings());
    CHECK_THAT(r.message, Catch::StartsWith(path + ": not valid JSON") &&
                              Catch::Contains("using the default controls"));
    CHECK(test::read_file(path) == corrupt);
    // A conflict is named too.
    {
        std::ofstream(path, std::ios::binary)
            << R"({"format":"skidpad-bindings","version":1,"keyboard":{"reset":["Space"],"handbrake":["Space"]}})";
    }
    CHECK_THAT(load_bindings_file(path).message,
               Catch::Contains("keyboard.reset: Space is already bound to Handbrake"));
}

TEST_CASE("a virtual gamepad opens, walks and closes the pause menu", "[bindings][menu][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        Gui gui;
        const int dev = test::attach_pad();
        SDL_Joystick* joy = SDL_JoystickOpen(dev);
        REQUIRE(joy != nullptr);
        const InputDef def;
        // One frame: pad state in, the mapper's menu controls out, the menu drawn.
        auto pad_frame = [&](double dt = 1.0 / 60.0) {
            test::pump(gui.input);
            gui.input.update(dt, def);
            const AppCommands c = gui.input.take_commands();
            return gui.frame(-1, false, menu_nav(c));
        };
        auto press = [&](SDL_GameControllerButton b) {
            SDL_JoystickSetVirtualButton(joy, b, 1);
            const MenuPick p = pad_frame();
            SDL_JoystickSetVirtualButton(joy, b, 0);
            const MenuPick q = pad_frame();
            return p.action != Action_::None ? p : q;
        };
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_TRIGGERLEFT, -32768);
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, -32768);
        pad_frame();
        REQUIRE(gui.input.has_pad());

        press(SDL_CONTROLLER_BUTTON_START);
        REQUIRE(gui.menu.open);
        CHECK(gui.menu.page == Page::Main);
        for (int i = 0; i < 5; ++i)
            press(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
        CHECK(gui.menu.cursor == 5);
        press(SDL_CONTROLLER_BUTTON_A);
        REQUIRE(gui.menu.page == Page::Controls);
        // Rebind the brake's first pad input to X with the pad itself.
        press(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
        press(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
        press(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);  // column 2: the first pad input
        press(SDL_CONTROLLER_BUTTON_A);
        REQUIRE(gui.input.capturing() == CaptureKind::Pad);
        press(SDL_CONTROLLER_BUTTON_X);
        CHECK(gui.input.bindings().pad[static_cast<std::size_t>(Action::Brake)][0] ==
              pad_button(SDL_CONTROLLER_BUTTON_X));
        CHECK(gui.menu.page == Page::Controls);  // B, X or A during a capture are bindings
        press(SDL_CONTROLLER_BUTTON_B);
        CHECK(gui.menu.page == Page::Main);
        CHECK(gui.menu.cursor == 5);
        // The left stick held down: one step at once, one more after the repeat delay.
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 32767);
        for (int i = 0; i < 10; ++i)
            pad_frame(0.05);  // 0.45 s held
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 0);
        pad_frame();
        CHECK(gui.menu.cursor == 7);  // Display
        press(SDL_CONTROLLER_BUTTON_DPAD_UP);
        press(SDL_CONTROLLER_BUTTON_A);
        REQUIRE(gui.menu.page == Page::Audio);
        const double master = gui.tuner.settings().sound.master;
        press(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);  // master volume +5 %
        CHECK(gui.tuner.settings().sound.master == Approx(master + 0.05).margin(1e-12));
        CHECK(press(SDL_CONTROLLER_BUTTON_START).action == Action_::Resume);
        CHECK_FALSE(gui.menu.open);

        SDL_JoystickClose(joy);
        SDL_JoystickDetachVirtual(dev);
    }
    SDL_Quit();
}

TEST_CASE("stick steering is shaped by the stick tunables and a rebound pad button acts",
          "[bindings][input][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        InputMapper m;
        Bindings b = default_bindings();
        REQUIRE(bind_pad(b, Action::Handbrake, 0, pad_button(SDL_CONTROLLER_BUTTON_X)) == "");
        m.set_bindings(b);
        const int dev = test::attach_pad();
        SDL_Joystick* joy = SDL_JoystickOpen(dev);
        REQUIRE(joy != nullptr);
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_TRIGGERLEFT, -32768);
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, -32768);
        // Right: (0.56 - 0.12) / 0.88 = 0.5 of the travel past the dead zone.
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX,
                                   static_cast<Sint16>(0.56 * 32767.0));
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_X, 1);
        test::pump(m);
        REQUIRE(m.has_pad());
        InputDef def;
        InputState in = m.update(0.01, def);
        CHECK(in.steer == Approx(-0.5).margin(1e-3));
        CHECK(in.handbrake == 1.0);  // X, rebound
        def.stick_steer_sensitivity = 1.5;
        def.stick_steer_linearity = 2.0;
        in = m.update(0.01, def);
        CHECK(in.steer == Approx(-1.5 * 0.25).margin(2e-3));  // 1.5 · 0.5²
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_X, 0);
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, 1);  // the old handbrake
        test::pump(m);
        CHECK(m.update(0.01, def).handbrake == 0.0);
        SDL_JoystickClose(joy);
        SDL_JoystickDetachVirtual(dev);
    }
    SDL_Quit();
}
