// The plan in the game view: track and racing line under the world, the stopping
// marker ahead of the player, and the HUD lines (laps, next corner, stopping distance).
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "overlay.hpp"
#include "palette.hpp"
#include "planner_view.hpp"

namespace skidpad::app {

namespace {

std::string lap_text(double seconds) {
    if (!(seconds > 0.0)) return "--:--.---";
    const int minutes = static_cast<int>(seconds / 60.0);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d:%06.3f", minutes, seconds - 60.0 * minutes);
    return buf;
}

}  // namespace

void planner_draw_ground(const PlannerState& pl, const Race& race, DrawList& out) {
    race.draw(out, pl.show_line);
}

void planner_draw_markers(const PlannerState& pl, const World& world, const Settings& settings,
                          DrawList& out, double alpha) {
    const CarId id = world.player();
    if (!pl.show_brake_marker || !world.valid(id)) return;
    const CarPose pose = world.interpolated_pose(id, alpha);
    const dvec2 velocity = world.car(id).velocity;
    const double v = glm::length(velocity);
    if (v < 1.0) return;
    const double d = stopping_distance(settings, v);
    if (d < 0.0) return;
    // Straight-line braking: the car stops d metres along its velocity.
    const dvec2 dir = velocity / v;
    const dvec2 stop = pose.position + dir * d;
    const dvec2 side = perp(dir) * 1.2;
    const Color c = rgba(255, 210, 40, 220);
    out.segment(vec2(pose.position + dir * 2.5), vec2(stop), rgba(255, 210, 40, 90), 0.08f, 4);
    out.segment(vec2(stop - side), vec2(stop + side), c, 0.25f, 4);
}

void draw_planner_hud(const PlannerState& pl, const Scene& scene, const Settings& settings,
                      bool lab_detail) {
    const World& world = scene.world;
    const CarId id = world.player();
    if (!world.valid(id)) return;
    const Car& car = world.car(id);
    const double v = glm::length(car.velocity);
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // Bottom right: the overlay's windows sit at the top.
    if (!begin_hud_box("##planner_hud", ImVec2(ds.x - 12.0f, ds.y - 12.0f), ImVec2(1.0f, 1.0f),
                       0.8f)) {
        ImGui::End();
        return;
    }
    const Race& race = scene.race;
    if (race.has_track()) {
        if (const RaceEntry* e = race.entry(id)) {
            const LapTimer& t = e->timer;
            ImGui::Text("Lap %d  %s", t.laps + 1, lap_text(t.current()).c_str());
            ImGui::Text("last %s  best %s", lap_text(t.last_lap).c_str(),
                        lap_text(t.best_lap).c_str());
            if (lab_detail)  // the speed planner's lap: a figure for the tinkerer
                ImGui::TextDisabled("planner's lap %s",
                                    lap_text(race.profile().lap_time_s).c_str());
            if (pl.autopilot) ImGui::TextColored(ImVec4(0.4f, 0.9f, 1.0f, 1.0f), "AUTOPILOT (F2)");
            const NextCorner nc = next_corner(race, e->ap.s);
            if (nc.found) {
                // Red when the car is already too fast to brake down in time.
                const double needed = [&] {
                    const PlanCar pc = race.plan_car();
                    const Decel d = braking_decel(pc.mu, pc.mass_kg, pc.k_lift, pc.k_drag);
                    const BrakingResult r =
                        braking_distance(settings.plan.braking_model, std::max(v, nc.speed_mps),
                                         nc.speed_mps, d, settings.plan.numerical_intervals);
                    return r.ok ? r.distance_m : 1e9;
                }();
                const ImVec4 col =
                    needed > nc.distance_m ? hud_bad() : ImVec4(0.85f, 0.95f, 0.85f, 1.0f);
                ImGui::TextColored(col, "next corner %3.0f km/h in %3.0f m", nc.speed_mps * 3.6,
                                   nc.distance_m);
            }
        }
        for (const RaceEntry& e : race.entries()) {
            if (e.car == id) continue;
            ImGui::TextDisabled("AI  lap %d  best %s", e.timer.laps + 1,
                                lap_text(e.timer.best_lap).c_str());
        }
    }
    // In the yellow of the stop bar drawn ahead of the car, so the two read as one.
    const double stop = stopping_distance(settings, v);
    if (stop >= 0.0) {
        ImGui::TextColored(ImVec4(1.0f, 0.82f, 0.16f, 1.0f), "full brakes stop in %5.1f m", stop);
    } else {
        ImGui::TextDisabled("stopping distance: none (no deceleration)");
    }
    if (lab_detail) {  // which braking model the figure comes from
        ImGui::SameLine();
        ImGui::TextDisabled("(%s)", braking_model_name(settings.plan.braking_model));
    }
    ImGui::End();
}

}  // namespace skidpad::app
