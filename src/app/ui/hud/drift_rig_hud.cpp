// The drift and rig modes' ground markings and HUD panels (see drift_rig_hud.hpp).
#include "drift_rig_hud.hpp"

#include <imgui.h>

#include "overlay.hpp"

namespace skidpad::app {

void drift_rig_draw_ground(const DriftRigMode& m, const World& world, DrawList& out) {
    if (m.kind == DriftRigKind::Rig) rig_draw_ground(m.rig, world, out);
}

bool begin_mode_panel(bool overlay_shown, const char* id) {
    if (!overlay_shown) return begin_hud_box(id, ImVec2(12.0f, 12.0f), ImVec2(0.0f, 0.0f), 0.8f);
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    return begin_hud_box(id, ImVec2(12.0f, ds.y - 48.0f), ImVec2(0.0f, 1.0f), 0.8f);
}

void drift_rig_draw_hud(const DriftRigMode& m, const World& world, const View& view,
                        bool overlay_shown, const Bindings& keys) {
    if (m.kind == DriftRigKind::Drift) drift_draw_hud(m, world, overlay_shown);
    if (m.kind == DriftRigKind::Rig) rig_draw_hud(m, world, view, overlay_shown, keys);
}

}  // namespace skidpad::app
