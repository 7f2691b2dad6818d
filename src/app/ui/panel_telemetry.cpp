// Telemetry windows: channel plots (selectable, pausable, time window), the g-g
// diagram of the car and a friction circle per wheel (force against mu * load),
// plus CSV export of the ring buffer.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

#include "number_text.hpp"
#include "overlay_layout.hpp"
#include "tune_ui.hpp"

namespace skidpad::app {

namespace {

struct PlotData {
    const Telemetry* t = nullptr;
    const TelemetryChannel* c = nullptr;
    std::size_t first = 0;
};

float plot_value(void* data, int idx) {
    const auto* d = static_cast<const PlotData*>(data);
    return static_cast<float>(d->c->value(d->t->at(d->first + static_cast<std::size_t>(idx))));
}

ImU32 use_colour(double use) {
    const double u = std::clamp(use, 0.0, 1.0);
    const int r = static_cast<int>(255.0 * std::clamp(2.0 * u, 0.0, 1.0));
    const int g = static_cast<int>(255.0 * std::clamp(2.0 - 2.0 * u, 0.0, 1.0));
    return IM_COL32(r, g, 40, 255);
}

const Telemetry& shown(const TuneUi& ui) {
    return ui.plots_paused ? ui.frozen : ui.telemetry;
}

/// A small coloured square and a label, on one line.
void legend_item(ImU32 colour, const std::string& label) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + h * 0.2f),
                                              ImVec2(p.x + h * 1.4f, p.y + h * 0.8f), colour);
    ImGui::Dummy(ImVec2(h * 1.6f, h));
    ImGui::SameLine();
    ImGui::TextWrapped("%s", label.c_str());  // several changes need more than a line
}

/// The replay's plots: for each channel on, run a (and run b over it) over the last
/// window of steps up to the step shown, with the values at that step.
void draw_replay_plots(const TuneUi& ui, const ReplayPlots& rp, double hz) {
    const auto& channels = telemetry_channels();
    legend_item(rp.colour_a, rp.label_a);
    if (rp.b) legend_item(rp.colour_b, rp.label_b);
    if (!rp.note.empty()) ImGui::TextUnformatted(rp.note.c_str());
    const std::size_t end_a = std::min(rp.end, rp.a->size());
    const std::size_t end_b = rp.b ? std::min(rp.end, rp.b->size()) : 0;
    const std::size_t want = static_cast<std::size_t>(std::max(2.0, ui.plot_window_s * hz));
    const std::size_t n = std::min(want, end_a);
    if (n < 2) {
        ImGui::TextUnformatted(rp.end > rp.a->size() ? "past the part of the replay traced"
                                                     : "play or seek to see the plots");
        return;
    }
    const std::size_t first = end_a - n;
    const std::size_t nb = end_b > first ? end_b - first : 0;  // b's samples in the window
    ImDrawList* dl = ImGui::GetWindowDrawList();
    std::vector<ImVec2> line;
    for (std::size_t i = 0; i < channels.size(); ++i) {
        if (!ui.channel_on[i]) continue;
        const TelemetryChannel& c = channels[i];
        double lo = DBL_MAX, hi = -DBL_MAX;
        for (std::size_t k = 0; k < n; ++k) {
            const double v = c.value(rp.a->at(first + k));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        for (std::size_t k = 0; k < nb; ++k) {
            const double v = c.value(rp.b->at(first + k));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (hi - lo < 1e-6) {
            lo -= 0.5;
            hi += 0.5;
        }
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        const ImVec2 size(ImGui::GetContentRegionAvail().x, 56.0f);
        ImGui::InvisibleButton(("##" + c.name).c_str(), size);
        const ImVec2 p1(p0.x + size.x, p0.y + size.y);
        dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg));
        auto trace = [&](const Telemetry& t, std::size_t count, ImU32 colour) {
            // At most one point per pixel column: the window may hold thousands of steps.
            const std::size_t stride =
                std::max<std::size_t>(1, count / std::max<std::size_t>(1, std::size_t(size.x)));
            line.clear();
            for (std::size_t k = 0; k < count; k += stride) {
                const double v = c.value(t.at(first + k));
                const float x = p0.x + size.x * static_cast<float>(k) / static_cast<float>(n - 1);
                const float y =
                    p1.y - 2.0f - (size.y - 4.0f) * static_cast<float>((v - lo) / (hi - lo));
                line.emplace_back(x, y);
            }
            if (line.size() >= 2)
                dl->AddPolyline(line.data(), static_cast<int>(line.size()), colour, 0, 1.5f);
        };
        trace(*rp.a, n, rp.colour_a);
        if (nb > 0) trace(*rp.b, nb, rp.colour_b);
        const double scale = std::max(std::fabs(lo), std::fabs(hi));
        const double va = c.value(rp.a->at(end_a - 1));
        char text[200];
        if (nb > 0) {
            const double vb = c.value(rp.b->at(end_b - 1));
            std::snprintf(text, sizeof text, "%s  A %s  B %s %s  (B-A %s)", c.label.c_str(),
                          number_text(va, scale).c_str(), number_text(vb, scale).c_str(),
                          c.unit.c_str(), number_text(vb - va, scale).c_str());
        } else {
            std::snprintf(text, sizeof text, "%s %s %s   range %s", c.label.c_str(),
                          number_text(va, scale).c_str(), c.unit.c_str(),
                          range_text(lo, hi, c.unit).c_str());
        }
        dl->AddText(ImVec2(p0.x + 4.0f, p0.y + 2.0f), ImGui::GetColorU32(ImGuiCol_Text), text);
    }
}

}  // namespace

