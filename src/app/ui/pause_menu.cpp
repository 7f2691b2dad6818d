// The pause menu's pages and navigation (see pause_menu.hpp).
#include "pause_menu.hpp"

#include "menu_pages.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "build_info.hpp"
#include "overlay_layout.hpp"
#include "thumb_view.hpp"
#include "window_modes.hpp"

namespace skidpad::app {

namespace {
constexpr const char* kPopup = "Paused###pause_menu";
constexpr float kWidth = 300.0f;
/// A click picks a row; the menu (a popup) closes only when the pick says so.
constexpr ImGuiSelectableFlags kKeepOpen = ImGuiSelectableFlags_DontClosePopups;

bool key_pressed(ImGuiKey key) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true);
}

int rows(PauseMenu& menu, const std::vector<std::string>& labels, int marked = -1) {
    const int n = static_cast<int>(labels.size());
    if (n == 0) return -1;
    menu.cursor = std::clamp(menu.cursor, 0, n - 1);
    int picked = -1;
    if (!menu.busy) {
        if (key_pressed(ImGuiKey_DownArrow) || menu.nav.down) menu.cursor = (menu.cursor + 1) % n;
        if (key_pressed(ImGuiKey_UpArrow) || menu.nav.up) menu.cursor = (menu.cursor + n - 1) % n;
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false) ||
            menu.nav.select) {
            picked = menu.cursor;
        }
    }
    for (int i = 0; i < n; ++i) {
        ImGui::PushID(i);
        const std::string text = (i == marked ? "* " : "  ") + labels[static_cast<size_t>(i)];
        if (menu_row(text.c_str(), i == menu.cursor, kKeepOpen, kWidth * ui_scale())) {
            menu.cursor = i;
            picked = i;
        }
        if (!menu.busy && menu_row_pointed()) menu.cursor = i;
        ImGui::PopID();
    }
    return picked;
}

void go(PauseMenu& menu, PauseMenu::Page page, int cursor = 0) {
    menu.page = page;
    menu.cursor = cursor;
}

void close(PauseMenu& menu) {
    menu.open = false;
    go(menu, PauseMenu::Page::Main);
    ImGui::CloseCurrentPopup();
}

/// The Main page's rows, in order.
enum MainRow {
    kResume,
    kRestart,
    kMode,
    kCar,
    kAssists,
    kControls,
    kAudio,
    kDisplay,
    kPlayers,
    kQuit
};

