// The command line of `skidpad`: the option table, the run kinds and the checked parse
// (command_line.hpp).
#include "command_line.hpp"

#include <cmath>

#include "modes/mode.hpp"
#include "modes/mode_rig.hpp"
#include "progress.hpp"
#include "tune_ui.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {

constexpr std::uint32_t bit(RunKind k) {
    return 1u << static_cast<unsigned>(k);
}

constexpr std::uint32_t W = bit(RunKind::Window), S = bit(RunKind::Screenshot),
                        BF = bit(RunKind::BenchFrames), BR = bit(RunKind::BenchRender),
                        H = bit(RunKind::Headless), RA = bit(RunKind::RenderAudio),
                        RV = bit(RunKind::ReplayViewer), RS = bit(RunKind::ReplayScreenshot),
                        RH = bit(RunKind::ReplayHeadless);
/// A live drive (not a replay): what --preset/--set apply to.
constexpr std::uint32_t kLive = W | S | BF | BR | H | RA;
/// Where the game's modes, tracks and windows run.
constexpr std::uint32_t kGame = W | S | BF;
/// A picture is drawn.
constexpr std::uint32_t kPicture = W | S | BF | BR | RV | RS;

/// The modes, in the order of their bits (mode_table()'s names).
const char* const kModes[] = {"free", "time-trial", "race", "drift", "rig", "sandbox"};
constexpr std::uint32_t kFree = 1u << 0, kTimeTrial = 1u << 1, kRace = 1u << 2, kDrift = 1u << 3,
                        kRig = 1u << 4, kSandbox = 1u << 5;
constexpr std::uint32_t kNotRig = kFree | kTimeTrial | kRace | kDrift | kSandbox;
/// The modes that drive on a track (the sandbox and the rigs are scenes of their own).
constexpr std::uint32_t kOnTrack = kFree | kTimeTrial | kRace | kDrift;

struct KindLine {
    RunKind kind;
    const char* name;      ///< as messages say it
    const char* synopsis;  ///< what selects it (and what it needs)
    const char* summary;
};

const KindLine kKinds[] = {
    {RunKind::Window, "the window", "", "play in a window"},
    {RunKind::Screenshot, "--screenshot", "--screenshot OUT.png --seconds S",
     "the last frame after S simulated seconds, as PNG"},
    {RunKind::BenchFrames, "--bench-frames", "--bench-frames N",
     "start-up time and frame cost of N frames"},
    {RunKind::BenchRender, "--bench-render", "--bench-render --crates N --frames F",
     "N crates drawn paused (fps_median)"},
    {RunKind::Headless, "--headless", "--headless --seconds S",
     "the simulation alone, one key=value summary line"},
    {RunKind::RenderAudio, "--render-audio", "--render-audio OUT.wav --seconds S",
     "the run's soundtrack, headless"},
    {RunKind::ReplayViewer, "the replay viewer (--replay)", "--replay FILE",
     "play a replay back in the window"},
    {RunKind::ReplayScreenshot, "--replay with --screenshot",
     "--replay FILE --screenshot OUT.png --seconds S", "the viewer after S seconds"},
    {RunKind::ReplayHeadless, "--replay with --headless", "--replay FILE --headless",
     "play to the end, check the recorded hash"},
};

