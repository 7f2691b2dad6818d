// The app side of the speed planner: choosing the scene (the crate arena or a track,
// loaded by scene.hpp), the player's autopilot (F2), the AI opponent, and the
// HUD/overlay views of the plan (panel_planner.cpp, track_view.cpp).
#pragma once

#include <string>
#include <vector>

#include "scene.hpp"
#include "skidpad/input.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/tune/tuner.hpp"

namespace skidpad::app {

struct Camera;
struct Sim;
struct Ui;

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
/// (scene.hpp), recorded; the camera is placed anew. Returns "" or an error (the
/// previous scene then stays).
std::string planner_select(Sim& sim, Camera& camera, int scene);
/// Selects a track by `--track` value: a shipped track's file name, or a track file path
/// (lab::track_arg_is_path), which is loaded and added to the list; "" or an error.
std::string planner_select_name(Sim& sim, Camera& camera, const std::string& name);
/// F2: hands the player's car to the autopilot or back (needs a track); a toast says so.
void planner_toggle_autopilot(Sim& sim, Ui& ui);
/// Once per frame before the physics steps: re-plans when a car/plan tunable changed,
/// adds/removes the AI car to follow settings.plan.ai_opponent.
void planner_frame(PlannerState& pl, Scene& scene, const Settings& settings);
/// Before each physics step: the AI cars' inputs; replaces `player` when the autopilot
/// drives the player's car (edges such as reset are kept).
void planner_before_step(const PlannerState& pl, Scene& scene, InputState& player);

/// World-space shapes under the world (track, racing line) and above it (stopping marker).
void planner_draw_ground(const PlannerState& pl, const Race& race, DrawList& out);
void planner_draw_markers(const PlannerState& pl, const World& world, const Settings& settings,
                          DrawList& out, double alpha);

/// HUD lines of the plan (lap times, next corner, stopping distance); `lab_detail` (the
/// overlay is open) adds the planner's lap and the braking model. track_view.cpp.
void draw_planner_hud(const PlannerState& pl, const Scene& scene, const Settings& settings,
                      bool lab_detail);

/// What the Planner window asks of the game (it cannot load a scene itself).
struct PlannerRequest {
    bool select = false;  ///< load `scene` (planner_select)
    int scene = -1;
    bool toggle_autopilot = false;
};
/// The Planner window (scene choice, toggles, speed plot, braking curves); panel_planner.cpp.
/// Edits the view toggles and the plan tunables; scene and autopilot changes are returned.
PlannerRequest draw_planner_panel(PlannerState& pl, const Scene& scene, Tuner& tuner);
/// Carries out what the Planner window asked for.
void planner_apply(Sim& sim, Camera& camera, Ui& ui, const PlannerRequest& request);

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