MenuPick draw_page(PauseMenu& menu, const std::vector<std::string>& cars, int current_car,
                   int current_assists, MenuServices* services) {
    MenuPick pick;
    using Page = PauseMenu::Page;
    switch (menu.page) {
        case Page::Main: {
            ImGui::TextDisabled("Up/Down and Enter, or click; Esc resumes");
            ImGui::TextDisabled("Pad: d-pad, A picks, B back, Start resumes");
            ImGui::Separator();
            const int r =
                rows(menu, {"Resume", "Restart", "Mode...", "Car...", "Assists...", "Controls...",
                            "Audio...", "Display...", "Players...", "Quit Skidpad..."});
            if (r == kResume) {
                pick.action = MenuPick::Action::Resume;
                close(menu);
            } else if (r == kRestart) {
                pick.action = MenuPick::Action::Restart;
                close(menu);
            } else if (r == kMode) {
                go(menu, Page::Mode, std::max(menu.current_mode, 0));
            } else if (r == kCar) {
                go(menu, Page::Car, std::max(current_car, 0));
            } else if (r == kAssists) {
                go(menu, Page::Assists, std::clamp(current_assists, 0, 2));
            } else if (r == kControls) {
                go(menu, Page::Controls);
            } else if (r == kAudio) {
                go(menu, Page::Audio);
            } else if (r == kDisplay) {
                go(menu, Page::Display);
            } else if (r == kPlayers) {
                pick.action = MenuPick::Action::Players;
                close(menu);
            } else if (r == kQuit) {
                go(menu, Page::ConfirmQuit);
            }
            ImGui::Separator();
            // The track list and the editors: buttons of their own, not rows (the rows
            // keep their keys).
            if (ImGui::SmallButton("Track..."))
                go(menu, Page::Track, std::max(menu.current_track, 0));
            ImGui::SameLine();
            if (ImGui::SmallButton("Track editor")) {
                pick.action = MenuPick::Action::EditTrack;
                close(menu);
            }
            ImGui::SameLine();
            if (ImGui::SmallButton("Arena editor")) {
                pick.action = MenuPick::Action::EditLevel;
                close(menu);
            }
            ImGui::TextDisabled("Skidpad %s", build_version_text().c_str());
            break;
        }
        case Page::Car: {
            ImGui::TextDisabled("Car preset (Esc goes back)");
            ImGui::Separator();
            std::vector<std::string> labels = cars;
            labels.push_back("Back");
            const int r = rows(menu, labels, current_car);
            if (r >= 0 && r < static_cast<int>(cars.size())) {
                pick.action = MenuPick::Action::Car;
                pick.car = r;
                close(menu);
            } else if (r == static_cast<int>(cars.size())) {
                go(menu, Page::Main, kCar);
            }
            break;
        }
        case Page::Assists: {
            ImGui::TextDisabled("Driver aids (Esc goes back)");
            ImGui::Separator();
            const int r = rows(menu,
                               {"sim: all aids off", "sport: ABS + traction control",
                                "arcade: all aids on (+ stability, steering)", "Back"},
                               current_assists);
            if (r >= 0 && r <= 2) {
                pick.action = MenuPick::Action::Assists;
                pick.assists = r;
                close(menu);
            } else if (r == 3) {
                go(menu, Page::Main, kAssists);
            }
            break;
        }
        case Page::Track: {
            ImGui::TextDisabled("Scene (Esc goes back)");
            ImGui::Separator();
            std::vector<std::string> labels = menu.tracks;
            labels.push_back("Back");
            const int r = rows(menu, labels, menu.current_track);
            if (r >= 0 && r < static_cast<int>(menu.tracks.size())) {
                pick.action = MenuPick::Action::Track;
                pick.track = r;
                close(menu);
            } else if (r == static_cast<int>(menu.tracks.size())) {
                go(menu, Page::Main);
            } else if (menu.cursor > 0 && menu.cursor < static_cast<int>(menu.tracks.size())) {
                // The highlighted track's outline and length below the list.
                track_thumb_block(menu.thumbs, menu.tracks[static_cast<std::size_t>(menu.cursor)],
                                  kWidth * ui_scale());
            }
            break;
        }
        case Page::Mode: {
            ImGui::TextDisabled("Mode (Esc goes back)");
            ImGui::Separator();
            std::vector<std::string> labels = menu.modes;
            labels.push_back("Back");
            const int r = rows(menu, labels, menu.current_mode);
            if (r >= 0 && r < static_cast<int>(menu.modes.size())) {
                pick.action = MenuPick::Action::Mode;
                pick.mode = r;
                close(menu);
            } else if (r == static_cast<int>(menu.modes.size())) {
                go(menu, Page::Main, kMode);
            }
            break;
        }
        case Page::Controls: {
            if (services) {
                if (draw_controls_page(menu, *services)) go(menu, Page::Main, kControls);
                break;
            }
            ImGui::TextDisabled("Controls (Esc goes back)");
            ImGui::Separator();
            if (ImGui::BeginTable("controls", 3, ImGuiTableFlags_RowBg)) {
                ImGui::TableSetupColumn("action");
                ImGui::TableSetupColumn("keyboard");
                ImGui::TableSetupColumn("pad");
                ImGui::TableHeadersRow();
                for (const ControlRow& c : control_rows()) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(c.action);
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(c.keys);
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(c.pad);
                }
                ImGui::EndTable();
            }
            if (rows(menu, {"Back"}) == 0) go(menu, Page::Main, kControls);
            break;
        }
        case Page::Audio: {
            if (!services || draw_audio_page(menu, *services)) go(menu, Page::Main, kAudio);
            break;
        }
        case Page::Display: {
            if (!services || draw_display_page(menu, *services)) go(menu, Page::Main, kDisplay);
            break;
        }
        case Page::ConfirmQuit: {
            ImGui::TextUnformatted("Quit Skidpad?");
            ImGui::TextDisabled("Enter quits, Esc goes back");
            ImGui::Separator();
            const int r = rows(menu, {"Quit", "Back"});
            if (r == 0) {
                pick.action = MenuPick::Action::Quit;
                close(menu);
            } else if (r == 1) {
                go(menu, Page::Main, kQuit);
            }
            break;
        }
    }
    return pick;
}
}  // namespace

bool menu_row(const char* label, bool here, int flags, float width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec4 bright = style.Colors[ImGuiCol_HeaderHovered];
    ImVec4 faint = style.Colors[ImGuiCol_Header];
    faint.w *= 0.5f;
    ImGui::PushStyleColor(ImGuiCol_Header, bright);
    ImGui::PushStyleColor(ImGuiCol_HeaderHovered, here ? bright : faint);
    const bool clicked = ImGui::Selectable(label, here, flags, ImVec2(width, 0.0f));
    ImGui::PopStyleColor(2);
    return clicked;
}

bool menu_row_pointed() {
    const ImVec2 d = ImGui::GetIO().MouseDelta;
    return (d.x != 0.0f || d.y != 0.0f) && ImGui::IsItemHovered();
}

