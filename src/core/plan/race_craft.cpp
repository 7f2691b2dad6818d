// Racecraft of the race's autopilot cars: the lane each drives beside the racing line
// (its grid lane off the start, beside a slower car while passing it) and giving way to
// a car ahead in its path. Deterministic: the decisions read only the world and the
// entries, in entry order, and never aim a car at another.
#include <algorithm>
#include <cmath>

#include "skidpad/plan/race.hpp"

namespace skidpad {

namespace {
constexpr double kHoldPastLine = 30.0;  ///< m past the start line a car keeps its grid lane
constexpr double kLaneRate = 0.12;      ///< m of sideways move per m driven (about 7°)
constexpr double kRoomReach = 40.0;     ///< m ahead the lane must stay within the track
constexpr double kPassRoomMax = 400.0;  ///< m: the longest pass lane looked for
constexpr double kPassClearance = 1.0;  ///< m between two bodies side by side
constexpr double kPassDone = 2.0;       ///< m clear of the passed car before moving back
constexpr double kPassGiveUp = 600.0;   ///< m of a pass that does not get by: back to the line
constexpr double kWayMargin = 0.6;      ///< m: a car ahead nearer sideways is in the way
constexpr double kLookAhead = 80.0;     ///< m ahead along the line the cars are watched
// A driver's racecraft (has_skill) beyond the plain autopilot's:
constexpr double kPassEdge = 0.3;      ///< m a passing driver's body keeps inside the asphalt
constexpr double kCrossGap = 14.0;     ///< m of bumper gap it needs to switch sides behind a car
constexpr double kHardBrake = 7.0;     ///< m/s², what a full brake is counted on to shed
constexpr double kDefendGap = 4.0;     ///< m + 0.6 s of closing the attacker must be back to defend
constexpr double kSqueezeBase = 10.0;  ///< m + kSqueezeTime s of speed a pass lane is looked along
constexpr double kSqueezeTime = 1.5;

double half_width(const World& w, CarId id) {
    return 0.5 * w.car_def(id).width;
}
double half_length(const World& w, CarId id) {
    return 0.5 * w.car_def(id).length;
}

/// True where two cars do not fit abreast within the racing line's margins (the rally
/// stage): there a driver's racecraft below passes, leaves room and keeps off other cars
/// in the ways a wide track does not need.
bool narrow_track(const Track& t, double half_car, double line_margin) {
    return t.half_width() - half_car - line_margin < 2.0 * half_car + kPassClearance;
}

/// m a driver leaves between its body and another's side by side (its temper).
double driver_clearance(const RaceEntry& e) {
    return std::max(kMinClearance, kPassClearance * (1.3 - 0.6 * e.skill.aggression));
}

/// A driver being passed leaves the attacker a car's width: once the attacker's nose is
/// beside it, e's lane keeps the clearance from the attacker's side (as far as e's room
/// lets it; the lane step then never moves it across the attacker).
void leave_room(const World& world, const Race& race, RaceEntry& e) {
    const double hl = half_length(world, e.car);
    for (const RaceEntry& q : race.entries()) {
        if (q.car == e.car || q.passing != e.car || !world.valid(q.car) || !q.ap.located) continue;
        const double d = path_delta(race.line().path, e.ap.s, q.ap.s);  // + q ahead
        const double hq = half_length(world, q.car);
        if (d < -(hl + hq + 1.0) || d > hl + hq + 2.0) continue;
        const double need =
            half_width(world, e.car) + half_width(world, q.car) + driver_clearance(e);
        if (q.pass_side > 0)
            e.lane_target = std::min(e.lane_target, q.ap.cross_track - need);
        else
            e.lane_target = std::max(e.lane_target, q.ap.cross_track + need);
    }
}
}  // namespace

void Race::lane_room(std::size_t segment, double half_car, double reach, double& left,
                     double& right) const {
    const ClosedPath& p = line_.path;
    const double max_off = std::max(0.0, track_->half_width() - half_car - plan_.line_margin);
    left = right = max_off;
    if (p.size() < 3 || line_.offset.size() != p.size()) return;
    std::size_t i = segment % p.size();
    double along = 0.0;
    for (std::size_t n = 0; n < p.size() && along <= reach; ++n) {
        left = std::min(left, max_off - line_.offset[i]);
        right = std::min(right, max_off + line_.offset[i]);
        const std::size_t j = p.next(i);
        along += glm::length(p.points[j] - p.points[i]);
        i = j;
    }
}

double Race::line_offset(std::size_t segment) const {
    return segment < line_.offset.size() ? line_.offset[segment] : 0.0;
}

void Race::steer_lane(const World& world, RaceEntry& e, double dt) const {
    const ClosedPath& line = line_.path;
    const Car& me = world.car(e.car);
    const double hw = half_width(world, e.car);
    const double hl = half_length(world, e.car);
    const bool field = entries_.size() > 1;
    const bool holding = field && covered(e) < kHoldPastLine;
    if (!e.ap.located) {
        // A car on its grid slot (or put back) takes the lane it stands in; a car alone
        // drives onto the line at once.
        const PathPoint pp = path_project(line, me.position);
        double l = 0.0, r = 0.0;
        lane_room(pp.segment, hw, 0.0, l, r);
        e.ap.segment = pp.segment;
        e.ap.s = pp.s;
        e.ap.cross_track = pp.offset;
        e.ap.lane = field ? clamp(pp.offset, std::min(0.0, -r), std::max(0.0, l)) : 0.0;
        e.lane_target = holding ? e.ap.lane : 0.0;
        e.grid_lane = line_offset(pp.segment) + e.ap.lane;
        e.passing = CarId{};
    }
    const double v = std::max(0.0, glm::dot(me.velocity, direction(me.heading)));
    const double my_s = e.ap.s;
    double room_l = 0.0, room_r = 0.0;
    lane_room(e.ap.segment, hw, kRoomReach, room_l, room_r);
    const SpeedProfile& pr = e.own ? e.own->profile : profile_;
    // m ahead a pass that still has `gain_m` to gain on o takes, at half the speed
    // difference e's plan has over o now (o speeds up out of bends too).
    const auto pass_reach = [&](const RaceEntry& o, double gain_m) {
        const double dv = std::max(1.0, 0.5 * (profile_speed_at(pr, line, o.ap.s) - o.ap.speed));
        return std::min(kPassRoomMax, kRoomReach + v * std::max(0.0, gain_m) / dv);
    };

    // A driver's pass lane is a place on the track beside the other car (from the centre
    // line), not a lane beside the racing line: it follows the other car across the track
    // through a bend, and the other car keeps clear of it (the lane step below). It fits
    // while it is on the asphalt; when the other car's line takes the room, e backs out.
    // m from the centre line: a driver's pass lane may use the asphalt beyond the racing
    // line's margin, its body kPassEdge inside the edge, where the track is too narrow
    // for two cars abreast within the margins (the rally stage); elsewhere the margin holds.
    const bool craft = e.has_skill && narrow_track(*track_, hw, plan_.line_margin);
    const double margin = craft ? std::min(plan_.line_margin, kPassEdge) : plan_.line_margin;
    const double track_room = track_->half_width() - hw - margin;
    const auto beside = [&](const RaceEntry& o, int side, double clear) {
        return line_offset(o.ap.segment) + o.ap.cross_track + side * clear;
    };
    // True where, within `along` m ahead of o, the racing line takes o (keeping its lane)
    // so near the edge that the place beside it leaves the asphalt: a pass there would
    // end side by side against the edge, so a driver does not start it, or backs out
    // while it can still drop in behind. (On a narrow track, where the car being passed
    // leaves room instead, it would leave no pass at all.)
    const auto squeezed_ahead = [&](const RaceEntry& o, int side, double clear, double along) {
        if (line.size() < 3) return false;
        std::size_t i = o.ap.segment % line.size();
        double d = 0.0;
        for (std::size_t n = 0; n < line.size() && d <= along; ++n) {
            if (std::fabs(line_offset(i) + o.ap.cross_track + side * clear) > track_room + 0.3)
                return true;
            const std::size_t j = line.next(i);
            d += glm::length(line.points[j] - line.points[i]);
            i = j;
        }
        return false;
    };
    const double squeeze_look = kSqueezeBase + kSqueezeTime * v;

    // The pass under way: beside the car being passed until clear of it.
    if (e.passing) {
        const RaceEntry* o = entry(e.passing);
        bool keep = o && world.valid(o->car) && o->ap.located;
        if (keep) {
            const double ho = half_length(world, o->car);
            const double lead = path_delta(line, o->ap.s, my_s);  // + when e is ahead
            const bool by = lead > hl + ho + kPassDone;
            const bool dropped = lead < -(hl + ho + kLookAhead);
            const bool too_long = covered(e) - e.pass_started_s > kPassGiveUp;
            keep = !by && !dropped && !too_long;
            if (keep) {
                const double clear = hw + half_width(world, o->car) + pass_clearance(e);
                e.lane_target = o->ap.cross_track + e.pass_side * clear;
                // The lane must fit the rest of the pass; when the track narrows first, e
                // goes back in behind (it lifts while alongside), no weaving through a bend.
                const double need = hl + ho + kPassDone - lead;
                if (e.has_skill) {
                    const double at = beside(*o, e.pass_side, clear);
                    e.lane_target = at - line_offset(e.ap.segment);
                    if (std::fabs(at) > track_room + 0.3) keep = false;
                    if (!craft && lead < 0.0 &&
                        squeezed_ahead(*o, e.pass_side, clear, squeeze_look))
                        keep = false;
                } else {
                    double pl = 0.0, pr = 0.0;
                    lane_room(e.ap.segment, hw, pass_reach(*o, need), pl, pr);
                    if (std::fabs(e.lane_target) > (e.pass_side > 0 ? pl : pr) + 0.3) keep = false;
                }
            }
        }
        if (!keep) {
            e.passing = CarId{};
            e.lane_target = 0.0;
        }
    } else {
        // Off the start straight ahead in its grid column (a lane from the centre line:
        // the racing line swings across the track), then onto the line.
        e.lane_target = holding ? e.grid_lane - line_offset(e.ap.segment) : 0.0;
    }

    // A slower car ahead in the lane: pass on the side with room, if no other car is there.
    if (!e.passing && !holding) {
        const RaceEntry* ahead_of = nullptr;
        double nearest = kLookAhead;
        for (const RaceEntry& o : entries_) {
            if (o.car == e.car || !world.valid(o.car) || !o.ap.located) continue;
            const double ahead = path_delta(line, my_s, o.ap.s);
            const double reach = hw + half_width(world, o.car) + kWayMargin;
            if (ahead <= 0.0 || ahead >= nearest || std::fabs(o.ap.cross_track - e.ap.lane) > reach)
                continue;
            nearest = ahead;
            ahead_of = &o;
        }
        if (ahead_of) {
            const RaceEntry& o = *ahead_of;
            const Car& other = world.car(o.car);
            const double gap = nearest - hl - half_length(world, o.car);
            const double closing = v - glm::dot(other.velocity, direction(me.heading));
            double trigger =
                8.0 + 1.0 * v + (closing > 0.0 ? closing * closing / (2.0 * 4.0) : 0.0);
            // An aggressive driver goes for a gap from further back, a careful one later.
            if (e.has_skill) trigger *= 0.7 + 0.6 * e.skill.aggression;
            const bool slower = o.ap.speed < 0.98 * profile_speed_at(pr, line, o.ap.s) - 0.3;
            // A driver sees the chance only after its reaction time.
            bool seen = true;
            if (e.has_skill) {
                e.pass_wait_s = gap < trigger && slower ? e.pass_wait_s + dt : 0.0;
                seen = e.pass_wait_s >= e.skill.reaction_s;
            }
            if (gap < trigger && slower && seen) {
                const double clear = hw + half_width(world, o.car) + pass_clearance(e);
                // Nearer the line first; a side fits when the lane stays on the track and
                // no third car is in it from beside e to beyond the car being passed.
                int sides[2] = {+1, -1};
                if (std::fabs(o.ap.cross_track - clear) < std::fabs(o.ap.cross_track + clear))
                    std::swap(sides[0], sides[1]);
                // A driver keeps to the side of the other car it is on: switching sides close
                // behind it would cut across its tail.
                const double off = e.ap.cross_track - o.ap.cross_track;
                const int own_side = off > 0.3 ? +1 : off < -0.3 ? -1 : 0;
                if (craft && own_side != 0 && sides[0] != own_side) std::swap(sides[0], sides[1]);
                double pass_l = 0.0, pass_r = 0.0;
                // The lane must stay on the track for the whole pass: the gap, both
                // lengths and the margin to gain.
                const double reach =
                    pass_reach(o, gap + 2.0 * (hl + half_length(world, o.car)) + kPassDone);
                lane_room(e.ap.segment, hw, reach, pass_l, pass_r);
                for (const int side : sides) {
                    double lane = o.ap.cross_track + side * clear;
                    if (craft && own_side != 0 && side != own_side && gap < kCrossGap) continue;
                    if (e.has_skill) {
                        const double at = beside(o, side, clear);
                        if (std::fabs(at) > track_room) continue;
                        if (!craft && squeezed_ahead(o, side, clear, squeeze_look)) continue;
                        lane = at - line_offset(e.ap.segment);
                    } else if (side > 0 ? lane > pass_l : lane < -pass_r) {
                        continue;
                    }
                    bool free = true;
                    for (const RaceEntry& q : entries_) {
                        if (q.car == e.car || q.car == o.car || !world.valid(q.car) ||
                            !q.ap.located)
                            continue;
                        const double d = path_delta(line, my_s, q.ap.s);
                        const double hq = half_length(world, q.car);
                        const double near = hw + half_width(world, q.car) + kWayMargin;
                        if (d > -(hl + hq + 3.0) && d < nearest + 2.0 * hq + 15.0 &&
                            std::fabs(q.ap.cross_track - lane) < near)
                            free = false;
                    }
                    if (!free) continue;
                    e.passing = o.car;
                    e.pass_side = side;
                    e.pass_started_s = covered(e);
                    e.lane_target = lane;
                    break;
                }
            }
        }
    }

    if (e.has_skill) {
        // A wide exit (a small mistake) and defending against a car about to pass.
        e.lane_target += e.mistake_side;
        defend(world, e);
        if (craft) leave_room(world, *this, e);
    }

    // Towards the target lane at a bounded angle, within the track, never across a car
    // alongside (it keeps the lane beside it until one of the two is clear ahead). Where
    // the track leaves no room beside that car, e lifts (drive() caps its throttle) to
    // drop in behind.
    if (e.has_skill && e.passing) {
        lane_room(e.ap.segment, hw, 0.0, room_l, room_r);
        if (craft) {
            room_l = std::max(0.0, room_l + plan_.line_margin - margin);
            room_r = std::max(0.0, room_r + plan_.line_margin - margin);
        }
    }
    double target = clamp(e.lane_target, std::min(0.0, -room_r), std::max(0.0, room_l));
    const double wanted = target;
    bool blocked_ahead = false;            // the car that holds e's lane is not behind it
    double lane_lo = -1e9, lane_hi = 1e9;  // a driver's lane beside the cars near it
    for (const RaceEntry& q : entries_) {
        if (q.car == e.car || !world.valid(q.car) || !q.ap.located) continue;
        const double d = path_delta(line, my_s, q.ap.s);
        const double here = e.ap.cross_track;
        double reach = hl + half_length(world, q.car) + 2.0;
        // A driver also keeps off a car beside its path a little ahead (no side overlap):
        // moving across would close on it faster than the lane step turns back.
        if (craft && d > 0.0 &&
            std::fabs(q.ap.cross_track - here) > hw + half_width(world, q.car) + 0.2)
            reach += 4.0 + std::max(0.0, v - q.ap.speed);
        if (std::fabs(d) > reach) continue;
        const double clear = hw + half_width(world, q.car) + pass_clearance(e);
        const double before = target;
        if (q.ap.cross_track < here && target < here) {
            target = std::max(target, q.ap.cross_track + clear);
            lane_lo = std::max(lane_lo, q.ap.cross_track + clear);
        }
        if (q.ap.cross_track > here && target > here) {
            target = std::min(target, q.ap.cross_track - clear);
            lane_hi = std::min(lane_hi, q.ap.cross_track - clear);
        }
        if (target != before && d > -(hl + half_length(world, q.car))) blocked_ahead = true;
    }
    double near_l = 0.0, near_r = 0.0;
    lane_room(e.ap.segment, hw, 0.0, near_l, near_r);
    const double edge_l = std::max(0.0, near_l + plan_.line_margin);
    const double edge_r = std::max(0.0, near_r + plan_.line_margin);
    // A driver lifts only for a car ahead or alongside: lifting in front of a car close
    // behind would put it into e's tail.
    e.squeezed = std::fabs(target - wanted) > 0.3 && (target > edge_l || target < -edge_r) &&
                 (!craft || blocked_ahead);
    target = clamp(target, -edge_r, edge_l);
    const double step = kLaneRate * std::max(v, 1.0) * dt;
    e.ap.lane += clamp(target - e.ap.lane, -step, step);
    if (craft) {
        // A lane already moved toward a car now beside it comes back at once (the car
        // itself turns away no faster than its steering lets it).
        const double lo = std::min(lane_lo, edge_l), hi = std::max(lane_hi, -edge_r);
        if (lo <= hi) e.ap.lane = clamp(e.ap.lane, lo, hi);
    }
}

double Race::pass_clearance(const RaceEntry& e) const {
    return e.has_skill ? driver_clearance(e) : kPassClearance;
}

void Race::defend(const World& world, RaceEntry& e) const {
    // Once per attack, and only a driver with some bite: it moves over by half a car
    // toward the side the car behind is coming, before that car is alongside (never
    // across it: the lane step below keeps clear of a car beside it).
    if (e.skill.aggression < 0.5) return;
    const RaceEntry* attacker = nullptr;
    for (const RaceEntry& q : entries_) {
        if (q.passing == e.car && world.valid(q.car) && q.ap.located) attacker = &q;
    }
    if (!attacker) {
        e.defending = CarId{};
        return;
    }
    if (e.defending && e.defending != attacker->car) return;
    const double behind = path_delta(line_.path, attacker->ap.s, e.ap.s);
    const double overlap = half_length(world, e.car) + half_length(world, attacker->car) + 1.0;
    // Too late once the attacker is close: a move across its nose would be a block.
    // On a narrow track it is too late once the attacker is close: a move across its
    // nose would be a block.
    const double closing = std::max(0.0, attacker->ap.speed - e.ap.speed);
    const bool narrow = narrow_track(*track_, half_width(world, e.car), plan_.line_margin);
    const double late = narrow ? overlap - 1.0 + kDefendGap + 0.6 * closing : overlap;
    if (!e.defending && behind < late) return;
    e.defending = attacker->car;
    e.lane_target += attacker->pass_side * half_width(world, e.car);
}

/// How much an AI car must give way (0 none .. 1 full brake) to the nearest car in its
/// path ahead (the lanes from where it is to where it is going): it wants a gap of 2 m +
/// 0.5 s of its speed + what shedding the closing speed at 4 m/s² takes, bumper to
/// bumper.
double Race::give_way(const World& world, const RaceEntry& e) const {
    const Car& me = world.car(e.car);
    const dvec2 fwd = direction(me.heading);
    const double v = std::max(glm::dot(me.velocity, fwd), 0.0);
    const double lo = std::min(e.ap.cross_track, e.ap.lane);
    const double hi = std::max(e.ap.cross_track, e.ap.lane);
    const bool narrow =
        e.has_skill && narrow_track(*track_, half_width(world, e.car), plan_.line_margin);
    double severity = 0.0;
    for (const RaceEntry& o : entries_) {
        if (o.car == e.car || !world.valid(o.car) || !o.ap.located) continue;
        const Car& other = world.car(o.car);
        const double ahead = path_delta(line_.path, e.ap.s, o.ap.s);
        double reach = half_width(world, e.car) + half_width(world, o.car) + kWayMargin;
        // A car spun or stopped ahead may slide anywhere: it is given a lane more.
        const dvec2 t = path_tangent_at(line_.path, o.ap.s);
        if (e.has_skill && (o.ap.speed < 3.0 || glm::dot(direction(other.heading), t) < 0.7))
            reach += 1.5;
        if (ahead <= 0.0 || ahead > kLookAhead || o.ap.cross_track < lo - reach ||
            o.ap.cross_track > hi + reach)
            continue;
        const double gap = ahead - half_length(world, e.car) - half_length(world, o.car);
        const double closing = v - glm::dot(other.velocity, fwd);
        // A driver follows closer the bolder it is (0.5 s of speed careful, 0.3 s bold).
        const double headway = e.has_skill ? 0.55 - 0.25 * e.skill.aggression : 0.5;
        const double want =
            2.0 + headway * v + (closing > 0.0 ? closing * closing / (2.0 * 4.0) : 0.0);
        if (gap < want) severity = std::max(severity, std::clamp((want - gap) / want, 0.0, 1.0));
        if (narrow && closing > 0.0) {
            // A driver brakes as hard as shedding the closing speed before the last metre
            // takes (the brake is severity², so the root of the share of kHardBrake).
            const double need = closing * closing / (2.0 * std::max(gap - 1.0, 0.2));
            if (need > 1.0)
                severity = std::max(severity, std::sqrt(std::clamp(need / kHardBrake, 0.0, 1.0)));
        }
        if (e.has_skill && !narrow && e.passing != o.car) {
            // A driver also sees the car ahead braking (its brake lights, its nose
            // dipping): it brakes as hard as keeping the last metre takes while that car
            // goes on slowing as it does now; before the car ahead would stop, the
            // distances both need to stop decide. (Not the car it is passing: it is
            // moving out from behind it, braking later only once beside it; nor on a
            // narrow track, where the closing speed above decides.)
            const double room = std::max(gap - 1.0, 0.2);
            const double lead_v = std::max(0.0, glm::dot(other.velocity, fwd));
            const double lead_brake =
                std::max(0.0, -std::min(other.accel_long, other.load_accel_long));
            double need = 0.0;
            if (closing > 0.0) need = lead_brake + closing * closing / (2.0 * room);
            if (lead_brake > 0.5) {
                const double stop = v * v / (2.0 * (room + lead_v * lead_v / (2.0 * lead_brake)));
                need = closing > 0.0
                           ? std::min(need, std::max(stop, closing * closing / (2.0 * room)))
                           : stop;
            }
            if (need > 1.0)
                severity = std::max(severity, std::sqrt(std::clamp(need / kHardBrake, 0.0, 1.0)));
        }
    }
    return severity;
}

}  // namespace skidpad
