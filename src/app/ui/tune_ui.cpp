// TuneUi: the menu bar that opens the tuning/telemetry/presets windows, the Edit
// menu (undo/redo), the Debug-views menu, and the Ctrl+Z / Ctrl+Y shortcuts.
#include "tune_ui.hpp"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "overlay_layout.hpp"

namespace skidpad::app {

TuneUi::TuneUi(std::string pref, std::string shipped_presets)
    : telemetry(Telemetry::capacity_for(kTelemetrySeconds, Settings{}.sim.physics_hz)),
      presets(pref.empty() ? std::string() : (std::filesystem::path(pref) / "presets").string(),
              std::move(shipped_presets)),
      pref_dir(std::move(pref)) {}

bool draw_tune_menu(TuneUi& ui, Tuner& tuner) {
    bool changed = false;
    if (!ImGui::BeginMainMenuBar()) return false;
    if (ImGui::BeginMenu("Windows")) {
        ImGui::MenuItem("Tuning", nullptr, &ui.show_tuning);
        ImGui::MenuItem("Presets", nullptr, &ui.show_presets);
        ImGui::MenuItem("Telemetry plots", nullptr, &ui.show_telemetry);
        ImGui::MenuItem("g-g diagram", nullptr, &ui.show_gg);
        ImGui::MenuItem("Friction circles", nullptr, &ui.show_friction);
        ImGui::MenuItem("Tyre curves", nullptr, &ui.show_tyres);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        const TuneHistory& h = tuner.history();
        const std::string undo = h.next_undo() ? "Undo " + h.next_undo()->label : "Undo";
        const std::string redo = h.next_redo() ? "Redo " + h.next_redo()->label : "Redo";
        if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, h.can_undo())) changed |= tuner.undo();
        if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, h.can_redo())) changed |= tuner.redo();
        ImGui::Separator();
        if (ImGui::MenuItem("Reset every tunable")) {
            tuner.reset_all();
            changed = true;
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Debug views")) {
        DebugViews& d = ui.debug;
        ImGui::MenuItem("Per-wheel force vectors", nullptr, &d.wheel_forces);
        ImGui::MenuItem("Slip colouring", nullptr, &d.slip_colouring);
        ImGui::MenuItem("Velocity vectors", nullptr, &d.velocity);
        ImGui::MenuItem("Acceleration vectors", nullptr, &d.acceleration);
        ImGui::MenuItem("SAT contact normals and depths", nullptr, &d.contacts);
        ImGui::MenuItem("Broad-phase cells", nullptr, &d.broad_phase);
        ImGui::MenuItem("Constraint strain", nullptr, &d.constraint_strain);
        ImGui::Separator();
        ImGui::SetNextItemWidth(140.0f);
        drag_value("force scale", &d.force_scale, 0.00005f, 0.005f, "%.5f m/N",
                   ImGuiSliderFlags_Logarithmic);
        ImGui::SetNextItemWidth(140.0f);
        drag_value("velocity scale", &d.velocity_scale, 0.01f, 1.0f, "%.2f s",
                   ImGuiSliderFlags_Logarithmic);
        ImGui::SetNextItemWidth(140.0f);
        drag_value("accel scale", &d.accel_scale, 0.01f, 1.0f, "%.2f s^2",
                   ImGuiSliderFlags_Logarithmic);
        if (ImGui::MenuItem("All off")) {
            d.wheel_forces = d.slip_colouring = d.velocity = d.acceleration = false;
            d.contacts = d.broad_phase = d.constraint_strain = false;
        }
        ImGui::EndMenu();
    }
    if (!ui.current_preset.empty()) {
        ImGui::TextDisabled("   preset: %s",
                            std::filesystem::path(ui.current_preset).stem().string().c_str());
    }
    ImGui::EndMainMenuBar();
    return changed;
}

bool tune_ui_shortcuts(Tuner& tuner) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || !io.KeyCtrl) return false;
    const bool z = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false);
    const bool y = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false);
    if (z && !io.KeyShift) return tuner.undo();
    if (y || (z && io.KeyShift)) return tuner.redo();
    return false;
}

std::string tune_ui_show(TuneUi& ui, const std::string& list) {
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string name = list.substr(start, comma - start);
        start = comma + 1;
        if (name.empty()) continue;
        DebugViews& d = ui.debug;
        if (name == "none") {
            ui.show_tuning = ui.show_presets = ui.show_telemetry = ui.show_gg = ui.show_friction =
                false;
            ui.show_tyres = false;
        } else if (name == "players") {
            // The join screen (join_screen.hpp opens it at the start).
        } else if (name == "tuning") {
            ui.show_tuning = true;
        } else if (name == "presets") {
            ui.show_presets = true;
        } else if (name == "telemetry") {
            ui.show_telemetry = true;
        } else if (name == "gg") {
            ui.show_gg = true;
        } else if (name == "friction") {
            ui.show_friction = true;
        } else if (name == "tyres") {
            ui.show_tyres = true;
        } else if (name == "forces") {
            d.wheel_forces = true;
        } else if (name == "slip") {
            d.slip_colouring = true;
        } else if (name == "velocity") {
            d.velocity = true;
        } else if (name == "acceleration") {
            d.acceleration = true;
        } else if (name == "contacts") {
            d.contacts = true;
        } else if (name == "broadphase") {
            d.broad_phase = true;
        } else if (name == "strain") {
            d.constraint_strain = true;
        } else if (name == "display") {
            ui.open_display_page = true;
        } else if (name == "track") {
            ui.open_track_page = true;
        } else {
            return name;
        }
    }
    return "";
}

bool draw_tune_ui(TuneUi& ui, Tuner& tuner, const World& world) {
    bool changed = draw_tune_menu(ui, tuner);
    changed |= tune_ui_shortcuts(tuner);
    changed |= draw_tuning_window(ui, tuner);
    changed |= draw_presets_window(ui, tuner);
    draw_telemetry_window(ui, world);
    draw_gg_window(ui, world);
    draw_friction_window(ui, world);
    draw_tyre_curve_window(ui, world);
    return changed;
}

}  // namespace skidpad::app
