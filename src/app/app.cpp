#include "app.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "data_dir.hpp"
#include "game.hpp"
#include "headless.hpp"
#include "lab.hpp"
#include "modes/drift_rig.hpp"
#include "modes/mode.hpp"
#include "render_audio.hpp"
#include "replay_lab.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/version.hpp"
#include "stale_temps.hpp"

namespace skidpad::app {

namespace {
void print_usage(std::ostream& os) {
    os << "usage: skidpad [--preset FILE] [--set key=value]... [--telemetry OUT.csv]  window\n"
          "       skidpad --headless --seconds S [--input FILE] [--telemetry OUT.csv]\n"
          "       skidpad --render-audio OUT.wav --seconds S [--input FILE]\n"
          "       skidpad --screenshot OUT.png --seconds S [--input FILE] [--size WxH] "
          "[--overlay]\n"
          "       skidpad --bench-frames N [--bench-shapes M] [--bench-particles] [--size WxH] "
          "[--overlay]\n"
          "       skidpad --bench-render --crates N --frames F [--size WxH]   (fps_median)\n"
          "                                   startup time and frame cost (M extra crates)\n"
          "       skidpad --replay FILE [--headless]   play a replay (headless: hash check)\n"
          "       skidpad --replay FILE (--compare-preset FILE | --compare-set key=value)...\n"
          "                                   the replay and, beside it, its inputs re-run with\n"
          "                                   a second setup (window or --screenshot)\n"
          "       skidpad lab EXPERIMENT [OPTIONS]    (skidpad lab list)\n"
          "       skidpad params [--markdown]\n"
          "       skidpad --help | --version\n"
          "every run also takes --data DIR (the folder of tracks/, levels/ and presets/;\n"
          "else $SKIDPAD_DATA, else ../share/skidpad beside the executable).\n"
          "every mode also takes --preset FILE, --set key=value, --level FILE and\n"
          "--telemetry OUT.csv (one row per physics step of the player car); windowed and\n"
          "screenshot modes take --show LIST (overlay windows and debug views to open).\n"
          "the window and --screenshot also take --track NAME|FILE (a name of assets/tracks\n"
          "or a track file path) [--autopilot], and --mode free|time-trial|race|drift|rig\n"
          "(docs/modes.md) with --opponents N (race: 1..7 AI cars, default 3) or --rig\n"
          "skidpad|braking|topspeed (rig: the lab's skidpad, braking and top-speed rigs).\n"
          "the window, --headless and --screenshot take --record FILE (the run as a replay).\n"
          "input scripts: CSV with header t,throttle,brake,steer,handbrake,gear (see README).\n";
}

bool load_script(const std::string& path, InputScript& out, std::string& error) {
    InputScriptResult r = load_input_script_file(path);
    if (!r.ok) {
        error = r.error;
        return false;
    }
    out = std::move(r.script);
    return true;
}

bool parse_number(const std::string& text, double& out) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) return false;
    out = v;
    return true;
}

bool parse_size(const std::string& text, int& w, int& h) {
    const auto x = text.find('x');
    if (x == std::string::npos) return false;
    double a = 0.0, b = 0.0;
    if (!parse_number(text.substr(0, x), a) || !parse_number(text.substr(x + 1), b)) return false;
    if (a != std::floor(a) || b != std::floor(b) || a < 64 || b < 64 || a > 8192 || b > 8192) {
        return false;
    }
    w = static_cast<int>(a);
    h = static_cast<int>(b);
    return true;
}

int usage_error(const std::string& message) {
    std::cerr << "skidpad: " << lab::printable(message) << "\n";
    print_usage(std::cerr);
    return 2;
}

/// Why `path` cannot be read as the file of `flag`, or "" when it is a regular file
/// (or something else the reader will judge, e.g. a FIFO).
std::string unreadable(const std::string& flag, const std::string& path) {
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(st)) return flag + ": '" + path + "' not found";
    if (std::filesystem::is_directory(st)) return flag + ": '" + path + "' is a directory";
    return "";
}

