// The Planner window (F1 overlay): scene choice (arena or a track), autopilot and AI
// toggles, the speed profile plotted against distance, and the four braking-distance
// curves of docs/physics.md §10 for the current car, recomputed every frame from its tunables.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "game.hpp"
#include "overlay_layout.hpp"
#include "planner_view.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "thumb_view.hpp"

namespace skidpad::app {

namespace {

struct Series {
    const char* label = "";
    std::vector<float> x;
    std::vector<float> y;
    ImU32 colour = IM_COL32_WHITE;
};

// A small x/y line plot drawn with the window's draw list: frame, min/max labels,
// one polyline per series, an optional vertical marker at marker_x.
void plot_xy(const char* id, const std::vector<Series>& series, ImVec2 size, const char* x_unit,
             const char* y_unit, float marker_x = NAN) {
    float x0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (const Series& s : series) {
        for (float v : s.x) {
            x0 = std::min(x0, v);
            x1 = std::max(x1, v);
        }
        for (float v : s.y)
            y1 = std::max(y1, v);
    }
    const float y0 = 0.0f;
    if (!(x1 > x0)) x1 = x0 + 1.0f;
    if (!(y1 > y0)) y1 = y0 + 1.0f;
    ImGui::PushID(id);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("plot", size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p1(p0.x + size.x, p0.y + size.y);
    dl->AddRectFilled(p0, p1, IM_COL32(20, 22, 26, 220));
    dl->AddRect(p0, p1, IM_COL32(120, 120, 120, 255));
    auto to_screen = [&](float x, float y) {
        return ImVec2(p0.x + (x - x0) / (x1 - x0) * size.x, p1.y - (y - y0) / (y1 - y0) * size.y);
    };
    std::vector<ImVec2> pts;
    for (const Series& s : series) {
        pts.clear();
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (std::isfinite(s.y[i])) pts.push_back(to_screen(s.x[i], std::min(s.y[i], y1)));
        }
        if (pts.size() >= 2)
            dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), s.colour, 0, 1.5f);
    }
    if (std::isfinite(marker_x)) {
        const ImVec2 a = to_screen(marker_x, y0);
        dl->AddLine(ImVec2(a.x, p0.y), ImVec2(a.x, p1.y), IM_COL32(255, 210, 40, 200), 1.5f);
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f %s", static_cast<double>(y1), y_unit);
    dl->AddText(ImVec2(p0.x + 3.0f, p0.y + 2.0f), IM_COL32(200, 200, 200, 255), buf);
    std::snprintf(buf, sizeof buf, "%.0f..%.0f %s", static_cast<double>(x0),
                  static_cast<double>(x1), x_unit);
    dl->AddText(ImVec2(p0.x + 3.0f, p1.y - 16.0f), IM_COL32(200, 200, 200, 255), buf);
    // Legend.
    float lx = p1.x - 6.0f;
    for (auto it = series.rbegin(); it != series.rend(); ++it) {
        const float w = ImGui::CalcTextSize(it->label).x;
        lx -= w;
        dl->AddText(ImVec2(lx, p0.y + 2.0f), it->colour, it->label);
        lx -= 10.0f;
    }
    ImGui::PopID();
}

void scene_controls(PlannerState& pl, const Scene& sc, Tuner& tuner, PlannerRequest& req) {
    const char* current = sc.track < 0
                              ? "Arena (crates)"
                              : sc.tracks[static_cast<std::size_t>(sc.track)].title.c_str();
    if (ImGui::BeginCombo("scene", current, ImGuiComboFlags_HeightLarge)) {
        if (ImGui::Selectable("Arena (crates)", sc.track < 0)) {
            req.select = true;
            req.scene = -1;
        }
        // Each track with its outline (read once per file and kept).
        static TrackThumbs thumbs;
        static std::size_t thumbs_for = 0;
        if (thumbs_for != sc.tracks.size()) {
            std::map<std::string, std::string> files;
            for (const TrackChoice& t : sc.tracks)
                files[t.name] = t.path;
            thumbs.set_paths(std::move(files));
            thumbs_for = sc.tracks.size();
        }
        const float box = 2.0f * ImGui::GetFrameHeight();
        for (std::size_t i = 0; i < sc.tracks.size(); ++i) {
            const std::string label = sc.tracks[i].title + " (" + sc.tracks[i].name + ")";
            if (thumb_row(label.c_str(), thumbs.get(sc.tracks[i].name),
                          sc.track == static_cast<int>(i), box)) {
                req.select = true;
                req.scene = static_cast<int>(i);
            }
        }
        ImGui::EndCombo();
    }
    ImGui::BeginDisabled(!sc.race.has_track());
    bool ap = pl.autopilot;
    if (ImGui::Checkbox("autopilot (F2)", &ap)) req.toggle_autopilot = true;
    same_line_if_checkbox_fits("AI opponent");
    bool ai = tuner.settings().plan.ai_opponent;
    if (ImGui::Checkbox("AI opponent", &ai)) tuner.control("plan.ai_opponent", ai ? 1.0 : 0.0);
    same_line_if_checkbox_fits("racing line");
    ImGui::Checkbox("racing line", &pl.show_line);
    ImGui::EndDisabled();
    ImGui::Checkbox("stopping marker", &pl.show_brake_marker);
    int model = static_cast<int>(tuner.settings().plan.braking_model);
    const char* names[] = {"no-aero", "aero-bound", "aero-numerical", "aero-analytical"};
    if (ImGui::Combo("braking model", &model, names, 4)) {
        tuner.control("plan.braking_model", static_cast<double>(model));
    }
}

void profile_plot(const Scene& scene) {
    const Race& race = scene.race;
    if (!race.has_track()) {
        ImGui::TextDisabled("Pick a track for the speed profile and the autopilot.");
        return;
    }
    const SpeedProfile& p = race.profile();
    if (!p.ok) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.3f, 1.0f), "plan failed: %s", p.error.c_str());
        return;
    }
    const ClosedPath& line = race.line().path;
    ImGui::Text("predicted lap %.2f s   %.0f..%.0f km/h   line %.0f m", p.lap_time_s,
                p.min_speed_mps * 3.6, p.max_speed_mps * 3.6, line.length);
    Series plan{"planned", {}, {}, IM_COL32(90, 200, 255, 255)};
    Series limit{"corner limit", {}, {}, IM_COL32(150, 150, 150, 160)};
    for (std::size_t i = 0; i < line.size(); ++i) {
        plan.x.push_back(static_cast<float>(line.s[i]));
        plan.y.push_back(static_cast<float>(p.speed[i] * 3.6));
        limit.x.push_back(static_cast<float>(line.s[i]));
        limit.y.push_back(
            static_cast<float>(std::min(p.corner_limit[i], p.max_speed_mps * 1.15) * 3.6));
    }
    float marker = NAN;
    if (const RaceEntry* e = race.entry(scene.world.player())) marker = static_cast<float>(e->ap.s);
    plot_xy("profile", {limit, plan}, ImVec2(ImGui::GetContentRegionAvail().x, 90.0f), "m", "km/h",
            marker);
}

