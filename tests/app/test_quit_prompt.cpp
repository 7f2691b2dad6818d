// Esc asks before quitting: a modal where Enter or Quit confirms and Esc or Cancel
// goes back; with a popup open Esc closes that popup and nothing else.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "game.hpp"
#include "support/imgui_context.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
constexpr int kEsc = test::kKeyEscape, kEnter = test::kKeyEnter;

struct Gui : test::ImGuiContextFixture {
    /// One frame with `key` held (-1: none); `escape`: the app's Esc command.
    bool frame(QuitPrompt& q, bool escape, int key = -1, bool open_menu = false) {
        new_frame(key);
        ImGui::Begin("window");
        if (open_menu) ImGui::OpenPopup("menu");
        menu_open = ImGui::BeginPopup("menu");
        if (menu_open) {
            ImGui::TextUnformatted("item");
            ImGui::EndPopup();
        }
        ImGui::End();
        const bool quit = draw_quit_prompt(q, escape);
        ImGui::Render();
        return quit;
    }
    bool menu_open = false;
};
}  // namespace

TEST_CASE("Esc opens the quit prompt, Esc again goes back and Enter quits", "[app][quit]") {
    Gui gui;
    QuitPrompt q;
    CHECK_FALSE(gui.frame(q, false));
    CHECK_FALSE(q.open);
    CHECK_FALSE(gui.frame(q, true, kEsc));  // Esc: asks, does not quit
    CHECK(q.open);
    CHECK_FALSE(gui.frame(q, false, kEsc));  // still held: no repeat
    CHECK(q.open);
    CHECK_FALSE(gui.frame(q, false));
    CHECK_FALSE(gui.frame(q, true, kEsc));  // Esc again: back to the game
    CHECK_FALSE(q.open);
    CHECK_FALSE(gui.frame(q, false));
    CHECK_FALSE(gui.frame(q, true, kEsc));
    REQUIRE(q.open);
    CHECK_FALSE(gui.frame(q, false));
    CHECK(gui.frame(q, false, kEnter));  // Enter confirms
    CHECK_FALSE(q.open);
}

TEST_CASE("Esc with a popup open closes the popup and does not ask to quit", "[app][quit]") {
    Gui gui;
    QuitPrompt q;
    gui.frame(q, false, -1, true);
    REQUIRE(gui.menu_open);
    CHECK_FALSE(gui.frame(q, true, kEsc));
    CHECK_FALSE(q.open);
    gui.frame(q, false);
    CHECK_FALSE(gui.menu_open);
}
