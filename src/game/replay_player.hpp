// Playing a replay back on a Scene: the scene rebuilt from the replay's header, then
// per physics step the events due (tuning, sandbox edits, scene changes) and the
// recorded input, with the race driven and observed as in the game. Snapshots every
// few seconds make a seek cost at most that much simulation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "planner.hpp"
#include "race_rules.hpp"
#include "scene.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

/// Where a playback is: steps taken, the next event, the settings the events made.
struct ReplayCursor {
    std::uint64_t step = 0;
    std::size_t next_event = 0;
    Settings settings;
    bool race = false;                      ///< a race's field is on the track (RaceStart)
    double race_hold_until = -1.0;          ///< world time its countdown holds the AI cars until
    std::vector<std::string> race_names;    ///< the AI cars' presets, per race entry
    std::vector<std::string> race_drivers;  ///< the AI drivers' names, per race entry
    RaceRules race_rules;  ///< a RaceRules record's, for the RaceStart that follows it
};

/// The state a playback can return to at once.
struct ReplaySnapshot {
    Scene scene;
    PlannerState planner;
    ReplayCursor cursor;
};

/// A playback of `replay` on a Scene the caller owns (the window's own scene, so
/// that it draws what is played; a local one headless): every function below takes it.
struct ReplayPlayer {
    Replay replay;
    PlannerState planner;
    ReplayCursor cursor;
    std::vector<ReplaySnapshot> snapshots;  ///< at multiples of snapshot_every steps
    std::uint64_t snapshot_every = 0;       ///< steps (set by replay_open: 5 s)

    bool at_end() const { return cursor.step >= replay.steps; }
};

/// Builds the scene the replay starts from. "" or why not (the level file or the
/// track it names is missing or unreadable).
std::string replay_open(ReplayPlayer& p, Scene& scene, Replay replay);
/// Applies the events acting before the next step, then takes it (keeping a snapshot
/// when the step count is a multiple of snapshot_every). Nothing at the end.
void replay_step(ReplayPlayer& p, Scene& scene);
/// At the end: the events after the last step (as the recording saw them).
void replay_finish(ReplayPlayer& p, Scene& scene);
/// Plays to the end (replay_step until at_end, then replay_finish).
void replay_play_all(ReplayPlayer& p, Scene& scene);
/// Puts the playback at `step` (clamped to the replay's length): from the latest
/// snapshot at or before it, or by playing on from where it is when that is nearer.
void replay_seek(ReplayPlayer& p, Scene& scene, std::uint64_t step);

/// The fixed step of the replay's physics rate now (sim.physics_hz as the events left it).
double replay_dt(const Scene& scene);

/// One event on a scene: world events through apply_world_event, scene events
/// (reset, arena, track, a race's field) through the scene's functions. Tune events
/// also update `at.settings`, which the planner and scene changes read; a race start
/// or a reset in a race starts its countdown in `at`.
void apply_replay_event(Scene& scene, PlannerState& planner, ReplayCursor& at,
                        const ReplayEvent& e);

/// A level path as a replay stores it: absolute, so the replay plays from any directory
/// ("" stays "": the shipped arena).
std::string replay_level_path(const std::string& level);

/// The settings a replay starts from: its header with the tuning recorded before its
/// first step folded in (what a game records when it restores the last preset).
Settings replay_start_settings(const Replay& r);
/// `r` from the start `start` instead: the header's settings replaced and the tuning
/// before its first step (part of the start replaced) dropped, so that nothing recorded
/// undoes `start` at step 0 (a setup comparison's run B).
Replay replay_with_start(Replay r, const Settings& start);

/// The replay `r` as far as `at` played it (its inputs and the events already
/// applied): what a recording continues from when the player takes over there.
Replay replay_prefix(const Replay& r, const ReplayCursor& at);

}  // namespace skidpad::app