void braking_curves(PlannerState& pl, const Settings& settings) {
    const PlanCar car = plan_car_from_def(settings.car);
    const PlanDef& plan = settings.plan;
    // Room on the line for the label and the checkbox after it, so neither is cut.
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::SetNextItemWidth(
        std::max(80.0f, ImGui::GetContentRegionAvail().x -
                            ImGui::CalcTextSize("final speed margins").x - ImGui::GetFrameHeight() -
                            2.0f * style.ItemSpacing.x - 2.0f * style.ItemInnerSpacing.x));
    drag_value("final speed", &pl.curve_v_out_kmh, 0.0f, 200.0f, "%.0f km/h");
    same_line_if_checkbox_fits("margins");
    ImGui::Checkbox("margins", &pl.curves_with_margins);
    const Decel d = pl.curves_with_margins
                        ? planned_decel(car.mu, car.mass_kg, car.k_lift, car.k_drag, plan)
                        : braking_decel(car.mu, car.mass_kg, car.k_lift, car.k_drag);
    ImGui::PushTextWrapPos(0.0f);  // wrap at the window's edge rather than cut
    ImGui::TextDisabled("a0 %.2f m/s^2   b %.6f 1/m   (mu %.2f  k_L %.2f  k_D %.3f  m %.0f)", d.a0,
                        d.b, car.mu, car.k_lift, car.k_drag, car.mass_kg);
    ImGui::PopTextWrapPos();
    const double v_out = pl.curve_v_out_kmh / 3.6;
    // Up to the planner's bound, at most 250 km/h (where the curves differ most).
    const double v_top = std::max(v_out + 1.0, std::min(plan.speed_bound, 250.0 / 3.6));
    const int n = std::clamp(plan.numerical_intervals, 1, 256);
    const BrakingModel models[] = {BrakingModel::NoAero, BrakingModel::AeroBound,
                                   BrakingModel::AeroNumerical, BrakingModel::AeroAnalytical};
    const ImU32 colours[] = {IM_COL32(255, 120, 90, 255), IM_COL32(255, 210, 70, 255),
                             IM_COL32(120, 230, 120, 255), IM_COL32(110, 180, 255, 255)};
    std::vector<Series> curves;
    std::string refused;
    for (int m = 0; m < 4; ++m) {
        Series s{braking_model_name(models[m]), {}, {}, colours[m]};
        for (int k = 0; k <= 60; ++k) {
            const double v = v_out + (v_top - v_out) * k / 60.0;
            const BrakingResult r = braking_distance(models[m], v, v_out, d, n);
            s.x.push_back(static_cast<float>(v * 3.6));
            s.y.push_back(r.ok ? static_cast<float>(r.distance_m) : NAN);
            if (!r.ok && refused.empty()) refused = std::string(s.label) + ": " + r.reason;
        }
        curves.push_back(std::move(s));
    }
    plot_xy("braking", curves, ImVec2(ImGui::GetContentRegionAvail().x, 110.0f), "km/h", "m");
    if (!refused.empty())
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.3f, 1.0f), "refused %s", refused.c_str());
    ImGui::Text("from %.0f km/h:", v_top * 3.6);
    for (int m = 0; m < 4; ++m) {
        const BrakingResult r = braking_distance(models[m], v_top, v_out, d, n);
        ImGui::SameLine();
        ImGui::TextColored(ImColor(colours[m]).Value, r.ok ? " %.1f m" : " -", r.distance_m);
    }
}

}  // namespace

