#include "game.hpp"

#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <span>

#include "bindings_store.hpp"
#include "frame_driver.hpp"
#include "gl_shapes.hpp"
#include "lab.hpp"
#include "modes/mode_hud.hpp"
#include "overlay.hpp"
#include "platform.hpp"
#include "player_prefs.hpp"
#include "replay_session.hpp"
#include "stale_temps.hpp"

namespace skidpad::app {

namespace {
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Benchmark load: n crate-like quads (fill + outline, as soft bodies draw) spread
/// over the visible area, so none is culled.
void add_bench_crates(DrawList& out, const View& view, int n) {
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    const dvec2 half = view.half_extent();
    const double sx = 2.0 * half.x / side, sy = 2.0 * half.y / side;
    const float hw = static_cast<float>(0.4 * std::min(sx, sy));
    for (int i = 0; i < n; ++i) {
        const vec2 c(static_cast<float>(view.centre.x - half.x + (i % side + 0.5) * sx),
                     static_cast<float>(view.centre.y - half.y + (i / side + 0.5) * sy));
        const float a = 0.1f * static_cast<float>(i % 17);
        vec2 q[4];
        for (int k = 0; k < 4; ++k) {
            const float ang = a + static_cast<float>(k) * 1.5707963f;
            q[k] = c + vec2(std::cos(ang), std::sin(ang)) * (hw * 1.41421356f);
        }
        out.polygon(q, rgba(176, 128, 72), rgba(70, 50, 30), 0.04f, 2);
    }
}

// ---- the frame, in order ------------------------------------------------------------

/// Events -> input: the player's controls for this frame and the app's commands.
/// A run that is not interactive is not driven by hand.
AppCommands poll_events(Game& game, double elapsed, bool interactive, InputState& controls) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool kb_captured = io.WantCaptureKeyboard;
    const bool mouse_captured = io.WantCaptureMouse;
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        game.input.handle_event(e, kb_captured, mouse_captured);
    }
    for (const std::string& m : game.input.take_messages())
        game.toast(m);
    controls = game.input.update(elapsed, game.settings().input, kb_captured);
    AppCommands cmd = game.input.take_commands();
    if (!interactive) {
        controls = InputState{};
        cmd = AppCommands{};
    }
    return cmd;
}

/// The app's commands (pause, overlay, camera, window); zooming changes the view, not
/// a tunable.
void handle_commands(Game& game, Platform& platform, const AppCommands& cmd) {
    if (cmd.toggle_pause && !game.viewer.active) {
        game.tuner.control("sim.paused", game.settings().sim.paused ? 0.0 : 1.0);
        game.toast(game.settings().sim.paused ? "Paused (P resumes, '.' steps)" : "Running", 1.5);
    }
    if (cmd.single_step && game.settings().sim.paused && !game.viewer.active)
        game.loop.request_single_step();
    if (cmd.take_over && !game.viewer.active && game.recorder.active())
        game.toast("T takes over a replay (--replay FILE)", 2.0);
    if (cmd.toggle_overlay) game.show_overlay = !game.show_overlay;
    if (cmd.toggle_mute) {
        game.tuner.control("sound.enabled", game.settings().sound.enabled ? 0.0 : 1.0);
        game.toast(game.settings().sound.enabled ? "Sound on" : "Sound muted (N)", 1.5);
    }
    if (cmd.toggle_autopilot && !game.viewer.active) planner_toggle_autopilot(game);
    if (cmd.toggle_minimap) game.show_minimap = !game.show_minimap;
    if (cmd.toggle_fullscreen) platform.toggle_fullscreen();
    if (cmd.save_replay) game.toast(replay_save_named(game), 4.0);
    if (cmd.toggle_follow) {
        game.camera.follow = !game.camera.follow;
        game.toast(game.camera.follow ? "Camera follows the car"
                                      : "Camera detached: drag to pan, C to follow",
                   2.0);
    }
    if (cmd.zoom_notches != 0.0) camera_zoom(game.camera, game.settings().camera, cmd.zoom_notches);
    if (!game.camera.follow && (cmd.pan.x != 0.0 || cmd.pan.y != 0.0)) {
        camera_pan(game.camera, cmd.pan);
    }
}

