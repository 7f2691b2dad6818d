// The tuning panel, generated from param_registry(): one collapsing header per
// group (in registration order), one widget per tunable (slider with its unit,
// checkbox for bools, combo for enums), the help text as tooltip, right-click to
// reset to the default. Every change goes through ParamRegistry::set (validated)
// and World::apply_settings (Game::set_param).
#include <imgui.h>

#include <cmath>
#include <string>
#include <vector>

#include "game.hpp"
#include "overlay.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {

std::vector<std::string> groups_in_order(const ParamRegistry& reg) {
    std::vector<std::string> groups;
    for (const ParamDesc& p : reg.all()) {
        bool seen = false;
        for (const std::string& g : groups)
            seen = seen || g == p.group;
        if (!seen) groups.push_back(p.group);
    }
    return groups;
}

/// The label after the last dot: "car.mass" -> "mass".
std::string short_name(const std::string& key) {
    const auto dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

void tooltip(const ParamRegistry& reg, const ParamDesc& p) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(p.help.c_str());
    ImGui::TextDisabled("%s   default %s   range [%s, %s] %s", p.key.c_str(),
                        reg.format(p, p.def).c_str(), reg.format(p, p.min).c_str(),
                        reg.format(p, p.max).c_str(), p.unit.c_str());
    ImGui::TextDisabled("right-click: reset to default");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

/// One widget; returns true and the new value when the user changed it.
bool param_widget(const ParamRegistry& reg, const ParamDesc& p, double value, double& out) {
    const std::string label = short_name(p.key) + "##" + p.key;
    bool changed = false;
    out = value;
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
                    if (ImGui::Selectable(p.options[i].c_str(), i == cur)) {
                        out = i;
                        changed = i != cur;
                    }
                }
                ImGui::EndCombo();
            }
            break;
        }
        case ParamType::Int: {
            int v = static_cast<int>(value);
            const std::string fmt = "%d " + p.unit;
            if (ImGui::SliderInt(label.c_str(), &v, static_cast<int>(p.min),
                                 static_cast<int>(p.max), fmt.c_str(),
                                 ImGuiSliderFlags_AlwaysClamp)) {
                out = v;
                changed = true;
            }
            break;
        }
        case ParamType::Real: {
            double v = value;
            const double lo = p.min, hi = p.max;
            // Wide positive ranges (1..1000 Hz, 0.01..1 s) read better logarithmically.
            ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
            if (lo > 0.0 && hi / lo >= 100.0) flags |= ImGuiSliderFlags_Logarithmic;
            const double span = hi - lo;
            const char* digits = span >= 1000.0 ? "%.0f" : span >= 10.0 ? "%.2f" : "%.3f";
            std::string fmt = std::string(digits) + (p.unit.empty() ? "" : " ") + p.unit;
            // '%' in a unit must not start a conversion.
            std::string safe;
            for (char c : fmt.substr(std::string(digits).size())) {
                safe += c;
                if (c == '%') safe += '%';
            }
            fmt = std::string(digits) + safe;
            if (ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &v, &lo, &hi, fmt.c_str(),
                                    flags)) {
                out = v;
                changed = true;
            }
            break;
        }
    }
    tooltip(reg, p);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right) && value != p.def) {
        out = p.def;
        changed = true;
    }
    return changed;
}

}  // namespace

void draw_tuning_panel(Game& game) {
    const ParamRegistry& reg = param_registry();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(ds.x - 390.0f, 10.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(380.0f, std::max(200.0f, ds.y - 120.0f)),
                             ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Tuning")) {
        ImGui::End();
        return;
    }
    ImGui::PushItemWidth(-150.0f);
    for (const std::string& group : groups_in_order(reg)) {
        if (!ImGui::CollapsingHeader(group.c_str())) continue;
        for (const ParamDesc& p : reg.all()) {
            if (p.group != group) continue;
            double v = 0.0;
            if (param_widget(reg, p, p.get(game.settings), v)) {
                game.tuning_error = game.set_param(p.key, v);
            }
        }
    }
    ImGui::PopItemWidth();
    if (!game.tuning_error.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.3f, 1.0f), "%s", game.tuning_error.c_str());
    }
    ImGui::End();
}

}  // namespace skidpad::app
