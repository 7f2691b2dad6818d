// The game's replays: every windowed run records (the benchmarks excepted); the last
// interactive run is kept as last.replay in the preferences directory, F5 saves the
// recording so far under a timestamped name, --record FILE saves it at the end.
#pragma once

#include <string>

#include "skidpad/settings.hpp"

namespace skidpad::app {

struct Sim;
class Mode;

/// Starts the recording from the scene built (the command line's `settings` and `level`,
/// the track loaded) and `mode`'s start events (a race's field), if a mode started;
/// `race`: the race mode, which switched the AI opponent off before it loaded its track.
void replay_record_begin(Sim& sim, const Settings& settings, const std::string& level, bool race,
                         const Mode* mode);
/// Saves the recording so far, sealed with the world's hash now. "" or the reason
/// (also when the recording outgrew the format's limits).
std::string replay_save(const Sim& sim, const std::string& path);
/// F5: saves to the preferences directory as skidpad-YYYYMMDD-HHMMSS.replay; the
/// message to show (the path, or why not).
std::string replay_save_named(const Sim& sim, const std::string& pref_dir);
/// At exit: --record FILE (`record`, "" = none) and (interactive runs) last.replay.
/// Returns 1 when --record could not be written (message on stderr), else 0.
int replay_save_at_exit(const Sim& sim, const std::string& pref_dir, const std::string& record,
                        bool interactive);

}  // namespace skidpad::app
