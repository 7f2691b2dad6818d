// Opening and closing a run of the game: the Game built from the options, what the
// player keeps between runs (assists, window layout, bindings), and what is written at
// the end (telemetry, replays).
#include <SDL.h>
#include <imgui.h>

#include <iostream>

#include "bindings_store.hpp"
#include "car_locks.hpp"
#include "data_dir.hpp"
#include "game.hpp"
#include "player_prefs.hpp"
#include "players.hpp"
#include "replay_session.hpp"
#include "sandbox_tools.hpp"
#include "stale_temps.hpp"
#include "user_dirs.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {
/// The player's bindings file: its keys, pad inputs and steering feel; when it cannot be
/// used, the defaults and a message (the file stays as it is until the player saves).
void load_player_bindings(Sim& sim, InputMapper& input, SharedKeyboard& shared, Ui& ui,
                          const std::string& config_dir) {
    ui.controls_page.path = bindings_path(config_dir);
    const BindingsLoad r = load_bindings_file(ui.controls_page.path);
    input.set_bindings(r.bindings);
    ui.controls_page.seats = r.seats;  // Save writes them back as they were
    if (const std::string bad = apply_seat_keys(shared, r.seats); !bad.empty()) {
        const std::string msg =
            ui.controls_page.path + ": seats: " + bad + " -- using the default seat keys";
        std::cerr << "skidpad: warning: " << msg << "\n";
        ui.toast(msg, 10.0);
    }
    for (const std::string& w : r.warnings) {
        std::cerr << warning_lines(w);
        ui.toast("Warning: " + w, 6.0);
    }
    if (!r.ok) {
        std::cerr << "skidpad: warning: " << r.message << "\n";
        ui.toast(r.message, 10.0);
        ui.controls_page.status = r.message;
        ui.controls_page.status_error = true;
    } else if (r.found) {
        apply_steer_feel(sim.tuner, r.bindings.steer);
    }
}

}  // namespace

void choose_assists(Tuner& tuner, Ui& ui, const std::string& config_dir, AssistLevel level) {
    apply_assist_level(tuner, level);
    // The rest of the player's settings stay as they are: the run's own copy when it has
    // one (saved with it), else the file's.
    std::string perr;
    PlayerPrefs prefs = ui.display.loaded ? ui.display.prefs : load_player_prefs(config_dir, perr);
    prefs.assists = level;
    prefs.chosen = true;
    const FileResult saved = save_player_prefs(config_dir, prefs);
    if (ui.display.loaded) {
        ui.display.prefs = prefs;
        ui.display.saved_text = player_prefs_text(prefs);
    }
    ui.toast(std::string("Assists: ") + assist_level_name(level) +
                 (saved.ok ? "" : " (not saved: " + saved.error + ")"),
             3.0);
}

void Ui::toast(std::string text, double seconds) {
    add_toast(toasts, clock, std::move(text), seconds);
}

namespace {
/// The player's data and settings folders (util/user_dirs.hpp: the XDG places, the old
/// folder's files moved there once), stale temporary files cleared from them. Found for
/// every run, a replay watched included: a drive taken over there is saved there (F5,
/// last.replay at the end) like any other. A test that sets pref_dir keeps it.
void find_pref_dir(Game& game) {
    Session& session = game.session;
    if (!session.pref_dir.empty()) return;
    const util::UserDirsOpen dirs = util::open_user_dirs(util::user_dirs_env_here());
    for (const std::string& w : dirs.warnings)
        std::cerr << "skidpad: warning: " << w << "\n";
    if (!dirs.moved.empty()) {
        std::cerr << "skidpad: " << dirs.moved << "\n";
        game.toast("Your files moved to " + dirs.dirs.config + " and " + dirs.dirs.data, 8.0);
    }
    session.pref_dir = dirs.dirs.data;
    session.config_dir = dirs.dirs.config;
    // Presets, last_preset.txt, screenshots, bindings and player.txt are written
    // atomically there.
    if (!session.pref_dir.empty()) {
        remove_stale_temp_files(session.pref_dir);
        remove_stale_temp_files(session.pref_dir + "presets");
    }
    if (!session.config_dir.empty()) remove_stale_temp_files(session.config_dir);
}
}  // namespace