/// Why `path` cannot be written as the output of `flag`, or "" when the path is not a
/// directory and a temporary file can be created beside it.
std::string unwritable(const std::string& flag, const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return flag + ": '" + path + "' is a directory, not a file";
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    const std::string dir = parent.empty() ? "." : parent.string();
    if (!std::filesystem::is_directory(dir, ec))
        return flag + ": the directory of '" + path + "' does not exist";
    if (access(dir.c_str(), W_OK | X_OK) != 0)
        return flag + ": the directory of '" + path + "' is not writable";
    // access() says yes to root and knows nothing of read-only mounts or /proc: create
    // (and remove) the atomic writer's temporary file, as the write at the end will.
    AtomicFileWriter probe;
    if (const FileResult r = probe.open(path); !r.ok) return flag + ": " + r.error;
    probe.abort();
    return "";
}
}  // namespace

int app_main(const std::vector<std::string>& args) {
    const auto start = std::chrono::steady_clock::now();
    if (!args.empty() && args[0] == "lab") {
        std::vector<std::string> lab_args(args.begin() + 1, args.end());
        if (is_replay_lab(lab_args)) {
            std::string data;
            if (!util::take_data_arg(lab_args, data, std::cerr)) return 2;
            if (!util::data_dir_init(data, std::cerr)) return 2;
            return run_replay_lab(lab_args, std::cout, std::cerr);
        }
        const int code = lab::run_lab(lab_args, std::cout, std::cerr);
        if (code == 0 && lab_args.size() == 1 && lab_args[0] == "list") list_replay_lab(std::cout);
        return code;
    }
    if (!args.empty() && args[0] == "params") {
        return lab::run_params({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    for (const std::string& a : args) {
        if (a == "--help" || a == "-h") {
            print_usage(std::cout);
            return 0;
        }
        if (a == "--version") {
            std::cout << "skidpad " << SKIDPAD_VERSION << "\n";
            return 0;
        }
    }

    // --preset / --set first: a bad value stops everything before anything runs.
    Settings settings;
    std::vector<std::string> rest = args;
    std::string data_dir;  // --data DIR: where tracks/, levels/ and presets/ are
    if (!util::take_data_arg(rest, data_dir, std::cerr)) return 2;
    if (!util::data_dir_init(data_dir, std::cerr)) return 2;
    const std::size_t given = rest.size();  // arguments other than --data
    if (!lab::apply_settings_args(rest, settings, std::cerr)) return 2;

    bool headless = false, overlay = false, overlay_given = false, autopilot = false;
    std::string seconds_text, input, telemetry, screenshot, size, level, bench_text, show, track;
    std::string shapes_text, crates_text, frames_text, render_audio, record, replay_path, ghost;
    std::string mode, opponents_text, rig;
    std::vector<std::string> compare_args;  ///< --compare-preset/--compare-set as --preset/--set
    bool bench_render = false;
    bool bench_particles = false;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string& a = rest[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= rest.size()) return false;
            into = rest[++i];
            return true;
        };
        if (a == "--compare-preset" || a == "--compare-set") {
            std::string v;
            if (!value(v)) return usage_error(a + " needs a value");
            if (v.empty()) return usage_error(a + " needs a non-empty value");
            compare_args.push_back(a == "--compare-set" ? "--set" : "--preset");
            compare_args.push_back(v);
            continue;
        }
        bool ok = true;
        // Flags with a value, by name; the rest are switches.
        const std::pair<const char*, std::string*> valued[] = {{"--seconds", &seconds_text},
                                                               {"--input", &input},
                                                               {"--telemetry", &telemetry},
                                                               {"--show", &show},
                                                               {"--screenshot", &screenshot},
                                                               {"--size", &size},
                                                               {"--level", &level},
                                                               {"--bench-frames", &bench_text},
                                                               {"--bench-shapes", &shapes_text},
                                                               {"--crates", &crates_text},
                                                               {"--frames", &frames_text},
                                                               {"--track", &track},
                                                               {"--render-audio", &render_audio},
                                                               {"--record", &record},
                                                               {"--replay", &replay_path},
                                                               {"--ghost", &ghost},
                                                               {"--mode", &mode},
                                                               {"--opponents", &opponents_text},
                                                               {"--rig", &rig}};
        bool known = false;
        for (const auto& [name, into] : valued) {
            if (a == name) {
                ok = value(*into);
                known = true;
                // Paths and names: an empty one is a mistake, not "not given".
                const std::string n = name;
                if (ok && into->empty() && n != "--show")
                    return usage_error(n + " needs a non-empty value");
            }
        }
        if (a == "--headless") {
            headless = known = true;
        } else if (a == "--overlay") {
            overlay = overlay_given = known = true;
        } else if (a == "--autopilot") {
            autopilot = known = true;
        } else if (a == "--bench-render") {
            bench_render = known = true;
        } else if (a == "--bench-particles") {
            bench_particles = known = true;
        } else if (a == "--no-overlay") {
            overlay = false;
            overlay_given = known = true;
        }
        if (!known) return usage_error("unknown option '" + a + "'");
        if (!ok) return usage_error(a + " needs a value");
    }

    double seconds = 0.0;
    if (!seconds_text.empty() &&
        (!parse_number(seconds_text, seconds) || seconds < 0.0 || seconds > 86400.0)) {
        return usage_error("--seconds: '" + seconds_text + "' is not a number in [0, 86400]");
    }
    if (headless && !screenshot.empty())
        return usage_error("--headless and --screenshot exclude each other");
    if (!render_audio.empty() && (headless || !screenshot.empty() || bench_render ||
                                  !bench_text.empty() || !replay_path.empty())) {
        return usage_error(
            "--render-audio runs on its own (not with --headless, --screenshot, --replay "
            "or a benchmark)");
    }
    if (!render_audio.empty() && !telemetry.empty())
        return usage_error("--telemetry goes with --headless, not --render-audio");
    if (!render_audio.empty() && seconds_text.empty())
        return usage_error("--render-audio needs --seconds S");
    if ((headless || !screenshot.empty()) && seconds_text.empty() &&
        !(headless && !replay_path.empty())) {
        return usage_error(std::string(headless ? "--headless" : "--screenshot") +
                           " needs --seconds S");
    }
    if (!headless && !seconds_text.empty() && screenshot.empty() && render_audio.empty()) {
        return usage_error("--seconds only applies to --headless, --render-audio and --screenshot");
    }
    int width = 1280, height = 720;
    if (!size.empty() && !parse_size(size, width, height)) {
        return usage_error("--size: '" + size + "' is not WxH with 64..8192 each (e.g. 1280x720)");
    }
    if (!show.empty()) {
        TuneUi probe;
        if (const std::string bad = tune_ui_show(probe, show); !bad.empty()) {
            return usage_error("--show: unknown window or view '" + bad +
                               "' (tuning presets telemetry gg friction tyres forces slip "
                               "velocity acceleration contacts broadphase strain none)");
        }
    }
    if (const std::string why = drift_rig_check(mode, rig, track, record, level); !why.empty())
        return usage_error(why);
    // `--bench-render --crates N --frames F`: the soft-body bench scene drawn (paused).
    double crates = 0.0;
    if (bench_render) {
        double frames = 0.0;
        if (!parse_number(crates_text, crates) || crates != std::floor(crates) || crates < 1.0 ||
            crates > 1e6) {
            return usage_error("--bench-render needs --crates N (1..1000000)");
        }
        if (!parse_number(frames_text, frames) || frames != std::floor(frames) || frames < 1.0 ||
            frames > 1e6) {
            return usage_error("--bench-render needs --frames F (1..1000000)");
        }
        bench_text = frames_text;
    } else if (!crates_text.empty() || !frames_text.empty()) {
        return usage_error("--crates and --frames go with --bench-render");
    }
    double bench = 0.0;
    if (!bench_text.empty() && (!parse_number(bench_text, bench) || bench != std::floor(bench) ||
                                bench < 1.0 || bench > 1e6)) {
        return usage_error("--bench-frames: '" + bench_text +
                           "' is not a whole number in [1, 1000000]");
    }
    double shapes = 0.0;
    if (!shapes_text.empty() && (headless || !parse_number(shapes_text, shapes) ||
                                 shapes != std::floor(shapes) || shapes < 0.0 || shapes > 1e6)) {
        return usage_error(
            "--bench-shapes N (0..1000000) goes with --bench-frames or --screenshot");
    }
    if (bench_particles && !(bench > 0.0) && screenshot.empty()) {
        return usage_error("--bench-particles goes with --bench-frames or --screenshot");
    }
    if (bench > 0.0 && (headless || !screenshot.empty())) {
        return usage_error("--bench-frames runs on its own (not with --headless or --screenshot)");
    }
    // Files to read and destinations to write are checked before anything runs.
    struct PathCheck {
        const char* flag;
        const std::string* path;
        std::string (*why)(const std::string&, const std::string&);
    };
    const PathCheck paths[] = {{"--level", &level, unreadable},
                               {"--input", &input, unreadable},
                               {"--telemetry", &telemetry, unwritable},
                               {"--screenshot", &screenshot, unwritable},
                               {"--render-audio", &render_audio, unwritable},
                               {"--record", &record, unwritable},
                               {"--replay", &replay_path, unreadable},
                               {"--ghost", &ghost, unreadable}};
    for (const PathCheck& c : paths) {
        if (c.path->empty()) continue;
        if (const std::string why = c.why(c.flag, *c.path); !why.empty()) {
            std::cerr << "skidpad: " << lab::printable(why) << "\n";
            return 2;
        }
    }
    // What a killed earlier write of the same destination left beside it goes now.
    for (const std::string* out : {&telemetry, &screenshot, &render_audio, &record}) {
        if (!out->empty()) remove_stale_temps_of(*out);
    }
    if (!level.empty()) {
        Level lv;
        const LevelResult r = load_level_file(level, lv);
        if (!r.ok) {
            // Loaded, the game prints them once; refused, they may explain why.
            for (const std::string& w : r.warnings)
                std::cerr << "skidpad: warning: " << lab::printable(w) << "\n";
            std::cerr << "skidpad: " << lab::printable(r.error) << "\n";
            return 2;
        }
    }
    // A track file (not a shipped name) is read and checked before anything runs.
    if (!track.empty() && lab::track_arg_is_path(track)) {
        std::string why = unreadable("--track", track);
        if (why.empty()) {
            const TrackResult r = load_track_file(track);
            // Loaded, the game prints them once; refused, they may explain why.
            if (!r.ok) {
                for (const std::string& w : r.warnings)
                    std::cerr << "skidpad: warning: " << lab::printable(w) << "\n";
                why = r.error;
            }
        }
        if (!why.empty()) {
            std::cerr << "skidpad: " << lab::printable(why) << "\n";
            return 2;
        }
    }
    std::optional<InputScript> script;
    if (!input.empty()) {
        InputScript s;
        std::string error;
        if (!load_script(input, s, error)) {
            std::cerr << "skidpad: " << lab::printable(error) << "\n";
            return 2;
        }
        script = std::move(s);
    }

    if (!compare_args.empty()) {
        if (replay_path.empty())
            return usage_error("--compare-preset and --compare-set go with --replay FILE");
        if (headless)
            return usage_error(
                "--compare-preset/--compare-set show the comparison in the window or "
                "--screenshot (headless: skidpad lab compare --replay FILE --preset/--set)");
        if (!ghost.empty())
            return usage_error("--ghost goes with a live run, not with a comparison");
    }
    std::optional<Replay> replay;
    std::optional<Settings> compare;
    if (!replay_path.empty()) {
        if (!input.empty() || !track.empty() || autopilot || !level.empty() ||
            (headless && !seconds_text.empty()))
            return usage_error(
                "--replay sets its own scene and inputs (no --input, --track, "
                "--autopilot or --level; headless, no --seconds)");
        if (rest.size() != given)
            return usage_error(
                "--replay plays with the replay's own settings (no --preset or "
                "--set)");
        ReplayParse r = load_replay_file(replay_path);
        if (!r.ok) {
            std::cerr << "skidpad: " << lab::printable(r.error) << "\n";
            return 2;
        }
        replay = std::move(r.replay);
        if (!compare_args.empty()) {
            // Over where the replay starts (a restored last preset included): what the
            // command line sets wins, the rest is run A's.
            Settings b = replay_start_settings(*replay);
            if (!lab::apply_settings_args(compare_args, b, std::cerr)) return 2;
            compare = b;
        }
        if (headless && !record.empty())
            return usage_error("--record with --replay records only in the window (after T)");
        if (headless) return run_headless_replay(*replay, replay_path, std::cout, std::cerr);
    }
    std::optional<Replay> ghost_replay;
    if (!ghost.empty()) {
        ReplayParse r = load_replay_file(ghost);
        if (!r.ok) {
            std::cerr << "skidpad: --ghost: " << lab::printable(r.error) << "\n";
            return 2;
        }
        ghost_replay = std::move(r.replay);
    }
    if ((headless || !render_audio.empty()) && (!track.empty() || autopilot)) {
        return usage_error(
            "--track/--autopilot need the window or --screenshot (headless laps: "
            "skidpad lab lap --track NAME|FILE)");
    }
    if (autopilot && track.empty() && (mode.empty() || mode == "free"))
        return usage_error("--autopilot needs --track NAME|FILE (or a mode on a track)");
    if (!mode.empty() && !find_mode(mode))
        return usage_error("--mode: unknown mode '" + mode + "' (" + mode_names() + ")");
    if (!mode.empty() && (headless || !render_audio.empty() || !replay_path.empty()))
        return usage_error(
            "--mode needs the window or --screenshot (not --headless, "
            "--render-audio or --replay)");
    double opponents = -1.0;
    if (!opponents_text.empty()) {
        if (mode != "race") return usage_error("--opponents goes with --mode race");
        if (!parse_number(opponents_text, opponents) || opponents != std::floor(opponents) ||
            opponents < 1.0 || opponents > 7.0)
            return usage_error("--opponents: '" + opponents_text +
                               "' is not a whole number in [1, 7]");
    }
    if (headless || !render_audio.empty()) {
        HeadlessOptions o;
        o.settings = settings;
        o.seconds = seconds;
        o.script = script;
        o.telemetry = telemetry;
        o.level = level;
        if (!render_audio.empty()) return run_render_audio(o, render_audio, std::cout, std::cerr);
        o.record = record;
        return run_headless(o, std::cout, std::cerr);
    }
    GameOptions o;
    o.settings = settings;
    o.script = script;
    o.level = level;
    o.track = track;
    o.autopilot = autopilot;
    o.mode = mode;
    o.opponents = static_cast<int>(opponents);
    o.width = width;
    o.height = height;
    o.screenshot = screenshot;
    o.seconds = seconds;
    o.bench_frames = static_cast<int>(bench);
    o.bench_shapes = static_cast<int>(shapes);
    o.bench_crates = static_cast<int>(crates);
    o.bench_particles = bench_particles;
    o.telemetry = telemetry;
    o.show = show;
    o.record = record;
    o.replay = std::move(replay);
    o.compare = compare;
    o.ghost = std::move(ghost_replay);
    o.mode = mode;
    o.rig = rig;
    // The last preset comes back only when the command line chose no settings.
    o.restore_last_preset = rest.size() == given && !o.replay;
    // The game opens on the road (F1 shows the overlay); --overlay asks for it at start.
    o.overlay = overlay_given && overlay;
    o.start = start;
    return run_window(o);
}

}  // namespace skidpad::app
