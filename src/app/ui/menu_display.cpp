// The pause menu's Display page: the window, vsync, frame-rate cap, UI scale, palette and
// the picture's quality.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "menu_pages.hpp"
#include "palette.hpp"
#include "skidpad/tune/params.hpp"
#include "window_modes.hpp"

namespace skidpad::app {

namespace {

enum DisplayRow {
    kWindow,
    kVsync,
    kFpsCap,
    kUiScale,
    kColours,
    kGround,
    kShadows,
    kLights,
    kScenery,
    kRain,
    kBack,
    kRowCount
};
constexpr const char* kLabels[kRowCount] = {
    "Window",  "Vsync",  "Frame-rate cap", "UI scale", "Colours", "Ground detail",
    "Shadows", "Lights", "Scenery",        "Rain",     "Back"};
constexpr const char* kGroundNames[] = {"flat colours", "coarse", "full"};

bool pressed(ImGuiKey k, bool repeat = true) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
}

/// "<  value  >": the arrows step it with the mouse. Returns -1, 0 or +1.
int stepper(const std::string& value, float width) {
    int step = 0;
    if (ImGui::ArrowButton("##less", ImGuiDir_Left)) step = -1;
    ImGui::SameLine();
    const float x = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(value.c_str());
    ImGui::SameLine(x + width);
    if (ImGui::ArrowButton("##more", ImGuiDir_Right)) step = 1;
    return step;
}

/// A tunable changed by the page: validated and queued like the Audio page's.
void set_value(Tuner& tuner, const char* key, double v) {
    const ParamDesc* p = param_registry().find(key);
    if (!p) return;
    v = std::clamp(v, p->min, p->max);
    if (v != p->get(tuner.settings())) tuner.control(key, v);
}

/// Small squares in the palette's car paints, after the row's value.
void swatches(Palette p) {
    const float side = ImGui::GetTextLineHeight() * 0.8f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const Color c : palette_paints(p)) {
        ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float y = at.y + (ImGui::GetTextLineHeight() - side) * 0.5f;
        dl->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + side, y + side),
                          IM_COL32(c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, 255), 2.0f);
        ImGui::Dummy(ImVec2(side, side));
    }
}

}  // namespace

