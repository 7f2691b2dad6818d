// A race on one track: entries, laps, standings, respawns and the AI cars driven.
#include "skidpad/plan/race.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/car/steer_assist_input.hpp"

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
        e.all_off = false;
        e.time_all_off = 0.0;
        e.lap_valid = true;
        e.last_lap_valid = false;
        e.valid_laps = 0;
        e.best_valid_lap = 0.0;
        e.last_on_s = -1.0;
        e.finish_time = -1.0;
        e.marks.clear();
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
    for (RaceEntry& e : entries_) {
        if (e.own) set_entry_plan(e.car, e.own->car, e.own->skill);
    }
}

bool Race::set_entry_plan(CarId id, const PlanCar& car, double skill) {
    RaceEntry* e = entry(id);
    if (!e || !track_) return false;
    auto p = std::make_shared<EntryPlan>();
    p->car = car;
    p->skill = clamp(skill, 0.5, 1.0);
    p->profile = compute_speed_profile(line_.path, car, plan_);
    if (!p->profile.ok) {
        e->own.reset();
        return false;
    }
    // A uniform fraction of the planned speed: the braking and corner margins grow
    // with it, and the lap takes 1/skill as long.
    for (double& v : p->profile.speed)
        v *= p->skill;
    p->profile.lap_time_s /= p->skill;
    p->profile.min_speed_mps *= p->skill;
    p->profile.max_speed_mps *= p->skill;
    e->own = std::move(p);
    return true;
}

double Race::predicted_lap(const RaceEntry& e) const {
    return e.own ? e.own->profile.lap_time_s : profile_.lap_time_s;
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

RaceEntry& Race::join(const World& world, CarId id, bool autopilot) {
    RaceEntry& e = join(id, autopilot);
    if (world.valid(id)) {
        e.grid_position = world.car(id).position;
        e.grid_heading = world.car(id).heading;
    }
    return e;
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

void Race::respawn(World& world, CarId id) {
    RaceEntry* e = entry(id);
    if (!track_ || !e || !world.valid(id)) return;
    const ClosedPath& c = track_->centre;
    const double s = e->last_on_s >= 0.0 ? e->last_on_s : path_project(c, world.car(id).position).s;
    const dvec2 t = path_tangent_at(c, s);
    world.set_start_pose(id, path_position_at(c, s), std::atan2(t.y, t.x));
    e->lap_valid = false;
    e->ap.located = false;
}

void Race::restart(World& world) {
    for (RaceEntry& e : entries_) {
        if (!world.valid(e.car)) continue;
        world.set_start_pose(e.car, e.grid_position, e.grid_heading);
        world.reset_car(e.car);
        RaceEntry fresh;
        fresh.car = e.car;
        fresh.own = e.own;
        fresh.autopilot = e.autopilot;
        fresh.grid_position = e.grid_position;
        fresh.grid_heading = e.grid_heading;
        if (e.has_skill) {
            // The same driver, its errors drawn on from where they were.
            fresh.has_skill = true;
            fresh.skill = e.skill;
            fresh.rng = e.rng;
            fresh.launch_left_s = e.skill.reaction_s;
            fresh.brake_factor = e.brake_factor;
            if (e.skill.mistake_rate > 0.0 && track_)
                fresh.next_mistake_m = track_->centre.length / e.skill.mistake_rate;
        }
        e = std::move(fresh);
    }
}

double Race::covered(const RaceEntry& e) const {
    if (!track_) return 0.0;
    const ClosedPath& c = track_->centre;
    if (e.timer.timing) return e.timer.laps * c.length + e.timer.progress;
    if (!e.timer.located) return -c.length;
    return path_delta(c, 0.0, e.timer.s);  // before the line: negative
}

std::vector<Standing> Race::standings(double now) const {
    std::vector<Standing> out;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        Standing st;
        st.entry = i;
        st.covered_m = covered(entries_[i]);
        st.finished = entries_[i].finish_time >= 0.0;
        out.push_back(st);
    }
    std::stable_sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
        const RaceEntry& ea = entries_[a.entry];
        const RaceEntry& eb = entries_[b.entry];
        if (a.finished != b.finished) return a.finished;
        if (a.finished) return ea.finish_time < eb.finish_time;
        return a.covered_m > b.covered_m;
    });
    if (out.empty()) return out;
    const RaceEntry& leader = entries_[out[0].entry];
    for (std::size_t k = 1; k < out.size(); ++k) {
        Standing& st = out[k];
        const RaceEntry& e = entries_[st.entry];
        if (st.finished) {
            st.gap_s = e.finish_time - leader.finish_time;
            continue;
        }
        // When the leader passed this car's distance (marks, interpolated).
        const double m = st.covered_m / kRaceMarkSpacing;
        if (m < 0.0 || leader.marks.empty()) continue;
        const auto k0 = static_cast<std::size_t>(m);
        double t = now;
        if (k0 + 1 < leader.marks.size()) {
            const double f = m - static_cast<double>(k0);
            t = leader.marks[k0] + f * (leader.marks[k0 + 1] - leader.marks[k0]);
        } else {
            // Past the leader's last mark: between that mark and where the leader is now.
            const double last_m = static_cast<double>(leader.marks.size() - 1) * kRaceMarkSpacing;
            const double span = out[0].covered_m - last_m;
            const double f = span > 1e-9 ? clamp((st.covered_m - last_m) / span, 0.0, 1.0) : 1.0;
            t = leader.marks.back() + f * (now - leader.marks.back());
        }
        st.gap_s = std::max(0.0, now - t);
    }
    return out;
}

