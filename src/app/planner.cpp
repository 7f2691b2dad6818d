#include "planner.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "game.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace fs = std::filesystem;

std::string tracks_dir() {
    return std::string(SKIDPAD_SOURCE_ASSETS) + "/tracks";
}

std::vector<TrackChoice> find_tracks(const std::string& dir, std::vector<std::string>& warnings) {
    std::vector<TrackChoice> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".json" || !it->is_regular_file(ec)) continue;
        const TrackResult r = load_track_file(p.string());
        if (!r.ok) {
            warnings.push_back("track skipped: " + r.error);
            continue;
        }
        out.push_back({p.stem().string(), r.track.name.empty() ? p.stem().string() : r.track.name,
                       p.string()});
    }
    std::sort(out.begin(), out.end(),
              [](const TrackChoice& a, const TrackChoice& b) { return a.name < b.name; });
    return out;
}

namespace {

// Every car.* and plan.* value: the plan is rebuilt when any of them changes.
std::vector<double> plan_inputs(const Settings& s) {
    std::vector<double> v;
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("car.", 0) == 0 || p.key.rfind("plan.", 0) == 0) v.push_back(p.get(s));
    }
    return v;
}

void add_ai_car(Game& game) {
    PlannerState& pl = game.planner;
    if (!pl.race.has_track() || game.world.valid(pl.ai_car)) return;
    dvec2 pos(0.0);
    double heading = 0.0;
    pl.race.grid_pose(1, pos, heading);
    const CarDef def = game.settings.car;
    pl.ai_car = game.world.add_car(pos, heading, &def);
    pl.race.join(pl.ai_car, true);
}

void remove_ai_car(Game& game) {
    PlannerState& pl = game.planner;
    if (game.world.valid(pl.ai_car)) {
        pl.race.leave(pl.ai_car);
        game.world.remove_car(pl.ai_car);
    }
    pl.ai_car = CarId{};
}

}  // namespace

void planner_init(Game& game) {
    std::vector<std::string> warnings;
    game.planner.tracks = find_tracks(tracks_dir(), warnings);
    for (const std::string& w : warnings)
        game.toast(w, 6.0);
}

std::string planner_select(Game& game, int scene) {
    PlannerState& pl = game.planner;
    if (scene >= static_cast<int>(pl.tracks.size())) return "no such track";
    if (scene < 0) {
        pl.race.clear();
        pl.ai_car = CarId{};
        pl.autopilot = false;
        game.world.clear();
        std::string warning;
        build_scene(game.world, "", warning);
        pl.scene = -1;
        return warning;
    }
    TrackResult r = load_track_file(pl.tracks[static_cast<std::size_t>(scene)].path);
    if (!r.ok) return r.error;
    // A track replaces the arena: a fresh world with the player on the grid.
    Race race;
    race.set_track(std::move(r.track), plan_car_from_def(game.settings.car), game.settings.plan);
    if (!race.profile().ok) return "cannot plan this track: " + race.profile().error;
    pl.race = std::move(race);
    pl.planned_with = plan_inputs(game.settings);
    game.world.clear();
    dvec2 pos(0.0);
    double heading = 0.0;
    pl.race.grid_pose(0, pos, heading);
    const CarId player = game.world.add_car(pos, heading);
    pl.race.join(player, pl.autopilot);
    pl.ai_car = CarId{};
    if (game.settings.plan.ai_opponent) add_ai_car(game);
    pl.scene = scene;
    game.camera.placed = false;
    return "";
}

std::string planner_select_name(Game& game, const std::string& name) {
    const auto& t = game.planner.tracks;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i].name == name) return planner_select(game, static_cast<int>(i));
    }
    std::string known;
    for (const TrackChoice& c : t)
        known += " " + c.name;
    return "unknown track '" + name + "' (tracks:" + known + ")";
}

void planner_toggle_autopilot(Game& game) {
    PlannerState& pl = game.planner;
    if (!pl.race.has_track()) {
        game.toast("The autopilot needs a track: pick one in the Planner panel (F1)", 3.0);
        return;
    }
    pl.autopilot = !pl.autopilot;
    const CarId player = game.world.player();
    if (game.world.valid(player)) {
        RaceEntry& e = pl.race.join(player, pl.autopilot);
        e.ap.located = false;  // re-locate: the player may have driven anywhere
    }
    game.toast(pl.autopilot ? "Autopilot on (F2 to drive yourself)" : "Autopilot off", 2.0);
}

void planner_frame(Game& game) {
    PlannerState& pl = game.planner;
    if (!pl.race.has_track()) return;
    std::vector<double> now = plan_inputs(game.settings);
    if (now != pl.planned_with) {
        pl.race.replan(plan_car_from_def(game.settings.car), game.settings.plan);
        pl.planned_with = std::move(now);
        // The AI car drives the car the player tunes.
        if (game.world.valid(pl.ai_car)) game.world.set_car_def(pl.ai_car, game.settings.car);
    }
    if (game.settings.plan.ai_opponent && !game.world.valid(pl.ai_car)) add_ai_car(game);
    if (!game.settings.plan.ai_opponent && game.world.valid(pl.ai_car)) remove_ai_car(game);
}

void planner_before_step(Game& game, InputState& player) {
    PlannerState& pl = game.planner;
    if (!pl.race.has_track()) return;
    const CarId id = game.world.player();
    // This step puts the car back on the grid: the lap under way is not a lap.
    if (player.reset) pl.race.abort_lap(id);
    pl.race.drive(game.world);
    const RaceEntry* e = pl.race.entry(id);
    if (pl.autopilot && e && e->autopilot) {
        InputState ai = e->last_input;
        ai.reset = player.reset;
        ai.toggle_manual = player.toggle_manual;
        player = ai;
    }
}

void planner_after_step(Game& game) {
    game.planner.race.observe(game.world);
}

double stopping_distance(const Game& game, double v) {
    const PlanCar car = plan_car_from_def(game.settings.car);
    const Decel d = braking_decel(car.mu, car.mass_kg, car.k_lift, car.k_drag);
    const BrakingResult r = braking_distance(game.settings.plan.braking_model, std::fabs(v), 0.0, d,
                                             game.settings.plan.numerical_intervals);
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
