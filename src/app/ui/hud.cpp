// The HUD, bottom centre: speed (km/h), a tachometer with its redline, the gear, the
// gearbox mode and an ABS lamp for the player car.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "overlay.hpp"
#include "skidpad/world.hpp"
#include "window_modes.hpp"

namespace skidpad::app {

namespace {

constexpr float kTachRadius100 = 58.0f;            // px at a UI scale of 100 %
constexpr float kTachStart = 0.75f * 3.14159265f;  // rad (screen, y down): 0 rpm lower left
constexpr float kTachSweep = 1.5f * 3.14159265f;   // rad, 270° of dial

float tach_angle(double rpm, double max_rpm) {
    const double f = clamp(rpm / max_rpm, 0.0, 1.0);
    return kTachStart + kTachSweep * static_cast<float>(f);
}

/// An open arc as a polyline (angles in screen radians, y down).
void arc(ImDrawList* dl, ImVec2 c, float radius, float a0, float a1, ImU32 colour,
         float thickness) {
    constexpr int kSegments = 40;
    ImVec2 pts[kSegments + 1];
    for (int i = 0; i <= kSegments; ++i) {
        const float a = a0 + (a1 - a0) * static_cast<float>(i) / kSegments;
        pts[i] = ImVec2(c.x + std::cos(a) * radius, c.y + std::sin(a) * radius);
    }
    dl->AddPolyline(pts, kSegments + 1, colour, 0, thickness);
}

/// Dial 0..max with a tick per 1000 rpm, the redline band in red, and the needle.
void draw_tachometer(const Car& car, const CarDef& def) {
    // The dial grows with the UI scale, as its labels' font does.
    const float k = std::max(ui_scale(), 0.5f);
    const float radius = kTachRadius100 * k;  // px
    const double redline = def.engine.redline_rpm;
    const double max_rpm = std::ceil((redline + 1000.0) / 1000.0) * 1000.0;
    // Tall enough for the dial and the two lines of text under its centre in any font.
    const float text_bottom = radius * 1.45f + 6.0f + 2.0f * ImGui::GetTextLineHeight();
    const ImVec2 size(2.0f * radius + 8.0f, std::max(2.0f * radius * 0.86f + 8.0f, text_bottom));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 c(p.x + size.x * 0.5f, p.y + radius + 4.0f);
    arc(dl, c, radius, kTachStart, kTachStart + kTachSweep, IM_COL32(200, 200, 200, 200), 2.0f * k);
    arc(dl, c, radius - 3.0f * k, tach_angle(redline, max_rpm), kTachStart + kTachSweep,
        IM_COL32(230, 40, 40, 255), 6.0f * k);
    for (double r = 0.0; r <= max_rpm + 1.0; r += 1000.0) {
        const float a = tach_angle(r, max_rpm);
        const ImVec2 d(std::cos(a), std::sin(a));
        dl->AddLine(ImVec2(c.x + d.x * (radius - 9.0f * k), c.y + d.y * (radius - 9.0f * k)),
                    ImVec2(c.x + d.x * radius, c.y + d.y * radius),
                    r >= redline ? IM_COL32(230, 60, 60, 255) : IM_COL32(220, 220, 220, 255),
                    2.0f * k);
        char label[16];
        std::snprintf(label, sizeof label, "%d", static_cast<int>(r / 1000.0));
        const ImVec2 ts = ImGui::CalcTextSize(label);
        dl->AddText(ImVec2(c.x + d.x * (radius - 19.0f * k) - ts.x * 0.5f,
                           c.y + d.y * (radius - 19.0f * k) - ts.y * 0.5f),
                    IM_COL32(220, 220, 220, 255), label);
    }
    const float a = tach_angle(car.rpm, max_rpm);
    const bool over = car.rpm >= redline;
    dl->AddLine(
        c, ImVec2(c.x + std::cos(a) * (radius - 6.0f * k), c.y + std::sin(a) * (radius - 6.0f * k)),
        over ? IM_COL32(255, 60, 60, 255) : IM_COL32(255, 170, 40, 255), 3.0f * k);
    dl->AddCircleFilled(c, 4.0f * k, IM_COL32(200, 200, 200, 255));
    char rpm[16];
    std::snprintf(rpm, sizeof rpm, "%.0f", car.rpm);
    const ImVec2 ts = ImGui::CalcTextSize(rpm);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y + radius * 0.45f), IM_COL32(200, 200, 200, 255), rpm);
    const ImVec2 us = ImGui::CalcTextSize("x1000 rpm");
    dl->AddText(ImVec2(c.x - us.x * 0.5f, c.y + radius * 0.45f + ts.y),
                IM_COL32(140, 140, 140, 255), "x1000 rpm");
}

