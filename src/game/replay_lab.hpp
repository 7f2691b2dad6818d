// The lab's replay experiments, which need the app's Scene (a replay names its level
// or track): `skidpad lab compare --replay FILE (--preset FILE | --set k=v ...)` re-runs
// a replay's inputs with another setup and prints the differences per segment and per
// lap; `skidpad lab replay-bench [--minutes M]` prints a recorded drive's file size per
// minute and the time to seek to its middle.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace skidpad::app {

/// True when `args` (after "lab") names one of these experiments.
bool is_replay_lab(const std::vector<std::string>& args);
/// Runs it. Exit 0, 1 when a replay cannot be played, 2 on a bad command line.
int run_replay_lab(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// The lines `skidpad lab list` adds for them.
void list_replay_lab(std::ostream& out);

}  // namespace skidpad::app
