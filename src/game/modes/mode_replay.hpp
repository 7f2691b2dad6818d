// The replay viewer as a mode (--replay FILE): the world is the replay's, played back at
// a speed, paused, stepped, sought; a scout plays ahead and finds the timeline's markers;
// a setup comparison plays run B (Session::ghost) in step. The mode drives the world
// itself (Mode::live is false): the session's fixed steps and its edits wait. Taking
// over (Event::take_over) hands the car back at the state shown. The app draws the
// Replay window and the plots from the state it keeps (ReplayViewer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "modes/mode.hpp"
#include "replay_player.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/telemetry.hpp"

namespace skidpad::app {

struct Session;

/// The viewer's keys of one frame (the app maps them from its commands).
struct ViewerKeys {
    bool toggle_pause = false;
    bool slower = false;
    bool faster = false;
    bool single_step = false;
    bool step_back = false;
};

struct ReplayViewer {
    ReplayPlayer player;
    // A second playback runs ahead a few milliseconds per frame and hands its
    // snapshots to `player`, so that seeks are instant soon after opening.
    ReplayPlayer scout;
    Scene scout_scene;
    bool playing = true;
    double speed = 1.0;  ///< 0.1 .. 8
    double owed = 0.0;   ///< steps real time has paid for, not yet taken
    // Timeline markers the scout finds as it plays ahead (at most kMaxMarks each).
    std::vector<std::uint64_t> impacts;  ///< steps of the player car's hard impacts
    std::vector<std::uint64_t> laps;     ///< steps where the player car completed a lap
    int laps_seen = 0;                   ///< the scout's lap count at its last step
    Telemetry trace{1};                  ///< run A: one sample per step from the start (the plots)

    // The setup comparison (run B itself is Session::ghost).
    bool comparing = false;
    std::string changed;  ///< what B changes: "car.mass 1400 -> 1700, ..."
    ReplayPlayer compare_scout;
    Scene compare_scout_scene;
    Telemetry compare_trace{1};  ///< run B, as `trace`

    ViewerKeys keys;        ///< this frame's keys (Mode::frame takes them)
    double scout_ms = 3.0;  ///< wall ms the scout may play ahead per frame
    int steps_shown = 0;    ///< steps the last frame showed
};

/// The most steps of a replay traced for the plots (10 min at 120 Hz, about 22 MB per
/// run); the plots say so past it.
inline constexpr std::uint64_t kMaxTraceSteps = 72'000;
/// Run B's paint, and the colours of the two runs in the plots and the legend.
inline constexpr Color kComparePaint = rgba(40, 200, 235);
inline constexpr std::uint32_t kCompareAlpha = 150;
/// The most markers of one kind the viewer keeps (a long replay's later ones are dropped).
inline constexpr std::size_t kMaxMarks = 2048;
/// An impact of the player car at least this fast (m/s closing speed) gets a marker.
inline constexpr double kImpactMarkSpeed = 4.0;

inline constexpr double kReplayMinSpeed = 0.1;
inline constexpr double kReplayMaxSpeed = 8.0;

/// Builds the session's scene from the replay (its settings through a fresh Tuner, its
/// planner views) and makes the viewer the session's mode. With `compare`, run B too
/// (Session::ghost): the replay's inputs from these starting settings. "" or why not.
std::string replay_mode_open(Session& session, Replay replay, const Settings* compare = nullptr);
/// The viewer's state while the viewer is the running mode, else nullptr.
ReplayViewer* replay_viewer(Mode* mode);
const ReplayViewer* replay_viewer(const Mode* mode);
/// One step of what is shown: run A, its trace sample, ctx.shown_step (the picture's
/// particles and shake), run B in step.
void replay_mode_step(const ModeContext& ctx, ReplayViewer& v);
/// Puts what is shown (run A, and run B in step) at `step`.
void replay_mode_seek(const ModeContext& ctx, ReplayViewer& v, std::uint64_t step);
/// "key a -> b, ..." of the tunables that differ ("none").
std::string compare_changes(const Settings& a, const Settings& b);

}  // namespace skidpad::app