util::OptionTable make_table() {
    using util::kAll;
    util::OptionTable t;
    for (const KindLine& k : kKinds)
        t.kinds.push_back(k.name);
    for (const char* m : kModes)
        t.modes.push_back(std::string("--mode ") + m);
    const std::string own = "--replay plays with the replay's own settings (no --preset or --set)";
    const std::string replay_scene =
        "--replay sets its own scene and inputs (no --input, --track, --autopilot or --level)";
    const std::string game_only = "needs the window, --screenshot or --bench-frames";
    t.rows = {
        {.name = "help", .help = "this text"},
        {.name = "version", .help = "the version"},
        {.name = "data", .meta = "DIR", .help = "folder with tracks/, levels/, presets/"},
        {.name = "preset",
         .meta = "FILE",
         .help = "settings from a preset file (in order; every --set applies after them)",
         .kinds = kLive,
         .kinds_hint = own,
         .repeat = true},
        {.name = "set",
         .meta = "key=value",
         .help = "one tunable (`skidpad params` lists them)",
         .kinds = kLive,
         .kinds_hint = own,
         .repeat = true},
        {.name = "headless",
         .help = "no window: run (or play the replay) as fast as possible",
         .kinds = H | RH},
        {.name = "screenshot",
         .meta = "OUT.png",
         .help = "write the last frame as PNG",
         .kinds = S | RS},
        {.name = "seconds",
         .meta = "S",
         .help = "simulated seconds to run (0..86400)",
         .kinds = S | H | RA | RS,
         .kinds_hint = "--seconds only applies to --headless, --render-audio and --screenshot"},
        {.name = "input",
         .meta = "FILE",
         .help = "input script: CSV t,throttle,brake,steer,handbrake,gear (README)",
         .kinds = W | S | BF | H | RA,
         .kinds_hint = replay_scene},
        {.name = "players",
         .meta = "N",
         .help = "human players, split screen (1..4; one --input each)",
         .kinds = W | S | BF | H,
         .modes = kNotRig,
         .kinds_hint = "--players goes with the window, --screenshot, --bench-frames or "
                       "--headless",
         .modes_hint = "--mode rig is single-player (no --players)"},
        {.name = "stacked",
         .help = "two players' viewports one over the other (default: side by side)",
         .kinds = W | S | BF,
         .modes = kNotRig,
         .kinds_hint = "--stacked goes with the window, --screenshot or --bench-frames",
         .modes_hint = "--mode rig is single-player (no --stacked)"},
        {.name = "telemetry",
         .meta = "OUT.csv",
         .help = "one row per physics step of the player car",
         .kinds = W | S | BF | H | RA | RH,
         .kinds_hint = "it writes live runs and headless replays "
                       "(skidpad --replay FILE --headless --telemetry OUT.csv)"},
        {.name = "record",
         .meta = "FILE",
         .help = "save the run as a replay (at the end)",
         .kinds = W | S | H | RA | RV,
         .modes = kNotRig,
         .kinds_hint = "it records a live run, or a drive taken over in the replay viewer "
                       "(T, in the window)",
         .modes_hint = "--mode rig runs are not recorded (no --record)"},
        {.name = "level",
         .meta = "FILE",
         .help = "the arena's layout (docs/levels.md)",
         .kinds = W | S | BF | H | RA,
         .modes = kFree | kDrift | kSandbox,
         .kinds_hint = replay_scene,
         .modes_hint = "a level lays out the arena (--mode free, drift or sandbox); time "
                       "trials, races and rigs build their own scene (no --level)"},
        {.name = "track",
         .meta = "NAME|FILE",
         .help = "a shipped track (assets/tracks) or a track file",
         .kinds = kGame,
         .modes = kOnTrack,
         .kinds_hint = "--track/--autopilot need the window or --screenshot (headless laps: "
                       "skidpad lab lap --track NAME|FILE)",
         .modes_hint = "--mode rig and --mode sandbox build their own scene (no --track)"},
        {.name = "autopilot",
         .help = "the player's car drives itself (on a track)",
         .kinds = kGame,
         .modes = kNotRig,
         .kinds_hint = "--track/--autopilot need the window or --screenshot (headless laps: "
                       "skidpad lab lap --track NAME|FILE)"},
        {.name = "mode",
         .meta = "NAME",
         .help = "free|time-trial|race|drift|rig|sandbox (docs/modes.md)",
         .kinds = kGame,
         .kinds_hint = "--mode needs the window or --screenshot"},
        {.name = "opponents",
         .meta = "N",
         .help = "AI cars in a race (1..7, default 3)",
         .kinds = kGame,
         .modes = kRace,
         .kinds_hint = game_only,
         .modes_hint = "--opponents goes with --mode race"},
        {.name = "laps",
         .meta = "N",
         .help = "laps of a race (1..10, default 3)",
         .kinds = kGame,
         .modes = kRace,
         .kinds_hint = game_only,
         .modes_hint = "--laps goes with --mode race"},
        {.name = "difficulty",
         .meta = "LEVEL",
         .help = "the AI drivers' level in a race: novice|club|pro|mixed (default club)",
         .kinds = kGame,
         .modes = kRace,
         .kinds_hint = game_only,
         .modes_hint = "--difficulty goes with --mode race"},
        {.name = "title",
         .help = "open on the title screen (the default when no run is named)",
         .kinds = W | S},
        {.name = "profile",
         .meta = "NAME",
         .help =
             "whose progress (medals, cups) to keep: progress-NAME.json (letters, digits, -, _)",
         .kinds = kGame,
         .kinds_hint = game_only},
        {.name = "rig",
         .meta = "NAME",
         .help = "skidpad|braking|topspeed (default skidpad)",
         .kinds = kGame,
         .modes = kRig,
         .kinds_hint = game_only,
         .modes_hint = "--rig goes with --mode rig"},
        {.name = "ghost",
         .meta = "FILE",
         .help = "another run's car drawn as a ghost",
         .kinds = kGame,
         .kinds_hint = "--ghost goes with a live run in the window, --screenshot or "
                       "--bench-frames"},
        {.name = "show",
         .meta = "LIST",
         .help = "overlay windows, debug views or the menu's display page to open "
                 "(tuning,telemetry,gg,...,display,track)",
         .kinds = kGame | BR},
        {.name = "size",
         .meta = "WxH",
         .help = "window size (64..8192 each, default 1280x720)",
         .kinds = kPicture},
        {.name = "overlay", .help = "open the F1 overlay at start", .kinds = kPicture},
        {.name = "no-overlay",
         .help = "start with the overlay hidden (the default)",
         .kinds = kPicture},
        {.name = "replay", .meta = "FILE", .help = "play a replay back", .kinds = RV | RS | RH},
        {.name = "compare-preset",
         .meta = "FILE",
         .help = "beside the replay, its inputs re-run with this preset",
         .kinds = RV | RS,
         .kinds_hint = "--compare-preset and --compare-set go with --replay FILE in the window "
                       "or --screenshot (headless: skidpad lab compare --replay FILE "
                       "--preset/--set)",
         .repeat = true},
        {.name = "compare-set",
         .meta = "key=value",
         .help = "beside the replay, its inputs re-run with this value",
         .kinds = RV | RS,
         .kinds_hint = "--compare-preset and --compare-set go with --replay FILE in the window "
                       "or --screenshot (headless: skidpad lab compare --replay FILE "
                       "--preset/--set)",
         .repeat = true},
        {.name = "render-audio",
         .meta = "OUT.wav",
         .help = "write the run's sound as WAV",
         .kinds = RA},
        {.name = "bench-frames",
         .meta = "N",
         .help = "benchmark N frames (1..1000000)",
         .kinds = BF},
        {.name = "bench-shapes",
         .meta = "M",
         .help = "benchmark: M extra crates drawn",
         .kinds = S | BF | BR,
         .kinds_hint = "--bench-shapes N (0..1000000) goes with --bench-frames or --screenshot"},
        {.name = "bench-particles",
         .help = "benchmark: the particle pool kept full",
         .kinds = S | BF | BR,
         .kinds_hint = "--bench-particles goes with --bench-frames or --screenshot"},
        {.name = "bench-render", .help = "the soft-body bench scene drawn paused", .kinds = BR},
        {.name = "crates",
         .meta = "N",
         .help = "--bench-render: crates (1..1000000)",
         .kinds = BR,
         .kinds_hint = "--crates and --frames go with --bench-render"},
        {.name = "frames",
         .meta = "F",
         .help = "--bench-render: frames (1..1000000)",
         .kinds = BR,
         .kinds_hint = "--crates and --frames go with --bench-render"},
    };
    return t;
}

