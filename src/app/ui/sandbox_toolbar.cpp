// The sandbox mode's toolbar (see sandbox_toolbar.hpp).
#include "sandbox_toolbar.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "game.hpp"
#include "game_editors.hpp"
#include "overlay_layout.hpp"
#include "sandbox_tools.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "split_screen.hpp"

namespace skidpad::app {

namespace {

/// A button drawn as pressed while `on`; true when clicked.
bool toggle_button(const char* label, bool on, const ImVec2& size = ImVec2(0.0f, 0.0f)) {
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool clicked = ImGui::Button(label, size);
    if (on) ImGui::PopStyleColor();
    return clicked;
}

}  // namespace

bool sandbox_toolbar_shown(const Game& game) {
    return game.session.mode_name == "sandbox" && game.session.live() && !split_active(game) &&
           !game.ui.menu.open;
}

void sandbox_toolbar_frame(Game& game) {
    SandboxState& sb = game.session.sim.sandbox;
    const Scene& scene = game.session.sim.scene;
    const ImGuiIO& io = ImGui::GetIO();
    // The left edge, clear of the developer overlay's left column when it is open; the
    // car stays in the middle of the view and the HUD along the bottom and top right.
    const float x =
        kLayoutMargin + (game.ui.show_overlay ? io.DisplaySize.x * kLeftColumnFrac : 0.0f);
    ImGui::SetNextWindowPos(ImVec2(x, kLayoutMargin), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.75f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing;
    if (!ImGui::Begin("Sandbox tools", nullptr, flags)) {
        ImGui::End();
        return;
    }
    // Two buttons a row, each as wide as the longest label.
    const std::vector<BodyKind> kinds = sandbox_kinds();
    float label_w = ImGui::CalcTextSize("Save as level").x;
    for (const BodyKind k : kinds)
        label_w = std::max(label_w, ImGui::CalcTextSize(body_kind_row(k).sandbox_label).x);
    const ImVec2 half(label_w + ImGui::GetStyle().FramePadding.x * 2.0f, 0.0f);
    ImGui::TextUnformatted("Sandbox");
    ImGui::SameLine();
    ImGui::TextDisabled("bodies %zu", scene.world.soft().body_count());
    ImGui::Separator();
    // Spawn: one button per kind the sandbox offers (body_kinds.hpp), each picks the
    // spawn tool with its kind.
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        const int k = static_cast<int>(i);
        if (i % 2 == 1) ImGui::SameLine();
        const bool on = sb.tool == SandboxTool::Spawn && sb.spawn_kind == k;
        if (toggle_button(body_kind_row(kinds[i]).sandbox_label, on, half)) {
            sb.tool = SandboxTool::Spawn;
            sb.spawn_kind = k;
        }
    }
    if (toggle_button("Move", sb.tool == SandboxTool::Move, half)) sb.tool = SandboxTool::Move;
    ImGui::SameLine();
    if (toggle_button("Delete", sb.tool == SandboxTool::Delete, half))
        sb.tool = SandboxTool::Delete;
    ImGui::Separator();
    if (ImGui::Button("Clear", half)) {
        const int n = sandbox_clear(game.session);
        game.toast("Cleared " + std::to_string(n) + (n == 1 ? " body" : " bodies") +
                       " (Backspace brings the level back)",
                   2.5);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(scene.track >= 0);
    const bool save = ImGui::Button("Save as level", half);
    ImGui::EndDisabled();
    ImGui::Separator();
    const char* left =
        sb.tool == SandboxTool::Spawn
            ? "click: spawn, or drag a body"
            : (sb.tool == SandboxTool::Move ? "click: drag a body" : "click: delete a body");
    ImGui::TextDisabled("%s", left);
    ImGui::TextDisabled("right-click: delete");
    ImGui::TextDisabled("Backspace: reset the level");
    ImGui::TextDisabled("F1: developer overlay");
    ImGui::End();
    if (save) level_editor_from_scene(game);
}

}  // namespace skidpad::app
