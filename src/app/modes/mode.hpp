// Game modes: what the player is asked to do in a scene (free driving on the arena,
// a timed session on a track, a race against AI cars). A mode sets its scene up,
// may hold or change the player's input before each physics step, reads the race
// after it, and draws its own HUD. The modes are one table (mode_table()): adding a
// mode is a Mode subclass and one ModeEntry.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/input.hpp"
#include "skidpad/replay/replay.hpp"

namespace skidpad::app {

struct Game;
struct AppCommands;
struct Scene;

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
    virtual std::string start(Game& game, const ModeOptions& options) = 0;
    /// The session from its start (menu Restart; a long press of R in time trial).
    virtual void restart(Game& game);
    /// Before each physics step, after the race drove its cars: may change the player's
    /// input (the countdown holds every car).
    virtual void before_step(Game& /*game*/, InputState& /*player*/) {}
    /// After each physics step and the race's lap timers.
    virtual void after_step(Game& /*game*/) {}
    /// Once per frame before the steps (keys held over time, e.g. a long press).
    virtual void frame(Game& /*game*/, double /*elapsed*/) {}
    /// False when a replay cannot hold the mode's runs (the recording then stops).
    virtual bool recordable() const { return true; }
    /// The replay events that rebuild what start() set up beyond loading the scene (a
    /// race's field); a recording that begins after the mode started takes them first.
    virtual std::vector<ReplayEvent> start_events() const { return {}; }
    /// The mode's HUD; true when it replaces the planner's lap lines.
    virtual bool draw_hud(Game& /*game*/) { return false; }
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

/// Starts mode `name` on the game (replacing the one running). "" or why not (the
/// game then keeps its scene and mode).
std::string mode_start(Game& game, const std::string& name, const ModeOptions& options);

/// A race's field on the loaded track: `opponents` (1..7) AI cars of the rival table on
/// the grid in order of their predicted lap times, the player at the back, 3 laps. The
/// game's race and a replay of it both build it here. "" or why not; `names`: the AI
/// cars' presets in grid order.
std::string race_field_setup(Scene& scene, int opponents, std::vector<std::string>& names);
/// In the replay viewer, a race replay's HUD: positions and gaps, car numbers, the
/// countdown and the results, as the race showed them (without the keys line). False
/// when what is shown is no race.
bool draw_race_replay_hud(Game& game);
/// During a race's countdown: every AI car held on its grid slot (handbrake on).
void race_field_hold(Scene& scene);

std::unique_ptr<Mode> make_free_mode();
std::unique_ptr<Mode> make_time_trial_mode();
std::unique_ptr<Mode> make_race_mode();
std::unique_ptr<Mode> make_drift_mode();
std::unique_ptr<Mode> make_rig_mode();

}  // namespace skidpad::app