/// A whole number in [lo, hi] from `text`.
bool whole(const std::string& text, double lo, double hi, int& out) {
    double v = 0.0;
    if (!util::parse_number(text, v) || v != std::floor(v) || v < lo || v > hi) return false;
    out = static_cast<int>(v);
    return true;
}

bool parse_size(const std::string& text, int& w, int& h) {
    const auto x = text.find('x');
    if (x == std::string::npos) return false;
    return whole(text.substr(0, x), 64, 8192, w) && whole(text.substr(x + 1), 64, 8192, h);
}

RunKind run_kind_of(const util::ParsedOptions& p) {
    if (p.has("replay")) {
        if (p.has("headless")) return RunKind::ReplayHeadless;
        if (p.has("screenshot")) return RunKind::ReplayScreenshot;
        return RunKind::ReplayViewer;
    }
    if (p.has("render-audio")) return RunKind::RenderAudio;
    if (p.has("bench-render")) return RunKind::BenchRender;
    if (p.has("bench-frames")) return RunKind::BenchFrames;
    if (p.has("headless")) return RunKind::Headless;
    if (p.has("screenshot")) return RunKind::Screenshot;
    return RunKind::Window;
}

}  // namespace

const util::OptionTable& app_options() {
    static const util::OptionTable table = make_table();
    return table;
}

