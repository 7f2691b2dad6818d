#include "game.hpp"

#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>

#include "gl_shapes.hpp"
#include "lab.hpp"
#include "overlay.hpp"
#include "platform.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string timestamp_name() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "skidpad-%Y%m%d-%H%M%S.png", &tm);
    return buf;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
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
}  // namespace

std::string Game::set_param(const std::string& key, double value) {
    const ParamResult r = param_registry().set(settings, key, value);
    if (!r.ok) return r.error;
    world.apply_settings(settings);
    return "";
}

void Game::toast(std::string text, double seconds) {
    toasts.push_back({std::move(text), clock + seconds});
    if (toasts.size() > 6) toasts.erase(toasts.begin());
}

std::string default_level_path() {
    return std::string(SKIDPAD_SOURCE_ASSETS) + "/levels/arena.json";
}

void build_scene(World& world, const std::string& level, std::string& warning) {
    warning.clear();
    const std::string path = level.empty() ? default_level_path() : level;
    Level lv;
    const LevelResult r = load_level_or_builtin(path, lv);
    if (!r.ok) {
        // The command line checks --level before anything runs; this is the shipped
        // file gone bad (or a file changed since): still play, on the built-in arena.
        warning = r.error + "; using the built-in default arena";
        lv = builtin_arena_level();
    } else if (r.used_builtin) {
        warning = "level '" + path + "' not found; using the built-in default arena";
    }
    build_level(world, lv);
}

double run_steps(Game& game, const LoopFrame& frame, const InputState& frame_input) {
    const Clock::time_point t0 = Clock::now();
    InputState in = frame_input;
    for (int i = 0; i < frame.steps; ++i) {
        if (game.script) {
            // Sample at the step's start time; the tiny bias makes a row at t take
            // effect on the step that starts at t despite rounding in time().
            in = game.script->at(game.world.time() + 1e-9);
        }
        planner_before_step(game, in);
        game.world.step(frame.dt, in);
        planner_after_step(game);
        tune_ui_record(game.tune, game.world);
        if (game.telemetry_csv.is_open() && game.world.valid(game.world.player())) {
            game.telemetry_csv.record(game.world, game.world.player());
        }
        game.last_input = in;
        // Edges (shift, reset, manual toggle) act once per frame, not once per step.
        in.shift_up = in.shift_down = in.toggle_manual = in.reset = false;
    }
    return ms_since(t0);
}

unsigned frame_cap_sleep_ms(double used_ms, int max_fps) {
    if (max_fps <= 0 || !(used_ms >= 0.0)) return 0;
    const double left = 1000.0 / max_fps - used_ms;
    return left >= 1.0 ? static_cast<unsigned>(left) : 0u;
}

