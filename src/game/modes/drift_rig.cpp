// The drift and rig modes' state kept after every step (see drift_rig.hpp).
#include "modes/drift_rig.hpp"

#include <algorithm>
#include <cmath>

#include "sim.hpp"

namespace skidpad::app {

namespace {
/// m: a step that moves the car further than this was a reset, not driving.
constexpr double kJumpM = 8.0;
}  // namespace

std::string drift_rig_open(DriftRigMode& m, Sim& sim, const std::string& mode,
                           const std::string& rig) {
    m = DriftRigMode{};
    if (mode == "drift") {
        m.kind = DriftRigKind::Drift;
        // Several players: a battle of their scores against the clock.
        drift_battle_start(m.battle, sim.scene.players, sim.scene.world.time());
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
    if (kind == RigKind::Skidpad) {
        // Wide enough to see most of the circle.
        sim.camera.def_zoom = sim.settings().camera.zoom;
        sim.camera.user_zoom = std::max(sim.settings().camera.zoom_min, 7.0);
    }
    return "";
}

void drift_rig_after_step(DriftRigMode& m, const Scene& scene, const InputState& input, double dt) {
    if (m.kind == DriftRigKind::Drift) {
        drift_after_step(m, scene, dt);
        drift_battle_step(m.battle, scene, dt);
    } else if (m.kind == DriftRigKind::Rig) {
        rig_observe(m.rig, scene.world, input, dt);
    }
}

void drift_after_step(DriftRigMode& m, const Scene& scene, double dt) {
    const World& world = scene.world;
    const CarId id = world.player();
    if (!world.valid(id)) return;
    const Car& car = world.car(id);
    const DriftState before = m.drift.state();
    if (m.placed) {
        const dvec2 d = car.position - m.last_position;
        // Put back (R, Backspace, Restart): the combo under way is not earned.
        if (std::sqrt(d.x * d.x + d.y * d.y) > kJumpM) m.drift.end_combo(DriftEnd::Reset);
    }
    m.placed = true;
    m.last_position = car.position;
    const Track* track = scene.race.has_track() ? &scene.race.track() : nullptr;
    m.drift.step(dt, drift_sample(world, id, track));
    const DriftState& after = m.drift.state();
    if (after.combos_banked + after.combos_lost != before.combos_banked + before.combos_lost)
        m.drift_end_time = world.time();
}

}  // namespace skidpad::app
