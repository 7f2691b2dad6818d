// Game modes: what the player is asked to do in a scene (free driving on the arena,
// a timed session on a track, a race against AI cars). A mode sets its scene up,
// may hold or change the player's input before each physics step, reads the race
// after it, and draws its own HUD. The modes are one table (mode_table()): adding a
// mode is a Mode subclass and one ModeEntry. A mode sees the game only through a
// ModeContext (and its HUD through a HudContext): the renderer, the overlay's windows,
// the pause menu, the replay viewer and the running mode itself are out of its reach.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "skidpad/input.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/level.hpp"

namespace skidpad {
struct Bindings;
}

namespace skidpad::app {

struct Camera;
struct DriftRigMode;
struct Ghost;
struct ReplayViewer;
struct Scene;
struct Session;
struct Sim;
struct Toast;
struct View;
class PresetStore;

/// What a mode may read and edit, and nothing else of the game (game.hpp builds it
/// from the Game: mode_context()).
struct ModeContext {
    /// The simulation: the scene, the planner (a mode loads its track through it), the
    /// Tuner, the player's keys, and the recording (a mode's setup and restart are replay
    /// events; the time trial saves its best lap from it).
    Sim& sim;
    Camera& camera;  ///< placed afresh on the track a mode loads
    Ghost& ghost;    ///< the time trial's best lap, driven again
    DriftRigMode& driftrig;
    /// The arena (and where it came from) while a rig's scene stands in for it.
    std::optional<std::pair<Level, std::string>>& arena_before_rig;
    const std::string& pref_dir;    ///< the preferences directory ("" = none): best laps
    const PresetStore& presets;     ///< the car presets, to name the car
    const std::string& car_preset;  ///< the preset the car was loaded from ("" = none)
    std::vector<Toast>& toasts;     ///< the messages over the picture
    double clock = 0.0;             ///< s of real time since the game started
    bool menu_open = false;         ///< the pause menu is open (the world is frozen)
    /// Hands the tuning changes queued so far to the world and the recording at once
    /// (game.hpp apply_tuning), for a change that must act before the scene loads (the
    /// race, while recording). mode_context() sets it; a hand-built context must too.
    std::function<void()> apply_tuning;

    /// A message for `seconds` (as Ui::toast).
    void toast(std::string text, double seconds = 3.0) const;
};

/// What a mode's HUD reads (it edits nothing).
struct HudContext {
    const Scene& scene;
    const Bindings& keys;  ///< the player's bindings (the keys lines)
    const Ghost& ghost;
    const View& view;            ///< the world -> screen mapping of the frame drawn
    double alpha = 1.0;          ///< the interpolation factor the world was drawn with
    double clock = 0.0;          ///< s of real time since the game started
    bool overlay_shown = false;  ///< F1: the boxes go below the overlay's menu bar
};

/// What the command line (or the menu) asks of a mode.
struct ModeOptions {
    std::string track;   ///< --track NAME|FILE ("" = the mode's default)
    int opponents = -1;  ///< --opponents N (race; < 0 = the mode's default)
    std::string rig;     ///< --rig NAME (rig; "" = the skidpad)
};

class Mode {
public:
    virtual ~Mode() = default;
    /// Sets the scene up (track, cars, countdown). "" or why not.
    virtual std::string start(const ModeContext& ctx, const ModeOptions& options) = 0;
    /// The session from its start (menu Restart; a long press of R in time trial).
    virtual void restart(const ModeContext& ctx);
    /// Before each physics step, after the race drove its cars: may change the player's
    /// input (the countdown holds every car).
    virtual void before_step(const ModeContext& /*ctx*/, InputState& /*player*/) {}
    /// After each physics step and the race's lap timers.
    virtual void after_step(const ModeContext& /*ctx*/) {}
    /// Once per frame before the steps (keys held over time, e.g. a long press).
    virtual void frame(const ModeContext& /*ctx*/, double /*elapsed*/) {}
    /// False when a replay cannot hold the mode's runs (the recording then stops).
    virtual bool recordable() const { return true; }
    /// The replay events that rebuild what start() set up beyond loading the scene (a
    /// race's field); a recording that begins after the mode started takes them first.
    virtual std::vector<ReplayEvent> start_events() const { return {}; }
    /// The mode's HUD; true when it replaces the planner's lap lines.
    virtual bool draw_hud(const HudContext& /*hud*/) { return false; }
};

struct ModeEntry {
    const char* name;   ///< command-line name (--mode NAME)
    const char* title;  ///< what the menu shows
    std::unique_ptr<Mode> (*make)();
};

/// Every mode, in menu order.
const std::vector<ModeEntry>& mode_table();
/// The entry named `name`, or nullptr.
const ModeEntry* find_mode(std::string_view name);
/// "free|time-trial|race|..." for messages.
std::string mode_names();

/// Starts mode `name` on `ctx` and makes it the session's mode (replacing the one
/// running; `ctx` is built from the same game). "" or why not (the game then keeps its
/// scene and mode).
std::string mode_start(Session& session, const ModeContext& ctx, const std::string& name,
                       const ModeOptions& options);

/// A race's field on the loaded track: `opponents` (1..7) AI cars of the rival table on
/// the grid in order of their predicted lap times, the player at the back, 3 laps. The
/// game's race and a replay of it both build it here. "" or why not; `names`: the AI
/// cars' presets in grid order.
std::string race_field_setup(Scene& scene, int opponents, std::vector<std::string>& names);
/// In the replay viewer, a race replay's HUD: positions and gaps, car numbers, the
/// countdown and the results, as the race showed them (without the keys line). False
/// when what is shown is no race.
bool draw_race_replay_hud(const ReplayViewer& viewer, const HudContext& hud);
/// During a race's countdown: every AI car held on its grid slot (handbrake on).
void race_field_hold(Scene& scene);

std::unique_ptr<Mode> make_free_mode();
std::unique_ptr<Mode> make_time_trial_mode();
std::unique_ptr<Mode> make_race_mode();
std::unique_ptr<Mode> make_drift_mode();
std::unique_ptr<Mode> make_rig_mode();

}  // namespace skidpad::app