int run_window(const GameOptions& options) {
    const bool screenshot_mode = !options.screenshot.empty();
    const bool bench_mode = options.bench_frames > 0;
    const bool scripted_clock = screenshot_mode;  // fixed 60 Hz frames, machine-independent

    Game game;
    game.settings = options.settings;
    game.world = World(game.settings);
    std::string warning;
    sandbox_build_scene(game.world, game.sandbox, options.level, warning);
    if (options.bench_crates > 0) {
        sandbox_bench_scene(game, options.bench_crates, options.width, options.height);
    }
    if (!warning.empty()) std::cerr << "skidpad: warning: " << warning << "\n";
    game.script = options.script;
    game.show_overlay = options.overlay;
    planner_init(game);
    if (!options.track.empty()) {
        const std::string err = planner_select_name(game, options.track);
        if (!err.empty()) {
            std::cerr << "skidpad: " << err << "\n";
            return 2;
        }
        if (options.autopilot) planner_toggle_autopilot(game);
    }
    if (!options.telemetry.empty()) {
        std::string terr;
        if (!game.telemetry_csv.open(options.telemetry, terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }

    // Declared before the platform so that it outlives ImGui, which saves its
    // layout to io.IniFilename (a pointer into this string) on shutdown.
    std::string ini;
    Platform platform;
    WindowConfig wc;
    wc.width = options.width;
    wc.height = options.height;
    wc.vsync = (screenshot_mode || bench_mode) ? false : game.settings.display.vsync;
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
    if (char* pref = SDL_GetPrefPath("skidpad", "skidpad")) {
        game.pref_dir = pref;
        SDL_free(pref);
    }
    game.tune = TuneUi(game.pref_dir, std::string(SKIDPAD_SOURCE_ASSETS) + "/presets");
    tune_ui_sync_rate(game.tune, game.settings.sim.physics_hz);
    tune_ui_show(game.tune, options.show);  // names were checked by the command line
    if (options.restore_last_preset && !screenshot_mode && !bench_mode) {
        const std::string msg = tune_ui_restore_last(game.tune, game.world);
        if (!msg.empty()) {
            game.settings = game.world.settings();
            game.toast(msg, 4.0);
        }
    }
    if (!screenshot_mode && !bench_mode && !game.pref_dir.empty()) {
        ini = game.pref_dir + "imgui.ini";
        ImGui::GetIO().IniFilename = ini.c_str();
        ImGui::LoadIniSettingsFromDisk(ini.c_str());
    }
    game.input.open_connected_pads();
    for (const std::string& m : game.input.take_messages())
        game.toast(m);
    if (!warning.empty()) game.toast("Warning: " + warning, 6.0);

    Clock::time_point last = Clock::now();
    bool running = true;
    bool first_frame = true;
    long long frame_index = 0;
    std::vector<double> bench_ms;
    std::vector<double> bench_draw_ms;     // CPU: DrawList -> ImDrawList only
    std::vector<double> bench_render_ms;   // ImGui::Render + GL submit
    std::vector<double> bench_present_ms;  // swap (the GL driver finishes the frame)
    double startup_ms = 0.0;
    const double screenshot_seconds = std::max(options.seconds, 0.0);

    while (running) {
        const Clock::time_point frame_start = Clock::now();
        double elapsed = std::chrono::duration<double>(frame_start - last).count();
        last = frame_start;
        if (scripted_clock || first_frame) elapsed = 1.0 / 60.0;
        game.clock += elapsed;

        // ---- events -> input ----
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
        InputState pad_kb = game.input.update(elapsed, game.settings.input, kb_captured);
        AppCommands cmd = game.input.take_commands();
        if (screenshot_mode || bench_mode) {
            pad_kb = InputState{};  // a screenshot/bench run is not driven by hand
            cmd = AppCommands{};
        }

        if (cmd.quit) running = false;
        if (cmd.toggle_pause) {
            game.set_param("sim.paused", game.settings.sim.paused ? 0.0 : 1.0);
            game.toast(game.settings.sim.paused ? "Paused (P resumes, '.' steps)" : "Running", 1.5);
        }
        if (cmd.single_step && game.settings.sim.paused) game.loop.request_single_step();
        if (cmd.toggle_overlay) game.show_overlay = !game.show_overlay;
        if (cmd.toggle_autopilot) planner_toggle_autopilot(game);
        planner_frame(game);
        if (cmd.toggle_fullscreen) platform.toggle_fullscreen();
        if (cmd.toggle_follow) {
            game.camera.follow = !game.camera.follow;
            game.toast(game.camera.follow ? "Camera follows the car"
                                          : "Camera detached: drag to pan, C to follow",
                       2.0);
        }
        if (cmd.zoom_notches != 0.0)
            camera_zoom(game.camera, game.settings.camera, cmd.zoom_notches);
        if (!game.camera.follow && (cmd.pan.x != 0.0 || cmd.pan.y != 0.0)) {
            camera_pan(game.camera, cmd.pan);
        }
        if (!screenshot_mode && !bench_mode && platform.vsync() != game.settings.display.vsync) {
            platform.set_vsync(game.settings.display.vsync);
        }

        // ---- fixed steps ----
        const LoopFrame lf = game.loop.advance(elapsed, game.settings.sim);
        game.stats.physics_ms = run_steps(game, lf, pad_kb);
        if (lf.steps > 0) {
            const double per = game.stats.physics_ms / lf.steps;
            game.stats.step_ms =
                game.stats.step_ms == 0.0 ? per : 0.9 * game.stats.step_ms + 0.1 * per;
        }
        if (lf.steps == 0 && !game.script) game.last_input = pad_kb;
        game.stats.steps = lf.steps;
        game.stats.alpha = game.settings.display.interpolate ? lf.alpha : 1.0;
        game.stats.dropped_s += lf.dropped;
        game.stats.frame_ms = elapsed * 1000.0;
        game.stats.fps = game.stats.fps == 0.0
                             ? 1.0 / std::max(elapsed, 1e-6)
                             : 0.95 * game.stats.fps + 0.05 / std::max(elapsed, 1e-6);

        // ---- camera + draw ----
        platform.begin_frame();
        const ImVec2 ds = ImGui::GetIO().DisplaySize;
        const CarId player = game.world.player();
        if (game.world.valid(player)) {
            const CarPose pose = game.world.interpolated_pose(player, game.stats.alpha);
            camera_update(game.camera, game.settings.camera, pose.position,
                          game.world.car(player).velocity,
                          camera_user_zoom(game.camera, game.settings.camera), elapsed);
        }
        View view;
        view.centre = game.camera.centre;
        view.zoom = std::max(game.camera.zoom, 0.5);
        view.size = dvec2(std::max(ds.x, 1.0f), std::max(ds.y, 1.0f));
        ImDrawList& bg = *ImGui::GetBackgroundDrawList();
        game.renderer.begin();
        if (game.settings.display.show_grid) game.renderer.draw_grid(view);
        if (!screenshot_mode && !bench_mode) sandbox_frame(game, view);
        game.shapes.clear();
        planner_draw_ground(game, game.shapes);
        game.world.draw(game.shapes, game.tune.debug, game.stats.alpha);
        planner_draw_markers(game, game.shapes, game.stats.alpha);
        if (options.bench_shapes > 0) add_bench_crates(game.shapes, view, options.bench_shapes);
        const Clock::time_point draw_t0 = Clock::now();
        game.stats.render = game.renderer.draw(game.shapes, view);
        game.stats.draw_ms = ms_since(draw_t0);
        game.renderer.draw_scale_bar(bg, view);
        if (game.show_hud) draw_hud(game);
        draw_overlay(game);
        if (game.show_overlay) draw_sandbox_panel(game);
        draw_toasts(game);
        const Clock::time_point render_t0 = Clock::now();
        platform.render(0.16f, 0.17f, 0.16f, [&] { world_gl.draw(game.renderer.batch(), view); });
        const double render_ms = ms_since(render_t0);

        const bool last_screenshot_frame =
            screenshot_mode && game.world.time() + 1e-9 >= screenshot_seconds;
        if (last_screenshot_frame || cmd.screenshot) {
            Image img;
            std::string path =
                last_screenshot_frame ? options.screenshot : game.pref_dir + timestamp_name();
            std::string err;
            if (game.pref_dir.empty() && !last_screenshot_frame) {
                err = "no writable preferences directory";
            } else if (!platform.read_pixels(img)) {
                err = "cannot read the frame back";
            } else if (write_png(path, img, err)) {
                err.clear();
            }
            if (last_screenshot_frame) {
                if (!err.empty()) {
                    std::cerr << "skidpad: screenshot failed: " << err << "\n";
                    return 1;
                }
                const Car& c = game.world.car(player);
                lab::Line line;
                line.kv("screenshot", path).kv("width", img.width).kv("height", img.height);
                line.kv("seconds", game.world.time())
                    .kv("steps", static_cast<long long>(game.world.step_count()));
                line.kv("x", c.position.x).kv("y", c.position.y);
                if (game.telemetry_csv.is_open()) {
                    line.kv("telemetry", options.telemetry)
                        .kv("telemetry_rows", game.telemetry_csv.rows());
                }
                std::cout << line.str() << "\n";
                running = false;
            } else {
                game.toast(err.empty() ? "Screenshot saved: " + path : "Screenshot failed: " + err,
                           5.0);
            }
        }
        const Clock::time_point present_t0 = Clock::now();
        platform.present();
        const double present_ms = ms_since(present_t0);
        if (first_frame) {
            startup_ms = ms_since(options.start);
            first_frame = false;
        } else if (bench_mode) {
            bench_ms.push_back(ms_since(frame_start));
            bench_draw_ms.push_back(game.stats.draw_ms);
            bench_render_ms.push_back(render_ms);
            bench_present_ms.push_back(present_ms);
        }
        // Frame cap: without it a driver that ignores vsync (Xvfb, some compositors)
        // renders flat out and burns a core. Sleep out the rest of the frame.
        if (!bench_mode && !screenshot_mode) {
            const unsigned sleep_ms =
                frame_cap_sleep_ms(ms_since(frame_start), game.settings.display.max_fps);
            if (sleep_ms > 0) SDL_Delay(sleep_ms);
        }
        frame_index += 1;
        if (bench_mode && frame_index > options.bench_frames) running = false;
    }

    if (game.telemetry_csv.is_open()) {
        std::string terr;
        if (!game.telemetry_csv.finish(terr)) {
            std::cerr << "skidpad: " << terr << "\n";
            return 1;
        }
    }
    if (bench_mode) {
        lab::Line line;
        line.kv("bench", "frames").kv("startup_ms", startup_ms, 3);
        line.kv("frames", static_cast<long long>(bench_ms.size()));
        line.kv("idle_frame_ms_median", median(bench_ms), 4);
        line.kv("idle_frame_ms_p95", percentile(bench_ms, 0.95), 4);
        line.kv("world_draw_ms_median", median(bench_draw_ms), 4);
        line.kv("render_ms_median", median(bench_render_ms), 4);
        line.kv("present_ms_median", median(bench_present_ms), 4);
        line.kv("overlay", options.overlay ? 1LL : 0LL).kv("shapes_drawn", game.stats.render.drawn);
        line.kv("width", options.width).kv("height", options.height);
        std::string gl = platform.gl_version();
        std::replace(gl.begin(), gl.end(), ' ', '_');  // one token per key=value
        line.kv("gl", gl);
        if (options.bench_crates > 0) {
            line.kv("crates", options.bench_crates);
            line.kv("fps_median", 1000.0 / std::max(median(bench_ms), 1e-6), 2);
        }
        std::cout << line.str() << "\n";
    }
    return 0;
}

}  // namespace skidpad::app