/// The fixed steps this frame's real time pays for, and the frame statistics.
void step(Game& game, double elapsed, const InputState& controls) {
    apply_tuning(game);
    planner_frame(game.planner, game.scene, game.settings());
    if (game.mode && !game.menu.open) game.mode->frame(game, elapsed);
    queue_car_input(game, controls);
    // The world stands still while the pause menu is open.
    const LoopFrame lf = game.loop.advance(game.menu.open ? 0.0 : elapsed, game.settings().sim);
    FrameStats& st = game.stats;
    st.physics_ms = run_steps(game, lf, controls);
    if (lf.steps > 0) {
        const double per = st.physics_ms / lf.steps;
        st.step_ms = st.step_ms == 0.0 ? per : 0.9 * st.step_ms + 0.1 * per;
    }
    if (lf.steps == 0 && !game.script) game.last_input = controls;
    st.steps = lf.steps;
    st.alpha = game.settings().display.interpolate ? lf.alpha : 1.0;
    st.dropped_s += lf.dropped;
    st.frame_ms = elapsed * 1000.0;
    st.fps = st.fps == 0.0 ? 1.0 / std::max(elapsed, 1e-6)
                           : 0.95 * st.fps + 0.05 / std::max(elapsed, 1e-6);
}

/// Camera, then the world (grid, plan, bodies, cars, markers) into the triangle batch.
View draw_world(Game& game, double elapsed, bool interactive, const GameOptions& options) {
    const World& world = game.scene.world;
    const CameraDef& cam = game.settings().camera;
    if (world.valid(world.player())) {
        const CarPose pose = world.interpolated_pose(world.player(), game.stats.alpha);
        camera_update(game.camera, cam, pose.position, world.car(world.player()).velocity,
                      camera_user_zoom(game.camera, cam), elapsed);
    }
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    View view;
    view.centre = game.camera.centre + game.camera.shake_offset;
    view.zoom = std::max(game.camera.zoom, 0.5);
    view.size = dvec2(std::max(ds.x, 1.0f), std::max(ds.y, 1.0f));
    game.view = view;
    game.renderer.begin();
    game.renderer.draw_ground(view);
    if (game.settings().display.show_grid) game.renderer.draw_grid(view);
    if (interactive && !game.viewer.active) {
        const std::string msg =
            sandbox_frame(game.sandbox, game.scene, game.settings().soft, view, &game.recorder);
        if (!msg.empty()) game.toast(msg, 1.5);
    }
    game.shapes.clear();
    if (game.scene.track < 0) level_draw_patches(game.scene.arena, game.shapes);
    planner_draw_ground(game.planner, game.scene.race, game.shapes);
    drift_rig_draw_ground(game, view, game.shapes);
    world.draw(game.shapes, game.tune.debug, game.stats.alpha);
    ghost_draw(game.ghost, game.shapes);
    planner_draw_markers(game.planner, world, game.settings(), game.shapes, game.stats.alpha);
    if (options.bench_shapes > 0) add_bench_crates(game.shapes, view, options.bench_shapes);
    const Clock::time_point t0 = Clock::now();
    game.stats.render = game.renderer.draw(game.shapes, view);
    // Particles move with simulated time: frozen while paused or in the menu.
    const EffectsDef& fx = game.settings().display.effects;
    const bool frozen = game.settings().sim.paused || game.menu.open || game.viewer.active;
    game.effects.update(frozen ? 0.0 : elapsed * std::max(game.settings().sim.time_scale, 0.0), fx);
    if (options.bench_particles) game.effects.fill(view, fx);
    game.effects.draw(game.renderer.batch(), view);
    game.stats.draw_ms = ms_since(t0);
    game.renderer.draw_scale_bar(*ImGui::GetBackgroundDrawList(), view);
    return view;
}