void Race::drive(World& world) {
    if (!track_ || !profile_.ok) return;
    const double hz = world.def().sim.physics_hz;
    const double dt = hz > 0.0 ? 1.0 / hz : 0.0;
    for (RaceEntry& e : entries_) {
        if (!world.valid(e.car) || !e.autopilot) continue;
        const PlanCar& pc = e.own ? e.own->car : car_;
        const SpeedProfile& pr = e.own ? e.own->profile : profile_;
        const PlanDef plan = driver_plan(world, e, dt);
        steer_lane(world, e, dt);
        e.last_input = autopilot_drive(e.ap, world.car(e.car), pc, line_.path, pr, plan);
        // The steer it asks for is an angle: the steering assist must not reshape it.
        e.last_input.steer =
            steer_input_through_assist(world.car(e.car), world.car_def(e.car), e.last_input.steer);
        if (e.squeezed) e.last_input.throttle = std::min(e.last_input.throttle, 0.3);
        if (const double g = give_way(world, e); g > 0.0) {
            e.last_input.throttle = std::min(e.last_input.throttle, 1.0 - g);
            e.last_input.brake = std::max(e.last_input.brake, g * g);
        }
        driver_input(e, e.last_input, dt);
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
        const bool was_timing = e.timer.timing;
        const bool completed = lap_timer_update(e.timer, centre, pp.s, world.time());
        if (completed) {
            e.last_lap_valid = e.lap_valid;
            if (e.lap_valid) {
                e.valid_laps += 1;
                if (e.best_valid_lap <= 0.0 || e.timer.last_lap < e.best_valid_lap)
                    e.best_valid_lap = e.timer.last_lap;
            }
            if (laps_ > 0 && e.timer.laps == laps_ && e.finish_time < 0.0)
                e.finish_time = e.timer.lap_start;  // the crossing
        }
        if (completed || (!was_timing && e.timer.timing)) e.lap_valid = true;
        const double cov = covered(e);
        while (cov >= 0.0 && e.marks.size() < 100000 &&
               static_cast<double>(e.marks.size()) * kRaceMarkSpacing <= cov)
            e.marks.push_back(static_cast<float>(world.time()));
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
        double best = 1e300;
        for (const Wheel& w : car.wheels) {
            const dvec2 p = car.position + rotate(w.offset, car.heading);
            const PathPoint wp = path_project_near(centre, p, pp.segment, 8);
            worst = std::max(worst, std::fabs(wp.offset));
            best = std::min(best, std::fabs(wp.offset));
        }
        e.all_off = !car.wheels.empty() && best > edge;
        if (e.all_off) {
            e.lap_valid = false;
            e.time_all_off +=
                world.def().sim.physics_hz > 0.0 ? 1.0 / world.def().sim.physics_hz : 0.0;
        }
        if (worst <= edge) e.last_on_s = pp.s;
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
