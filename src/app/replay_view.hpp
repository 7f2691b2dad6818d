// The replay viewer of the window (--replay FILE): play/pause (P), speed 0.1x..8x
// ('[' and ']', or the slider), one physics step forward ('.') or back (','), a
// timeline to scrub (snapshots every 5 s make a seek at most 5 s of simulation), and
// T to take over: the player drives on from the state shown, recording a new replay
// that starts with the old one up to that step.
#pragma once

#include <string>

#include "replay_player.hpp"

namespace skidpad::app {

struct Game;
struct AppCommands;

struct ReplayViewer {
    bool active = false;  ///< a replay is being watched (the car takes no input)
    ReplayPlayer player;
    // A second playback runs ahead a few milliseconds per frame and hands its
    // snapshots to `player`, so that seeks are instant soon after opening.
    ReplayPlayer scout;
    Scene scout_scene;
    bool playing = true;
    double speed = 1.0;  ///< 0.1 .. 8
    double owed = 0.0;   ///< steps real time has paid for, not yet taken
};

inline constexpr double kReplayMinSpeed = 0.1;
inline constexpr double kReplayMaxSpeed = 8.0;

/// Builds game.scene from the replay (its settings through a fresh Tuner). "" or why not.
std::string replay_view_open(Game& game, Replay replay);
/// One frame: the viewer's keys, then the steps real time x speed pays for (at most
/// 64 per frame), then up to `scout_ms` of the scout's steps. Returns the steps taken.
int replay_view_frame(Game& game, const AppCommands& cmd, double elapsed, double scout_ms = 3.0);
/// The "Replay" window: time, timeline, buttons, speed.
void draw_replay_panel(Game& game);
/// Drive on from the state shown: the viewer closes, the Tuner takes the replay's
/// settings at this step, and the recording goes on from the replay's prefix.
void replay_take_over(Game& game);

}  // namespace skidpad::app
