// The command line of `skidpad` (not `lab` or `params`): the option table, the run kinds
// and the parse that checks a command line without reading a file or opening a window.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "option_table.hpp"
#include "race_rules.hpp"

namespace skidpad::app {

/// What a command line runs; chosen by --replay, --render-audio, --bench-render,
/// --bench-frames, --headless and --screenshot (else the window). The order is the bit
/// order of Option::kinds in app_options().
enum class RunKind {
    Window,            ///< play in a window
    Screenshot,        ///< --screenshot OUT.png --seconds S
    BenchFrames,       ///< --bench-frames N
    BenchRender,       ///< --bench-render --crates N --frames F
    Headless,          ///< --headless --seconds S
    RenderAudio,       ///< --render-audio OUT.wav --seconds S
    ReplayViewer,      ///< --replay FILE (the viewer in the window)
    ReplayScreenshot,  ///< --replay FILE --screenshot OUT.png --seconds S
    ReplayHeadless,    ///< --replay FILE --headless (the hash check)
};

/// A command line as parsed and checked (values in range, every flag taken by its run kind
/// and mode); files are neither read nor checked yet.
struct CommandLine {
    RunKind kind = RunKind::Window;
    bool help = false;                       ///< --help / -h: print the usage, run nothing
    bool version = false;                    ///< --version
    std::vector<std::string> settings_args;  ///< --preset/--set in order, as "--preset" FILE ...
    std::vector<std::string> compare_args;   ///< --compare-preset/--compare-set as --preset/--set
    std::string data_dir;                    ///< --data DIR ("" = found as usual)
    double seconds = 0.0;
    std::string input, telemetry, screenshot, level, show, track, render_audio, record, replay,
        ghost;
    std::string mode;       ///< --mode NAME ("" = free)
    std::string rig;        ///< --rig NAME; "skidpad" when --mode rig names none
    std::string edit;       ///< --edit track|level: the track or arena editor ("" = none)
    std::string edit_file;  ///< --edit track|level FILE ("" = a new one)
    int opponents = -1;
    int laps = 3;                     ///< --laps N (race)
    RaceLevel difficulty;             ///< --difficulty LEVEL (race)
    bool title = false;               ///< --title: open on the title screen
    std::string profile;              ///< --profile NAME ("" = the default progress)
    int players = 1;                  ///< --players N (1..4): human seats
    std::vector<std::string> inputs;  ///< --players > 1: each --input, seat order
    int width = 1280, height = 720;
    bool overlay = false;  ///< --overlay (the last of --overlay/--no-overlay wins)
    bool autopilot = false;
    bool stacked = false;  ///< --stacked: two players' viewports one over the other
    int bench_frames = 0, bench_shapes = 0, bench_crates = 0;
    bool bench_particles = false;
};

/// True when the command line names no run (no mode, track, level, replay, editor,
/// script, preset or output): the window then opens on the title screen.
bool opens_on_title(const CommandLine& cl);

/// The table the usage text, the parser and the refusals come from.
const util::OptionTable& app_options();

/// The run kind's name as messages say it (e.g. "--headless").
std::string run_kind_name(RunKind kind);

/// Parses and checks `args` (after the program name; not `lab ...` or `params ...`).
/// Exit code 0 and `out` filled, or 2 and `error` (one line, no "skidpad: " prefix).
int parse_command_line(const std::vector<std::string>& args, CommandLine& out, std::string& error);

/// The usage text: a line per run kind, then every option of the table with the kinds
/// and modes that take it.
void print_usage(std::ostream& os);

/// The man page skidpad(6), in roff, from the same table as the usage text.
void print_man_page(std::ostream& os, const std::string& version);

}  // namespace skidpad::app