void tune_ui_record(TuneUi& ui, const World& world) {
    if (world.valid(world.player())) ui.telemetry.record(world, world.player());
}

void tune_ui_sync_rate(TuneUi& ui, double physics_hz) {
    const std::size_t want = Telemetry::capacity_for(kTelemetrySeconds, physics_hz);
    if (want != ui.telemetry.capacity()) ui.telemetry = Telemetry(want);
}

void draw_telemetry_window(TuneUi& ui, const World& world) {
    if (!ui.show_telemetry) return;
    const auto& channels = telemetry_channels();
    if (ui.channel_on.size() != channels.size()) {
        ui.channel_on.assign(channels.size(), 0);
        for (std::size_t i = 0; i < channels.size(); ++i) {
            const std::string& n = channels[i].name;
            ui.channel_on[i] = n == "speed_mps" || n == "rpm" || n == "g_lat" || n == "g_long";
        }
    }
    // Free windows start between the docked columns (overlay_layout.hpp).
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const bool replay = ui.replay_plots.a != nullptr;
    if (replay && ui.replay_plots.left) {
        // Watching a replay the car is at the centre: the plots go to the left (free
        // while the overlay is hidden), tall enough for the legend and four channels.
        free_next_window("Telemetry", ImVec2(12.0f, 36.0f),
                         ImVec2(440.0f, std::min(ds.y - 300.0f, 470.0f)));
    } else {
        free_next_window("Telemetry", ImVec2(ds.x * 0.5f - 220.0f, 36.0f), ImVec2(440.0f, 280.0f));
    }
    if (!ImGui::Begin("Telemetry", &ui.show_telemetry)) {
        ImGui::End();
        return;
    }
    if (!replay) {  // a replay's plots follow its timeline instead
        if (ImGui::Checkbox("pause", &ui.plots_paused) && ui.plots_paused) ui.frozen = ui.telemetry;
        ImGui::SameLine();
    }
    ImGui::SetNextItemWidth(160.0f);
    drag_value("window", &ui.plot_window_s, 1.0f, static_cast<float>(kTelemetrySeconds), "%.0f s");
    ImGui::SameLine();
    if (ImGui::Button("channels")) ImGui::OpenPopup("channels");
    if (ImGui::BeginPopup("channels")) {
        for (std::size_t i = 0; i < channels.size(); ++i) {
            bool on = ui.channel_on[i] != 0;
            const std::string label = channels[i].label + "##" + channels[i].name;
            if (ImGui::Checkbox(label.c_str(), &on)) ui.channel_on[i] = on ? 1 : 0;
            if (i + 1 < channels.size() && channels[i + 1].wheel != channels[i].wheel) {
                ImGui::Separator();
            }
        }
        ImGui::EndPopup();
    }

    // CSV export of everything in the ring buffer.
    if (ui.csv_path[0] == '\0') {
        const std::string def =
            (ui.pref_dir.empty() ? std::string() : ui.pref_dir) + "telemetry.csv";
        std::snprintf(ui.csv_path, sizeof ui.csv_path, "%s", def.c_str());
    }
    ImGui::SetNextItemWidth(-110.0f);
    ImGui::InputText("##csv", ui.csv_path, sizeof ui.csv_path);
    ImGui::SameLine();
    if (ImGui::Button("Export CSV")) {
        std::string error;
        const Telemetry& t = ui.replay_plots.a ? *ui.replay_plots.a : shown(ui);
        ui.csv_status = t.save_csv(ui.csv_path, error)
                            ? "wrote " + std::to_string(t.size()) + " rows to " + ui.csv_path
                            : error;
    }
    if (!ui.csv_status.empty()) ImGui::TextDisabled("%s", ui.csv_status.c_str());

    const double hz = world.def().sim.physics_hz;
    if (ui.replay_plots.a) {
        draw_replay_plots(ui, ui.replay_plots, hz);
        ImGui::End();
        return;
    }
    const Telemetry& t = shown(ui);
    const std::size_t want = static_cast<std::size_t>(std::max(2.0, ui.plot_window_s * hz));
    const std::size_t n = std::min(want, t.size());
    ImGui::TextDisabled("%zu samples kept (%.1f s), showing %.1f s", t.size(),
                        static_cast<double>(t.size()) / hz, static_cast<double>(n) / hz);
    if (n < 2) {
        ImGui::TextUnformatted("drive to record telemetry");
        ImGui::End();
        return;
    }
    PlotData data{&t, nullptr, t.size() - n};
    for (std::size_t i = 0; i < channels.size(); ++i) {
        if (!ui.channel_on[i]) continue;
        const TelemetryChannel& c = channels[i];
        data.c = &c;
        double lo = DBL_MAX;
        double hi = -DBL_MAX;
        for (std::size_t k = 0; k < n; ++k) {
            const double v = c.value(t.at(data.first + k));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (hi - lo < 1e-6) {
            lo -= 0.5;
            hi += 0.5;
        }
        const double scale = std::max(std::fabs(lo), std::fabs(hi));
        char overlay[160];
        std::snprintf(overlay, sizeof overlay, "%s %s %s   range %s", c.label.c_str(),
                      number_text(c.value(t.newest()), scale).c_str(), c.unit.c_str(),
                      range_text(lo, hi, c.unit).c_str());
        ImGui::PlotLines(("##" + c.name).c_str(), plot_value, &data, static_cast<int>(n), 0,
                         overlay, static_cast<float>(lo), static_cast<float>(hi),
                         ImVec2(ImGui::GetContentRegionAvail().x, 56.0f));
    }
    ImGui::End();
}

void draw_gg_window(TuneUi& ui, const World& world) {
    if (!ui.show_gg) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // Below the telemetry window, above the HUD.
    free_next_window("g-g diagram", ImVec2(ds.x * 0.5f - 248.0f, 324.0f), ImVec2(240.0f, 250.0f));
    if (!ImGui::Begin("g-g diagram", &ui.show_gg)) {
        ImGui::End();
        return;
    }
    const Telemetry& t = shown(ui);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float size = std::max(80.0f, std::min(avail.x, avail.y - 20.0f));
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##gg", ImVec2(size, size));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 c(p0.x + size * 0.5f, p0.y + size * 0.5f);
    const float max_g = 1.5f;
    const float px_per_g = size * 0.5f / max_g;
    dl->AddRectFilled(p0, ImVec2(p0.x + size, p0.y + size), IM_COL32(20, 22, 28, 255));
    for (float g : {0.5f, 1.0f, 1.5f}) {
        dl->AddCircle(c, g * px_per_g, IM_COL32(90, 90, 110, 255), 48, g == 1.0f ? 1.5f : 1.0f);
    }
    dl->AddLine(ImVec2(p0.x, c.y), ImVec2(p0.x + size, c.y), IM_COL32(70, 70, 90, 255));
    dl->AddLine(ImVec2(c.x, p0.y), ImVec2(c.x, p0.y + size), IM_COL32(70, 70, 90, 255));
    // Trail of the last window of samples: x = lateral g (left positive drawn left),
    // y = longitudinal g (accelerating up).
    const double hz = world.def().sim.physics_hz;
    const std::size_t n = std::min(t.size(), static_cast<std::size_t>(ui.plot_window_s * hz));
    auto to_screen = [&](const TelemetrySample& s) {
        const float x = static_cast<float>(std::clamp(-s.g_lat, -2.0 * max_g, 2.0 * max_g));
        const float y = static_cast<float>(std::clamp(s.g_long, -2.0 * max_g, 2.0 * max_g));
        return ImVec2(c.x + x * px_per_g, c.y - y * px_per_g);
    };
    const std::size_t stride = std::max<std::size_t>(1, n / 600);
    for (std::size_t k = t.size() - n; k < t.size(); k += stride) {
        const float age = static_cast<float>(t.size() - k) / static_cast<float>(n + 1);
        const int a = static_cast<int>(200.0f * (1.0f - age)) + 30;
        dl->AddCircleFilled(to_screen(t.at(k)), 1.5f, IM_COL32(80, 200, 255, a));
    }
    if (!t.empty()) {
        const TelemetrySample& s = t.newest();
        dl->AddCircleFilled(to_screen(s), 5.0f, IM_COL32(255, 220, 60, 255));
        ImGui::PushTextWrapPos(0.0f);  // a narrow window wraps the line rather than cut it
        ImGui::Text("long %+.2f  lat %+.2f  total %.2f g", s.g_long, s.g_lat,
                    std::hypot(s.g_long, s.g_lat));
        ImGui::PopTextWrapPos();
    }
    dl->AddText(ImVec2(p0.x + 4.0f, p0.y + 2.0f), IM_COL32(160, 160, 180, 255),
                "rings 0.5 / 1.0 / 1.5 g");
    ImGui::End();
}

void draw_friction_window(TuneUi& ui, const World& world) {
    if (!ui.show_friction) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    free_next_window("Friction circles", ImVec2(ds.x * 0.5f + 2.0f, 324.0f),
                     ImVec2(240.0f, 250.0f));
    if (!ImGui::Begin("Friction circles", &ui.show_friction)) {
        ImGui::End();
        return;
    }
    const Telemetry& t = shown(ui);
    if (t.empty() || !world.valid(world.player())) {
        ImGui::TextUnformatted("no samples yet");
        ImGui::End();
        return;
    }
    const TelemetrySample& s = t.newest();
    const char* names[4] = {"FL", "FR", "RL", "RR"};
    const float cell = std::max(60.0f, (ImGui::GetContentRegionAvail().x - 8.0f) * 0.5f);
    for (int i = 0; i < 4; ++i) {
        if (i % 2 == 1) ImGui::SameLine();
        const WheelSample& w = s.wheels[i];
        ImGui::BeginGroup();
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton(names[i], ImVec2(cell, cell));
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 c(p0.x + cell * 0.5f, p0.y + cell * 0.5f);
        const float r = cell * 0.42f;
        const double force = std::hypot(w.force_long, w.force_lat);
        const double use = w.grip_limit > 1e-6 ? force / w.grip_limit : 0.0;
        dl->AddRectFilled(p0, ImVec2(p0.x + cell, p0.y + cell), IM_COL32(20, 22, 28, 255));
        dl->AddCircle(c, r, IM_COL32(200, 200, 220, 255), 48, 1.5f);
        // Force in units of the limit: the circle is mu * load. Lateral +left drawn left.
        const double k = w.grip_limit > 1e-6 ? r / w.grip_limit : 0.0;
        const ImVec2 tip(c.x - static_cast<float>(std::clamp(w.force_lat * k, -1.5 * r, 1.5 * r)),
                         c.y - static_cast<float>(std::clamp(w.force_long * k, -1.5 * r, 1.5 * r)));
        dl->AddLine(c, tip, use_colour(use), 2.0f);
        dl->AddCircleFilled(tip, 4.0f, use_colour(use));
        char label[64];
        std::snprintf(label, sizeof label, "%s %3.0f%%", names[i], 100.0 * use);
        dl->AddText(ImVec2(p0.x + 3.0f, p0.y + 2.0f), IM_COL32(220, 220, 230, 255), label);
        ImGui::EndGroup();
        if (ImGui::IsItemHovered()) {
            char tip[160];
            std::snprintf(tip, sizeof tip,
                          "%s: long %.0f N  lat %.0f N  limit %.0f N (load %.0f N)\n"
                          "slip ratio %.3f  slip angle %.3f rad",
                          names[i], w.force_long, w.force_lat, w.grip_limit, w.load, w.slip_ratio,
                          w.slip_angle);
            wrapped_tooltip(tip);
        }
    }
    ImGui::End();
}

}  // namespace skidpad::app