/// The live gap to the ghost, top centre.
void draw_ghost_hud(const Game& game) {
    const GhostGap g = ghost_gap(game.ghost, game.scene.world);
    if (!g.valid) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const Ghost& gh = game.ghost;
    const char* label = gh.label.c_str();
    char text[128];
    std::snprintf(text, sizeof text, "%s %s %.1f m  (%+.2f s)%s%s%s", label,
                  g.metres >= 0.0 ? "ahead" : "behind", std::fabs(g.metres), g.seconds,
                  gh.player.at_end() ? "  (" : "", gh.player.at_end() ? label : "",
                  gh.player.at_end() ? " ended)" : "");
    const ImVec2 size = ImGui::CalcTextSize(text);
    const Color c = gh.paint != 0 ? gh.paint : rgba(230, 230, 255);
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 at((ds.x - size.x) * 0.5f, 8.0f);
    // A dark band behind the text keeps it readable over anything the world draws.
    dl->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 3.0f),
                      ImVec2(at.x + size.x + 8.0f, at.y + size.y + 3.0f), IM_COL32(0, 0, 0, 150),
                      4.0f);
    dl->AddText(at, IM_COL32(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, 230), text);
}

/// What the player picked in the pause menu. True when the player quits.
bool act_on_menu(Game& game, const MenuPick& pick) {
    const bool edits = pick.action == MenuPick::Action::Restart ||
                       pick.action == MenuPick::Action::Car ||
                       pick.action == MenuPick::Action::Assists;
    if (edits && game.viewer.active) {
        game.toast("Not while watching a replay (T takes over)", 2.5);
        return false;
    }
    switch (pick.action) {
        case MenuPick::Action::Restart:
            if (game.mode) {
                game.mode->restart(game);
            } else {
                scene_reset(game.scene);
            }
            game.toast("Restarted", 1.5);
            break;
        case MenuPick::Action::Mode:
            if (pick.mode >= 0 && pick.mode < static_cast<int>(mode_table().size())) {
                ModeOptions mo;
                // A mode on a track keeps the track the player is on.
                if (game.scene.track >= 0)
                    mo.track = game.scene.tracks[static_cast<std::size_t>(game.scene.track)].name;
                const ModeEntry& m = mode_table()[static_cast<std::size_t>(pick.mode)];
                const std::string err = mode_start(game, m.name, mo);
                game.toast(err.empty() ? std::string(m.title) : "Mode not started: " + err, 3.0);
            }
            break;
        case MenuPick::Action::Car:
            if (pick.car >= 0 && pick.car < static_cast<int>(game.cars.size())) {
                // A level the player picked stays: the preset's aids give way to it.
                std::string perr;
                const PlayerPrefs prefs = load_player_prefs(game.pref_dir, perr);
                tune_ui_load_preset(game.tune, game.tuner,
                                    game.cars[static_cast<size_t>(pick.car)]);
                if (prefs.chosen) apply_assist_level(game.tuner, prefs.assists);
                game.toast(game.tune.preset_status, 3.0);
            }
            break;
        case MenuPick::Action::Assists:
            choose_assists(game, static_cast<AssistLevel>(std::clamp(pick.assists, 0, 2)));
            break;
        case MenuPick::Action::Quit:
            return true;
        case MenuPick::Action::None:
        case MenuPick::Action::Resume:
            break;
    }
    return false;
}

