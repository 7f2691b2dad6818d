// The windowed game: what one frame touches lives in Game, in parts with one owner
// each: the game layer's Sim and Session (src/game/sim.hpp), and the app's Controls,
// Picture and Ui; functions take the parts they read or edit.
// run_window() runs the frame in a fixed order (events, input, steps, world drawing, UI,
// present); what differs between playing, a screenshot and a benchmark is a FrameDriver
// (frame_driver.hpp).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "audio/engine_voice.hpp"
#include "camera.hpp"
#include "cup_run.hpp"
#include "display_apply.hpp"
#include "effects.hpp"
#include "input_map.hpp"
#include "join_screen.hpp"
#include "level_editor.hpp"
#include "menu_pages.hpp"
#include "mode_hud.hpp"
#include "pause_menu.hpp"
#include "render.hpp"
#include "replay_view.hpp"
#include "restart_vote.hpp"
#include "scenery.hpp"
#include "seat_keys.hpp"
#include "session.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"
#include "split_screen.hpp"
#include "title_menu.hpp"
#include "track_editor.hpp"
#include "tune_ui.hpp"

namespace skidpad::app {

/// How run_window() runs: interactively, or for a screenshot / benchmark.
struct GameOptions {
    Settings settings;                  ///< defaults + --preset + --set
    std::optional<InputScript> script;  ///< drives the player car instead of keyboard/pad
    std::string level;                  ///< --level FILE ("" = built-in arena)
    std::string track;                  ///< --track NAME (assets/tracks/NAME.json) or FILE
    bool autopilot = false;             ///< --autopilot: the player's car drives itself
    int width = 1280;                   ///< window size, points
    int height = 720;
    bool overlay = false;          ///< F1 overlay visible at start (--overlay)
    std::string screenshot;        ///< screenshot mode: write the last frame here
    double seconds = 0.0;          ///< screenshot mode: simulated seconds to run
    int bench_frames = 0;          ///< > 0: benchmark mode (idle frames, print figures)
    int bench_shapes = 0;          ///< benchmark: extra crate-like quads drawn per frame
    int bench_crates = 0;          ///< --bench-render: soft-body bench scene of N crates, paused
    bool bench_particles = false;  ///< --bench-particles: the particle pool kept full
    std::string telemetry;         ///< --telemetry OUT.csv: one row per physics step ("" = none)
    bool restore_last_preset = false;  ///< load the last preset (no --preset/--set given)
    std::string show;                  ///< --show LIST: overlay windows / debug views open at start
    std::string record;                ///< --record FILE: the run saved as a replay at the end
    std::optional<Replay> replay;      ///< --replay FILE: played back in the viewer
    std::optional<Settings> compare;   ///< --compare-preset/--compare-set: run B's settings
    std::optional<Replay> ghost;       ///< --ghost FILE: its player car drawn as a ghost
    std::string mode;                  ///< --mode NAME ("" = free)
    int opponents = -1;                ///< --opponents N (race; < 0: the mode's default)
    std::string profile;               ///< --profile NAME ("" = the default progress)
    RaceRules rules;                   ///< --laps N, --difficulty LEVEL (race)
    bool title = false;                ///< open on the title screen (title_menu.hpp)
    int players = 1;                   ///< --players N: human seats (split screen)
    bool stacked = false;              ///< --stacked: 2 players one over the other
    /// --input for seat 2 onwards (seat 1's is `script`), seat order.
    std::vector<std::optional<InputScript>> seat_scripts;
    std::string rig;        ///< --rig NAME (with --mode rig)
    std::string edit;       ///< --edit track|level: open in the track or arena editor
    std::string edit_file;  ///< the file --edit opens ("" = a new one)
    /// The keys the command line's --set gave: they win over the player's saved values.
    std::vector<std::string> set_keys;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

struct FrameStats {
    double fps = 0.0;         ///< smoothed frames per second
    double frame_ms = 0.0;    ///< last real frame time
    double physics_ms = 0.0;  ///< wall time of this frame's physics steps
    double step_ms = 0.0;     ///< smoothed wall time per physics step
    int steps = 0;            ///< physics steps this frame
    double alpha = 1.0;       ///< interpolation factor drawn
    double dropped_s = 0.0;   ///< simulated time dropped by the clamps, total
    double draw_ms = 0.0;     ///< wall time turning the DrawList into the triangle batch
    RenderStats render;
};

/// The player's keys and pads: what they give the player car, and the car's edge
/// controls held until a physics step takes them.
struct Controls {
    InputMapper input;   ///< keys and pads -> the player car's controls and app commands
    PendingEdges edges;  ///< R/M/E/Q held until a physics step takes them
    /// Several players: the keyboard's halves, and each further seat's held edges.
    SharedKeyboard shared;
    std::vector<PendingEdges> seat_edges;
    RestartVote vote;  ///< a race of several players: who holds reset to restart
};

class SoundOut;

/// What the frame shows of the world: draw_world owns it.
struct Picture {
    Camera camera;
    DrawList shapes;  ///< this frame's world shapes, turned into the renderer's batch
    WorldRenderer renderer;
    Effects effects;  ///< smoke, sparks, chips (drawn only; effects.hpp)
    FrameStats stats;
    View view;          ///< the world -> screen mapping of the last frame drawn
    SplitScreen split;  ///< several human players: their cameras and viewports
    Scenery scenery;    ///< trees and grandstands of the loaded track (placed when first drawn)
};

/// The windows, HUD switches and messages over the picture: draw_ui owns it.
struct Ui {
    TuneUi tune;  ///< tuning/telemetry/presets windows (tune_ui.hpp)
    bool show_overlay = true;
    bool show_hud = true;
    bool show_minimap = true;       ///< Tab
    float minimap_alpha = 1.0f;     ///< faded while it would cover the car or the road ahead
    PauseMenu menu;                 ///< Esc: the pause menu (the world is frozen while open)
    TitleMenu title;                ///< the title screen (the world is frozen while open)
    ResultsPick results;            ///< the end-of-race buttons this frame
    std::optional<CupRun> cup;      ///< a cup being raced (from the title's Championship)
    std::vector<PresetEntry> cars;  ///< the car presets the menu offers (read when it opens)
    ControlsPage controls_page;     ///< the menu's Controls page and the bindings file
    JoinScreen join;                ///< Players: the join screen (the world waits while open)
    DisplayState display;           ///< the player's display settings (display_apply.hpp)
    double hint_start = 0.0;        ///< clock when the start hint appeared (< 0: none)
    std::vector<Toast> toasts;
    double clock = 0.0;  ///< s of real time since the game started (toasts, hint)

