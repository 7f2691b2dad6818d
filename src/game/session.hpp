// The game layer's session: the simulation, its seats, the running mode and what the run
// keeps (ghost, telemetry file, preferences directory). Every change of state goes
// through Session::apply, which applies and records it; every fixed step through
// Session::step. The app's Game (src/app/game.hpp) holds one beside its own parts.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "event.hpp"
#include "ghost.hpp"
#include "modes/mode.hpp"
#include "preset_store.hpp"
#include "seat.hpp"
#include "sim.hpp"
#include "telemetry_csv.hpp"

namespace skidpad::app {

/// What the app lends the modes for a frame: parts it keeps that a mode reads (the car
/// presets, the messages over the picture, the clock, the menu and the reset key). A
/// null pointer: the session's own (no presets, its own message list).
struct ModeHost {
    const PresetStore* presets = nullptr;
    const std::string* car_preset = nullptr;  ///< the preset the car was loaded from
    std::vector<Toast>* toasts = nullptr;
    double clock = 0.0;       ///< s of real time since the game started
    bool menu_open = false;   ///< the pause menu is open (the world is frozen)
    bool reset_held = false;  ///< the player holds the reset key (a long press)
};

struct Session {
    Sim sim;  ///< the world and what decides its next step (sim.hpp)
    /// Who drives which car: seat 0 is the player's (World::player(); the recording holds
    /// its input), then further seats (a race's AI drivers: InputSource::Planner).
    std::vector<Seat> seats{Seat{}};
    std::unique_ptr<Mode> mode;  ///< what the player is asked to do (modes/mode.hpp)
    std::string mode_name;       ///< its name in mode_table()
    /// The arena (and where it came from) while a rig's scene stands in for it.
    std::optional<std::pair<Level, std::string>> arena_before_rig;
    Ghost ghost;                 ///< --ghost FILE: another run's car beside the live one
    TelemetryCsv telemetry_csv;  ///< --telemetry OUT.csv (open only when asked for)
    /// The player's data folder ($XDG_DATA_HOME/skidpad/: replays, best laps, progress,
    /// presets, tracks, screenshots), "" if unavailable (util/user_dirs.hpp).
    std::string pref_dir;
    /// The player's settings folder ($XDG_CONFIG_HOME/skidpad/: bindings.json, player.txt,
    /// imgui.ini), "" if unavailable.
    std::string config_dir;
    ModeHost host;  ///< what the app lends the modes (set each frame)
    /// What the app does after each step the mode shows itself (ModeContext::shown_step).
    std::function<void(double)> shown_step;
    std::vector<Toast> toasts;  ///< messages while no host lends its list
    /// The further human seats' input scripts (--input given once per player): index 0 is
    /// seat 2's; a seat without one takes its input from SeatInputs.
    std::vector<std::optional<InputScript>> seat_scripts;

    Session() = default;
    Session(const Session&) = delete;  // its mode contexts point into it
    Session& operator=(const Session&) = delete;

    /// The live settings (change them through apply).
    const Settings& settings() const { return sim.settings(); }
    /// The world is live (stepped by step() from the seats' inputs), not played by its
    /// mode (the replay viewer).
    bool live() const { return !mode || mode->live(); }
    /// Seconds of world time a frame of `elapsed` s shows (Mode::time_shown).
    double time_shown(double elapsed) const;

    /// Applies one change and records it (when a recording runs): the one place where
    /// the world, the scene, the tuning or the mode changes between steps. "" or why
    /// not (a missing track, a mode that cannot start: nothing changed then).
    std::string apply(const Event& e);
    /// Once per frame before its steps: the queued tuning applied (apply(tuning)), the
    /// planner's re-plan and AI opponent, the mode's frame (not while the menu is open).
    /// While the mode is not live, only its frame (it plays the world itself).
    void frame(double elapsed);
    /// One fixed step of `dt` s: each seat's input (seat 0 from the script when one
    /// drives it, the autopilot or the race's AI from the planner, the mode's hold of a
    /// countdown), recorded, stepped; then the ghost, the race's lap timers, the mode's
    /// after-step (drift score, rig measurements, laps) and the telemetry file.
    void step(const SeatInputs& inputs, double dt);

    /// A recording begun now from `settings` (the run's start) on the scene loaded: what
    /// the running mode set up beyond the scene is its first events. `race`: a race
    /// switched the AI opponent off before it loaded its track.
    void record_begin(const Settings& settings, const std::string& level, bool race);

    /// What a mode may touch (modes/mode.hpp), with the host's parts; `dt` the step.
    ModeContext mode_context(double dt = 0.0);

private:
    void record(const ReplayEvent& e);
    /// Seats past the first follow the race's field (its AI drivers).
    void seat_race_field();
    PresetStore no_presets_{"", ""};
    std::string no_preset_;
};

}  // namespace skidpad::app
