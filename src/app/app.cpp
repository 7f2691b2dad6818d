// The whole program: `lab` and `params` handed on, the command line parsed from its
// table (command_line.hpp), files checked and loaded, then the run its kind names.
#include "app.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>

#include <unistd.h>

#include "build_info.hpp"
#include "car_locks.hpp"
#include "command_line.hpp"
#include "data_dir.hpp"
#include "game.hpp"
#include "headless.hpp"
#include "lab.hpp"
#include "render_audio.hpp"
#include "replay_lab.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/track.hpp"
#include "stale_temps.hpp"
#include "stop_signal.hpp"
#include "track_tool.hpp"
#include "user_dirs.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {
using util::printable;

/// The message, the usage and exit code 2.
int usage_error(const std::string& message) {
    std::cerr << "skidpad: " << printable(message) << "\n";
    print_usage(std::cerr);
    return 2;
}

/// The message and exit code 2 (a file, not the command line's shape, is wrong).
int bad_file(const std::string& message) {
    std::cerr << "skidpad: " << printable(message) << "\n";
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
    if (!args.empty() && args[0] == "track") {
        return run_track_tool({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    CommandLine cl;
    std::string error;
    if (parse_command_line(args, cl, error) != 0) return usage_error(error);
    if (!cl.edit_file.empty()) {
        if (const std::string why = unreadable("--edit " + cl.edit, cl.edit_file); !why.empty())
            return bad_file(why);
    }
    if (cl.help) {
        print_usage(std::cout);
        return 0;
    }
    if (cl.version) {
        std::cout << "skidpad " << build_version_text() << "\n";
        return 0;
    }
    // The data folder (tracks/, levels/, presets/): --data, $SKIDPAD_DATA, beside the
    // executable, the source tree of a developer build; one message naming them if none.
    if (!util::data_dir_init(cl.data_dir, std::cerr)) return 2;
    // --preset / --set first: a bad value stops everything before anything runs.
    Settings settings;
    std::vector<std::string> settings_args = cl.settings_args;
    if (!lab::apply_settings_args(settings_args, settings, std::cerr)) return 2;

    // Files to read and destinations to write are checked before anything runs.
    struct PathCheck {
        const char* flag;
        const std::string* path;
        std::string (*why)(const std::string&, const std::string&);
    };
    const PathCheck paths[] = {{"--level", &cl.level, unreadable},
                               {"--input", &cl.input, unreadable},
                               {"--telemetry", &cl.telemetry, unwritable},
                               {"--screenshot", &cl.screenshot, unwritable},
                               {"--render-audio", &cl.render_audio, unwritable},
                               {"--record", &cl.record, unwritable},
                               {"--replay", &cl.replay, unreadable},
                               {"--ghost", &cl.ghost, unreadable}};
    for (const PathCheck& c : paths) {
        if (c.path->empty()) continue;
        if (const std::string why = c.why(c.flag, *c.path); !why.empty()) return bad_file(why);
    }
    // What a killed earlier write of the same destination left beside it goes now.
    for (const std::string* out : {&cl.telemetry, &cl.screenshot, &cl.render_audio, &cl.record}) {
        if (!out->empty()) remove_stale_temps_of(*out);
    }
    if (!cl.level.empty()) {
        Level lv;
        const LevelResult r = load_level_file(cl.level, lv);
        if (!r.ok) {
            // Loaded, the game prints them once; refused, they may explain why.
            for (const std::string& w : r.warnings)
                std::cerr << "skidpad: warning: " << printable(w) << "\n";
            return bad_file(r.error);
        }
    }
    // A track file (not a shipped name) is read and checked before anything runs.
    if (!cl.track.empty() && lab::track_arg_is_path(cl.track)) {
        std::string why = unreadable("--track", cl.track);
        if (why.empty()) {
            const TrackResult r = load_track_file(cl.track);
            // Loaded, the game prints them once; refused, they may explain why.
            if (!r.ok) {
                for (const std::string& w : r.warnings)
                    std::cerr << "skidpad: warning: " << printable(w) << "\n";
                why = r.error;
            }
        }
        if (!why.empty()) return bad_file(why);
    }
    std::optional<InputScript> script;
    if (!cl.input.empty()) {
        InputScriptResult r = load_input_script_file(cl.input);
        if (!r.ok) return bad_file(r.error);
        script = std::move(r.script);
    }
    // --players N: seat 2's script onwards (seat 1's is `script`).
    std::vector<std::optional<InputScript>> seat_scripts;
    for (std::size_t k = 1; k < cl.inputs.size(); ++k) {
        if (const std::string why = unreadable("--input", cl.inputs[k]); !why.empty())
            return bad_file(why);
        InputScriptResult r = load_input_script_file(cl.inputs[k]);
        if (!r.ok) return bad_file(r.error);
        seat_scripts.emplace_back(std::move(r.script));
    }
    std::optional<Replay> replay;
    std::optional<Settings> compare;
    if (!cl.replay.empty()) {
        ReplayParse r = load_replay_file(cl.replay);
        if (!r.ok) return bad_file(r.error);
        replay = std::move(r.replay);
        if (!cl.compare_args.empty()) {
            Settings b = replay->header.settings;
            if (!lab::apply_settings_args(cl.compare_args, b, std::cerr)) return 2;
            compare = b;
        }
        if (cl.kind == RunKind::ReplayHeadless) {
            catch_stop_signals();
            return run_headless_replay(*replay, cl.replay, cl.telemetry, std::cout, std::cerr);
        }
    }
    std::optional<Replay> ghost_replay;
    if (!cl.ghost.empty()) {
        ReplayParse r = load_replay_file(cl.ghost);
        if (!r.ok) return bad_file("--ghost: " + r.error);
        ghost_replay = std::move(r.replay);
    }
    if (cl.kind == RunKind::Headless || cl.kind == RunKind::RenderAudio) {
        HeadlessOptions o;
        o.settings = settings;
        o.seconds = cl.seconds;
        o.script = script;
        o.telemetry = cl.telemetry;
        o.level = cl.level;
        o.record = cl.record;
        o.players = cl.players;
        o.seat_scripts = seat_scripts;
        if (cl.kind == RunKind::RenderAudio)
            return run_render_audio(o, cl.render_audio, std::cout, std::cerr);
        catch_stop_signals();
        return run_headless(o, std::cout, std::cerr);
    }
    // A car the player has not unlocked yet is refused for play as on the title screen
    // (pictures, benchmarks and the lab take any preset).
    if (cl.kind == RunKind::Window) {
        const std::string dir = util::user_dirs(util::user_dirs_env_here()).data;
        const Progress progress = peek_progress(progress_path(dir, cl.profile));
        if (const std::string why = preset_args_lock(progress, cl.settings_args); !why.empty()) {
            std::cerr << "skidpad: --preset: " << why << "\n";
            return 2;
        }
    }
    GameOptions o;
    o.settings = settings;
    o.script = script;
    o.level = cl.level;
    o.track = cl.track;
    o.autopilot = cl.autopilot;
    o.mode = cl.mode;
    o.opponents = cl.opponents;
    o.profile = cl.profile;
    o.rules = RaceRules{cl.laps, cl.difficulty};
    o.title = opens_on_title(cl);
    o.players = cl.players;
    o.stacked = cl.stacked;
    o.seat_scripts = std::move(seat_scripts);
    o.rig = cl.rig;
    o.edit = cl.edit;
    o.edit_file = cl.edit_file;
    o.set_keys = set_keys_of(cl.settings_args);
    o.width = cl.width;
    o.height = cl.height;
    o.screenshot = cl.screenshot;
    o.seconds = cl.seconds;
    o.bench_frames = cl.bench_frames;
    o.bench_shapes = cl.bench_shapes;
    o.bench_crates = cl.bench_crates;
    o.bench_particles = cl.bench_particles;
    o.telemetry = cl.telemetry;
    o.show = cl.show;
    o.record = cl.record;
    o.replay = std::move(replay);
    o.compare = compare;
    o.ghost = std::move(ghost_replay);
    // The last preset comes back only when the command line chose no settings.
    o.restore_last_preset = cl.settings_args.empty() && !o.replay;
    // The game opens on the road (F1 shows the overlay); --overlay asks for it at start.
    o.overlay = cl.overlay;
    o.start = start;
    return run_window(o);
}

}  // namespace skidpad::app