/// HUD, overlay windows, toasts, the start hint and the pause menu. True when the
/// player quits.
bool draw_ui(Game& game, const AppCommands& cmd) {
    if (game.show_hud) {
        draw_hud(game.scene.world, game.settings().sim.paused);
        const bool own = !game.viewer.active && game.mode && game.mode->draw_hud(game);
        if (!own) {
            draw_planner_hud(game.planner, game.scene, game.settings());
            draw_ghost_hud(game);
        }
        drift_rig_draw_hud(game);
        draw_minimap(game);
    }
    draw_overlay(game);
    draw_replay_panel(game);
    draw_toasts(game.toasts, game.clock);
    if (cmd.toggle_overlay || cmd.escape) game.hint_start = -1.0;  // the player found them
    if (game.hint_start >= 0.0) draw_start_hint(hint_alpha(game.clock - game.hint_start));
    if ((cmd.escape || cmd.menu_toggle) && !game.menu.open)
        game.cars = car_presets(game.tune.presets);
    game.menu.modes.clear();
    game.menu.current_mode = -1;
    for (const ModeEntry& m : mode_table()) {
        if (game.mode_name == m.name)
            game.menu.current_mode = static_cast<int>(game.menu.modes.size());
        game.menu.modes.push_back(m.title);
    }
    std::vector<std::string> names;
    int current = -1;
    for (const PresetEntry& e : game.cars) {
        if (e.path == game.tune.current_preset) current = static_cast<int>(names.size());
        names.push_back(e.name);
    }
    MenuNav nav;
    nav.up = cmd.menu_up;
    nav.down = cmd.menu_down;
    nav.left = cmd.menu_left;
    nav.right = cmd.menu_right;
    nav.select = cmd.menu_select;
    nav.back = cmd.menu_back;
    nav.clear = cmd.menu_clear;
    nav.toggle = cmd.menu_toggle;
    MenuServices services{&game.input, &game.tuner, &game.controls_page,
                          static_cast<double>(ImGui::GetIO().DeltaTime)};
    const MenuPick pick =
        draw_pause_menu(game.menu, cmd.escape, names, current,
                        static_cast<int>(assist_level_of(game.settings().car)), nav, &services);
    if (!game.menu.open && game.controls_page.capturing) {
        // The menu went away while a binding waited for its input: the keys are the car's.
        game.input.cancel_capture();
        game.input.take_capture();
        game.controls_page.capturing = false;
        game.menu.busy = false;
    }
    return act_on_menu(game, pick);
}

/// The player's bindings file: its keys, pad inputs and steering feel; when it cannot be
/// used, the defaults and a message (the file stays as it is until the player saves).
void load_player_bindings(Game& game) {
    game.controls_page.path = bindings_path(game.pref_dir);
    const BindingsLoad r = load_bindings_file(game.controls_page.path);
    game.input.set_bindings(r.bindings);
    if (!r.ok) {
        std::cerr << "skidpad: warning: " << r.message << "\n";
        game.toast(r.message, 10.0);
        game.controls_page.status = r.message;
        game.controls_page.status_error = true;
    } else if (r.found) {
        apply_steer_feel(game.tuner, r.bindings.steer);
    }
}

}  // namespace

void choose_assists(Game& game, AssistLevel level) {
    apply_assist_level(game.tuner, level);
    PlayerPrefs prefs;
    prefs.assists = level;
    const FileResult saved = save_player_prefs(game.pref_dir, prefs);
    game.toast(std::string("Assists: ") + assist_level_name(level) +
                   (saved.ok ? "" : " (not saved: " + saved.error + ")"),
               3.0);
}

void Game::toast(std::string text, double seconds) {
    toasts.push_back({std::move(text), clock + seconds});
    if (toasts.size() > 6) toasts.erase(toasts.begin());
}

