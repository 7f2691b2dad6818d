// Headless autopilot laps (`skidpad lab lap` and the lap tests).
#include "skidpad/plan/lap_run.hpp"

#include <algorithm>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"

namespace skidpad {

LapRun run_autopilot_laps(Track track, const Settings& settings, int laps) {
    LapRun out;
    out.track_length_m = track.centre.length;
    out.width_m = track.width;
    out.edge_m = track.half_width() + track.kerb_width;
    World world(world_def(settings));
    Race race;
    race.set_track(std::move(track), plan_car_from_def(settings.car), settings.plan);
    out.line_length_m = race.line().path.length;
    if (!race.profile().ok) {
        out.error = "planning failed: " + race.profile().error;
        return out;
    }
    out.predicted_lap_s = race.profile().lap_time_s;
    out.predicted_standing_lap_s =
        profile_standing_lap_time(race.profile(), race.line().path, race.plan_car(), race.plan());
    dvec2 pos(0.0);
    double heading = 0.0;
    race.grid_pose(0, pos, heading);
    const CarId id = world.add_car(pos, heading, settings.car);
    race.join(id, true);
    const double hz = settings.sim.physics_hz > 0.0 ? settings.sim.physics_hz : 120.0;
    const double dt = 1.0 / hz;
    const double limit = 3.0 * out.predicted_standing_lap_s * laps + 60.0;
    const RaceEntry* e = race.entry(id);
    while (e->timer.laps < laps && world.time() < limit) {
        race.drive(world);
        world.step(dt);
        race.observe(world);
        if (static_cast<int>(out.lap_times.size()) < e->timer.laps) {
            out.lap_times.push_back(e->timer.last_lap);
        }
    }
    out.simulated_s = world.time();
    out.best_lap_s = e->timer.best_lap;
    if (out.best_lap_s > 0.0 && out.predicted_lap_s > 0.0) {
        out.best_vs_predicted_pct =
            100.0 * (out.best_lap_s - out.predicted_lap_s) / out.predicted_lap_s;
    }
    out.stayed_on_track = !e->left_track;
    out.max_wheel_offset_m = e->max_wheel_offset;
    out.time_off_track_s = e->time_off_track;
    out.off_track_s = e->time_all_off;
    out.valid_laps = e->valid_laps;
    if (e->timer.laps < laps) {
        out.error = "completed " + std::to_string(e->timer.laps) + " of " + std::to_string(laps) +
                    " laps in " + std::to_string(static_cast<int>(limit)) + " s";
    }
    return out;
}

}  // namespace skidpad