PlannerRequest draw_planner_panel(PlannerState& pl, const Scene& scene, Tuner& tuner) {
    PlannerRequest req;
    // Docked in the left column below the stats (and presets) window; collapsed at first
    // start so that the car stays in view. imgui.ini keeps its size and state.
    dock_next_window(Dock::Left, ImVec2(420.0f, 0.0f));
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    const bool open = ImGui::Begin("Planner", nullptr, dock_window_flags());
    dock_window_placed(Dock::Left);
    if (!open) {
        ImGui::End();
        return req;
    }
    // Boxes leave room for the longest label on their right, so none is cut.
    ImGui::PushItemWidth(
        -(ImGui::CalcTextSize("braking model").x + 2.0f * ImGui::GetStyle().ItemInnerSpacing.x));
    scene_controls(pl, scene, tuner, req);
    if (ImGui::CollapsingHeader("Speed profile", ImGuiTreeNodeFlags_DefaultOpen))
        profile_plot(scene);
    if (ImGui::CollapsingHeader("Braking distance models", ImGuiTreeNodeFlags_DefaultOpen)) {
        braking_curves(pl, tuner.settings());
    }
    ImGui::PopItemWidth();
    ImGui::End();
    return req;
}

void planner_apply(Session& session, Ui& ui, const PlannerRequest& request) {
    Sim& sim = session.sim;
    if (request.select) {
        const std::string err = session.apply(Event::select_scene(request.scene));
        for (const std::string& w : sim.scene.warnings)
            ui.toast(w, 6.0);
        sim.scene.warnings.clear();
        if (!err.empty()) ui.toast("Track not loaded: " + err, 6.0);
    }
    if (request.toggle_autopilot) planner_toggle_autopilot(sim, ui.toasts, ui.clock);
}

}  // namespace skidpad::app