bool draw_display_page(PauseMenu& menu, MenuServices& s) {
    Tuner& tuner = *s.tuner;
    static DisplayState none;  // without a run's state (tests): changes act on nothing saved
    DisplayState& d = s.display ? *s.display : none;
    const Settings& set = tuner.settings();
    const MenuNav& nav = menu.nav;
    int& row = menu.cursor;
    row = std::clamp(row, 0, kRowCount - 1);
    if (pressed(ImGuiKey_DownArrow) || nav.down) row = (row + 1) % kRowCount;
    if (pressed(ImGuiKey_UpArrow) || nav.up) row = (row + kRowCount - 1) % kRowCount;
    const int dx = (pressed(ImGuiKey_RightArrow) || nav.right ? 1 : 0) -
                   (pressed(ImGuiKey_LeftArrow) || nav.left ? 1 : 0);
    const bool pick =
        pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false) || nav.select;

    const float k = ui_scale();
    ImGui::TextUnformatted("Display");
    ImGui::SameLine();
    ImGui::TextDisabled("  Left/Right change, Enter / A toggles, Esc / B back");
    ImGui::Separator();
    bool back = false;
    for (int i = 0; i < kRowCount; ++i) {
        if (i == kGround) {
            ImGui::Spacing();
            ImGui::TextDisabled("Quality");
            ImGui::Separator();
        }
        if (i == kBack) ImGui::Separator();
        ImGui::PushID(i);
        const bool here = row == i;
        const bool clicked =
            menu_row(kLabels[i], here,
                     ImGuiSelectableFlags_AllowItemOverlap | ImGuiSelectableFlags_DontClosePopups,
                     150.0f * k);
        if (clicked || menu_row_pointed()) row = i;
        // This row's change: keys or pad on the highlighted row, or its own widget.
        const int key_step = here ? (dx != 0 ? dx : (pick ? 1 : 0)) : 0;
        const float value_w = 210.0f * k;
        if (i != kBack) ImGui::SameLine();
        switch (i) {
            case kWindow: {
                const int step = stepper(window_mode_label(d.prefs.window), value_w) + key_step +
                                 (clicked ? 1 : 0);
                if (step != 0) {
                    const int m =
                        (static_cast<int>(d.prefs.window) + step + kWindowModes) % kWindowModes;
                    d.prefs.window = static_cast<WindowMode>(m);
                }
                break;
            }
            case kVsync:
            case kShadows:
            case kLights:
            case kScenery: {
                const char* key = i == kVsync     ? "display.vsync"
                                  : i == kShadows ? "display.shadows"
                                  : i == kLights  ? "display.lights"
                                                  : "display.scenery";
                const ParamDesc* p = param_registry().find(key);
                bool on = p->get(set) != 0.0;
                const bool was = on;
                ImGui::Checkbox("##on", &on);
                if (key_step != 0 || clicked) on = !was;
                if (on != was) set_value(tuner, key, on ? 1.0 : 0.0);
                break;
            }
            case kFpsCap: {
                const int cap = set.display.max_fps;
                const int step =
                    stepper(fps_cap_label(cap), value_w) + key_step + (clicked ? 1 : 0);
                if (step != 0) {
                    // Enter and clicks go round; the arrows stop at the ends.
                    int next = fps_cap_step(cap, step > 0 ? 1 : -1);
                    if (next == cap && step > 0 && (pick || clicked)) next = fps_caps().front();
                    set_value(tuner, "display.max_fps", next);
                }
                break;
            }
            case kUiScale: {
                char text[64];
                std::snprintf(text, sizeof text, "%.0f %%%s", d.ui_scale() * 100.0,
                              d.prefs.ui_scale > 0.0 ? "" : "  (the display's)");
                const int arrows = stepper(text, value_w);
                const int step = arrows + (here ? dx : 0);
                if (step != 0) d.prefs.ui_scale = ui_scale_step(d.ui_scale(), step);
                // Enter goes back to what the display's DPI suggests.
                if ((here && pick) || clicked) d.prefs.ui_scale = 0.0;
                break;
            }
            case kColours: {
                const int step =
                    stepper(palette_label(d.prefs.palette), value_w) + key_step + (clicked ? 1 : 0);
                if (step % 2 != 0)
                    d.prefs.palette = d.prefs.palette == Palette::Standard ? Palette::ColourBlind
                                                                           : Palette::Standard;
                swatches(d.prefs.palette);
                break;
            }
            case kGround: {
                const int g = std::clamp(set.display.ground_detail, 0, 2);
                std::string text = kGroundNames[g];
                const int step = stepper(text, value_w) + key_step + (clicked ? 1 : 0);
                if (step != 0) set_value(tuner, "display.ground_detail", (g + step + 3) % 3);
                break;
            }
            case kRain: {
                auto f = static_cast<float>(set.display.rain * 100.0);
                ImGui::SetNextItemWidth(value_w + ImGui::GetFrameHeight() * 2.0f);
                double next = set.display.rain;
                if (ImGui::SliderFloat("##rain", &f, 0.0f, 200.0f, "%.0f %%")) next = f / 100.0;
                if (here && dx != 0) next = set.display.rain + 0.1 * dx;
                set_value(tuner, "display.rain", next);
                break;
            }
            case kBack:
                back = back || clicked || (here && pick);
                break;
            default:
                break;
        }
        ImGui::PopID();
    }
    ImGui::Separator();
    if (d.auto_ground && !d.prefs.has("display.ground_detail"))
        ImGui::TextDisabled("Flat ground chosen for the software renderer (%s)",
                            d.renderer.c_str());
    if (!d.status.empty()) {
        ImGui::TextColored(hud_bad(), "%s", d.status.c_str());
    } else if (!d.loaded) {
        ImGui::TextDisabled("Not kept: this run keeps no player settings");
    } else {
        ImGui::TextDisabled("Kept for the next start (player.txt)");
    }
    return back;
}

}  // namespace skidpad::app
