// The game side of the speed planner: scene choice, autopilot, AI car (see planner.hpp).
#include "planner.hpp"

#include <algorithm>
#include <cmath>

#include "lab.hpp"
#include "players.hpp"
#include "sim.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

std::vector<double> plan_inputs(const Settings& s) {
    std::vector<double> v;
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("car.", 0) == 0 || p.key.rfind("plan.", 0) == 0) v.push_back(p.get(s));
    }
    return v;
}

std::string planner_select(Sim& sim, int scene) {
    Scene& sc = sim.scene;
    if (scene >= static_cast<int>(sc.tracks.size())) return "no such track";
    if (scene < 0) {
        sim.planner.autopilot = false;
        scene_load_arena(sc, sim.settings());
        players_place(sc);  // further human players beside the player
        return "";
    }
    const std::string err = scene_load_track(sc, scene, sim.settings(), sim.planner.autopilot);
    if (!err.empty()) return err;
    players_place(sc);
    sim.planner.planned_with = plan_inputs(sim.settings());
    sim.camera.replace = true;
    return "";
}

std::string planner_select_name(Sim& sim, const std::string& name) {
    auto& t = sim.scene.tracks;
    if (lab::track_arg_is_path(name)) {
        // A file of the player's own: added to the list (the Planner window offers it too).
        // Its header first; built once, by the load; off the list again if that fails.
        const TrackHeaderResult r = read_track_header(name);
        if (!r.ok) return r.error;
        // The same file again (the track editor drives each version it saves): its entry.
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i].path != name) continue;
            t[i] = track_choice(name, r.header);
            return planner_select(sim, static_cast<int>(i));
        }
        t.push_back(track_choice(name, r.header));
        const std::string err = planner_select(sim, static_cast<int>(t.size()) - 1);
        if (!err.empty()) t.pop_back();
        return err;
    }
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i].name == name) return planner_select(sim, static_cast<int>(i));
    }
    std::string known;
    for (const TrackChoice& c : t)
        known += " " + c.name;
    return "unknown track '" + name + "' (tracks:" + known + ")";
}

void planner_toggle_autopilot(Sim& sim, std::vector<Toast>& toasts, double clock) {
    PlannerState& pl = sim.planner;
    Race& race = sim.scene.race;
    if (!race.has_track()) {
        add_toast(toasts, clock, "The autopilot needs a track: pick one in the Planner panel (F1)",
                  3.0);
        return;
    }
    pl.autopilot = !pl.autopilot;
    const CarId player = sim.scene.world.player();
    if (sim.scene.world.valid(player)) {
        RaceEntry& e = race.join(player, pl.autopilot);
        e.ap.located = false;  // re-locate: the player may have driven anywhere
    }
    add_toast(toasts, clock, pl.autopilot ? "Autopilot on (F2 to drive yourself)" : "Autopilot off",
              2.0);
}

void planner_frame(PlannerState& pl, Scene& sc, const Settings& s) {
    if (!sc.race.has_track()) return;
    std::vector<double> now = plan_inputs(s);
    if (now != pl.planned_with) {
        sc.race.replan(plan_car_from_def(s.car), s.plan);
        pl.planned_with = std::move(now);
        // The AI car drives the car the player tunes.
        if (sc.world.valid(sc.ai_car)) sc.world.set_car_def(sc.ai_car, s.car);
    }
    if (s.plan.ai_opponent && !sc.world.valid(sc.ai_car)) scene_add_ai(sc, s);
    if (!s.plan.ai_opponent && sc.world.valid(sc.ai_car)) scene_remove_ai(sc);
}

void planner_before_step(const PlannerState& pl, Scene& scene, InputState& player) {
    Race& race = scene.race;
    if (!race.has_track()) return;
    const CarId id = scene.world.player();
    // This step puts the car back on the track where it left it: the lap is invalid.
    if (player.reset) race.respawn(scene.world, id);
    race.drive(scene.world);
    const RaceEntry* e = race.entry(id);
    if (pl.autopilot && e && e->autopilot) {
        InputState ai = e->last_input;
        ai.reset = player.reset;
        ai.toggle_manual = player.toggle_manual;
        player = ai;
    }
}

double stopping_distance(const Settings& settings, double v) {
    const PlanCar car = plan_car_from_def(settings.car);
    const Decel d = braking_decel(car.mu, car.mass_kg, car.k_lift, car.k_drag);
    const BrakingResult r = braking_distance(settings.plan.braking_model, std::fabs(v), 0.0, d,
                                             settings.plan.numerical_intervals);
    return r.ok ? r.distance_m : -1.0;
}

NextCorner next_corner(const Race& race, double s, double horizon_m) {
    NextCorner nc;
    if (!race.has_track() || !race.profile().ok) return nc;
    const ClosedPath& line = race.line().path;
    const SpeedProfile& p = race.profile();
    const double bound = race.plan().speed_bound;
    std::size_t i = path_segment_at(line, s);
    double dist = 0.0;
    bool inside = false;
    // Walk ahead to the first stretch whose corner limit binds, and take its minimum.
    for (std::size_t k = 0; k < line.size() && dist < horizon_m; ++k) {
        const std::size_t j = line.next(i);
        dist += glm::length(line.points[j] - line.points[i]);
        i = j;
        const bool corner =
            p.corner_limit[i] < 0.98 * bound && p.speed[i] >= p.corner_limit[i] - 1e-6;
        if (corner) {
            inside = true;
            if (!nc.found || p.corner_limit[i] < nc.speed_mps) {
                nc.found = true;
                nc.speed_mps = p.corner_limit[i];
                nc.distance_m = dist;
            }
        } else if (inside) {
            break;
        }
    }
    return nc;
}

}  // namespace skidpad::app
