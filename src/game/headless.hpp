// `skidpad --headless --seconds S [--input FILE] [--telemetry OUT.csv]`: the
// simulation with no window at all, as fast as the machine allows.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

struct HeadlessOptions {
    Settings settings;
    double seconds = 10.0;              ///< simulated s
    std::optional<InputScript> script;  ///< none: all controls at rest
    std::string telemetry;              ///< CSV path ("" = none)
    std::string level;                  ///< "" = built-in arena
    std::string record;                 ///< --record FILE: the run saved as a replay
};

/// `--headless --replay FILE`: plays a replay to its end and prints the summary line
/// with `hash=` and the recorded `replay_hash=`. Exit 0 when they match, 1 when not
/// (or the file cannot be played; the reason on `err`).
int run_headless_replay(const Replay& replay, const std::string& path, std::ostream& out,
                        std::ostream& err);

/// Runs and prints one summary line of key=value pairs. Exit 0, or 1 on I/O failure.
int run_headless(const HeadlessOptions& options, std::ostream& out, std::ostream& err);

}  // namespace skidpad::app
