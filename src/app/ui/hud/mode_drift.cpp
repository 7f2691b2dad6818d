// The drift mode's HUD panel, top left (the score is kept by modes/drift_rig.cpp).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "drift_rig_hud.hpp"
#include "overlay.hpp"

namespace skidpad::app {

namespace {
/// s of world time the message of an ended combo stays.
constexpr double kEndMessageS = 2.5;

const ImVec4 kGold(1.0f, 0.78f, 0.2f, 1.0f);
const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);
const ImVec4 kGood(0.45f, 0.9f, 0.45f, 1.0f);
const ImVec4 kBad(1.0f, 0.4f, 0.35f, 1.0f);
}  // namespace

void drift_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown) {
    if (m.battle.on) return;  // several players: the battle's HUD (drift_battle_hud.hpp)
    const DriftState& s = m.drift.state();
    const DriftRules& rules = m.drift.rules();
    if (!begin_mode_panel(overlay_shown, "##drift_hud")) {
        ImGui::End();
        return;
    }
    ImGui::TextColored(kGold, "DRIFT");
    ImGui::SameLine();
    ImGui::TextColored(kDim, "slide above %.0f km/h and %.0f° of slip", rules.min_speed_mps * 3.6,
                       rules.min_slip_deg);
    ImGui::Separator();
    // The combo under way, large.
    ImGui::SetWindowFontScale(2.0f);
    if (s.in_combo) {
        ImGui::TextColored(s.drifting ? kGold : ImVec4(0.9f, 0.9f, 0.9f, 1.0f), "%7.0f",
                           m.drift.combo_value());
        ImGui::SameLine();
        ImGui::TextColored(kGood, "x%d", s.multiplier);
    } else {
        ImGui::TextColored(kDim, "%7.0f", 0.0);
        ImGui::SameLine();
        ImGui::TextColored(kDim, "x1");
    }
    ImGui::SetWindowFontScale(1.0f);
    // Progress to the next multiplier, or the time left to link the next drift.
    float frac = 0.0f;
    char label[64];
    if (s.in_combo && s.drifting) {
        if (s.multiplier >= rules.max_multiplier) {
            frac = 1.0f;
            std::snprintf(label, sizeof label, "max multiplier");
        } else {
            const double into = std::fmod(s.combo_drift_s, rules.multiplier_step_s);
            frac = static_cast<float>(into / rules.multiplier_step_s);
            std::snprintf(label, sizeof label, "next x%d", s.multiplier + 1);
        }
    } else if (s.in_combo) {
        frac = static_cast<float>(1.0 - s.since_drift_s / rules.link_s);
        std::snprintf(label, sizeof label, "link the next drift");
    } else {
        std::snprintf(label, sizeof label, "no combo");
    }
    ImGui::ProgressBar(std::clamp(frac, 0.0f, 1.0f), ImVec2(220.0f, 0.0f), label);
    ImGui::Text("total  %9.0f", s.total);
    ImGui::Text("best   %9.0f", s.best_combo);
    // The live slip angle, so the player sees the threshold.
    const CarId id = world.player();
    if (world.valid(id)) {
        const DriftSample now = drift_sample(world, id, nullptr);
        const double slip_deg = std::fabs(now.slip_rad) * 180.0 / kPi;
        ImGui::TextColored(m.drift.rate(now) > 0.0 ? kGood : kDim, "slip   %6.0f°", slip_deg);
    }
    if (m.drift_end_time >= 0.0 && world.time() - m.drift_end_time < kEndMessageS &&
        s.last_end != DriftEnd::None) {
        if (s.last_end == DriftEnd::Banked) {
            ImGui::TextColored(kGood, "+%.0f banked", s.last_combo);
        } else {
            if (s.last_combo >= 1.0) {
                ImGui::TextColored(kBad, "combo lost: %s (-%.0f)", drift_end_name(s.last_end),
                                   s.last_combo);
            } else {
                ImGui::TextColored(kBad, "combo lost: %s", drift_end_name(s.last_end));
            }
        }
    }
    ImGui::End();
}

}  // namespace skidpad::app
