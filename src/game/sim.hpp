// The game layer's state of one run: the world and what decides its next step (Sim),
// and the run around it (Session: its mode, ghost and outputs). No window, picture or
// UI here: the app's Game (src/app/game.hpp) holds these beside its own parts.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ghost.hpp"
#include "modes/drift_rig.hpp"
#include "modes/mode.hpp"
#include "planner.hpp"
#include "sandbox.hpp"
#include "scene.hpp"
#include "skidpad/input.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/tuner.hpp"
#include "telemetry_csv.hpp"

namespace skidpad::app {

/// A message shown over the picture until `until`.
struct Toast {
    std::string text;
    double until = 0.0;  ///< s of the game's real-time clock when it disappears
};

/// Adds a message shown for `seconds` from `clock` (at most the newest 6 are kept).
void add_toast(std::vector<Toast>& toasts, double clock, std::string text, double seconds);

/// What the game asks of the player's camera when it loads a scene; the app's picture
/// carries it out before it next places the camera, then clears it.
struct CameraCue {
    bool replace = false;  ///< snap onto the player car afresh (a new track or grid)
    /// > 0: the zoom the player is shown at (points/m), following `def_zoom`.
    double user_zoom = 0.0;
    double def_zoom = 0.0;
};

/// The simulation: the world, what decides its next step and the record of both. The
/// step (the app's run_steps) owns it.
struct Sim {
    Tuner tuner;           ///< owns the live settings; every change goes through it
    Scene scene;           ///< the World and what it was built from (scene.hpp)
    PlannerState planner;  ///< autopilot and the plan's views (planner.hpp)
    SandboxState sandbox;  ///< soft-body tools' state (sandbox.hpp)
    FixedStepLoop loop;
    InputState last_input;              ///< what the player car got on the last step
    std::optional<InputScript> script;  ///< drives the player car instead of keys/pads
    ReplayRecorder recorder;  ///< every event that changed the world, and each step's input
    CameraCue camera;         ///< what a scene change asks of the player's camera

    /// The live settings (change them through `tuner`).
    const Settings& settings() const { return tuner.settings(); }
};

/// The run around the world: its mode, the ghost and the outputs.
struct Session {
    std::unique_ptr<Mode> mode;  ///< what the player is asked to do (modes/mode.hpp)
    std::string mode_name;       ///< its name in mode_table()
    DriftRigMode driftrig;       ///< --mode drift / rig (modes/drift_rig.hpp)
    /// The arena (and where it came from) while a rig's scene stands in for it.
    std::optional<std::pair<Level, std::string>> arena_before_rig;
    Ghost ghost;                 ///< --ghost FILE: another run's car beside the live one
    TelemetryCsv telemetry_csv;  ///< --telemetry OUT.csv (open only when asked for)
    std::string pref_dir;        ///< the player's preferences directory, "" if unavailable
};

}  // namespace skidpad::app
