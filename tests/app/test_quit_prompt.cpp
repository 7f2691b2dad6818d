// Esc asks before quitting: a modal where Enter or Quit confirms and Esc or Cancel
// goes back; with a popup open Esc closes that popup and nothing else.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "game.hpp"

using namespace skidpad::app;

namespace {
constexpr int kEsc = 27, kEnter = 13;  // key indices, as a backend maps them

struct Gui {
    Gui() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1280.0f, 720.0f);
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        unsigned char* px = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
        io.KeyMap[ImGuiKey_Escape] = kEsc;
        io.KeyMap[ImGuiKey_Enter] = kEnter;
    }
    ~Gui() { ImGui::DestroyContext(); }
    /// One frame with `key` held (-1: none); `escape`: the app's Esc command.
    bool frame(QuitPrompt& q, bool escape, int key = -1, bool open_menu = false) {
        ImGuiIO& io = ImGui::GetIO();
        for (bool& k : io.KeysDown)
            k = false;
        if (key >= 0) io.KeysDown[key] = true;
        ImGui::NewFrame();
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