const char* gear_name(int gear, char (&buf)[16]) {
    if (gear < 0) return "R";
    if (gear == 0) return "N";
    std::snprintf(buf, sizeof buf, "%d", gear);
    return buf;
}

/// Only once the car is dented: the deepest dent and what it broke (damage.hpp).
void draw_damage(const CarDamage& d) {
    const double deepest = damage_deepest(d);
    if (!(deepest > 0.0)) return;
    const ImVec4 red(1.0f, 0.35f, 0.25f, 1.0f);
    ImGui::TextColored(red, "dent %.0f cm", deepest * 100.0);
    if (d.toe[0] != 0.0 || d.toe[1] != 0.0) ImGui::TextColored(red, "bent wheel");
    if (d.engine_loss > 0.0) ImGui::TextColored(red, "engine -%.0f%%", d.engine_loss * 100.0);
    if (d.extra_drag > 0.0) ImGui::TextColored(red, "loose panel");
}

}  // namespace

float draw_hud(const World& world, bool paused) {
    const CarId id = world.player();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    if (!world.valid(id)) return ds.y;
    const Car& car = world.car(id);
    const CarDef& def = world.car_def(id);
    const double kmh =
        std::sqrt(car.velocity.x * car.velocity.x + car.velocity.y * car.velocity.y) * 3.6;
    float top = ds.y;
    if (begin_hud_box("##hud", ImVec2(ds.x * 0.5f, ds.y - 12.0f), ImVec2(0.5f, 1.0f), 0.8f)) {
        draw_tachometer(car, def);
        ImGui::SameLine();
        ImGui::BeginGroup();
        ImGui::Text("%5.0f km/h", kmh);
        char buf[16];
        if (car.shift_timer > 0.0) {
            ImGui::TextColored(ImVec4(0.6f, 0.6f, 0.6f, 1.0f), "gear %s", gear_name(car.gear, buf));
        } else {
            ImGui::Text("gear %s", gear_name(car.gear, buf));
        }
        ImGui::TextDisabled("%s", car.manual ? "manual" : "auto");
        if (car.abs_active) {
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.1f, 1.0f), "ABS");
        } else {
            ImGui::TextDisabled(def.brakes.abs ? "ABS" : "ABS off");
        }
        if (car.tc_active) {
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.1f, 1.0f), "TC");
        } else {
            ImGui::TextDisabled(def.assists.tc ? "TC" : "TC off");
        }
        if (car.esc_active) {
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.1f, 1.0f), "ESC");
        } else {
            ImGui::TextDisabled(def.assists.esc ? "ESC" : "ESC off");
        }
        if (def.assists.steer_assist) {  // no lamp at all without it: most levels lack it
            if (car.steer_assist_active) {
                ImGui::TextColored(ImVec4(0.4f, 0.8f, 1.0f, 1.0f), "STEER");
            } else {
                ImGui::TextDisabled("STEER");
            }
        }
        draw_damage(car.damage);
        if (paused) {
            ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.2f, 1.0f), "PAUSED");
        }
        ImGui::EndGroup();
        top = ImGui::GetWindowPos().y;
    }
    ImGui::End();
    return top;
}

}  // namespace skidpad::app