    void toast(std::string text, double seconds = 3.0);
};

/// One frame's world in parts, each with one owner. Functions take the parts they
/// read or edit; only what orchestrates the whole frame takes the Game.
struct Game {
    Session session;  ///< the world, its seats, the mode and the outputs (game layer)
    Controls controls;
    SoundOut* sound = nullptr;  ///< sound and rumble while playing (none for screenshots)
    std::vector<audio::EngineVoice> car_voices;  ///< each car slot's engine voice, for the mixer
    Picture picture;
    Ui ui;
    TrackEditor editor;        ///< the track editor (--edit track); off unless opened
    LevelEditor level_editor;  ///< the arena editor (--edit level); off unless opened

    /// The live settings (change them through `sim.tuner`).
    const Settings& settings() const { return session.settings(); }
    /// The replay viewer's state while it is the running mode (--replay FILE), else null.
    ReplayViewer* viewer() { return replay_viewer(session.mode.get()); }
    void toast(std::string text, double seconds = 3.0) { ui.toast(std::move(text), seconds); }
};

/// Lends the session what the app keeps that a mode reads (the car presets, the toasts,
/// the clock, the menu and the reset key: Session::host).
void lend_host(Game& game);
/// The parts of the game a mode may touch (modes/mode.hpp), and what its HUD reads.
ModeContext mode_context(Game& game);
HudContext hud_context(const Game& game);
/// The parts of the game the replay viewer plays, shows and hands back (replay_view.hpp);
/// only while the viewer is the running mode (game.viewer()).
ViewerContext viewer_context(Game& game);

/// Carries out what the game asked of the player's camera (Sim::camera: snap afresh
/// onto the car, a zoom to show) and clears the request. draw_world calls it before it
/// places the camera.
void camera_take_cue(Camera& camera, CameraCue& cue);

/// Builds what the options ask for: settings, scene (--level, --track, --autopilot,
/// --bench-render), input script, telemetry file. Returns 0, or the exit code after
/// printing the reason on stderr.
int game_open(Game& game, const GameOptions& options);

/// What the player keeps between runs, for an interactive window (call after the platform
/// opened: ImGui exists): the assist level (unless the command line set the car), the
/// window layout (imgui.ini; `ini` holds its path and must outlive ImGui), the bindings
/// file, then the start hint and the connected pads.
void game_open_player(Sim& sim, Controls& controls, Ui& ui, const std::string& config_dir,
                      const GameOptions& options, bool interactive, std::string& ini);

/// At the end of a run: the telemetry file finished, the replays saved (replay_session.hpp).
/// Returns 0, or 1 after printing why on stderr.
int game_close(Session& session, const Sim& sim, const GameOptions& options, bool interactive);

/// Hands the tuning events queued since the last call to the world and the recording
/// (call between steps: at the start of a frame's steps); `tune` follows the step rate.
void apply_tuning(Session& session, TuneUi& tune);

/// The car controls of one frame: the edge controls are held until a step takes them,
/// and a reset while paused acts at once (no step would come to take it).
void queue_car_input(Session& session, PendingEdges& edges, const InputState& frame_input);

/// Runs fixed steps for one frame: input from the script (sampled at each step's
/// simulated time) or `frame_input` with the held edges on the first step.
/// Returns wall ms.
double run_steps(Game& game, const LoopFrame& frame, const InputState& frame_input);

/// The player picks an assist level (menu or overlay): the car's aids follow it and it is
/// saved with the player's settings (player_prefs.hpp); a toast says so.
void choose_assists(Tuner& tuner, Ui& ui, const std::string& config_dir, AssistLevel level);

/// The shipped and user presets that set any `car.` value: what the menu's Car page
/// offers (timing or display presets are left to the overlay's presets window).
std::vector<PresetEntry> car_presets(const PresetStore& store);

/// Milliseconds to sleep after a frame that took `used_ms` so that frames come
/// at most `max_fps` per second (0 = no cap). Whole milliseconds, rounded down
/// (SDL_Delay's unit), so the cap is never undershot by a late wake-up.
unsigned frame_cap_sleep_ms(double used_ms, int max_fps);

/// Opens the window and runs until quit (or until the screenshot/bench is done).
/// Exit code: 0 ok, 1 platform failure (message on stderr).
int run_window(const GameOptions& options);

}  // namespace skidpad::app
