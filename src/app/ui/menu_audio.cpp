// The pause menu's Audio page.
#include <imgui.h>

#include <algorithm>

#include "menu_pages.hpp"
#include "skidpad/tune/params.hpp"
#include "window_modes.hpp"

namespace skidpad::app {

namespace {

struct AudioRow {
    const char* label;
    const char* key;  ///< nullptr: the Back row
};
constexpr AudioRow kRows[] = {{"Master volume", "sound.master"},
                              {"Engine", "sound.engine"},
                              {"Tyres", "sound.tyres"},
                              {"Impacts", "sound.impacts"},
                              {"Wind", "sound.wind"},
                              {"Sound on", "sound.enabled"},
                              {"Pad rumble", "sound.rumble"},
                              {"Rumble strength", "sound.rumble_strength"},
                              {"Back", nullptr}};
constexpr int kCount = static_cast<int>(sizeof kRows / sizeof kRows[0]);

bool pressed(ImGuiKey k, bool repeat = true) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
}

}  // namespace

bool draw_audio_page(PauseMenu& menu, MenuServices& s) {
    Tuner& tuner = *s.tuner;
    const ParamRegistry& reg = param_registry();
    const MenuNav& nav = menu.nav;
    int& row = menu.cursor;
    row = std::clamp(row, 0, kCount - 1);
    if (pressed(ImGuiKey_DownArrow) || nav.down) row = (row + 1) % kCount;
    if (pressed(ImGuiKey_UpArrow) || nav.up) row = (row + kCount - 1) % kCount;
    const int dx = (pressed(ImGuiKey_RightArrow) || nav.right ? 1 : 0) -
                   (pressed(ImGuiKey_LeftArrow) || nav.left ? 1 : 0);
    const bool pick =
        pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false) || nav.select;

    ImGui::TextUnformatted("Audio");
    ImGui::SameLine();
    ImGui::TextDisabled("  Left/Right change, Enter / A toggles, Esc / B back");
    ImGui::Separator();
    bool back = false;
    for (int i = 0; i < kCount; ++i) {
        const AudioRow& r = kRows[i];
        ImGui::PushID(i);
        const bool here = row == i;
        const ParamDesc* p = r.key ? reg.find(r.key) : nullptr;
        const bool toggle = p && p->type == ParamType::Bool;
        const bool clicked =
            menu_row(r.label, here,
                     ImGuiSelectableFlags_AllowItemOverlap | ImGuiSelectableFlags_DontClosePopups,
                     170.0f * ui_scale());
        if (clicked || menu_row_pointed()) row = i;
        if (r.key == nullptr) {
            back = back || clicked || (here && pick);
        } else if (p != nullptr) {
            const double v = p->get(tuner.settings());
            double next = v;
            ImGui::SameLine();
            if (toggle) {
                bool on = v != 0.0;
                if (ImGui::Checkbox("##on", &on)) next = on ? 1.0 : 0.0;
                if ((here && (pick || dx != 0)) || clicked) next = v != 0.0 ? 0.0 : 1.0;
            } else {
                auto f = static_cast<float>(v * 100.0);
                ImGui::SetNextItemWidth(260.0f * ui_scale());
                if (ImGui::SliderFloat("##v", &f, 0.0f, 100.0f, "%.0f %%")) next = f / 100.0;
                if (here && dx != 0) next = v + 0.05 * dx;
            }
            next = std::clamp(next, p->min, p->max);
            if (next != v) tuner.control(r.key, next);
        }
        ImGui::PopID();
    }
    return back;
}

}  // namespace skidpad::app
