// The time trial's HUD: the lap under way, the gap to the best lap, the last and best
// laps, the countdown and the big message of a completed lap.
#include "time_trial_hud.hpp"

#include <imgui.h>

#include <algorithm>

#include "ghost.hpp"
#include "key_hints.hpp"
#include "overlay.hpp"
#include "palette.hpp"
#include "scene.hpp"

namespace skidpad::app {

bool draw_time_trial_hud(const TimeTrialHud& tt, const HudContext& hud) {
    const World& world = hud.scene.world;
    const RaceEntry* e = hud.scene.race.entry(world.player());
    if (!e) return false;
    const LapTimer& t = e->timer;
    const ImVec2 origin(12.0f, hud.overlay_shown ? ImGui::GetFrameHeight() + 12.0f : 12.0f);
    if (begin_hud_box("##time_trial", origin, ImVec2(0.0f, 0.0f), 0.85f)) {
        ImGui::TextDisabled("TIME TRIAL  %s  -  %s", tt.title.c_str(), tt.car.c_str());
        ImGui::SetWindowFontScale(1.7f);
        const std::string now = format_lap(t.current());
        if (!t.timing) {
            ImGui::TextUnformatted(tt.countdown.holding(world.time()) ? "GET READY" : "OUT LAP");
        } else if (e->lap_valid) {
            ImGui::Text("LAP %d  %s", t.laps + 1, now.c_str());
        } else {
            ImGui::TextColored(hud_bad(), "LAP %d  %s", t.laps + 1, now.c_str());
        }
        ImGui::SetWindowFontScale(1.0f);
        if (t.timing && !e->lap_valid) {
            ImGui::TextColored(hud_bad(), "INVALID - off the track");
        }
        if (t.timing && e->lap_valid && !tt.best_marks.empty()) {
            const double tb = lap_time_at(tt.best_marks, t.progress);
            if (tb >= 0.0) {
                const double gap = t.current() - tb;
                const ImVec4 c = gap <= 0.0 ? hud_good() : hud_bad();
                ImGui::SetWindowFontScale(1.3f);
                ImGui::TextColored(c, "%+.2f s to best", gap);
                ImGui::SetWindowFontScale(1.0f);
            }
        }
        ImGui::Separator();
        if (t.laps > 0) {
            ImGui::Text("Last  %s%s", format_lap(t.last_lap).c_str(),
                        e->last_lap_valid ? "" : "  (invalid)");
        } else {
            ImGui::TextDisabled("Last  %s", format_lap(0.0).c_str());
        }
        ImGui::Text("Best  %s", format_lap(tt.best_s).c_str());
        if (e->best_valid_lap > 0.0 && e->best_valid_lap != tt.best_s)
            ImGui::TextDisabled("Session best  %s", format_lap(e->best_valid_lap).c_str());
        ImGui::TextDisabled("valid laps %d of %d", e->valid_laps, t.laps);
        if (tt.medals.ok) {
            // The medal times (from the planner's lap for this car) and the best one won.
            ImGui::TextColored(ImVec4(1.0f, 0.84f, 0.3f, 1.0f), "Gold %s",
                               format_lap(tt.medals.gold_s).c_str());
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(0.8f, 0.82f, 0.86f, 1.0f), " Silver %s",
                               format_lap(tt.medals.silver_s).c_str());
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(0.85f, 0.55f, 0.3f, 1.0f), " Bronze %s",
                               format_lap(tt.medals.bronze_s).c_str());
            if (tt.medal != Medal::None) ImGui::Text("Won: %s", medal_name(tt.medal));
        }
        if (hud.ghost.active) ImGui::TextDisabled("ghost: your best lap");
        const std::string reset = action_keys(hud.keys, Action::Reset);
        ImGui::TextDisabled("%s respawn  -  hold %s restart", reset.c_str(), reset.c_str());
    }
    ImGui::End();
    draw_countdown(tt.countdown, world.time());
    if (hud.clock < tt.flash_until) {
        const ImVec2 ds = ImGui::GetIO().DisplaySize;
        draw_big_text(tt.flash.c_str(), ImVec2(ds.x * 0.5f, ds.y * 0.22f),
                      std::clamp(ds.y * 0.07f, 24.0f, 80.0f), tt.flash_colour);
    }
    return true;
}

}  // namespace skidpad::app