int game_open(Game& game, const GameOptions& options) {
    game.ui.show_overlay = options.overlay;
    find_pref_dir(game);
    // Each step the replay viewer shows makes its particles and shakes the camera, as
    // a live step does (run_steps).
    game.session.shown_step = [&game](double dt) {
        camera_shake_kick(game.picture.camera, game.settings().camera,
                          effects_after_step(game.picture.effects, game.session.sim.scene,
                                             game.settings().display.effects, dt));
    };
    if (options.replay) {
        const Settings* compare = options.compare ? &*options.compare : nullptr;
        if (const std::string why =
                replay_view_open(game.session, game.ui.tune, *options.replay, compare);
            !why.empty()) {
            std::cerr << "skidpad: --replay: " << why << "\n";
            return 2;
        }
        return 0;
    }
    game.session.sim.tuner = Tuner(options.settings);
    game.ui.tune = TuneUi(game.session.pref_dir, util::data_path("presets"));
    tune_ui_sync_rate(game.ui.tune, game.settings().sim.physics_hz);
    tune_ui_show(game.ui.tune, options.show);  // names were checked by the command line
    // The car a mode times (its best laps are per car) is the one restored here.
    if (options.restore_last_preset && options.screenshot.empty() && options.bench_frames == 0) {
        // Checked against this profile's unlocks: a car remembered from another profile's
        // run is not driven here (the stock car stays).
        const std::string msg = tune_ui_restore_last_unlocked(
            game.ui.tune, game.session.sim.tuner,
            peek_progress(progress_path(game.session.pref_dir, options.profile)));
        if (!msg.empty()) game.toast(msg, 4.0);
    }
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.session.sim.scene, options.level, options.settings, warning, skipped);
    // The player's own tracks (saved by the track editor) beside the shipped ones.
    if (!game.session.pref_dir.empty()) {
        for (TrackChoice& c : find_tracks(user_tracks_dir(game.session.pref_dir), skipped)) {
            c.title += " (yours)";
            game.session.sim.scene.tracks.push_back(std::move(c));
        }
    }
    game.session.sim.scene.players = options.players;
    players_place(game.session.sim.scene);
    game.session.seat_scripts = options.seat_scripts;
    game.controls.shared.seat(options.players);
    game.picture.split.stacked = options.stacked;
    if (options.bench_crates > 0) {
        sandbox_bench_scene(game.session.sim, game.picture.camera, options.bench_crates,
                            options.width, options.height);
    }
    for (const std::string& w : skipped) {
        std::cerr << warning_lines(w);
        game.toast(w, 6.0);
    }
    if (!warning.empty()) {
        std::cerr << warning_lines(warning);
        game.toast("Warning: " + warning, 6.0);
    }
    game.session.sim.script = options.script;
    ModeOptions mo;
    mo.track = options.track;
    mo.opponents = options.opponents;
    mo.profile = options.profile;
    game.ui.title.profile = options.profile;  // whose progress locks the cars
    mo.rules = options.rules;
    mo.rig = options.rig;
    lend_host(game);
    const std::string err =
        game.session.apply(Event::start_mode(options.mode.empty() ? "free" : options.mode, mo));
    for (const std::string& w : game.session.sim.scene.warnings) {  // the track it loaded
        std::cerr << warning_lines(w);
        game.toast(w, 6.0);
    }
    game.session.sim.scene.warnings.clear();
    if (!err.empty()) {
        std::cerr << "skidpad: " << util::printable(err) << "\n";
        return 2;
    }
    if (options.autopilot)
        planner_toggle_autopilot(game.session.sim, game.ui.toasts, game.ui.clock);
    if (!options.telemetry.empty()) {
        std::string terr;
        if (!game.session.telemetry_csv.open(options.telemetry, terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }
    const bool bench = options.bench_frames > 0 || options.bench_crates > 0;
    if (!bench && (!game.session.mode || game.session.mode->recordable()))
        game.session.record_begin(options.settings, options.level, options.mode == "race");
    if (options.ghost) {
        if (const std::string why = ghost_open(game.session.ghost, *options.ghost); !why.empty()) {
            std::cerr << "skidpad: --ghost: " << why << "\n";
            return 2;
        }
    }
    return 0;
}

std::vector<PresetEntry> car_presets(const PresetStore& store) {
    std::vector<PresetEntry> cars;
    for (PresetEntry& e : store.list()) {
        std::string text;
        if (!read_file_capped(e.path, kMaxPresetBytes, text).ok) continue;
        if (text.find("\"car.") != std::string::npos) cars.push_back(std::move(e));
    }
    return cars;
}

void game_open_player(Sim& sim, Controls& controls, Ui& ui, const std::string& config_dir,
                      const GameOptions& options, bool interactive, std::string& ini) {
    if (interactive && !config_dir.empty()) {
        // The player's assist level, unless the command line set the car (player.txt was
        // read with the window's settings: display_load).
        const PlayerPrefs& prefs = ui.display.prefs;
        if (options.restore_last_preset && prefs.chosen) {
            apply_assist_level(sim.tuner, prefs.assists);
        }
        ini = config_dir + "imgui.ini";
        ImGui::GetIO().IniFilename = ini.c_str();
        ImGui::LoadIniSettingsFromDisk(ini.c_str());
    }
    if (interactive) load_player_bindings(sim, controls.input, controls.shared, ui, config_dir);
    ui.hint_start = interactive ? ui.clock : -1.0;
    controls.input.open_connected_pads();
    for (const std::string& m : controls.input.take_messages())
        ui.toast(m);
}

int game_close(Session& session, const Sim& sim, const GameOptions& options, bool interactive) {
    if (session.telemetry_csv.is_open()) {
        std::string terr;
        if (!session.telemetry_csv.finish(terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }
    if (replay_save_at_exit(sim, session.pref_dir, options.record, interactive) != 0) return 1;
    return 0;
}

}  // namespace skidpad::app