int game_open(Game& game, const GameOptions& options) {
    game.show_overlay = options.overlay;
    if (options.replay) {
        const Settings* compare = options.compare ? &*options.compare : nullptr;
        if (const std::string why = replay_view_open(game, *options.replay, compare);
            !why.empty()) {
            std::cerr << "skidpad: --replay: " << why << "\n";
            return 2;
        }
        return 0;
    }
    game.tuner = Tuner(options.settings);
    if (game.pref_dir.empty()) {
        if (char* pref = SDL_GetPrefPath("skidpad", "skidpad")) {
            game.pref_dir = pref;
            SDL_free(pref);
            // Presets, last_preset.txt and screenshots are written atomically there.
            remove_stale_temp_files(game.pref_dir);
            remove_stale_temp_files(game.pref_dir + "presets");
        }
    }
    game.tune = TuneUi(game.pref_dir, std::string(SKIDPAD_SOURCE_ASSETS) + "/presets");
    tune_ui_sync_rate(game.tune, game.settings().sim.physics_hz);
    tune_ui_show(game.tune, options.show);  // names were checked by the command line
    // The car a mode times (its best laps are per car) is the one restored here.
    if (options.restore_last_preset && options.screenshot.empty() && options.bench_frames == 0) {
        const std::string msg = tune_ui_restore_last(game.tune, game.tuner);
        if (!msg.empty()) game.toast(msg, 4.0);
    }
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(game.scene, options.level, options.settings, warning, skipped);
    if (options.bench_crates > 0) {
        sandbox_bench_scene(game, options.bench_crates, options.width, options.height);
    }
    for (const std::string& w : skipped)
        game.toast(w, 6.0);
    if (!warning.empty()) {
        std::cerr << "skidpad: warning: " << warning << "\n";
        game.toast("Warning: " + warning, 6.0);
    }
    game.script = options.script;
    ModeOptions mo;
    mo.track = options.track;
    mo.opponents = options.opponents;
    mo.rig = options.rig;
    if (const std::string err = mode_start(game, options.mode.empty() ? "free" : options.mode, mo);
        !err.empty()) {
        std::cerr << "skidpad: " << lab::printable(err) << "\n";
        return 2;
    }
    if (options.autopilot) planner_toggle_autopilot(game);
    if (!options.telemetry.empty()) {
        std::string terr;
        if (!game.telemetry_csv.open(options.telemetry, terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }
    if (!game.mode || game.mode->recordable()) replay_record_begin(game, options);
    if (options.ghost) {
        if (const std::string why = ghost_open(game.ghost, *options.ghost); !why.empty()) {
            std::cerr << "skidpad: --ghost: " << why << "\n";
            return 2;
        }
    }
    return 0;
}

void apply_tuning(Game& game) {
    if (!game.tuner.has_events()) return;
    const std::vector<TuneEvent> events = game.tuner.take_events();
    for (const TuneEvent& t : events) {
        ReplayEvent e;
        e.op = ReplayOp::Tune;
        e.tune = t;
        game.recorder.event(e);
    }
    game.scene.world.apply(events);
    tune_ui_sync_rate(game.tune, game.settings().sim.physics_hz);
}

void queue_car_input(Game& game, const InputState& frame_input) {
    game.edges.add(frame_input);
    World& world = game.scene.world;
    if (game.settings().sim.paused && game.edges.take_reset() && world.valid(world.player())) {
        ReplayEvent e;
        e.op = ReplayOp::CarReset;
        game.recorder.event(e);
        game.scene.race.respawn(world, world.player());
        apply_world_event(world, e);
    }
}

double run_steps(Game& game, const LoopFrame& frame, const InputState& frame_input) {
    const Clock::time_point t0 = Clock::now();
    World& world = game.scene.world;
    InputState in = frame_input;
    // The edges come from the held ones (queue_car_input), on the first step only.
    in.shift_up = in.shift_down = in.toggle_manual = in.reset = false;
    for (int i = 0; i < frame.steps; ++i) {
        if (game.script) {
            // Sample at the step's start time; the tiny bias makes a row at t take
            // effect on the step that starts at t despite rounding in time().
            in = game.script->at(world.time() + 1e-9);
        } else {
            game.edges.take_into(in);
        }
        planner_before_step(game.planner, game.scene, in);
        if (game.mode) game.mode->before_step(game, in);
        game.recorder.step(in);
        world.step(frame.dt, in);
        {
            // Every car's smoke and sparks: the player, the AI opponent, a race's field.
            std::array<CarId, 10> cars{};
            std::size_t n = 0;
            cars[n++] = world.player();
            if (world.valid(game.scene.ai_car)) cars[n++] = game.scene.ai_car;
            for (const RaceEntry& e : game.scene.race.entries()) {
                if (n < cars.size() && e.car != world.player() && e.car != game.scene.ai_car)
                    cars[n++] = e.car;
            }
            const double hit =
                game.effects.after_step(world, std::span<const CarId>(cars.data(), n),
                                        world.player(), game.settings().display.effects, frame.dt);
            camera_shake_kick(game.camera, game.settings().camera, hit);
        }
        ghost_step(game.ghost);
        game.scene.race.observe(world);  // lap timers and track limits
        if (game.mode) game.mode->after_step(game);
        drift_rig_after_step(game, in, frame.dt);
        if (game.sound) game.sound->after_step(world, game.settings(), frame.dt);
        tune_ui_record(game.tune, world);
        if (game.telemetry_csv.is_open() && world.valid(world.player())) {
            game.telemetry_csv.record(world, world.player());
        }
        game.last_input = in;
        in.shift_up = in.shift_down = in.toggle_manual = in.reset = false;
    }
    return ms_since(t0);
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

unsigned frame_cap_sleep_ms(double used_ms, int max_fps) {
    if (max_fps <= 0 || !(used_ms >= 0.0)) return 0;
    const double left = 1000.0 / max_fps - used_ms;
    return left >= 1.0 ? static_cast<unsigned>(left) : 0u;
}

int run_window(const GameOptions& options) {
    const std::unique_ptr<FrameDriver> driver = make_frame_driver(options);
    const bool interactive = driver->interactive();
    Game game;
    if (const int code = game_open(game, options); code != 0) return code;

    // Declared before the platform so that it outlives ImGui, which saves its
    // layout to io.IniFilename (a pointer into this string) on shutdown.
    std::string ini;
    Platform platform;
    WindowConfig wc;
    wc.width = options.width;
    wc.height = options.height;
    wc.vsync = interactive && game.settings().display.vsync;
    std::string error;
    if (!platform.open(wc, error)) {
        std::cerr << "skidpad: " << error << "\n";
        return 1;
    }
    GlShapes world_gl;  // declared after the platform: freed while the context lives
    if (!world_gl.open(error)) {
        std::cerr << "skidpad: " << error << "\n";
        return 1;
    }
    if (interactive && !game.pref_dir.empty()) {
        // The player's assist level, unless the command line set the car.
        std::string perr;
        const PlayerPrefs prefs = load_player_prefs(game.pref_dir, perr);
        if (!perr.empty()) game.toast(perr, 6.0);
        if (options.restore_last_preset && prefs.chosen) {
            apply_assist_level(game.tuner, prefs.assists);
        }
        ini = game.pref_dir + "imgui.ini";
        ImGui::GetIO().IniFilename = ini.c_str();
        ImGui::LoadIniSettingsFromDisk(ini.c_str());
    }
    if (interactive) load_player_bindings(game);
    game.hint_start = interactive ? game.clock : -1.0;
    game.input.open_connected_pads();
    for (const std::string& m : game.input.take_messages())
        game.toast(m);
    SoundOut sound;  // after the platform: closed before SDL quits
    if (interactive) {
        sound.open(std::cerr);
        game.sound = &sound;
    }

    Clock::time_point last = Clock::now();
    bool first_frame = true;
    bool quit = false;
    while (!quit && !driver->done()) {
        const Clock::time_point frame_start = Clock::now();
        const double elapsed = driver->frame_seconds(
            std::chrono::duration<double>(frame_start - last).count(), first_frame);
        last = frame_start;
        first_frame = false;
        game.clock += elapsed;

        InputState controls;
        const AppCommands cmd = poll_events(game, elapsed, interactive, controls);
        handle_commands(game, platform, cmd);
        if (interactive && platform.vsync() != game.settings().display.vsync) {
            platform.set_vsync(game.settings().display.vsync);
        }
        if (game.viewer.active) {
            game.stats.steps = replay_view_frame(game, cmd, elapsed);
            game.stats.alpha = 1.0;
        } else {
            step(game, elapsed, controls);
        }
        if (game.sound) {
            // Paused or in the menu, the world stands still and so does its sound.
            game.sound->frame(game.scene.world, game.settings(), game.input,
                              game.settings().sim.paused || game.menu.open);
        }

        platform.begin_frame();
        const View view = draw_world(game, elapsed, interactive, options);
        quit = cmd.quit || draw_ui(game, cmd);

        FrameTimes times;
        times.draw = game.stats.draw_ms;
        const Clock::time_point render_t0 = Clock::now();
        platform.render(0.16f, 0.17f, 0.16f, [&] { world_gl.draw(game.renderer.batch(), view); });
        times.render = ms_since(render_t0);
        driver->rendered(game, platform, cmd);
        const Clock::time_point present_t0 = Clock::now();
        platform.present();
        times.present = ms_since(present_t0);
        times.frame = ms_since(frame_start);
        driver->presented(game, times);
    }

    if (game.telemetry_csv.is_open()) {
        std::string terr;
        if (!game.telemetry_csv.finish(terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }
    if (replay_save_at_exit(game, options, interactive) != 0) return 1;
    return driver->finish(game, platform);
}

}  // namespace skidpad::app
