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

}  // namespace skidpad::test
