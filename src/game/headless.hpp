// `skidpad --headless --seconds S [--input FILE] [--telemetry OUT.csv] [--record FILE]`:
// the simulation with no window and no SDL at all, as fast as the machine allows.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "scene.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"
#include "telemetry_csv.hpp"
#include "util_text.hpp"

namespace skidpad::app {

struct HeadlessOptions {
    Settings settings;
    double seconds = 10.0;              ///< simulated s
    std::optional<InputScript> script;  ///< none: all controls at rest
    std::string telemetry;              ///< CSV path ("" = none)
    std::string level;                  ///< "" = built-in arena
    std::string record;                 ///< --record FILE: the run saved as a replay
    int players = 1;                    ///< --players N: human cars (players.hpp)
    /// Seat 2 onwards' input scripts (seat 1's is `script`); a seat without one sits still.
    std::vector<std::optional<InputScript>> seat_scripts;
};

/// What a headless run writes besides its summary line: the --telemetry CSV and the
/// --record replay (both optional). --headless and --render-audio share it.
class RunOutputs {
public:
    /// Opens the telemetry file and starts the recording; false (the reason on `err`) when
    /// the file cannot be opened.
    bool open(const HeadlessOptions& options, std::ostream& err);
    /// After each physics step: `input` is what the player car got for it, `seats` what
    /// human seats 2.. got (recorded with several players).
    void after_step(const World& world, const InputState& input,
                    const std::vector<InputState>& seats = {});
    /// Closes the telemetry file and saves the recording; false (the reason on `err`) when
    /// either cannot be written.
    bool finish(const World& world, std::ostream& err);
    /// `telemetry=… telemetry_rows=…` and `record=…` for what was asked.
    void describe(util::Line& line) const;

private:
    std::string telemetry_path_, record_path_;
    TelemetryCsv telemetry_;
    ReplayRecorder recorder_;
};

/// `players=N` and per human seat `pK_x= pK_y= pK_speed= pK_laps=` (K from 1; laps
/// completed on a track, else 0): what --headless prints with several players.
void describe_players(const Scene& scene, util::Line& line);

/// `--headless --replay FILE`: plays a replay to its end and prints the summary line
/// with `hash=` and the recorded `replay_hash=` (and, with `telemetry` not "", writes one
/// CSV row per step of the player car there). Exit 0 when they match, 1 when not (or the
/// file cannot be played or written; the reason on `err`).
int run_headless_replay(const Replay& replay, const std::string& path, const std::string& telemetry,
                        std::ostream& out, std::ostream& err);

/// Runs and prints one summary line of key=value pairs. Exit 0, or 1 on I/O failure.
int run_headless(const HeadlessOptions& options, std::ostream& out, std::ostream& err);

}  // namespace skidpad::app
