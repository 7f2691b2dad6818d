// The drift and rig modes' entry points (see drift_rig.hpp).
#include "drift_rig.hpp"

#include <imgui.h>

#include "game.hpp"
#include "overlay.hpp"

namespace skidpad::app {

std::string drift_rig_open(DriftRigMode& m, Sim& sim, Camera& camera, const std::string& mode,
                           const std::string& rig) {
    m = DriftRigMode{};
    if (mode == "drift") {
        m.kind = DriftRigKind::Drift;
        return "";
    }
    if (mode != "rig") return "";
    RigKind kind{};
    if (!rig_from_name(rig, kind)) return "--rig: unknown rig '" + rig + "' (" + kRigNames + ")";
    m.kind = DriftRigKind::Rig;
    rig_start(m.rig, kind);
    // The rig's clean scene is what the scene rebuilds on a reset.
    sim.scene.arena = rig_level(kind);
    sim.scene.arena_source = m.rig.kind == RigKind::Skidpad ? "skidpad rig" : "rig";
    scene_load_arena(sim.scene, sim.settings());
    sim.recorder.stop();  // a replay cannot name the rig's scene: nothing half-true is saved
    if (kind == RigKind::Skidpad) {
        // Wide enough to see most of the circle.
        camera.def_zoom = sim.settings().camera.zoom;
        camera.user_zoom = std::max(sim.settings().camera.zoom_min, 7.0);
    }
    return "";
}

void drift_rig_after_step(DriftRigMode& m, const Scene& scene, const InputState& input, double dt) {
    if (m.kind == DriftRigKind::Drift) {
        drift_after_step(m, scene, dt);
    } else if (m.kind == DriftRigKind::Rig) {
        rig_observe(m.rig, scene.world, input, dt);
    }
}

void drift_rig_draw_ground(DriftRigMode& m, const World& world, const View& view, DrawList& out) {
    m.view = view;
    if (m.kind == DriftRigKind::Rig) rig_draw_ground(m.rig, world, out);
}

bool begin_mode_panel(bool overlay_shown, const char* id) {
    if (!overlay_shown) return begin_hud_box(id, ImVec2(12.0f, 12.0f), ImVec2(0.0f, 0.0f), 0.8f);
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    return begin_hud_box(id, ImVec2(12.0f, ds.y - 48.0f), ImVec2(0.0f, 1.0f), 0.8f);
}

void drift_rig_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown,
                        const Bindings& keys) {
    if (m.kind == DriftRigKind::Drift) drift_draw_hud(m, world, overlay_shown);
    if (m.kind == DriftRigKind::Rig) rig_draw_hud(m, world, overlay_shown, keys);
}

}  // namespace skidpad::app