std::string run_kind_name(RunKind kind) {
    return kKinds[static_cast<int>(kind)].name;
}

bool opens_on_title(const CommandLine& cl) {
    if (cl.title) return true;
    return cl.kind == RunKind::Window && cl.mode.empty() && cl.track.empty() && cl.level.empty() &&
           cl.edit.empty() && cl.input.empty() && cl.record.empty() && cl.ghost.empty() &&
           cl.telemetry.empty() && cl.show.empty() && cl.settings_args.empty() && !cl.autopilot &&
           !cl.overlay && cl.players == 1;
}

int parse_command_line(const std::vector<std::string>& args, CommandLine& out, std::string& error) {
    out = CommandLine{};
    auto fail = [&](std::string message) {
        error = util::printable(std::move(message));
        return 2;
    };
    for (const std::string& a : args) {
        if (a == "--help" || a == "-h") out.help = true;
        if (a == "--version") out.version = true;
    }
    if (out.help || out.version) return 0;
    // --edit track [FILE]: taken out before the table's parse (FILE is an optional word).
    std::vector<std::string> rest = args;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] != "--edit") continue;
        if (i + 1 >= rest.size() || (rest[i + 1] != "track" && rest[i + 1] != "level"))
            return fail(
                "--edit takes 'track' or 'level' (skidpad --edit track [FILE], --edit level "
                "[FILE])");
        out.edit = rest[i + 1];
        std::size_t n = 2;
        if (i + 2 < rest.size() && rest[i + 2].rfind("--", 0) != 0) {
            out.edit_file = rest[i + 2];
            n = 3;
        }
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i),
                   rest.begin() + static_cast<std::ptrdiff_t>(i + n));
        break;
    }
    const util::OptionTable& table = app_options();
    util::ParsedOptions p;
    if (std::string why = util::parse_options(table.rows, rest, p); !why.empty()) {
        if (why.rfind("unexpected argument", 0) == 0) why = "unknown option" + why.substr(19);
        return fail(why);
    }
    // Paths, names and numbers: an empty one is a mistake, not "not given".
    for (const auto& [name, value] : p.given) {
        const util::Option* o = table.find(name);
        if (!o->meta.empty() && value.empty() && name != "show")
            return fail("--" + name + " needs a non-empty value");
    }
    out.kind = run_kind_of(p);
    if (!out.edit.empty() && out.kind != RunKind::Window && out.kind != RunKind::Screenshot)
        return fail("--edit " + out.edit + " needs the window or --screenshot");
    out.mode = p.value("mode");
    const bool game = (kGame >> static_cast<int>(out.kind) & 1u) != 0;
    int mode = -1;
    if (game) {
        if (!out.mode.empty() && !find_mode(out.mode))
            return fail("--mode: unknown mode '" + out.mode + "' (" + mode_names() + ")");
        const std::string m = out.mode.empty() ? "free" : out.mode;
        for (int i = 0; i < static_cast<int>(std::size(kModes)); ++i)
            if (m == kModes[i]) mode = i;
    }
    if (std::string why = util::check_taken(table, p, static_cast<int>(out.kind), mode);
        !why.empty())
        return fail(why);

    for (const auto& [name, value] : p.given) {
        if (name == "preset" || name == "set") {
            out.settings_args.push_back("--" + name);
            out.settings_args.push_back(value);
        } else if (name == "compare-preset" || name == "compare-set") {
            out.compare_args.push_back(name == "compare-set" ? "--set" : "--preset");
            out.compare_args.push_back(value);
        } else if (name == "overlay" || name == "no-overlay") {
            out.overlay = name == "overlay";
        }
    }
    out.data_dir = p.value("data");
    out.input = p.value("input");
    out.telemetry = p.value("telemetry");
    out.screenshot = p.value("screenshot");
    out.level = p.value("level");
    out.show = p.value("show");
    out.track = p.value("track");
    out.render_audio = p.value("render-audio");
    out.record = p.value("record");
    out.replay = p.value("replay");
    out.ghost = p.value("ghost");
    out.rig = p.value("rig");
    out.autopilot = p.has("autopilot");
    out.stacked = p.has("stacked");
    out.bench_particles = p.has("bench-particles");

    const bool needs_seconds = out.kind == RunKind::Screenshot || out.kind == RunKind::Headless ||
                               out.kind == RunKind::RenderAudio ||
                               out.kind == RunKind::ReplayScreenshot;
    if (p.has("seconds")) {
        const std::string s = p.value("seconds");
        if (!util::parse_number(s, out.seconds) || out.seconds < 0.0 || out.seconds > 86400.0)
            return fail("--seconds: '" + s + "' is not a number in [0, 86400]");
    } else if (needs_seconds) {
        const char* by = out.kind == RunKind::Headless      ? "--headless"
                         : out.kind == RunKind::RenderAudio ? "--render-audio"
                                                            : "--screenshot";
        return fail(std::string(by) + " needs --seconds S");
    }
    if (p.has("size") && !parse_size(p.value("size"), out.width, out.height))
        return fail("--size: '" + p.value("size") +
                    "' is not WxH with 64..8192 each (e.g. 1280x720)");
    if (!out.show.empty()) {
        TuneUi probe;
        if (const std::string bad = tune_ui_show(probe, out.show); !bad.empty()) {
            return fail("--show: unknown window or view '" + bad +
                        "' (tuning presets telemetry gg friction tyres forces slip "
                        "velocity acceleration contacts broadphase strain display track none)");
        }
    }
    if (out.mode == "rig") {
        if (out.rig.empty()) out.rig = "skidpad";
        RigKind rig{};
        if (!rig_from_name(out.rig, rig))
            return fail("--rig: unknown rig '" + out.rig + "' (" + kRigNames + ")");
    }
    if (out.kind == RunKind::BenchRender) {
        if (!whole(p.value("crates"), 1, 1e6, out.bench_crates))
            return fail("--bench-render needs --crates N (1..1000000)");
        if (!whole(p.value("frames"), 1, 1e6, out.bench_frames))
            return fail("--bench-render needs --frames F (1..1000000)");
    }
    if (p.has("bench-frames") && !whole(p.value("bench-frames"), 1, 1e6, out.bench_frames))
        return fail("--bench-frames: '" + p.value("bench-frames") +
                    "' is not a whole number in [1, 1000000]");
    if (p.has("bench-shapes") && !whole(p.value("bench-shapes"), 0, 1e6, out.bench_shapes))
        return fail("--bench-shapes N (0..1000000) goes with --bench-frames or --screenshot");
    if (p.has("opponents") && !whole(p.value("opponents"), 1, 7, out.opponents))
        return fail("--opponents: '" + p.value("opponents") + "' is not a whole number in [1, 7]");
    if (p.has("laps") && !whole(p.value("laps"), 1, 10, out.laps))
        return fail("--laps: '" + p.value("laps") + "' is not a whole number in [1, 10]");
    if (p.has("difficulty") && !parse_race_level(p.value("difficulty"), out.difficulty))
        return fail("--difficulty: '" + util::printable(p.value("difficulty")) +
                    "' is not novice, club, pro or mixed");
    out.title = p.has("title");
    if (p.has("profile")) {
        out.profile = p.value("profile");
        if (!valid_profile_name(out.profile))
            return fail("--profile: '" + util::printable(out.profile) +
                        "' is not a profile name (1..32 letters, digits, '-' or '_')");
    }
    if (p.has("players") && !whole(p.value("players"), 1, 4, out.players))
        return fail("--players: '" + p.value("players") + "' is not a whole number in [1, 4]");
    if (out.players > 1) {
        // One --input per player, in seat order (with one player the last one given counts).
        out.inputs = p.values("input");
        out.input = out.inputs.empty() ? "" : out.inputs.front();
        if (static_cast<int>(out.inputs.size()) > out.players)
            return fail("--input given " + std::to_string(out.inputs.size()) + " times for " +
                        std::to_string(out.players) + " players (one per player, in seat order)");
    }
    if (out.autopilot && out.track.empty() && (out.mode.empty() || out.mode == "free"))
        return fail("--autopilot needs --track NAME|FILE (or a mode on a track)");
    return 0;
}

