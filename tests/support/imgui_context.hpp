// A Dear ImGui context for tests that draw overlay code without a window: display
// size, frame time, the font atlas built, no imgui.ini. Destroyed with the object.
#pragma once

#include <imgui.h>

namespace skidpad::test {

struct ImGuiContextScope {
    explicit ImGuiContextScope(ImVec2 display = ImVec2(1280.0f, 720.0f)) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        unsigned char* px = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    }
    ~ImGuiContextScope() { ImGui::DestroyContext(); }
    ImGuiContextScope(const ImGuiContextScope&) = delete;
    ImGuiContextScope& operator=(const ImGuiContextScope&) = delete;
};

inline constexpr int kKeyEnter = 13, kKeyEscape = 27, kKeyY = 89, kKeyZ = 90, kKeyUp = 38,
                     kKeyDown = 40;

/// The same context with key indices mapped as a backend maps them, so a test can
/// hold a key by setting io.KeysDown[index].
struct ImGuiContextFixture : ImGuiContextScope {
    ImGuiContextFixture() {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyMap[ImGuiKey_Enter] = kKeyEnter;
        io.KeyMap[ImGuiKey_Escape] = kKeyEscape;
        io.KeyMap[ImGuiKey_Y] = kKeyY;
        io.KeyMap[ImGuiKey_Z] = kKeyZ;
        io.KeyMap[ImGuiKey_UpArrow] = kKeyUp;
        io.KeyMap[ImGuiKey_DownArrow] = kKeyDown;
    }

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
