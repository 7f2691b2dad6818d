// The planner in the picture and the UI: the track and racing line under the world,
// the stopping marker over it, the HUD lines of the plan (track_view.cpp) and the
// Planner window (panel_planner.cpp).
#pragma once

#include "planner.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

struct Session;
struct Ui;

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
void planner_apply(Session& session, Ui& ui, const PlannerRequest& request);

}  // namespace skidpad::app