void print_usage(std::ostream& os) {
    std::string lead = "usage: ";
    for (const KindLine& k : kKinds) {
        std::string line = lead + "skidpad " + k.synopsis + (*k.synopsis ? " " : "") + "[OPTIONS]";
        line += line.size() < 60 ? std::string(60 - line.size(), ' ') : "  ";
        os << line << k.summary << "\n";
        lead = "       ";
    }
    os << "       skidpad lab EXPERIMENT [OPTIONS]    (skidpad lab list)\n"
          "       skidpad params [--markdown]\n"
          "       skidpad --edit track [FILE] [OPTIONS]              the track editor\n"
          "       skidpad --edit level [FILE] [OPTIONS]              the arena editor\n"
          "       skidpad track new --points \"x,y;...\" --width W --out FILE  (skidpad track "
          "--help)\n"
          "       skidpad --help | --version\n"
          "options (\"taken by\" and \"modes\" name the runs and modes that take an option\n"
          "when not all do; any other is refused):\n";
    util::print_options(app_options(), os);
}

void print_man_page(std::ostream& os, const std::string& version) {
    using util::roff_escape;
    os << ".\\\" Generated from the option table of src/app/command_line.cpp; do not edit.\n"
       << ".TH SKIDPAD 6 \"\" \"skidpad " << roff_escape(version) << "\" \"Games\"\n"
       << ".SH NAME\nskidpad \\- top\\-down driving sandbox with a simulated car and soft "
          "crates\n"
       << ".SH SYNOPSIS\n";
    for (const KindLine& k : kKinds) {
        os << ".B skidpad\n";
        if (*k.synopsis) os << roff_escape(k.synopsis) << "\n";
        os << "[\\fIOPTIONS\\fR]\n.br\n";
    }
    os << ".B skidpad lab\n\\fIEXPERIMENT\\fR [\\fIOPTIONS\\fR]\n.br\n"
       << ".B skidpad params\n[\\fB\\-\\-markdown\\fR]\n.br\n"
       << ".B skidpad track new\n\\fB\\-\\-points\\fR \\fIx,y;...\\fR \\fB\\-\\-width\\fR "
          "\\fIW\\fR \\fB\\-\\-out\\fR \\fIFILE\\fR\n.br\n"
       << ".B skidpad\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n"
       << ".SH DESCRIPTION\n"
          "Skidpad is a desktop 2D driving game seen from above: a rigid-body car with "
          "slip-based tyres, weight transfer, engine, gearbox, differential and brakes, "
          "driven with the keyboard or a game controller around tracks and an arena of "
          "crates and barriers that deform and get pushed around. Every physical constant "
          "is tuned live in an on-screen overlay (F1).\n"
          ".PP\nWithout options it opens a window and plays. The other runs are:\n";
    for (const KindLine& k : kKinds) {
        if (k.kind == RunKind::Window) continue;
        os << ".TP\n"
           << (*k.synopsis ? "\\fB" + roff_escape(k.synopsis) + "\\fR" : "") << "\n"
           << roff_escape(k.summary) << ".\n";
    }
    os << ".TP\n\\fBlab\\fR \\fIEXPERIMENT\\fR\n"
          "Headless experiments that print key=value figures; \\fBskidpad lab list\\fR "
          "names them.\n"
          ".TP\n\\fBparams\\fR\nEvery tunable parameter with its unit, range and default.\n"
          ".TP\n\\fBtrack new\\fR\nA track file from a closed polygon of control points "
          "(\\fBskidpad track \\-\\-help\\fR); an invalid loop is refused with its problems.\n"
       << ".SH OPTIONS\n"
          "\"Taken by\" and \"Modes\" name the runs and modes that take an option when not "
          "all do; any other run or mode refuses it (exit status 2).\n";
    util::print_man_options(app_options(), os);
    os << ".TP\n\\fB\\-\\-help\\fR\nThe usage text, written from the same table as this "
          "page.\n"
          ".TP\n\\fB\\-\\-version\\fR\nThe version and the git revision built from.\n"
       << ".SH ENVIRONMENT\n.TP\n.B SKIDPAD_DATA\n"
          "The data folder (tracks/, levels/, presets/) when \\fB\\-\\-data\\fR is not "
          "given.\n"
          ".TP\n.B XDG_CONFIG_HOME\nWhere the player's settings folder is made (default "
          "~/.config).\n"
          ".TP\n.B XDG_DATA_HOME\nWhere the player's data folder is made (default "
          "~/.local/share).\n"
       << ".SH FILES\n.TP\n.I ../share/skidpad\n"
          "The data folder beside the executable (for an installed game, "
          "/usr/share/skidpad), used when neither \\fB\\-\\-data\\fR nor SKIDPAD_DATA "
          "names one.\n"
          ".TP\n.I ~/.config/skidpad/\n"
          "The player's settings: key bindings, player settings and the window layout.\n"
          ".TP\n.I ~/.local/share/skidpad/\n"
          "The player's files: best laps, ghosts, progress, presets, tracks, screenshots and "
          "replays saved in the game (older versions kept everything in "
          "~/.local/share/skidpad/skidpad/, moved from there at the first start).\n"
       << ".SH EXIT STATUS\n0 on success; 1 when a run fails (a file cannot be written, "
          "a replay does not reach its hash); 2 for a command line or input file that is "
          "refused, with a message naming what and where.\n"
       << ".SH SEE ALSO\nThe documentation installed in /usr/share/doc/skidpad/.\n";
}

}  // namespace skidpad::app
