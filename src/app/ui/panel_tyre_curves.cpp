// Tyre curves window: the player car's tyre model drawn live at each wheel's current
// load — longitudinal force against slip ratio (no slip angle) and lateral force against
// slip angle (no slip ratio) — with each wheel's operating point (its last sub-step's
// slip and force, under combined slip, so it may sit inside the pure curve).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "overlay_layout.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/tyre.hpp"
#include "tune_ui.hpp"

namespace skidpad::app {

namespace {

constexpr const char* kNames[4] = {"FL", "FR", "RL", "RR"};
constexpr ImU32 kWheelColour[4] = {IM_COL32(90, 200, 255, 255), IM_COL32(120, 255, 160, 255),
                                   IM_COL32(255, 170, 80, 255), IM_COL32(255, 110, 200, 255)};
constexpr int kSamples = 81;
constexpr double kMaxAngle = 15.0 * kPi / 180.0;  // rad, the lateral plot's half range
constexpr double kMaxRatio = 0.4;                 // the longitudinal plot's half range

/// The pure-slip force of one wheel's tyre at slip ratio κ or slip angle α.
TyreOut pure(const TyreDef& def, double load, double ref_load, bool rear, double kappa,
             double alpha) {
    TyreIn in;
    in.v_long = 20.0;  // any speed above the slip floor: the curve depends on the slips only
    in.rim_speed = in.v_long * (1.0 + kappa);
    in.v_lat = in.v_long * std::tan(alpha);
    in.load = load;
    in.reference_load = ref_load;
    in.rear = rear;
    return tyre_force(def, in);
}

struct Axes {
    ImVec2 p0, p1;   // plot rectangle, screen px
    double x_range;  // x spans −x_range..x_range
    double f_range;  // N, y spans −f_range..f_range
    ImVec2 at(double x, double f) const {
        const double u = 0.5 + 0.5 * std::clamp(x / x_range, -1.0, 1.0);
        const double v = 0.5 - 0.5 * std::clamp(f / f_range, -1.0, 1.0);
        return ImVec2(p0.x + static_cast<float>(u) * (p1.x - p0.x),
                      p0.y + static_cast<float>(v) * (p1.y - p0.y));
    }
};

/// One plot: the four wheels' curves and operating points. `lateral` picks the curve.
void plot(const char* id, const char* title, const Car& car, const CarDef& def, double ref_load,
          bool lateral, float width, float height) {
    ImGui::TextDisabled("%s", title);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(width, height));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    double f_max = 1.0;
    for (const Wheel& w : car.wheels)
        f_max =
            std::max(f_max, 1.1 * std::max(w.grip_limit, std::hypot(w.force_long, w.force_lat)));
    const Axes ax{p0, ImVec2(p0.x + width, p0.y + height), lateral ? kMaxAngle : kMaxRatio, f_max};
    dl->AddRectFilled(ax.p0, ax.p1, IM_COL32(20, 22, 28, 255));
    dl->AddLine(ax.at(-ax.x_range, 0.0), ax.at(ax.x_range, 0.0), IM_COL32(90, 90, 100, 255));
    dl->AddLine(ax.at(0.0, -f_max), ax.at(0.0, f_max), IM_COL32(90, 90, 100, 255));
    for (int i = 0; i < kWheels; ++i) {
        const Wheel& w = car.wheels[static_cast<std::size_t>(i)];
        const ImU32 col = (kWheelColour[i] & 0x00FFFFFFu) | 0xA0000000u;
        ImVec2 pts[kSamples];
        for (int k = 0; k < kSamples; ++k) {
            const double x = ax.x_range * (2.0 * k / (kSamples - 1) - 1.0);
            const TyreOut t = lateral ? pure(def.tyre, w.load, ref_load, i >= 2, 0.0, x)
                                      : pure(def.tyre, w.load, ref_load, i >= 2, x, 0.0);
            pts[k] = ax.at(x, lateral ? t.fy : t.fx);
        }
        dl->AddPolyline(pts, kSamples, col, 0, 1.5f);
        const double slip = lateral ? w.slip_angle : w.slip_ratio;
        const ImVec2 op = ax.at(slip, lateral ? w.force_lat : w.force_long);
        if (std::fabs(slip) <= ax.x_range) {
            dl->AddCircleFilled(op, 4.5f, kWheelColour[i]);
            dl->AddCircle(op, 4.5f, IM_COL32(0, 0, 0, 255));
        } else {  // off the scale (a spinning or locked wheel): an arrow at the edge
            const float s = slip > 0.0 ? 1.0f : -1.0f;
            const ImVec2 tip(op.x, op.y);
            const ImVec2 a(op.x - s * 9.0f, op.y - 5.5f);
            const ImVec2 b(op.x - s * 9.0f, op.y + 5.5f);
            dl->AddTriangleFilled(tip, a, b, kWheelColour[i]);
            dl->AddTriangle(tip, a, b, IM_COL32(0, 0, 0, 255));
        }
    }
    char label[64];
    std::snprintf(label, sizeof label, "±%.0f N, x ±%s", f_max, lateral ? "15°" : "0.4");
    const ImVec2 ts = ImGui::CalcTextSize(label);
    dl->AddText(ImVec2(ax.p1.x - ts.x - 4.0f, ax.p1.y - ts.y - 2.0f), IM_COL32(160, 160, 175, 255),
                label);
    if (ImGui::IsItemHovered()) {
        wrapped_tooltip(lateral
                            ? "Lateral force against slip angle at zero slip ratio, one curve "
                              "per wheel at its load; dots: each wheel now (an arrow at the edge: "
                              "beyond the scale)."
                            : "Longitudinal force against slip ratio at zero slip angle, one "
                              "curve per wheel at its load; dots: each wheel now (an arrow at the "
                              "edge: spinning or locked, beyond the scale).");
    }
}

}  // namespace

