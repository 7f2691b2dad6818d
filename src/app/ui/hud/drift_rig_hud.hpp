// The drift and rig modes in the picture: the rig's ground markings and each mode's HUD
// panel with its labels on the ground. Each call draws nothing while neither mode is on,
// so the frame calls them unconditionally (the state: game/modes/drift_rig.hpp).
#pragma once

#include "camera.hpp"
#include "input_bindings.hpp"
#include "modes/drift_rig.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

/// The rig's ground markings (layers 0–1) into `out`.
void drift_rig_draw_ground(const DriftRigMode& m, const World& world, DrawList& out);
/// The mode's HUD panel (naming the keys `keys` binds) and its labels on the ground,
/// placed with `view` (the frame's world -> screen mapping).
void drift_rig_draw_hud(const DriftRigMode& m, const World& world, const View& view,
                        bool overlay_shown, const Bindings& keys);

/// Opens the mode's HUD panel (ImGui::Begin; the caller draws and calls End): top left,
/// or bottom left above the scale bar while the overlay's windows hold the top left.
bool begin_mode_panel(bool overlay_shown, const char* id);

struct Box;

/// Where a label on the ground goes: a box `w` x `h` points (its dark backing included)
/// centred on the world point, slid onto the screen so that no edge cuts it. False when
/// the point itself is off the screen (no label).
bool rig_label_box(const View& view, dvec2 world, float w, float h, Box& out);

// mode_drift.cpp / mode_rig_draw.cpp
void drift_draw_hud(const DriftRigMode& m, const World& world, bool overlay_shown);
void rig_draw_ground(const RigState& r, const World& world, DrawList& out);
void rig_draw_hud(const DriftRigMode& m, const World& world, const View& view, bool overlay_shown,
                  const Bindings& keys);

}  // namespace skidpad::app
