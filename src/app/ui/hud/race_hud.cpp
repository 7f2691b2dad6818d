// The race's HUD: positions and gaps, car numbers, the countdown and the results, live
// and in the replay viewer (the race itself: game/modes/mode_race.hpp).
#include "race_hud.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "key_hints.hpp"
#include "overlay.hpp"
#include "overlay_layout.hpp"
#include "replay_view.hpp"
#include "scene.hpp"

namespace skidpad::app {

namespace {

/// What the race HUD shows beside the scene's race: the track's title, each entry's car
/// name and number, the countdown, and whether the player can act (the keys line).
struct RaceLabels {
    const std::string& title;
    const std::vector<std::string>& names;  ///< per race entry
    const std::vector<int>& numbers;        ///< per race entry
    const std::vector<std::string>& cars;   ///< per race entry: the car's preset
    Countdown countdown;
    bool live = true;  ///< false in the replay viewer: no keys to press
    int number(std::size_t i) const { return i < numbers.size() ? numbers[i] : 0; }
    const char* name(std::size_t i) const { return i < names.size() ? names[i].c_str() : "?"; }
    const char* car(std::size_t i) const { return i < cars.size() ? cars[i].c_str() : ""; }
};

void draw_results(const HudContext& hud, const RaceLabels& l, const std::vector<Standing>& order) {
    const Race& race = hud.scene.race;
    place_clear_next_window("##results");  // the car stays in view
    ImGui::SetNextWindowBgAlpha(0.85f);
    ResultsPick* pick = l.live ? hud.results : nullptr;
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        (pick ? 0 : ImGuiWindowFlags_NoInputs) | ImGuiWindowFlags_NoSavedSettings |
        ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##results", nullptr, flags)) {
        ImGui::SetWindowFontScale(1.5f);
        ImGui::TextUnformatted("RESULTS");
        ImGui::SetWindowFontScale(1.0f);
        ImGui::Separator();
        if (ImGui::BeginTable("##results_table", 6,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_PadOuterX)) {
            for (const char* h : {"Pos", "No", "Driver", "Car", "Time", "Best lap"})
                ImGui::TableSetupColumn(h);
            ImGui::TableHeadersRow();
            for (std::size_t k = 0; k < order.size(); ++k) {
                const RaceEntry& e = race.entries()[order[k].entry];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", static_cast<int>(k) + 1);
                ImGui::TableNextColumn();
                ImGui::Text("#%d", l.number(order[k].entry));
                ImGui::TableNextColumn();
                const bool mine = e.car == hud.scene.world.player();
                if (mine) {
                    // The player's podium: a medal of the place's colour.
                    const char* medal = k == 0   ? "  GOLD"
                                        : k == 1 ? "  SILVER"
                                        : k == 2 ? "  BRONZE"
                                                 : "";
                    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s%s",
                                       l.name(order[k].entry), order[k].finished ? medal : "");
                } else {
                    ImGui::TextUnformatted(l.name(order[k].entry));
                }
                ImGui::TableNextColumn();
                ImGui::TextDisabled("%s", l.car(order[k].entry));
                ImGui::TableNextColumn();
                if (!order[k].finished) {
                    ImGui::TextDisabled("running (lap %d)", e.timer.laps + 1);
                } else if (k == 0) {
                    ImGui::TextUnformatted(format_lap(e.finish_time - l.countdown.start).c_str());
                } else {
                    ImGui::Text("+%.3f s", order[k].gap_s);
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(format_lap(e.timer.best_lap).c_str());
            }
            ImGui::EndTable();
        }
        if (pick) {
            pick->shown = true;
            ImGui::Spacing();
            const std::string next =
                (pick->next_label.empty() ? "Restart" : pick->next_label) + "  (Enter)";
            if (ImGui::Button(next.c_str())) pick->action = ResultsPick::Action::Next;
            ImGui::SameLine();
            if (ImGui::Button("Menu")) pick->action = ResultsPick::Action::Menu;
        } else if (l.live) {
            ImGui::TextDisabled("%s menu: Restart for another race",
                                action_keys(hud.keys, Action::Menu).c_str());
        }
    }
    ImGui::End();
}

/// The position box, the car numbers, the countdown and, at the end, the results.
bool draw_race_labels_hud(const HudContext& hud, const RaceLabels& l) {
    const World& world = hud.scene.world;
    const Race& race = hud.scene.race;
    const RaceEntry* me = race.entry(world.player());
    if (!me) return false;
    const std::vector<Standing> order = race.standings(world.time());
    int my_pos = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        if (race.entries()[order[k].entry].car == world.player()) my_pos = static_cast<int>(k) + 1;
    const ImVec2 origin(12.0f, hud.overlay_shown ? ImGui::GetFrameHeight() + 12.0f : 12.0f);
    if (begin_hud_box("##race", origin, ImVec2(0.0f, 0.0f), 0.85f)) {
        ImGui::TextDisabled("RACE  %s  -  %d %s", l.title.c_str(), race.laps(),
                            race.laps() == 1 ? "lap" : "laps");
        ImGui::SetWindowFontScale(1.7f);
        const RaceHeadline head = race_headline(*me, my_pos, static_cast<int>(order.size()),
                                                race.laps(), l.countdown.start);
        ImGui::TextUnformatted(head.status.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::TextUnformatted(head.clock.c_str());
        ImGui::Text("Best  %s", format_lap(me->timer.best_lap).c_str());
        ImGui::Separator();
        if (ImGui::BeginTable("##standings", 4, ImGuiTableFlags_SizingFixedFit)) {
            for (std::size_t k = 0; k < order.size(); ++k) {
                const std::size_t i = order[k].entry;
                const bool mine = race.entries()[i].car == world.player();
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", static_cast<int>(k) + 1);
                ImGui::TableNextColumn();
                const ImVec2 p = ImGui::GetCursorScreenPos();
                const float h = ImGui::GetTextLineHeight();
                ImGui::GetWindowDrawList()->AddRectFilled(
                    p, ImVec2(p.x + h * 0.8f, p.y + h),
                    im_colour(race_car_colour(race, world.player(), i)), 2.0f);
                ImGui::Dummy(ImVec2(h * 0.8f, h));
                ImGui::SameLine();
                ImGui::Text("#%d", l.number(i));
                ImGui::TableNextColumn();
                if (mine) {
                    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", l.name(i));
                } else {
                    ImGui::TextUnformatted(l.name(i));
                }
                ImGui::TableNextColumn();
                if (order[k].finished && k == 0) {
                    ImGui::TextDisabled("finished");
                } else if (k == 0) {
                    ImGui::TextDisabled("leader");
                } else if (order[k].covered_m < 0.0) {
                    ImGui::TextDisabled("grid");
                } else {
                    // Tenths hide a car right behind the leader ("+0.0 s"): hundredths
                    // under a second.
                    ImGui::Text(order[k].gap_s < 1.0 ? "+%.2f s" : "+%.1f s", order[k].gap_s);
                }
            }
            ImGui::EndTable();
        }
        if (l.live) {
            ImGui::TextDisabled("%s respawn  -  %s menu (Restart)",
                                action_keys(hud.keys, Action::Reset).c_str(),
                                action_keys(hud.keys, Action::Menu).c_str());
        }
    }
    ImGui::End();
    draw_car_numbers(hud.scene, hud.view, hud.alpha, l.numbers.data(), l.numbers.size());
    draw_countdown(l.countdown, world.time());
    const bool all_done =
        std::all_of(order.begin(), order.end(), [](const Standing& s) { return s.finished; });
    if (me->finish_time >= 0.0 || all_done) draw_results(hud, l, order);
    return true;
}

}  // namespace

bool draw_race_hud(const RaceHud& race, const HudContext& hud) {
    const RaceLabels labels{race.title, race.names, race.numbers, race.cars, race.countdown, true};
    return draw_race_labels_hud(hud, labels);
}

bool draw_race_replay_hud(const ReplayViewer& v, const HudContext& hud) {
    if (!v.player.cursor.race) return false;
    const Scene& sc = hud.scene;
    const std::string title =
        sc.track >= 0 ? sc.tracks[static_cast<std::size_t>(sc.track)].title : std::string();
    // As the race numbered them: the AI cars #2.. in grid order, the player #1 (last entry).
    std::vector<std::string> names = v.player.cursor.race_drivers;
    std::vector<int> numbers;
    for (std::size_t k = 0; k < names.size(); ++k)
        numbers.push_back(static_cast<int>(k) + 2);
    names.push_back(sc.humans.empty() ? "You" : "P1");
    numbers.push_back(1);
    for (std::size_t k = 0; k < sc.humans.size(); ++k) {  // further human players
        names.push_back("P" + std::to_string(k + 2));
        numbers.push_back(static_cast<int>(names.size()));
    }
    const std::vector<std::string>& cars = v.player.cursor.race_names;
    const RaceLabels labels{
        title, names, numbers, cars, Countdown{v.player.cursor.race_hold_until - kCountdownS},
        false};
    return draw_race_labels_hud(hud, labels);
}

}  // namespace skidpad::app
