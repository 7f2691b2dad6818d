// The game side of the speed planner: choosing the scene (the crate arena or a track,
// loaded by scene.hpp), the player's autopilot (F2) and the AI opponent. The app draws
// the plan (its ui/planner_view.hpp).
#pragma once

#include <string>
#include <vector>

#include "scene.hpp"
#include "skidpad/input.hpp"
#include "skidpad/plan/race.hpp"
#include "tuner.hpp"

namespace skidpad::app {

struct Sim;
struct Toast;

struct PlannerState {
    bool autopilot = false;            ///< the player's car is driven by the autopilot (F2)
    bool show_line = true;             ///< racing line coloured by planned speed
    bool show_brake_marker = true;     ///< stopping distance drawn ahead of the player
    float curve_v_out_kmh = 0.0f;      ///< planner panel: final speed of the braking curves
    bool curves_with_margins = false;  ///< planner panel: curves with the plan's margins
    std::vector<double> planned_with;  ///< car.* and plan.* values the plan was made with
};

/// Every car.* and plan.* value: the plan is rebuilt when any of them changes.
std::vector<double> plan_inputs(const Settings& s);

/// Loads scene -1 (the arena the game was started with) or a track by index
/// (scene.hpp); the camera is asked to be placed anew (Sim::camera). Returns "" or an
/// error (the previous scene then stays). Not recorded: the game calls it through
/// Session::apply (Event::select_scene, select_track), which records the load.
std::string planner_select(Sim& sim, int scene);
/// Selects a track by `--track` value: a shipped track's file name, or a track file path
/// (lab::track_arg_is_path), which is loaded and added to the list; "" or an error.
std::string planner_select_name(Sim& sim, const std::string& name);
/// F2: hands the player's car to the autopilot or back (needs a track); a message in
/// `toasts` (from `clock`) says so.
void planner_toggle_autopilot(Sim& sim, std::vector<Toast>& toasts, double clock);
/// Once per frame before the physics steps: re-plans when a car/plan tunable changed,
/// adds/removes the AI car to follow settings.plan.ai_opponent.
void planner_frame(PlannerState& pl, Scene& scene, const Settings& settings);
/// Before each physics step: the AI cars' inputs; replaces `player` when the autopilot
/// drives the player's car (edges such as reset are kept).
void planner_before_step(const PlannerState& pl, Scene& scene, InputState& player);

/// m, distance to stop from speed v (m/s) for the car with the chosen model (the car's
/// own limit: no margins); negative when the model refuses.
double stopping_distance(const Settings& settings, double v);

/// The next corner ahead of arc length s on the line: its planned limit and distance.
struct NextCorner {
    bool found = false;
    double speed_mps = 0.0;   ///< m/s, lowest planned speed in it
    double distance_m = 0.0;  ///< m from s to that point
};
NextCorner next_corner(const Race& race, double s, double horizon_m = 500.0);

}  // namespace skidpad::app
