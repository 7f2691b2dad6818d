// The pause menu in a real ImGui context: Esc opens it, Esc goes back a level and
// resumes from the top; Up/Down move the cursor and Enter picks; quitting asks once
// more; with another popup open Esc only closes that popup. Also the start hint's fade.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "pause_menu.hpp"
#include "support/imgui_context.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
constexpr int kEsc = test::kKeyEscape, kEnter = test::kKeyEnter, kDown = test::kKeyDown,
              kUp = test::kKeyUp;
using Action = MenuPick::Action;
using Page = PauseMenu::Page;

struct Gui : test::ImGuiContextFixture {
    std::vector<std::string> cars = {"hatch-fwd", "rally-awd", "sports-rwd"};

    /// One frame with `key` held (-1: none); `escape`: the app's Esc command.
    MenuPick frame(PauseMenu& m, bool escape, int key = -1, bool open_other = false) {
        new_frame(key);
        ImGui::Begin("window");
        if (open_other) ImGui::OpenPopup("other");
        other_open = ImGui::BeginPopup("other");
        if (other_open) {
            ImGui::TextUnformatted("item");
            ImGui::EndPopup();
        }
        ImGui::End();
        const MenuPick pick = draw_pause_menu(m, escape, cars, 2);
        ImGui::Render();
        return pick;
    }
    /// A key pressed for one frame and released on the next.
    MenuPick tap(PauseMenu& m, int key, bool escape = false) {
        const MenuPick p = frame(m, escape, key);
        const MenuPick q = frame(m, false);
        return p.action != Action::None ? p : q;
    }
    bool other_open = false;
};
}  // namespace

TEST_CASE("Esc opens the pause menu and Esc again resumes", "[app][menu]") {
    Gui gui;
    PauseMenu m;
    CHECK(gui.frame(m, false).action == Action::None);
    CHECK_FALSE(m.open);
    CHECK(gui.tap(m, kEsc, true).action == Action::None);  // opens, does not resume at once
    CHECK(m.open);
    CHECK(m.page == Page::Main);
    CHECK(gui.tap(m, kEsc, true).action == Action::Resume);
    CHECK_FALSE(m.open);
}

TEST_CASE("Quit asks once more: Enter quits, Esc goes back to the menu", "[app][menu]") {
    Gui gui;
    PauseMenu m;
    gui.tap(m, kEsc, true);
    // Resume, Restart, Mode, Car, Assists, Controls, Audio, Display, Players, [Quit]
    for (int i = 0; i < 9; ++i)
        gui.tap(m, kDown);
    CHECK(m.cursor == 9);
    CHECK(gui.tap(m, kEnter).action == Action::None);
    REQUIRE(m.page == Page::ConfirmQuit);
    CHECK(gui.tap(m, kEsc, true).action == Action::None);  // back, not quit
    CHECK(m.open);
    CHECK(m.page == Page::Main);
    CHECK(m.cursor == 9);  // on Quit again
    gui.tap(m, kEnter);
    REQUIRE(m.page == Page::ConfirmQuit);
    CHECK(gui.tap(m, kEnter).action == Action::Quit);
    CHECK_FALSE(m.open);
}

TEST_CASE("Up wraps to the last row, and Restart and the Car page report their picks",
          "[app][menu]") {
    Gui gui;
    PauseMenu m;
    gui.tap(m, kEsc, true);
    gui.tap(m, kUp);
    CHECK(m.cursor == 9);  // wrapped from Resume to Quit (the tenth row)
    gui.tap(m, kDown);
    CHECK(m.cursor == 0);
    gui.tap(m, kDown);
    CHECK(gui.tap(m, kEnter).action == Action::Restart);
    CHECK_FALSE(m.open);

    gui.tap(m, kEsc, true);
    gui.tap(m, kDown);
    gui.tap(m, kDown);
    gui.tap(m, kDown);
    gui.tap(m, kEnter);  // Car...
    REQUIRE(m.page == Page::Car);
    CHECK(m.cursor == 2);  // starts on the current car
    gui.tap(m, kUp);
    const MenuPick p = gui.tap(m, kEnter);
    CHECK(p.action == Action::Car);
    CHECK(p.car == 1);
    CHECK_FALSE(m.open);
}

TEST_CASE("The Assists page starts on the current level, reports a pick, Esc goes back",
          "[app][menu]") {
    Gui gui;
    PauseMenu m;
    gui.tap(m, kEsc, true);
    for (int i = 0; i < 4; ++i)  // Resume, Restart, Mode, Car, [Assists]
        gui.tap(m, kDown);
    gui.tap(m, kEnter);
    REQUIRE(m.page == Page::Assists);
    CHECK(m.cursor == 1);  // sport, the level the test fixture passes as current
    gui.tap(m, kEsc, true);
    CHECK(m.page == Page::Main);
    CHECK(m.cursor == 4);  // back on Assists...
    gui.tap(m, kEnter);
    REQUIRE(m.page == Page::Assists);
    gui.tap(m, kDown);  // arcade
    const MenuPick p = gui.tap(m, kEnter);
    CHECK(p.action == Action::Assists);
    CHECK(p.assists == 2);
    CHECK_FALSE(m.open);
}

TEST_CASE("the Mode page starts on the running mode and reports the mode picked", "[app][menu]") {
    Gui gui;
    PauseMenu m;
    m.modes = {"Free drive (arena)", "Time trial", "Race"};
    m.current_mode = 1;
    gui.tap(m, kEsc, true);
    gui.tap(m, kDown);
    gui.tap(m, kDown);
    gui.tap(m, kEnter);  // Mode...
    REQUIRE(m.page == Page::Mode);
    CHECK(m.cursor == 1);  // the running mode
    gui.tap(m, kDown);
    const MenuPick p = gui.tap(m, kEnter);
    CHECK(p.action == Action::Mode);
    CHECK(p.mode == 2);
    CHECK_FALSE(m.open);
    // Esc on the page goes back to Mode... on the main page.
    gui.tap(m, kEsc, true);
    gui.tap(m, kDown);
    gui.tap(m, kDown);
    gui.tap(m, kEnter);
    REQUIRE(m.page == Page::Mode);
    gui.tap(m, kEsc, true);
    CHECK(m.page == Page::Main);
    CHECK(m.cursor == 2);
}

TEST_CASE("Esc with another popup open closes that popup and not the game", "[app][menu]") {
    Gui gui;
    PauseMenu m;
    gui.frame(m, false, -1, true);
    REQUIRE(gui.other_open);
    CHECK(gui.frame(m, true, kEsc).action == Action::None);
    CHECK_FALSE(m.open);
    gui.frame(m, false);
    CHECK_FALSE(gui.other_open);
}

TEST_CASE("The start hint holds for 8 s, then fades out over 2 s", "[app][menu]") {
    CHECK(hint_alpha(0.0) == 1.0f);
    CHECK(hint_alpha(7.9) == 1.0f);
    CHECK(hint_alpha(9.0) == Approx(0.5f).margin(1e-6));
    CHECK(hint_alpha(10.0) == 0.0f);
    CHECK(hint_alpha(1e9) == 0.0f);
}

TEST_CASE("The Players row reports its pick and closes the menu for the join screen",
          "[app][menu]") {
    Gui gui;
    PauseMenu m;
    gui.tap(m, kEsc, true);
    gui.tap(m, kUp);  // Quit
    gui.tap(m, kUp);  // Players, the row above it
    CHECK(m.cursor == 8);
    CHECK(gui.tap(m, kEnter).action == Action::Players);
    CHECK_FALSE(m.open);
}
