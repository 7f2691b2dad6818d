// The tuning panel, generated from param_registry(): a search box (key or help
// text), one collapsing section per group with a "reset group" button, one widget
// per tunable showing its unit, help as tooltip, changed values highlighted with a
// per-value reset, Ctrl+click on a slider to type an exact value. Every change goes
// through the Tuner: validated, applied before the next physics step without resetting
// the car, one undo step per slider drag.
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "overlay_layout.hpp"
#include "tune_ui.hpp"

namespace skidpad::app {

namespace {

const ImVec4 kChanged(1.0f, 0.72f, 0.25f, 1.0f);  // label colour of a changed value

std::vector<std::string> groups_in_order(const ParamRegistry& reg) {
    std::vector<std::string> groups;
    for (const ParamDesc& p : reg.all()) {
        if (std::find(groups.begin(), groups.end(), p.group) == groups.end()) {
            groups.push_back(p.group);
        }
    }
    return groups;
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool matches(const ParamDesc& p, const std::string& needle) {
    if (needle.empty()) return true;
    return lower(p.key).find(needle) != std::string::npos ||
           lower(p.help).find(needle) != std::string::npos;
}

/// "car.tyre.mu_peak" -> "mu_peak".
std::string short_name(const std::string& key) {
    const auto dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

/// printf format showing the unit; '%' in a unit must not start a conversion.
std::string slider_format(const char* digits, const std::string& unit) {
    std::string fmt = digits;
    if (!unit.empty()) fmt += ' ';
    for (char c : unit) {
        fmt += c;
        if (c == '%') fmt += '%';
    }
    return fmt;
}

/// Points of mouse travel across a tunable's whole range.
constexpr double kDragPoints = 300.0;

/// Where `value` sits in [lo, hi]: a thin bar along the bottom of the drag box just
/// drawn (`width` points wide), so the number in the box is never covered by a handle.
void range_bar(double value, double lo, double hi, bool log, float width) {
    double f = 0.0;
    if (log && lo > 0.0 && value > 0.0) {
        f = std::log(value / lo) / std::log(hi / lo);
    } else if (hi > lo) {
        f = (value - lo) / (hi - lo);
    }
    const ImVec2 a = ImGui::GetItemRectMin();
    const float bottom = ImGui::GetItemRectMax().y;
    const float x1 = a.x + width * static_cast<float>(std::clamp(f, 0.0, 1.0));
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x, bottom - 3.0f), ImVec2(x1, bottom),
                                              ImGui::GetColorU32(ImGuiCol_SliderGrab));
}

void tooltip(const ParamRegistry& reg, const ParamDesc& p, double value) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(layout_wrap_width());
    ImGui::TextUnformatted(p.help.c_str());
    ImGui::TextDisabled("%s = %s %s", p.key.c_str(), reg.format(p, value).c_str(), p.unit.c_str());
    ImGui::TextDisabled("default %s   range [%s, %s] %s", reg.format(p, p.def).c_str(),
                        reg.format(p, p.min).c_str(), reg.format(p, p.max).c_str(), p.unit.c_str());
    if (p.rebuild) ImGui::TextDisabled("changing it rebuilds the car in place");
    if (p.type == ParamType::Real || p.type == ParamType::Int) {
        ImGui::TextDisabled("drag: change   Ctrl+click: type an exact value   right-click: reset");
    } else {
        ImGui::TextDisabled("right-click: reset");
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

/// One widget. Returns true with `out` set when the user changed the value;
/// `id` is the widget id (one slider drag = one undo step).
bool param_widget(const ParamRegistry& reg, const ParamDesc& p, double value, double& out,
                  ImGuiID& id) {
    const std::string label = short_name(p.key) + "##" + p.key;
    bool changed = false;
    out = value;
    id = ImGui::GetID(label.c_str());  // the id the widget below gets
    switch (p.type) {
        case ParamType::Bool: {
            bool b = value != 0.0;
            if (ImGui::Checkbox(label.c_str(), &b)) {
                out = b ? 1.0 : 0.0;
                changed = true;
            }
            break;
        }
        case ParamType::Enum: {
            const int cur = static_cast<int>(value);
            const char* preview =
                cur >= 0 && cur < static_cast<int>(p.options.size()) ? p.options[cur].c_str() : "?";
            if (ImGui::BeginCombo(label.c_str(), preview)) {
                for (int i = 0; i < static_cast<int>(p.options.size()); ++i) {
                    if (ImGui::Selectable(p.options[i].c_str(), i == cur) && i != cur) {
                        out = i;
                        changed = true;
                    }
                }
                ImGui::EndCombo();
            }
            break;
        }
        case ParamType::Int: {
            int v = static_cast<int>(value);
            const std::string fmt = slider_format("%d", p.unit);
            // A slider_max (soft.threads: this machine's cores) ends the slider below max.
            const double hi = p.slider_max > 0.0 ? p.slider_max : p.max;
            const float speed = std::max(0.05f, static_cast<float>((hi - p.min) / kDragPoints));
            const float width = ImGui::CalcItemWidth();
            if (ImGui::DragInt(label.c_str(), &v, speed, static_cast<int>(p.min),
                               static_cast<int>(hi), fmt.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
                out = v;
                changed = true;
            }
            range_bar(value, p.min, hi, false, width);
            break;
        }
        case ParamType::Real: {
            double v = value;
            const double lo = p.min;
            const double hi = p.max;
            // NoRoundToFormat: a value typed with Ctrl+click is kept exactly.
            ImGuiSliderFlags flags =
                ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat;
            // Wide positive ranges (30..1000 Hz) read better logarithmically.
            const bool log = lo > 0.0 && hi / lo >= 100.0;
            if (log) flags |= ImGuiSliderFlags_Logarithmic;
            const double span = hi - lo;
            const char* digits = span >= 1000.0 ? "%.0f" : span >= 10.0 ? "%.2f" : "%.3f";
            const std::string fmt = slider_format(digits, p.unit);
            // Logarithmic drags scale the speed by the range themselves (ImGui 1.86).
            const float speed = static_cast<float>(span / kDragPoints);
            const float width = ImGui::CalcItemWidth();
            if (ImGui::DragScalar(label.c_str(), ImGuiDataType_Double, &v, speed, &lo, &hi,
                                  fmt.c_str(), flags)) {
                out = v;
                changed = v != value;
            }
            range_bar(value, lo, hi, log, width);
            break;
        }
    }
    tooltip(reg, p, value);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right) && value != p.def) {
        out = p.def;
        changed = true;
        id = 0;
    }
    return changed;
}

}  // namespace

bool draw_tuning_window(TuneUi& ui, Tuner& tuner) {
    if (!ui.show_tuning) return false;
    const ParamRegistry& reg = param_registry();
    // Docked to the right edge, from the menu bar down to the HUD, narrow enough that
    // the road stays in view (overlay_layout.hpp).
    dock_next_window(Dock::Right, ImVec2(380.0f, 0.0f), true);
    const bool open = ImGui::Begin("Tuning", &ui.show_tuning, dock_window_flags());
    dock_window_placed(Dock::Right);
    if (!open) {
        ImGui::End();
        return false;
    }
    bool any = false;
    const Settings& cur = tuner.settings();

    ImGui::SetNextItemWidth(-70.0f);
    ImGui::InputTextWithHint("##search", "search key or help", ui.search, sizeof ui.search);
    ImGui::SameLine();
    if (ImGui::Button("Clear")) ui.search[0] = '\0';
    const std::string needle = lower(ui.search);

    const TuneHistory& h = tuner.history();
    ImGui::BeginDisabled(!h.can_undo());
    if (ImGui::SmallButton("Undo")) any |= tuner.undo();
    ImGui::EndDisabled();
    if (h.next_undo() && ImGui::IsItemHovered()) {
        wrapped_tooltip(("Ctrl+Z: undo " + h.next_undo()->label).c_str());
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!h.can_redo());
    if (ImGui::SmallButton("Redo")) any |= tuner.redo();
    ImGui::EndDisabled();
    if (h.next_redo() && ImGui::IsItemHovered()) {
        wrapped_tooltip(("Ctrl+Y: redo " + h.next_redo()->label).c_str());
    }
    int changed_total = 0;
    for (const ParamDesc& p : reg.all())
        changed_total += Tuner::changed(cur, p) ? 1 : 0;
    ImGui::SameLine();
    ImGui::BeginDisabled(changed_total == 0);
    if (ImGui::SmallButton("Reset all")) {
        tuner.reset_all();
        any = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("%d changed", changed_total);
    ImGui::Separator();

    ImGui::BeginChild("##params");
    // Room right of each box for the longest name and the per-value reset button, so
    // that neither is cut at the window's edge.
    float label_w = 0.0f;
    for (const ParamDesc& p : reg.all())
        label_w = std::max(label_w, ImGui::CalcTextSize(short_name(p.key).c_str()).x);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float reset_w = ImGui::CalcTextSize("x").x + 2.0f * style.FramePadding.x;
    ImGui::PushItemWidth(-(label_w + reset_w + 3.0f * style.ItemInnerSpacing.x));
    for (const std::string& group : groups_in_order(reg)) {
        int shown = 0;
        int changed = 0;
        for (const ParamDesc& p : reg.all()) {
            if (p.group != group || !matches(p, needle)) continue;
            ++shown;
            changed += Tuner::changed(cur, p) ? 1 : 0;
        }
        if (shown == 0) continue;
        // While searching every group with a match is open.
        if (!needle.empty()) ImGui::SetNextItemOpen(true);
        const std::string header =
            changed > 0 ? group + "  (" + std::to_string(changed) + " changed)###" + group
                        : group + "###" + group;
        if (changed > 0) ImGui::PushStyleColor(ImGuiCol_Text, kChanged);
        const bool open = ImGui::CollapsingHeader(header.c_str());
        if (changed > 0) ImGui::PopStyleColor();
        if (!open) continue;
        ImGui::PushID(group.c_str());
        ImGui::BeginDisabled(changed == 0);
        if (ImGui::SmallButton("reset group")) {
            tuner.reset_group(group);
            any = true;
        }
        ImGui::EndDisabled();
        for (const ParamDesc& p : reg.all()) {
            if (p.group != group || !matches(p, needle)) continue;
            const double value = p.get(cur);
            const bool is_changed = value != p.def;
            if (is_changed) ImGui::PushStyleColor(ImGuiCol_Text, kChanged);
            double next = value;
            ImGuiID id = 0;
            const bool edited = param_widget(reg, p, value, next, id);
            if (is_changed) ImGui::PopStyleColor();
            const bool drag_ended = ImGui::IsItemDeactivatedAfterEdit();
            if (is_changed) {
                ImGui::SameLine();
                const std::string reset = "x##reset" + p.key;
                if (ImGui::SmallButton(reset.c_str())) {
                    tuner.reset(p.key);
                    any = true;
                }
                if (ImGui::IsItemHovered()) {
                    wrapped_tooltip(("reset to " + reg.format(p, p.def)).c_str());
                }
            }
            if (edited) {
                const ParamResult r = tuner.set(p.key, next, id);
                ui.tuning_error = r.ok ? "" : r.error;
                any |= r.ok;
            }
            if (drag_ended) tuner.end_drag();
        }
        ImGui::PopID();
    }
    ImGui::PopItemWidth();
    if (!ui.tuning_error.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.3f, 1.0f), "%s", ui.tuning_error.c_str());
    }
    ImGui::EndChild();
    ImGui::End();
    return any;
}

}  // namespace skidpad::app
