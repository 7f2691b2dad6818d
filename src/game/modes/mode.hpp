// Game modes: what the player is asked to do in a scene (free driving on the arena,
// a timed session on a track, a race against AI cars). A mode sets its scene up,
// may hold or change the player's input before each physics step and reads the race
// after it; the app draws its HUD from the state it keeps (ui/hud/mode_hud.hpp). The
// modes are one table (mode_table()): adding a mode is a Mode subclass and one
// ModeEntry. A mode sees the game only through a ModeContext: the window, the picture,
// the overlay's windows, the pause menu, the replay viewer and the running mode itself
// are out of its reach.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "race_rules.hpp"
#include "skidpad/input.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/level.hpp"

namespace skidpad::app {

struct Event;
struct Ghost;
struct Scene;
struct Session;
struct Sim;
struct Toast;
class PresetStore;

inline constexpr double kCountdownS = 3.0;  ///< s of "3, 2, 1" before the start

/// The countdown of a session that started at world time `start` (in simulated time, so
/// a replay of the session holds the cars as the live run did).
struct Countdown {
    double start = 0.0;
    /// The cars are held (the countdown is on) at world time `now`.
    bool holding(double now) const { return now < start + kCountdownS; }
};

/// The input of a held car: the handbrake on, no throttle or brake, the rest kept.
void countdown_hold(InputState& in);
/// "1:02.345" (or "--:--.---" for t <= 0).
std::string format_lap(double seconds);

/// What a mode may read and edit, and nothing else of the game (Session::mode_context
/// builds it, with what the app lends: session.hpp).
struct ModeContext {
    /// The simulation: the scene, the planner (a mode loads its track through it), the
    /// Tuner, the recording (a mode's setup and restart are replay events; the time trial
    /// saves its best lap from it) and the camera cue (placed afresh on a new track).
    Sim& sim;
    Ghost& ghost;  ///< the time trial's best lap, driven again
    /// The arena (and where it came from) while a rig's scene stands in for it.
    std::optional<std::pair<Level, std::string>>& arena_before_rig;
    const std::string& pref_dir;    ///< the preferences directory ("" = none): best laps
    const PresetStore& presets;     ///< the car presets, to name the car
    const std::string& car_preset;  ///< the preset the car was loaded from ("" = none)
    std::vector<Toast>& toasts;     ///< the messages over the picture
    double clock = 0.0;             ///< s of real time since the game started
    bool menu_open = false;         ///< the pause menu is open (the world is frozen)
    bool reset_held = false;        ///< the player holds the reset key (a long press)
    double dt = 0.0;  ///< s, the physics step before_step and after_step are called around
    /// Session::apply: a change the mode makes (a scene loaded, a race's field, a
    /// restart, the tuning queued so far) applied and recorded. "" or why not.
    std::function<std::string(const Event&)> apply;
    /// After each step a mode shows itself (the replay viewer), with its dt: what the
    /// picture takes from it (particles, the camera's shake). May be empty.
    std::function<void(double)> shown_step;

    /// A message for `seconds` (as Ui::toast).
    void toast(std::string text, double seconds = 3.0) const;
};

/// What the command line (or the menu) asks of a mode.
struct ModeOptions {
    std::string track;    ///< --track NAME|FILE ("" = the mode's default)
    int opponents = -1;   ///< --opponents N (race; < 0 = the mode's default)
    std::string rig;      ///< --rig NAME (rig; "" = the skidpad)
    std::string profile;  ///< --profile NAME: whose progress file ("" = progress.json)
    RaceRules rules;      ///< --laps N, --difficulty LEVEL (race)
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
    /// False when the mode plays the world itself in frame() (the replay viewer): no
    /// fixed steps, no player input, no edits, tuning or autopilot then.
    virtual bool live() const { return true; }
    /// Seconds of world time a frame of `elapsed` real seconds shows (the particles
    /// follow it): the time scale live, the replay's speed (0 while paused) in the viewer.
    virtual double time_shown(double elapsed, const Settings& s) const;
    /// The replay events that rebuild what start() set up beyond loading the scene (a
    /// race's field); a recording that begins after the mode started takes them first.
    virtual std::vector<ReplayEvent> start_events() const { return {}; }
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

/// A race's field on the loaded track: `opponents` (1..7) AI drivers of the roster
/// (race_drivers(), at the level `rules` give: club by default) on the grid in order of
/// their predicted lap times, the player at the back, `rules.laps` laps (3 by default).
/// The game's race and a replay of it both build it here. "" or why not; `names`: the AI
/// cars' presets in grid order; `drivers` (when given): the drivers' names in grid order.
std::string race_field_setup(Scene& scene, int opponents, std::vector<std::string>& names,
                             const RaceRules& rules = {},
                             std::vector<std::string>* drivers = nullptr);
/// During a race's countdown: every AI car held on its grid slot (handbrake on).
void race_field_hold(Scene& scene);

std::unique_ptr<Mode> make_free_mode();
std::unique_ptr<Mode> make_time_trial_mode();
std::unique_ptr<Mode> make_race_mode();
std::unique_ptr<Mode> make_drift_mode();
std::unique_ptr<Mode> make_rig_mode();
// The replay viewer is opened from a file, not the table: modes/mode_replay.hpp.

}  // namespace skidpad::app