MenuNav menu_nav(const AppCommands& cmd) {
    return MenuNav{.up = cmd.menu_up,
                   .down = cmd.menu_down,
                   .left = cmd.menu_left,
                   .right = cmd.menu_right,
                   .select = cmd.menu_select,
                   .back = cmd.menu_back,
                   .clear = cmd.menu_clear,
                   .toggle = cmd.menu_toggle};
}

const std::vector<ControlRow>& control_rows() {
    static const std::vector<ControlRow> rows = {
        {"throttle", "Up / W", "right trigger"},
        {"brake, reverse when stopped", "Down / S", "left trigger"},
        {"steer", "Left/Right, A/D", "left stick"},
        {"handbrake", "Space", "A / Cross"},
        {"gear down / up", "Q / E", "bumpers"},
        {"manual / automatic gearbox", "M", "Y / Triangle"},
        {"reset car / respawn on a track (hold: restart)", "R", "Back"},
        {"minimap on/off", "Tab", ""},
        {"pause / resume", "P", "Start"},
        {"zoom", "wheel, + / -", "right stick"},
        {"camera follow on/off", "C", ""},
        {"autopilot on/off", "F2", ""},
        {"tuning overlay", "F1", ""},
        {"screenshot", "F12", ""},
        {"fullscreen", "F11", ""},
        {"sound on/off", "N", ""},
        {"save the run as a replay", "F5", ""},
        {"menu", "Esc", ""},
    };
    return rows;
}

int menu_rows(PauseMenu& menu, const std::vector<std::string>& labels, int marked) {
    return rows(menu, labels, marked);
}

MenuPick draw_pause_menu(PauseMenu& menu, bool escape, const std::vector<std::string>& cars,
                         int current_car, int current_assists, const MenuNav& nav,
                         MenuServices* services) {
    const bool was_open = menu.open;
    menu.nav = nav;
    if ((escape || nav.toggle) && !was_open) {
        if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
            ImGui::ClosePopupToLevel(0, true);  // Esc closes the open menu or combo first
        } else {
            ImGui::OpenPopup(kPopup);
            menu.open = true;
            go(menu, PauseMenu::Page::Main);
        }
    }
    if (!menu.open) return {};
    place_clear_next_window(kPopup);  // beside the car, which stays in view
    MenuPick pick;
    if (ImGui::BeginPopupModal(kPopup, nullptr,
                               ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove)) {
        // While the modal is up ImGui has the keyboard, so its Esc is read here; the
        // Esc that opened the menu must not act again in the same frame.
        const bool esc =
            was_open && !menu.busy &&
            (escape || nav.back || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false));
        if (was_open && nav.toggle && !menu.busy) {
            pick.action = MenuPick::Action::Resume;  // Start closes from any page
            close(menu);
        } else if (esc) {
            if (menu.page == PauseMenu::Page::Main) {
                pick.action = MenuPick::Action::Resume;
                close(menu);
            } else {
                const int back = menu.page == PauseMenu::Page::Car        ? kCar
                                 : menu.page == PauseMenu::Page::Assists  ? kAssists
                                 : menu.page == PauseMenu::Page::Controls ? kControls
                                 : menu.page == PauseMenu::Page::Audio    ? kAudio
                                 : menu.page == PauseMenu::Page::Display  ? kDisplay
                                 : menu.page == PauseMenu::Page::Mode     ? kMode
                                 : menu.page == PauseMenu::Page::Track    ? kResume
                                                                          : kQuit;
                go(menu, PauseMenu::Page::Main, back);
            }
        } else {
            pick = draw_page(menu, cars, current_car, current_assists, services);
        }
        ImGui::EndPopup();
    } else {
        menu.open = false;  // closed by ImGui
        go(menu, PauseMenu::Page::Main);
    }
    return pick;
}

float hint_alpha(double t, double hold, double fade) {
    if (!(t >= 0.0)) return 1.0f;
    if (t <= hold) return 1.0f;
    if (fade <= 0.0 || t >= hold + fade) return 0.0f;
    return static_cast<float>(1.0 - (t - hold) / fade);
}

void draw_start_hint(float alpha, const std::string& text) {
    if (alpha <= 0.0f) return;
    const char* kText = text.c_str();
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const ImVec2 ts = ImGui::CalcTextSize(kText);
    const ImVec2 p(std::max(4.0f, (ds.x - ts.x) * 0.5f), 18.0f);
    const auto a = static_cast<int>(alpha * 255.0f);
    dl->AddRectFilled(ImVec2(p.x - 10.0f, p.y - 6.0f),
                      ImVec2(p.x + ts.x + 10.0f, p.y + ts.y + 6.0f),
                      IM_COL32(0, 0, 0, a * 160 / 255), 6.0f);
    dl->AddText(p, IM_COL32(240, 240, 240, a), kText);
}

}  // namespace skidpad::app
