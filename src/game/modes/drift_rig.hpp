// The drift and rig modes' state (`--mode drift`, `--mode rig --rig NAME`): the drift
// score and what the player did on a rig, kept after every physics step by the drift and
// rig modes (mode_table.cpp), which own it. The app draws them (ui/hud/drift_rig_hud.hpp).
#pragma once

#include <string>

#include "modes/drift_battle.hpp"
#include "modes/mode_rig.hpp"
#include "skidpad/input.hpp"
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
    RigState rig;        ///< rig: what the player did on it
    DriftBattle battle;  ///< drift with several players: every seat's score and the timer
};

class Mode;

/// The drift or rig mode's state, or nullptr when `mode` is another mode.
const DriftRigMode* drift_rig_state(const Mode& mode);

/// Starts the mode (after the scene and any --track are loaded): a rig replaces the
/// arena by its clean scene (and asks for a wider view through Sim::camera). "" or the
/// reason it cannot start.
std::string drift_rig_open(DriftRigMode& m, Sim& sim, const std::string& mode,
                           const std::string& rig);
/// After each physics step; `input` is what the player car got for it.
void drift_rig_after_step(DriftRigMode& m, const Scene& scene, const InputState& input, double dt);
/// The drift score after a step (drift_rig_after_step calls it in the drift mode).
void drift_after_step(DriftRigMode& m, const Scene& scene, double dt);

}  // namespace skidpad::app
