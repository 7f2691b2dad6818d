// The driver of an AI race car: its reaction off the grid, its braking-point error per
// braking zone and its small mistakes (a wide exit, a late brake, a lift), drawn from the
// race's seed so a race replays the same. Every error goes through the same inputs and
// plan a player's car and the plain autopilot use: no grip is added, nothing is eased.
#include <algorithm>
#include <cmath>

#include "skidpad/plan/race.hpp"

namespace skidpad {

namespace {
constexpr double kWideExit = 1.4;    ///< m a wide exit adds to the lane, outward
constexpr double kWideTime = 2.0;    ///< s a wide exit lasts
constexpr double kLateBrake = 0.45;  ///< share of the braking look-ahead of a late brake
constexpr double kLiftTime = 0.8;    ///< s of a lift
constexpr double kLiftThrottle = 0.35;

/// m to the next mistake: exponential with `rate` mistakes per `lap_m`.
double next_gap(RaceRandom& rng, double rate, double lap_m) {
    if (rate <= 0.0 || lap_m <= 0.0) return 1e300;
    const double u = std::max(1e-9, 1.0 - rng.uniform());
    return -std::log(u) * lap_m / rate;
}
}  // namespace

bool Race::set_entry_driver(CarId id, const PlanCar& car, const DriverSkill& skill,
                            std::uint64_t seed) {
    if (!set_entry_plan(id, car, skill.pace)) return false;
    RaceEntry& e = *entry(id);
    e.has_skill = true;
    e.skill = skill;
    e.rng.state = seed;
    e.launch_left_s = skill.reaction_s;
    e.brake_factor = 1.0 + skill.brake_error * (2.0 * e.rng.uniform() - 1.0);
    e.next_mistake_m = next_gap(e.rng, skill.mistake_rate, track_ ? track_->centre.length : 0.0);
    e.mistake = 0;
    e.mistakes = 0;
    return true;
}

PlanDef Race::driver_plan(const World& world, RaceEntry& e, double dt) const {
    PlanDef p = plan_;
    if (!e.has_skill || !track_) return p;
    const double covered_m = covered(e);
    if (e.mistake != 0) {
        // (A late brake also ends with the braking zone it fell in: driver_input.)
        e.mistake_left_s -= dt;
        if (e.mistake_left_s <= 0.0) {
            e.mistake = 0;
            e.mistake_side = 0.0;
        }
    } else if (covered_m >= e.next_mistake_m && e.ap.speed > 10.0) {
        e.mistakes += 1;
        const double u = e.rng.uniform();
        if (u < 0.4) {
            // Wide: outward of the bend it is in (or about to be in).
            const std::size_t k = path_segment_at(line_.path, e.ap.s + 20.0);
            const double kappa = k < profile_.curvature.size() ? profile_.curvature[k] : 0.0;
            e.mistake = 1;
            e.mistake_left_s = kWideTime;
            e.mistake_side = kappa > 0.0 ? -kWideExit : kWideExit;
        } else if (u < 0.7) {
            e.mistake = 2;
            e.mistake_left_s = 5.0;
        } else {
            e.mistake = 3;
            e.mistake_left_s = kLiftTime;
        }
        e.next_mistake_m = covered_m + next_gap(e.rng, e.skill.mistake_rate, track_->centre.length);
    }
    double f = e.brake_factor;
    if (e.mistake == 2) f = std::min(f, kLateBrake);
    // Passing: it brakes a little later beside the other car (the more, the bolder).
    // Only once beside it: braking later straight behind it would run into its tail.
    if (const RaceEntry* o = e.passing ? entry(e.passing) : nullptr;
        o && world.valid(o->car) && o->ap.located &&
        std::fabs(o->ap.cross_track - e.ap.cross_track) >
            0.5 * (world.car_def(e.car).width + world.car_def(o->car).width) + 0.3)
        f *= 1.0 - 0.15 * e.skill.aggression;
    p.ap_speed_lookahead *= f;
    return p;
}

void Race::driver_input(RaceEntry& e, InputState& in, double dt) const {
    if (!e.has_skill) return;
    if (e.launch_left_s > 0.0) {
        // Still reacting to the start: foot on the brake.
        e.launch_left_s -= dt;
        in.throttle = 0.0;
        in.brake = 1.0;
    }
    if (e.mistake == 3) in.throttle = std::min(in.throttle, kLiftThrottle);
    const bool braking = in.brake > 0.05;
    if (e.braking && !braking) {
        // Out of a braking zone: the next one's braking point.
        e.brake_factor = 1.0 + e.skill.brake_error * (2.0 * e.rng.uniform() - 1.0);
        if (e.mistake == 2) e.mistake = 0;
    }
    e.braking = braking;
}

}  // namespace skidpad
