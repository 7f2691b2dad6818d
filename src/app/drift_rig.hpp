// The drift and rig modes (`--mode drift`, `--mode rig --rig NAME`): what the game
// calls for them. Each call does nothing while neither mode is on, so the game calls
// them unconditionally: once when it opens, after every physics step, while drawing
// the ground and while drawing the HUD.
#pragma once

#include <string>

#include "camera.hpp"
#include "mode_rig.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"
#include "skidpad/input_bindings.hpp"
#include "skidpad/modes/drift_score.hpp"

namespace skidpad::app {

struct Scene;
struct Sim;

enum class DriftRigKind { Off, Drift, Rig };

struct DriftRigMode {
    DriftRigKind kind = DriftRigKind::Off;
    DriftScorer drift;             ///< drift: the score
    double drift_end_time = -1.0;  ///< world time s the last combo ended (its message)
    dvec2 last_position{0.0, 0.0};
    bool placed = false;
    RigState rig;  ///< rig: what the player did on it
    View view;     ///< the last view the ground was drawn with (labels on the ground)
};

/// Starts the mode (after the scene and any --track are loaded): a rig replaces the
/// arena by its clean scene. "" or the reason it cannot start.
std::string drift_rig_open(DriftRigMode& m, Sim& sim, Camera& camera, const std::string& mode,
                           const std::string& rig);
/// After each physics step; `input` is what the player car got for it.
void drift_rig_after_step(DriftRigMode& m, const Scene& scene, const InputState& input, double dt);
/// The rig's ground markings (layers 0–1) into `out`; remembers `view` for the labels.
void drift_rig_draw_ground(DriftRigMode& m, const World& world, const View& view, DrawList& out);
/// The mode's HUD panel (naming the keys `keys` binds) and its labels on the ground.
void drift_rig_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown,
                        const Bindings& keys);

/// Opens the mode's HUD panel (ImGui::Begin; the caller draws and calls End): top left,
/// or bottom left above the scale bar while the overlay's windows hold the top left.
bool begin_mode_panel(bool overlay_shown, const char* id);

// mode_drift.cpp / mode_rig_draw.cpp
void drift_after_step(DriftRigMode& m, const Scene& scene, double dt);
void drift_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown);
void rig_draw_ground(const RigState& r, const World& world, DrawList& out);
void rig_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown,
                  const Bindings& keys);

}  // namespace skidpad::app
