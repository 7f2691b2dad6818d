// A Dear ImGui context with no window (fonts built, 1280x720 display, 60 Hz frames),
// for tests that draw the overlay's windows. Key indices are mapped as a backend maps
// them, so a test can hold a key by setting io.KeysDown[index].
#pragma once

#include <imgui.h>

namespace skidpad::test {

inline constexpr int kKeyEnter = 13, kKeyEscape = 27, kKeyY = 89, kKeyZ = 90;

struct ImGuiContextFixture {
    ImGuiContextFixture() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1280.0f, 720.0f);
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        unsigned char* px = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
        io.KeyMap[ImGuiKey_Enter] = kKeyEnter;
        io.KeyMap[ImGuiKey_Escape] = kKeyEscape;
        io.KeyMap[ImGuiKey_Y] = kKeyY;
        io.KeyMap[ImGuiKey_Z] = kKeyZ;
    }
    ~ImGuiContextFixture() { ImGui::DestroyContext(); }
    ImGuiContextFixture(const ImGuiContextFixture&) = delete;
    ImGuiContextFixture& operator=(const ImGuiContextFixture&) = delete;

    /// Starts a frame with only `key` held (-1: none) and Ctrl as given.
    static void new_frame(int key = -1, bool ctrl = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = ctrl;
        for (bool& k : io.KeysDown)
            k = false;
        if (key >= 0) io.KeysDown[key] = true;
        ImGui::NewFrame();
    }
};

}  // namespace skidpad::test
