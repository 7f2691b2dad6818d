// The replay viewer in the window (its playback is the game layer's replay mode,
// modes/mode_replay.hpp; here its keys, plots and Replay window) (--replay FILE): play/pause (P),
// speed 0.1x..8x
// ('[' and ']', or the slider), one physics step forward ('.') or back (','), a
// timeline to scrub (snapshots every 5 s make a seek at most 5 s of simulation), and
// T to take over: the player drives on from the state shown, recording a new replay
// that starts with the old one up to that step. Under the timeline, markers show the
// tuning changes, sandbox edits and resets the file holds, and the laps and hard
// impacts of the player's car as the scout finds them. Smoke, sparks, chips and dust
// come from each step shown as they do in play (they derive from the world's events);
// a seek clears them rather than replaying a burst of stale ones.
//
// A setup comparison (--compare-preset / --compare-set) plays the same inputs with a
// second setup in step with the first: run B lives in Session::ghost (drawn translucent
// beside the car, its gap at the top), a scout of its own fills its snapshots, and the
// telemetry plots draw both runs' traces over each other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "input_bindings.hpp"
#include "modes/mode_replay.hpp"
#include "replay_player.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/telemetry.hpp"

namespace skidpad::app {

struct Sim;
struct Session;
struct TuneUi;
struct AppCommands;
class PendingEdges;
struct Ghost;
struct Camera;
struct Toast;
class Effects;

/// What the viewer plays, shows and hands back, and nothing else of the game (game.hpp
/// builds it from the Game while the viewer is the running mode: viewer_context()).
struct ViewerContext {
    ReplayViewer& viewer;
    /// Run A plays in sim.scene; taking over hands the car back through the rest (the
    /// Tuner, the planner, the recording, the loop and the held edges).
    Sim& sim;
    Session& session;      ///< its mode is the viewer; a take-over is Session::apply
    PendingEdges& edges;   ///< the player's held edge controls (dropped on taking over)
    const Bindings& keys;  ///< the player's bindings (the key hints name the bound keys)
    Ghost& ghost;          ///< run B of a setup comparison
    Effects& effects;      ///< smoke, sparks, chips and dust from each step shown
    Camera& camera;        ///< its shake from the player car's hits
    TuneUi& tune;          ///< the telemetry plots follow what is shown
    std::vector<Toast>& toasts;
    double clock = 0.0;          ///< s of real time since the game started (the toasts)
    bool overlay_shown = false;  ///< F1: the plots are the overlay's, else the panel's
};

/// Opens the viewer on the replay as the session's mode (replay_mode_open) and points the
/// plots in `tune` at it (with `compare`, they show both runs). "" or why not.
std::string replay_view_open(Session& session, TuneUi& tune, Replay replay,
                             const Settings* compare = nullptr);
/// One frame: the viewer's keys, then the steps real time x speed pays for (at most
/// 64 per frame), then up to `scout_ms` of the scout's steps. Returns the steps taken.
int replay_view_frame(const ViewerContext& ctx, const AppCommands& cmd, double elapsed,
                      double scout_ms = 3.0);
/// Seconds the particle effects advance in a frame of `elapsed` s: the replay's speed
/// while playing, none while paused (the effects then hold still with the picture).
double replay_effects_time(const ReplayViewer& v, double elapsed);
/// Puts what is shown (run A, and run B in step) at `step` (the timeline's seek).
void replay_view_seek(const ViewerContext& ctx, std::uint64_t step);
/// The "Replay" window: time, timeline, buttons, speed; its bottom edge at `bottom`
/// (pixels: above the HUD box, whose height grows with the damage lines).
void draw_replay_panel(const ViewerContext& ctx, float bottom);
/// Drive on from the state shown: the viewer closes, the Tuner takes the replay's
/// settings at this step, and the recording goes on from the replay's prefix.
void replay_take_over(const ViewerContext& ctx);

}  // namespace skidpad::app
