// The title screen drawn from its model (see title_menu.hpp).
#include "title_menu.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "thumb_view.hpp"

namespace skidpad::app {

namespace {
constexpr float kWidth = 520.0f;
constexpr float kValueX = 190.0f;

bool key(ImGuiKey k, bool repeat = true) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
}

/// The keys and the pad move the model; true when a pick was asked for.
bool keys(TitleModel& m, const MenuNav& nav) {
    if (key(ImGuiKey_DownArrow) || nav.down) m.down();
    if (key(ImGuiKey_UpArrow) || nav.up) m.up();
    if (key(ImGuiKey_LeftArrow) || nav.left) m.left();
    if (key(ImGuiKey_RightArrow) || nav.right) m.right();
    return key(ImGuiKey_Enter, false) || key(ImGuiKey_KeyPadEnter, false) || nav.select;
}

const ImVec4 kDim(0.55f, 0.55f, 0.55f, 1.0f);
const ImVec4 kLocked(0.95f, 0.55f, 0.35f, 1.0f);

/// The chosen track's thumbnail (its outline, the start marked) and length, on a line of
/// its own; nothing for the arena or a track with no file.
void draw_track_thumb(TrackThumbs& thumbs, const std::vector<TitleRow>& rows) {
    for (const TitleRow& r : rows) {
        if (r.label != "Track" || !r.setting || r.value == "arena") continue;
        track_thumb_block(thumbs, r.value, kWidth - 16.0f);
        return;
    }
}
}  // namespace

TitleStart draw_title_menu(TitleMenu& title, bool escape, const MenuNav& nav) {
    if (!title.open || !title.model) return {};
    TitleModel& m = *title.model;
    if (escape || nav.back || nav.toggle) m.back();
    bool pick = keys(m, nav);

    const ImGuiIO& io = ImGui::GetIO();
    // A dark veil over the idle arena, then the menu in the middle.
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, 0), io.DisplaySize,
                                                  IM_COL32(8, 10, 14, 150));
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.45f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(kWidth, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.88f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    TitleStart start;
    if (ImGui::Begin("###title_menu", nullptr, flags)) {
        ImGui::SetWindowFontScale(2.4f);
        ImGui::TextUnformatted(m.page() == TitleModel::Page::Main ? "SKIDPAD" : m.title().c_str());
        ImGui::SetWindowFontScale(1.0f);
        if (m.page() == TitleModel::Page::Main)
            ImGui::TextColored(kDim, "top-down driving: race, drift, time trial, tinker");
        ImGui::Separator();
        ImGui::Spacing();
        const std::vector<TitleRow> rows = m.rows();
        for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
            const TitleRow& r = rows[static_cast<std::size_t>(i)];
            const bool here = i == m.cursor();
            ImGui::PushID(i);
            if (r.locked) ImGui::PushStyleColor(ImGuiCol_Text, kLocked);
            const std::string label = "  " + r.label + (r.locked && !r.setting ? "  (locked)" : "");
            if (menu_row(label.c_str(), here, ImGuiSelectableFlags_AllowItemOverlap,
                         kWidth - 16.0f)) {
                m.set_cursor(i);
                // A click on a setting steps it (the arrows step either way); else it picks.
                pick = true;
            }
            if (menu_row_pointed()) m.set_cursor(i);
            if (r.locked) ImGui::PopStyleColor();
            if (r.setting) {
                ImGui::SameLine(kValueX);
                if (ImGui::ArrowButton("less", ImGuiDir_Left)) {
                    m.set_cursor(i);
                    m.left();
                }
                ImGui::SameLine();
                if (r.locked) {
                    ImGui::TextColored(kLocked, "%s  (locked)", r.value.c_str());
                } else {
                    ImGui::TextUnformatted(r.value.c_str());
                }
                ImGui::SameLine(kWidth - 40.0f);
                if (ImGui::ArrowButton("more", ImGuiDir_Right)) {
                    m.set_cursor(i);
                    m.right();
                }
            } else if (!r.value.empty()) {
                ImGui::SameLine(kValueX);
                ImGui::TextColored(r.locked ? kLocked : kDim, "%s", r.value.c_str());
            }
            ImGui::PopID();
        }
        draw_track_thumb(title.thumbs, rows);
        ImGui::Spacing();
        ImGui::Separator();
        // The cursor's row in a line: what it is, or what unlocks it.
        const std::vector<TitleRow> now = m.rows();
        const int c = m.cursor();
        if (c >= 0 && c < static_cast<int>(now.size())) {
            const TitleRow& r = now[static_cast<std::size_t>(c)];
            ImGui::PushTextWrapPos(kWidth - 16.0f);
            if (!m.message().empty()) {
                ImGui::TextColored(kLocked, "%s", m.message().c_str());
            } else if (!r.why.empty()) {
                ImGui::TextColored(r.locked ? kLocked : kDim, "%s", r.why.c_str());
            } else {
                ImGui::TextUnformatted(" ");
            }
            ImGui::PopTextWrapPos();
        }
        ImGui::TextColored(kDim, "%s",
                           m.page() == TitleModel::Page::Main
                               ? "Up/Down choose   Enter start   (pad: d-pad, A)"
                               : "Up/Down choose   Left/Right change   Enter start   Esc back");
        if (pick) start = m.select();
    }
    ImGui::End();
    return start;
}

}  // namespace skidpad::app
