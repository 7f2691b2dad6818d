#include "skidpad/plan/race.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

void Race::set_track(Track track, const PlanCar& car, const PlanDef& plan) {
    track_ = std::move(track);
    replan(car, plan);
    for (RaceEntry& e : entries_) {
        e.ap = AutopilotState{};
        e.timer = LapTimer{};
        e.max_wheel_offset = 0.0;
        e.left_track = false;
        e.time_off_track = 0.0;
    }
}

void Race::replan(const PlanCar& car, const PlanDef& plan) {
    car_ = car;
    plan_ = plan;
    if (!track_) return;
    // The line keeps the car's half width plus the margin from each edge.
    const double half_car = 0.5 * car.width_m;
    const double max_offset = std::max(0.0, track_->half_width() - half_car - plan.line_margin);
    line_ = make_racing_line(*track_, max_offset, plan.line_iterations);
    profile_ = compute_speed_profile(line_.path, car_, plan_);
}

void Race::clear() {
    track_.reset();
    line_ = RacingLine{};
    profile_ = SpeedProfile{};
    entries_.clear();
}

void Race::grid_pose(int slot, dvec2& position, double& heading) const {
    position = dvec2(0.0);
    heading = 0.0;
    if (!track_ || track_->centre.size() < 3) return;
    // The track's own grid boxes (pole nearest the line, staggered left and right).
    const GridSlot g = track_grid_slot(*track_, slot);
    position = g.position;
    heading = g.heading;
}

RaceEntry& Race::join(CarId id, bool autopilot) {
    if (RaceEntry* e = entry(id)) {
        e->autopilot = autopilot;
        return *e;
    }
    RaceEntry e;
    e.car = id;
    e.autopilot = autopilot;
    entries_.push_back(e);
    return entries_.back();
}

void Race::leave(CarId id) {
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                  [&](const RaceEntry& e) { return e.car == id; }),
                   entries_.end());
}

RaceEntry* Race::entry(CarId id) {
    for (RaceEntry& e : entries_) {
        if (e.car == id) return &e;
    }
    return nullptr;
}
const RaceEntry* Race::entry(CarId id) const {
    for (const RaceEntry& e : entries_) {
        if (e.car == id) return &e;
    }
    return nullptr;
}

void Race::abort_lap(CarId id) {
    if (RaceEntry* e = entry(id)) {
        lap_timer_abort(e->timer);
        e->ap.located = false;
    }
}

void Race::drive(World& world) {
    if (!track_ || !profile_.ok) return;
    for (RaceEntry& e : entries_) {
        if (!world.valid(e.car) || !e.autopilot) continue;
        e.last_input = autopilot_drive(e.ap, world.car(e.car), car_, line_.path, profile_, plan_);
        world.set_input(e.car, e.last_input);
    }
}

void Race::observe(const World& world) {
    if (!track_) return;
    const ClosedPath& centre = track_->centre;
    const double edge = track_->half_width() + track_->kerb_width;
    for (RaceEntry& e : entries_) {
        if (!world.valid(e.car)) continue;
        const Car& car = world.car(e.car);
        const PathPoint pp =
            e.timer.located
                ? path_project_near(centre, car.position, path_segment_at(centre, e.timer.s), 12)
                : path_project(centre, car.position);
        lap_timer_update(e.timer, centre, pp.s, world.time());
        if (!e.autopilot && profile_.ok) {
            // Keep the line position current for the HUD of a human-driven car.
            const PathPoint lp = e.ap.located
                                     ? path_project_near(line_.path, car.position, e.ap.segment, 12)
                                     : path_project(line_.path, car.position);
            e.ap.located = true;
            e.ap.segment = lp.segment;
            e.ap.s = lp.s;
            e.ap.cross_track = lp.offset;
            e.ap.speed = glm::dot(car.velocity, direction(car.heading));
            e.ap.target_speed = profile_speed_at(profile_, line_.path, lp.s);
        }
        double worst = 0.0;
        for (const Wheel& w : car.wheels) {
            const dvec2 p = car.position + rotate(w.offset, car.heading);
            const PathPoint wp = path_project_near(centre, p, pp.segment, 8);
            worst = std::max(worst, std::fabs(wp.offset));
        }
        e.max_wheel_offset = std::max(e.max_wheel_offset, worst);
        if (worst > edge) {
            e.left_track = true;
            e.time_off_track +=
                world.def().sim.physics_hz > 0.0 ? 1.0 / world.def().sim.physics_hz : 0.0;
        }
    }
}

Color speed_colour(double v, double lo, double hi) {
    const double t = hi > lo ? clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
    // Piecewise blue (0) → cyan → green → yellow → red (1).
    const double r = clamp(2.0 * t - 0.5, 0.0, 1.0);
    const double g = t < 0.75 ? clamp(2.0 * t, 0.0, 1.0) : clamp(4.0 * (1.0 - t), 0.0, 1.0);
    const double b = clamp(1.0 - 2.0 * t, 0.0, 1.0);
    return rgba(static_cast<std::uint32_t>(40 + 215 * r), static_cast<std::uint32_t>(40 + 215 * g),
                static_cast<std::uint32_t>(40 + 215 * b));
}

void Race::draw(DrawList& out, bool racing_line) const {
    if (!track_) return;
    track_draw(*track_, out);
    if (!racing_line || !profile_.ok) return;
    const ClosedPath& p = line_.path;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const std::size_t j = p.next(i);
        const Color c =
            speed_colour(profile_.speed[i], profile_.min_speed_mps, profile_.max_speed_mps);
        out.segment(vec2(p.points[i]), vec2(p.points[j]), c, 0.35f, 1);
    }
}

}  // namespace skidpad
