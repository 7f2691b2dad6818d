// Presets window: shipped presets (read-only) and user presets in the pref dir;
// load (one undo step), save, save a shipped one as a user copy, rename, delete.
#include <imgui.h>

#include <cstdio>

#include "car_locks.hpp"
#include "overlay_layout.hpp"
#include "skidpad/scene/preset.hpp"
#include "tune_ui.hpp"

namespace skidpad::app {

namespace {
void status(TuneUi& ui, std::string text, bool error) {
    ui.preset_status = std::move(text);
    ui.preset_status_error = error;
}
}  // namespace

bool tune_ui_load_preset(TuneUi& ui, Tuner& tuner, const PresetEntry& e) {
    Settings next = tuner.settings();
    const PresetResult r = load_preset_file(e.path, next);
    if (r.ok) tuner.replace(next, "preset " + e.path);
    if (!r.ok) {
        status(ui, r.error, true);
        return false;
    }
    std::string msg = "loaded " + e.name + " (" + std::to_string(r.keys_applied) + " values)";
    for (const std::string& w : r.warnings)
        msg += "\nwarning: " + w;
    status(ui, msg, !r.warnings.empty());
    ui.current_preset = e.path;
    ui.presets.remember_last(e.path);
    std::snprintf(ui.preset_name, sizeof ui.preset_name, "%s", e.name.c_str());
    return true;
}

bool draw_presets_window(TuneUi& ui, Tuner& tuner) {
    if (!ui.show_presets) return false;
    // Docked in the left column, below the stats window.
    dock_next_window(Dock::Left, ImVec2(340.0f, 360.0f));
    const bool open = ImGui::Begin("Presets", &ui.show_presets, dock_window_flags());
    dock_window_placed(Dock::Left);
    if (!open) {
        ImGui::End();
        return false;
    }
    bool changed = false;
    const std::vector<PresetEntry> list = ui.presets.list();
    if (ui.selected_preset >= static_cast<int>(list.size())) ui.selected_preset = -1;

    ImGui::BeginChild("##list", ImVec2(0.0f, -150.0f), true);
    for (int i = 0; i < static_cast<int>(list.size()); ++i) {
        const PresetEntry& e = list[i];
        const std::string label = (e.shipped ? "[shipped] " : "") + e.name + "##" + e.path;
        const bool current = e.path == ui.current_preset;
        if (current) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.5f, 1.0f, 0.6f, 1.0f));
        if (ImGui::Selectable(label.c_str(), ui.selected_preset == i,
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            ui.selected_preset = i;
            ui.confirm_delete = false;
            std::snprintf(ui.rename_to, sizeof ui.rename_to, "%s", e.name.c_str());
            if (ImGui::IsMouseDoubleClicked(0)) changed |= tune_ui_load_preset(ui, tuner, e);
        }
        if (current) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) wrapped_tooltip(e.path.c_str());
    }
    if (list.empty()) ImGui::TextDisabled("no presets yet");
    ImGui::EndChild();

    const PresetEntry* sel = ui.selected_preset >= 0 ? &list[ui.selected_preset] : nullptr;
    ImGui::BeginDisabled(sel == nullptr);
    if (ImGui::Button("Load") && sel) changed |= tune_ui_load_preset(ui, tuner, *sel);
    ImGui::SameLine();
    const bool user = sel && !sel->shipped;
    ImGui::BeginDisabled(!user);
    if (!ui.confirm_delete) {
        if (ImGui::Button("Delete")) ui.confirm_delete = true;
    } else {
        if (ImGui::Button("Really delete?") && sel) {
            const FileResult r = ui.presets.remove(sel->name);
            status(ui, r.ok ? "deleted " + sel->name : r.error, !r.ok);
            if (r.ok && ui.current_preset == sel->path) ui.current_preset.clear();
            ui.selected_preset = -1;
            ui.confirm_delete = false;
        }
        ImGui::SameLine();
        if (ImGui::Button("Keep")) ui.confirm_delete = false;
    }
    ImGui::SetNextItemWidth(-80.0f);
    ImGui::InputText("##rename", ui.rename_to, sizeof ui.rename_to);
    ImGui::SameLine();
    if (ImGui::Button("Rename") && sel) {
        const FileResult r = ui.presets.rename(sel->name, ui.rename_to);
        status(ui, r.ok ? "renamed " + sel->name + " to " + ui.rename_to : r.error, !r.ok);
        if (r.ok && ui.current_preset == sel->path)
            ui.current_preset = ui.presets.user_path(ui.rename_to);
    }
    ImGui::EndDisabled();
    ImGui::EndDisabled();
    if (sel && sel->shipped) {
        ImGui::PushTextWrapPos(0.0f);  // wrap at the window's edge: never cut
        ImGui::TextDisabled("shipped presets are read-only; save makes a user copy");
        ImGui::PopTextWrapPos();
    }

    ImGui::Separator();
    ImGui::SetNextItemWidth(-80.0f);
    ImGui::InputTextWithHint("##name", "preset name", ui.preset_name, sizeof ui.preset_name);
    ImGui::SameLine();
    if (ImGui::Button("Save")) {
        std::string path;
        const FileResult r =
            ui.presets.save(ui.preset_name, tuner.settings(), ui.only_changed, &path);
        status(ui, r.ok ? "saved " + path : r.error, !r.ok);
        if (r.ok) {
            ui.current_preset = path;
            ui.presets.remember_last(path);
        }
    }
    ImGui::Checkbox("only values that differ from the defaults", &ui.only_changed);
    if (ui.presets.user_dir().empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("no pref dir: saving is unavailable");
        ImGui::PopTextWrapPos();
    }
    if (!ui.preset_status.empty()) {
        const ImVec4 col = ui.preset_status_error ? ImVec4(1.0f, 0.5f, 0.35f, 1.0f)
                                                  : ImVec4(0.7f, 0.9f, 0.7f, 1.0f);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(col, "%s", ui.preset_status.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
    return changed;
}

std::string tune_ui_restore_last(TuneUi& ui, Tuner& tuner) {
    const std::string last = ui.presets.last();
    if (last.empty()) return "";
    Settings next = tuner.settings();
    const PresetResult r = load_preset_file(last, next);
    if (!r.ok) return "last preset not restored: " + r.error;
    tuner.restore(next);  // not an undoable edit
    ui.current_preset = last;
    std::snprintf(ui.preset_name, sizeof ui.preset_name, "%s", r.name.c_str());
    return "restored preset " + (r.name.empty() ? last : r.name);
}

std::string tune_ui_restore_last_unlocked(TuneUi& ui, Tuner& tuner, const Progress& p) {
    const std::string last = ui.presets.last();
    if (const std::string why = last.empty() ? "" : preset_file_lock(p, last); !why.empty())
        return "last preset not restored: " + why + "; driving the stock car";
    return tune_ui_restore_last(ui, tuner);
}

}  // namespace skidpad::app
