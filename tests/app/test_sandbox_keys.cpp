// Sandbox keys read through ImGui 1.86's key map as the SDL backend fills it
// (io.KeyMap[ImGuiKey_*] = SDL scancode): Backspace resets the level, H does not.
#include <SDL.h>
#include <imgui.h>
#include <catch2/catch.hpp>

#include "sandbox_tools.hpp"
#include "support/imgui_context.hpp"

using namespace skidpad::app;

namespace {
struct KeyFixture {
    skidpad::test::ImGuiContextScope gui;
    KeyFixture() {
        ImGui::GetIO().KeyMap[ImGuiKey_Backspace] = SDL_SCANCODE_BACKSPACE;  // as imgui_impl_sdl
    }
    /// One frame with `scancode` held (-1: none); returns sandbox_reset_pressed().
    bool frame(int scancode) {
        ImGuiIO& io = ImGui::GetIO();
        for (bool& k : io.KeysDown)
            k = false;
        if (scancode >= 0) io.KeysDown[scancode] = true;
        ImGui::NewFrame();
        const bool pressed = sandbox_reset_pressed();
        ImGui::Render();
        return pressed;
    }
};
}  // namespace

TEST_CASE("Backspace resets the sandbox level once per press and H does not", "[app][sandbox]") {
    KeyFixture keys;
    CHECK_FALSE(keys.frame(-1));
    CHECK_FALSE(keys.frame(SDL_SCANCODE_H));  // the scancode equal to ImGuiKey_Backspace
    CHECK_FALSE(keys.frame(SDL_SCANCODE_H));
    CHECK_FALSE(keys.frame(-1));
    CHECK(keys.frame(SDL_SCANCODE_BACKSPACE));
    CHECK_FALSE(keys.frame(SDL_SCANCODE_BACKSPACE));  // held: no repeat
    CHECK_FALSE(keys.frame(-1));
    CHECK(keys.frame(SDL_SCANCODE_BACKSPACE));
}