void draw_tyre_curve_window(TuneUi& ui, const World& world) {
    if (!ui.show_tyres) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // First use: a wide, low window across the top, the two plots side by side, ending
    // above the middle of the screen where the camera keeps the car.
    free_next_window("Tyre curves", ImVec2(ds.x * 0.5f - 240.0f, 36.0f),
                     ImVec2(480.0f, std::max(200.0f, std::min(300.0f, ds.y * 0.5f - 76.0f))));
    if (!ImGui::Begin("Tyre curves", &ui.show_tyres)) {
        ImGui::End();
        return;
    }
    const CarId id = world.player();
    if (!world.valid(id)) {
        ImGui::TextUnformatted("no player car");
        ImGui::End();
        return;
    }
    const Car& car = world.car(id);
    const CarDef& def = world.car_def(id);
    const double ref_load = 0.25 * car_geometry(def).mass * kGravity;
    for (int i = 0; i < kWheels; ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kWheelColour[i]), "%s %.0f N", kNames[i],
                           car.wheels[static_cast<std::size_t>(i)].load);
    }
    // Side by side in a wide window, one above the other in a tall one.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    if (avail.x >= 1.2f * avail.y) {
        const float width = std::max(120.0f, (avail.x - gap) * 0.5f);
        const float height = std::max(80.0f, avail.y - line);
        ImGui::BeginGroup();
        plot("##long", "F_x vs slip ratio", car, def, ref_load, false, width, height);
        ImGui::EndGroup();
        ImGui::SameLine();
        ImGui::BeginGroup();
        plot("##lat", "F_y vs slip angle", car, def, ref_load, true, width, height);
        ImGui::EndGroup();
    } else {
        const float width = std::max(120.0f, avail.x);
        const float height =
            std::max(80.0f, (avail.y - 2.0f * line - ImGui::GetStyle().ItemSpacing.y) * 0.5f);
        plot("##long", "F_x vs slip ratio", car, def, ref_load, false, width, height);
        plot("##lat", "F_y vs slip angle", car, def, ref_load, true, width, height);
    }
    ImGui::End();
}

}  // namespace skidpad::app
