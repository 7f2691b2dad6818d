// The windowed game's frame: events, steps, world drawing, UI and present (see game.hpp).
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
#include <utility>

#include "drift_rig_hud.hpp"
#include "frame_driver.hpp"
#include "game_draw.hpp"
#include "game_editors.hpp"
#include "game_title.hpp"
#include "ghost_hud.hpp"
#include "gl_shapes.hpp"
#include "key_hints.hpp"
#include "mode_hud.hpp"
#include "overlay.hpp"
#include "overlay_layout.hpp"
#include "planner_view.hpp"
#include "platform.hpp"
#include "player_prefs.hpp"
#include "race_hud.hpp"
#include "replay_session.hpp"
#include "sandbox_toolbar.hpp"
#include "sandbox_tools.hpp"
#include "sound_out.hpp"
#include "world_look.hpp"

namespace skidpad::app {

namespace {
using Clock = std::chrono::steady_clock;

// ---- the frame, in order ------------------------------------------------------------

/// Events -> input: the player's controls for this frame and the app's commands.
/// A run that is not interactive is not driven by hand.
AppCommands poll_events(Sim& sim, InputMapper& input, Ui& ui, double elapsed, bool interactive,
                        InputState& controls, SharedKeyboard& shared) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool kb_captured = io.WantCaptureKeyboard;
    const bool mouse_captured = io.WantCaptureMouse;
    // Several players share the keyboard by halves: the whole keyboard drives nobody.
    const bool halves = !sim.scene.humans.empty();
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        input.handle_event(e, kb_captured, mouse_captured);
        join_event(ui.join, e);
        if (e.type == SDL_MOUSEMOTION) sandbox_pointer_moved(e.motion.x, e.motion.y);
        if (halves && (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && e.key.repeat == 0)
            shared.key(static_cast<int>(e.key.keysym.scancode), e.type == SDL_KEYDOWN,
                       kb_captured || ui.menu.open || ui.join.open);
    }
    for (const std::string& m : input.take_messages())
        ui.toast(m);
    controls = input.update(elapsed, sim.settings().input, kb_captured || halves);
    if (halves) {
        shared.update(elapsed, sim.settings().input);
        // Pad k drives seat k + 1 beside its keys (pad 0: seat 1's, in `controls`), or
        // each seat the pad it joined with.
        seat_pad_controls(shared, input, elapsed, sim.settings().input);
        // A seat's pad unplugged: the game pauses and says whose it was.
        if (const std::string lost = shared.pads_now(input.pad_ids()); !lost.empty()) {
            sim.tuner.control("sim.paused", 1.0);
            ui.toast(lost + ": paused (plug it back in, then P resumes)", 6.0);
        }
    }
    AppCommands cmd = input.take_commands();
    if (!interactive) {
        controls = InputState{};
        cmd = AppCommands{};
    }
    return cmd;
}

/// The app's commands (pause, overlay, camera, window); zooming changes the view, not
/// a tunable.
void handle_commands(Game& game, Platform& platform, const AppCommands& cmd) {
    if (cmd.toggle_pause && game.session.live()) {
        game.session.sim.tuner.control("sim.paused", game.settings().sim.paused ? 0.0 : 1.0);
        game.toast(pause_toast_text(game.controls.input.bindings(), game.settings().sim.paused),
                   1.5);
    }
    if (cmd.single_step && game.settings().sim.paused && game.session.live())
        game.session.sim.loop.request_single_step();
    if (cmd.take_over && game.session.live() && game.session.sim.recorder.active())
        game.toast("T takes over a replay (--replay FILE)", 2.0);
    if (cmd.toggle_overlay) game.ui.show_overlay = !game.ui.show_overlay;
    if (cmd.toggle_mute) {
        game.session.sim.tuner.control("sound.enabled", game.settings().sound.enabled ? 0.0 : 1.0);
        game.toast(mute_toast_text(game.controls.input.bindings(), game.settings().sound.enabled),
                   1.5);
    }
    if (cmd.toggle_autopilot && game.session.live())
        planner_toggle_autopilot(game.session.sim, game.ui.toasts, game.ui.clock);
    if (cmd.toggle_minimap) game.ui.show_minimap = !game.ui.show_minimap;
    if (cmd.toggle_fullscreen) platform.toggle_fullscreen();
    if (cmd.save_replay)
        game.toast(replay_save_named(game.session.sim, game.session.pref_dir), 4.0);
    if (cmd.toggle_follow) {
        game.picture.camera.follow = !game.picture.camera.follow;
        game.toast(camera_toast_text(game.controls.input.bindings(), game.picture.camera.follow),
                   2.0);
    }
    if (cmd.zoom_notches != 0.0)
        camera_zoom(game.picture.camera, game.settings().camera, cmd.zoom_notches);
    if (!game.picture.camera.follow && (cmd.pan.x != 0.0 || cmd.pan.y != 0.0)) {
        camera_pan(game.picture.camera, cmd.pan);
    }
}

/// The fixed steps this frame's real time pays for, and the frame statistics.
void step(Game& game, double elapsed, const InputState& controls) {
    lend_host(game);
    game.session.frame(elapsed);
    tune_ui_sync_rate(game.ui.tune, game.settings().sim.physics_hz);
    queue_car_input(game.session, game.controls.edges, controls);
    seat_restart_vote(game, elapsed);  // several players in a race: hold reset to restart
    // The world stands still while the pause menu is open.
    const LoopFrame lf = game.session.sim.loop.advance(
        game.ui.menu.open || game.ui.join.open || game.ui.title.open ? 0.0 : elapsed,
        game.settings().sim);
    FrameStats& st = game.picture.stats;
    st.physics_ms = run_steps(game, lf, controls);
    if (lf.steps > 0) {
        const double per = st.physics_ms / lf.steps;
        st.step_ms = st.step_ms == 0.0 ? per : 0.9 * st.step_ms + 0.1 * per;
    }
    if (lf.steps == 0 && !game.session.sim.script) game.session.sim.last_input = controls;
    st.steps = lf.steps;
    st.alpha = game.settings().display.interpolate ? lf.alpha : 1.0;
    st.dropped_s += lf.dropped;
    st.frame_ms = elapsed * 1000.0;
    st.fps = st.fps == 0.0 ? 1.0 / std::max(elapsed, 1e-6)
                           : 0.95 * st.fps + 0.05 / std::max(elapsed, 1e-6);
}

/// What the player picked in the pause menu. True when the player quits.
bool act_on_menu(Game& game, const MenuPick& pick) {
    const bool edits =
        pick.action == MenuPick::Action::Restart || pick.action == MenuPick::Action::Car ||
        pick.action == MenuPick::Action::Assists || pick.action == MenuPick::Action::Players ||
        pick.action == MenuPick::Action::Track;
    if (edits && !game.session.live()) {
        game.toast("Not while watching a replay (T takes over)", 2.5);
        return false;
    }
    switch (pick.action) {
        case MenuPick::Action::Restart:
            lend_host(game);
            game.session.apply(Event::restart_mode());
            game.toast("Restarted", 1.5);
            break;
        case MenuPick::Action::Mode:
            if (pick.mode >= 0 && pick.mode < static_cast<int>(mode_table().size())) {
                ModeOptions mo;
                // A mode on a track keeps the track the player is on.
                if (const int t = game.session.sim.scene.track; t >= 0)
                    mo.track = game.session.sim.scene.tracks[static_cast<std::size_t>(t)].name;
                const ModeEntry& m = mode_table()[static_cast<std::size_t>(pick.mode)];
                lend_host(game);
                const std::string err = game.session.apply(Event::start_mode(m.name, mo));
                game.toast(err.empty() ? std::string(m.title) : "Mode not started: " + err, 3.0);
            }
            break;
        case MenuPick::Action::Car:
            if (pick.car >= 0 && pick.car < static_cast<int>(game.ui.cars.size())) {
                if (car_refused(game, game.ui.cars[static_cast<size_t>(pick.car)].name)) break;
                // A level the player picked stays: the preset's aids give way to it.
                std::string perr;
                const PlayerPrefs prefs = load_player_prefs(game.session.config_dir, perr);
                tune_ui_load_preset(game.ui.tune, game.session.sim.tuner,
                                    game.ui.cars[static_cast<size_t>(pick.car)]);
                if (prefs.chosen) apply_assist_level(game.session.sim.tuner, prefs.assists);
                game.session.apply(Event::tuning());
                game.toast(game.ui.tune.preset_status, 3.0);
            }
            break;
        case MenuPick::Action::Assists:
            choose_assists(game.session.sim.tuner, game.ui, game.session.config_dir,
                           static_cast<AssistLevel>(std::clamp(pick.assists, 0, 2)));
            break;
        case MenuPick::Action::EditTrack: {
            // The draft being edited, else the track being driven, else a new one.
            TrackEditor& ed = game.editor;
            const Scene& sc = game.session.sim.scene;
            if (ed.draft.size() == 0) {
                const std::string file =
                    sc.track >= 0 ? sc.tracks[static_cast<std::size_t>(sc.track)].path : "";
                const std::string e = track_editor_open(ed, file, game.session.pref_dir);
                if (!e.empty()) game.toast("Not opened: " + e, 5.0);
            }
            ed.open = true;
            ed.driving = false;
            game.level_editor.open = false;
            break;
        }
        case MenuPick::Action::EditLevel:
            level_editor_from_menu(game);
            break;
        case MenuPick::Action::Track:
            menu_track_pick(game, pick.track);
            break;
        case MenuPick::Action::Players:
            join_open(game);
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
bool draw_ui(Game& game, const AppCommands& cmd_in) {
    // The title screen stands instead of the HUD; its Settings opens the pause menu.
    if (game.ui.title.open && !game.ui.menu.open && !game.ui.title.settings)
        return title_frame(game, cmd_in);
    AppCommands cmd = cmd_in;
    cmd.escape = cmd.escape || std::exchange(game.ui.title.settings, false);
    float hud_top = ImGui::GetIO().DisplaySize.y;
    // The results and the pause menu leave the player's car in view.
    if (Box car;
        player_screen_box(game.session.sim.scene, game.picture.view, game.picture.stats.alpha, car))
        layout_keep_clear(car);
    const bool split = split_active(game);
    if (game.ui.show_hud) {
        // Several players: a HUD per viewport instead of the one at the bottom.
        if (split) {
            split_draw_hud(game);
        } else {
            hud_top = draw_hud(game.session.sim.scene.world, game.settings().sim.paused);
        }
        results_before_hud(game);
        HudContext hud = hud_context(game);
        hud.results = &game.ui.results;
        // Split: the mode's panels and the minimap only where the viewports have room.
        const bool room = !split || split_roomy(game.picture.split);
        const bool own = game.session.mode && room && draw_mode_hud(*game.session.mode, hud);
        if (!own && !split) {
            draw_planner_hud(game.session.sim.planner, game.session.sim.scene, game.settings(),
                             game.ui.show_overlay);
            draw_ghost_hud(game.session.ghost, game.session.sim.scene.world);
        }
        results_after_hud(game, cmd);
        if (const DriftRigMode* d =
                game.session.mode ? drift_rig_state(*game.session.mode) : nullptr)
            drift_rig_draw_hud(*d, game.session.sim.scene.world, game.picture.view,
                               game.ui.show_overlay, game.controls.input.bindings());
        // With 3 players the fourth quadrant is the map.
        if (game.ui.show_minimap && room && !(split && game.picture.split.layout.map))
            draw_minimap(game.session.sim.scene, game.session.ghost, game.ui.show_overlay,
                         minimap_fade(game));
    }
    draw_overlay(game);
    if (sandbox_toolbar_shown(game)) sandbox_toolbar_frame(game);
    if (game.viewer()) draw_replay_panel(viewer_context(game), hud_top - 4.0f);
    draw_toasts(game.ui.toasts, game.ui.clock);
    if (cmd.toggle_overlay || cmd.escape) game.ui.hint_start = -1.0;  // the player found them
    if (game.ui.hint_start >= 0.0)
        draw_start_hint(hint_alpha(game.ui.clock - game.ui.hint_start),
                        start_hint_text(game.controls.input.bindings()));
    if (game.ui.join.open) {  // it takes Esc; no menu over it
        join_frame(game, cmd);
        return false;
    }
    if ((cmd.escape || cmd.menu_toggle) && !game.ui.menu.open)
        game.ui.cars = car_presets(game.ui.tune.presets);
    game.ui.menu.modes.clear();
    game.ui.menu.current_mode = -1;
    for (const ModeEntry& m : mode_table()) {
        if (game.session.mode_name == m.name)
            game.ui.menu.current_mode = static_cast<int>(game.ui.menu.modes.size());
        game.ui.menu.modes.push_back(m.title);
    }
    menu_track_list(game);
    std::vector<std::string> names;
    int current = -1;
    for (const PresetEntry& e : game.ui.cars) {
        if (e.path == game.ui.tune.current_preset) current = static_cast<int>(names.size());
        names.push_back(e.name);
    }
    MenuServices services{&game.controls.input,   &game.session.sim.tuner,
                          &game.ui.controls_page, static_cast<double>(ImGui::GetIO().DeltaTime),
                          &game.ui.display,       &game.controls.shared};
    // --show display: the menu opens on its Display page (a screenshot of it).
    const bool show_track = game.ui.tune.open_track_page && !game.ui.menu.open;
    const bool show_page = (game.ui.tune.open_display_page || show_track) && !game.ui.menu.open;
    game.ui.tune.open_display_page = false;
    game.ui.tune.open_track_page = false;
    const MenuPick pick = draw_pause_menu(game.ui.menu, cmd.escape || show_page, names, current,
                                          static_cast<int>(assist_level_of(game.settings().car)),
                                          menu_nav(cmd), &services);
    if (show_page && game.ui.menu.open) {
        game.ui.menu.page = show_track ? PauseMenu::Page::Track : PauseMenu::Page::Display;
        if (show_track) game.ui.menu.cursor = std::max(game.ui.menu.current_track, 1);
    }
    if (!game.ui.menu.open && game.ui.controls_page.capturing) {
        // The menu went away while a binding waited for its input: the keys are the car's.
        game.controls.input.cancel_capture();
        game.controls.input.take_capture();
        game.ui.controls_page.capturing = false;
        game.ui.menu.busy = false;
    }
    if (pick.action == MenuPick::Action::Mode || pick.action == MenuPick::Action::EditTrack)
        game.ui.title.open = false;
    return act_on_menu(game, pick);
}

}  // namespace

void lend_host(Game& game) {
    game.session.host = ModeHost{.presets = &game.ui.tune.presets,
                                 .car_preset = &game.ui.tune.current_preset,
                                 .toasts = &game.ui.toasts,
                                 .clock = game.ui.clock,
                                 .menu_open = game.ui.menu.open,
                                 .reset_held = game.controls.input.reset_held()};
}

ModeContext mode_context(Game& game) {
    lend_host(game);
    return game.session.mode_context();
}

HudContext hud_context(const Game& game) {
    return HudContext{.scene = game.session.sim.scene,
                      .keys = game.controls.input.bindings(),
                      .ghost = game.session.ghost,
                      .view = game.picture.view,
                      .alpha = game.picture.stats.alpha,
                      .clock = game.ui.clock,
                      .overlay_shown = game.ui.show_overlay,
                      .results = nullptr};
}

ViewerContext viewer_context(Game& game) {
    return ViewerContext{.viewer = *game.viewer(),
                         .sim = game.session.sim,
                         .session = game.session,
                         .edges = game.controls.edges,
                         .keys = game.controls.input.bindings(),
                         .ghost = game.session.ghost,
                         .effects = game.picture.effects,
                         .camera = game.picture.camera,
                         .tune = game.ui.tune,
                         .toasts = game.ui.toasts,
                         .clock = game.ui.clock,
                         .overlay_shown = game.ui.show_overlay};
}

void apply_tuning(Session& session, TuneUi& tune) {
    session.apply(Event::tuning());
    tune_ui_sync_rate(tune, session.settings().sim.physics_hz);
}

void queue_car_input(Session& session, PendingEdges& edges, const InputState& frame_input) {
    edges.add(frame_input);
    if (session.settings().sim.paused && edges.take_reset()) session.apply(Event::car_reset());
}

double run_steps(Game& game, const LoopFrame& frame, const InputState& frame_input) {
    const Clock::time_point t0 = Clock::now();
    Session& session = game.session;
    const World& world = session.sim.scene.world;
    lend_host(game);
    SeatInputs inputs{{frame_input}};
    // Several players: each seat's half of the keyboard (seat 1's with the first pad).
    const std::size_t humans = 1 + session.sim.scene.humans.size();
    seat_frame_inputs(game.controls, humans, inputs);
    InputState& in = inputs.seat[0];
    // The edges come from the held ones (queue_car_input), on the first step only.
    in.shift_up = in.shift_down = in.toggle_manual = in.reset = false;
    for (int i = 0; i < frame.steps; ++i) {
        if (!session.sim.script) game.controls.edges.take_into(in);
        seat_take_edges(game.controls, inputs);
        session.step(inputs, frame.dt);
        // What the picture and the sound take from the step just taken.
        camera_shake_kick(game.picture.camera, game.settings().camera,
                          effects_after_step(game.picture.effects, session.sim.scene,
                                             game.settings().display.effects, frame.dt));
        if (humans > 1) split_after_step(game);
        if (game.sound) game.sound->after_step(world, game.settings(), frame.dt);
        tune_ui_record(game.ui.tune, world);
        for (InputState& si : inputs.seat)
            si.shift_up = si.shift_down = si.toggle_manual = si.reset = false;
    }
    return ms_since(t0);
}

void camera_take_cue(Camera& camera, CameraCue& cue) {
    if (cue.replace) camera.placed = false;
    if (cue.user_zoom > 0.0) {
        camera.def_zoom = cue.def_zoom;
        camera.user_zoom = cue.user_zoom;
    }
    cue = CameraCue{};
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
    std::string prefs_message;
    display_load(game.ui.display, game.session.config_dir, interactive, prefs_message);
    if (!prefs_message.empty()) game.toast(prefs_message, 8.0);
    // The window where the player left it (a --size other than the default wins).
    const WindowPlace& place = game.ui.display.prefs.place;
    if (place.width > 0 && options.width == GameOptions{}.width &&
        options.height == GameOptions{}.height) {
        wc.width = place.width;
        wc.height = place.height;
        wc.x = place.x;
        wc.y = place.y;
        wc.placed = place.placed;
    }
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
    game_open_player(game.session.sim, game.controls, game.ui, game.session.config_dir, options,
                     interactive, ini);
    display_start(game, platform, options, interactive);
    join_open_at_start(game, options, interactive);
    SoundOut sound;  // after the platform: closed before SDL quits
    if (interactive) {
        sound.open(std::cerr);
        game.sound = &sound;
    }

    if (options.title) title_open(game, options.profile);
    editors_open_at_start(game, options.edit, options.edit_file);

    Clock::time_point last = Clock::now();
    bool first_frame = true;
    bool quit = false;
    while (!quit && !driver->done()) {
        const Clock::time_point frame_start = Clock::now();
        const double elapsed = driver->frame_seconds(
            std::chrono::duration<double>(frame_start - last).count(), first_frame);
        last = frame_start;
        first_frame = false;
        game.ui.clock += elapsed;

        InputState controls;
        AppCommands cmd = poll_events(game.session.sim, game.controls.input, game.ui, elapsed,
                                      interactive, controls, game.controls.shared);
        // Driving a track from the editor: Esc goes back to the editor where it was; Esc
        // in the editor goes to the game (the pause menu's Track editor comes back).
        if (game.editor.open && cmd.escape && !game.ui.menu.open) {
            if (game.editor.driving) {
                game.editor.driving = false;
            } else {
                game.editor.open = false;
                game.toast("Editor closed: Esc, Track editor brings it back", 3.0);
            }
            cmd.escape = false;
        }
        level_editor_escape(game, cmd.escape);
        const bool editing = editors_editing(game);
        if (editing) {
            if (cmd.toggle_fullscreen) platform.toggle_fullscreen();
        } else {
            handle_commands(game, platform, cmd);
        }
        if (interactive && platform.vsync() != game.settings().display.vsync) {
            platform.set_vsync(game.settings().display.vsync);
        }
        if (editing) {
            game.picture.stats.steps = 0;
        } else if (!game.session.live()) {
            game.picture.stats.steps = replay_view_frame(viewer_context(game), cmd, elapsed);
            game.picture.stats.alpha = 1.0;
        } else {
            step(game, elapsed, controls);
        }
        if (game.sound) {
            // Paused or in the menu, the world stands still and so does its sound.
            const Scene& sc = game.session.sim.scene;
            scene_car_voices(sc, game.car_voices);
            // Music in the menu and on the results of a race the player finished.
            const RaceEntry* me = sc.race.entry(sc.world.player());
            const audio::MusicCue music = game.ui.menu.open || game.ui.title.open
                                              ? audio::MusicCue::Menu
                                          : me && me->finish_time >= 0.0 ? audio::MusicCue::Results
                                                                         : audio::MusicCue::None;
            game.sound->frame(sc.world, game.settings(), game.controls.input,
                              game.settings().sim.paused || game.ui.menu.open || editing,
                              game.car_voices, music, audio::rain_of(sc.world.def().sim.weather));
        }

        display_frame(game, platform);
        platform.begin_frame();
        View view;
        if (editing) {
            view = game.level_editor.open ? level_editor_game_frame(game, interactive)
                                          : editor_frame(game, interactive);
            quit = cmd.quit;
        } else {
            view = draw_world(game, elapsed, interactive, options);
            quit = cmd.quit || draw_ui(game, cmd);
        }

        FrameTimes times;
        times.draw = game.picture.stats.draw_ms;
        const Clock::time_point render_t0 = Clock::now();
        platform.render(0.16f, 0.17f, 0.16f, [&] {
            const Look look =
                frame_look(game.settings().display, game.session.sim.scene.world.def().sim.weather);
            if (split_active(game)) {
                const ImGuiIO& io = ImGui::GetIO();
                split_draw_gl(world_gl, game.picture.renderer.batch(), game.picture.split, look,
                              io.DisplayFramebufferScale.y, io.DisplaySize.y);
            } else {
                world_gl.draw(game.picture.renderer.batch(), view, look);
            }
        });
        times.render = ms_since(render_t0);
        driver->rendered(game, platform, cmd);
        const Clock::time_point present_t0 = Clock::now();
        platform.present();
        times.present = ms_since(present_t0);
        times.frame = ms_since(frame_start);
        driver->presented(game, times);
    }

    display_close(game, platform);
    if (const int code = game_close(game.session, game.session.sim, options, interactive);
        code != 0)
        return code;
    return driver->finish(game, platform);
}

}  // namespace skidpad::app
