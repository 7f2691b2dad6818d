// The game's replays: every windowed run records (the benchmarks excepted); the last
// interactive run is kept as last.replay in the preferences directory, F5 saves the
// recording so far under a timestamped name, --record FILE saves it at the end. A recording
// begins and grows in Session (session.hpp).
#pragma once

#include <string>

#include "skidpad/settings.hpp"

namespace skidpad::app {

struct Sim;

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
