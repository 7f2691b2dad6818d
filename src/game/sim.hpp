// The game layer's simulation: the world and what decides its next step (Sim), and the
// messages over the picture. The Session (session.hpp) holds it with the seats, the mode
// and the run's outputs. No window, picture or UI here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner.hpp"
#include "sandbox.hpp"
#include "scene.hpp"
#include "skidpad/input.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"
#include "tuner.hpp"

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

/// The simulation: the world, what decides its next step and the record of both.
/// Changed only through Session::apply and Session::step (session.hpp).
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
    std::vector<std::string> race_names;    ///< a race field's AI cars' presets, grid order
    std::vector<std::string> race_drivers;  ///< the AI drivers' names, grid order

    /// The live settings (change them through `tuner`).
    const Settings& settings() const { return tuner.settings(); }
};

}  // namespace skidpad::app
