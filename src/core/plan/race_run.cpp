// Headless AI races (`skidpad lab race`, the race tests): the field on the grid, raced to
// the flag, overtakes and car-car contacts counted.
#include "skidpad/plan/race_run.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"

namespace skidpad {

namespace {
std::size_t pair_index(int a, int b, int n) {
    // a < b: row a of the upper triangle.
    return static_cast<std::size_t>(a * n - a * (a + 1) / 2 + (b - a - 1));
}
int grid_of(const std::vector<CarId>& ids, std::uint32_t slot) {
    for (std::size_t k = 0; k < ids.size(); ++k)
        if (ids[k].index == slot) return static_cast<int>(k);
    return -1;
}

RaceContact describe_contact(const World& world, const Race& race, const std::vector<CarId>& ids,
                             const ContactEvent& c) {
    RaceContact rc;
    rc.t = world.time();
    rc.impulse = c.impulse;
    int a = grid_of(ids, c.car), b = grid_of(ids, c.other_car);
    if (a < 0 || b < 0) return rc;
    const ClosedPath& line = race.line().path;
    const RaceEntry* ea = race.entry(ids[static_cast<std::size_t>(a)]);
    const RaceEntry* eb = race.entry(ids[static_cast<std::size_t>(b)]);
    if (!ea || !eb) return rc;
    if (path_delta(line, ea->ap.s, eb->ap.s) < 0.0) {
        std::swap(a, b);
        std::swap(ea, eb);
    }
    rc.a = a;
    rc.b = b;
    rc.ahead_m = path_delta(line, ea->ap.s, eb->ap.s);
    rc.side_m = eb->ap.cross_track - ea->ap.cross_track;
    const Car& ca = world.car(ea->car);
    const Car& cb = world.car(eb->car);
    rc.speed_a = glm::dot(ca.velocity, direction(ca.heading));
    rc.speed_b = glm::dot(cb.velocity, direction(cb.heading));
    const SpeedProfile& pa = ea->own ? ea->own->profile : race.profile();
    rc.plan_a = profile_speed_at(pa, line, ea->ap.s);
    rc.covered_a = race.covered(*ea);
    rc.a_passing = ea->passing == eb->car;
    rc.b_passing = eb->passing == ea->car;
    const auto spun = [&](const RaceEntry& e, const Car& car) {
        return e.ap.speed < 3.0 ||
               glm::dot(direction(car.heading), path_tangent_at(line, e.ap.s)) < 0.7;
    };
    rc.a_spun = spun(*ea, ca);
    rc.b_spun = spun(*eb, cb);
    rc.brake_a = ea->last_input.brake;
    rc.brake_b = eb->last_input.brake;
    return rc;
}
}  // namespace

void OvertakeCounter::update(const std::vector<int>& order, double now) {
    const int n = static_cast<int>(order.size());
    std::vector<int> place(order.size(), 0);
    for (int k = 0; k < n; ++k)
        place[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = k;
    const std::size_t pairs = static_cast<std::size_t>(n * (n - 1) / 2);
    if (n != n_) {
        // A new field: the order now is the starting order, nothing counted.
        n_ = n;
        overtakes_ = 0;
        made_.assign(order.size(), 0);
        counted_.assign(pairs, 0);
        now_.assign(pairs, 0);
        since_.assign(pairs, now);
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                const std::size_t i = pair_index(a, b, n);
                counted_[i] = now_[i] =
                    place[static_cast<std::size_t>(a)] < place[static_cast<std::size_t>(b)];
            }
        return;
    }
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            const std::size_t i = pair_index(a, b, n);
            const char a_ahead =
                place[static_cast<std::size_t>(a)] < place[static_cast<std::size_t>(b)];
            if (a_ahead != now_[i]) {
                now_[i] = a_ahead;
                since_[i] = now;
            }
            if (now_[i] != counted_[i] && now - since_[i] >= hold_s_) {
                counted_[i] = now_[i];
                overtakes_ += 1;
                made_[static_cast<std::size_t>(a_ahead ? a : b)] += 1;
            }
        }
    }
}

int OvertakeCounter::made_by(int car) const {
    return car >= 0 && car < n_ ? made_[static_cast<std::size_t>(car)] : 0;
}

std::vector<RaceDriver> race_field_draw(std::uint64_t seed, int count) {
    RaceRandom draw{seed * 0x2545f4914f6cdd1dull + 17};
    std::vector<RaceDriver> roster = race_drivers();
    for (std::size_t i = roster.size(); i > 1; --i)
        std::swap(roster[i - 1], roster[static_cast<std::size_t>(draw.next() % i)]);
    roster.resize(std::min(roster.size(), static_cast<std::size_t>(std::max(count, 0))));
    return roster;
}

RaceRunResult run_ai_race(Track track, const Settings& settings,
                          const std::vector<RaceRunEntrant>& field, const RaceRunConfig& config) {
    RaceRunResult out;
    out.entrants = static_cast<int>(field.size());
    if (field.empty()) {
        out.error = "no cars";
        return out;
    }
    World world(world_def(settings));
    Race race;
    race.set_track(std::move(track), plan_car_from_def(settings.car), settings.plan);
    if (!race.profile().ok) {
        out.error = "planning failed: " + race.profile().error;
        return out;
    }
    race.set_laps(config.laps);
    RaceRandom seeds{config.seed};
    std::vector<CarId> ids;
    double slowest = 0.0;
    for (std::size_t k = 0; k < field.size(); ++k) {
        dvec2 pos(0.0);
        double heading = 0.0;
        race.grid_pose(static_cast<int>(k), pos, heading);
        const CarId id = world.add_car(pos, heading, field[k].car);
        race.join(world, id, true);
        if (!race.set_entry_driver(id, plan_car_from_def(field[k].car), field[k].skill,
                                   seeds.next())) {
            out.error = "cannot plan the car of " + field[k].name;
            return out;
        }
        slowest = std::max(slowest, race.predicted_lap(*race.entry(id)));
        ids.push_back(id);
    }
    const double hz = settings.sim.physics_hz > 0.0 ? settings.sim.physics_hz : 120.0;
    const double dt = 1.0 / hz;
    const double limit = 2.0 * slowest * config.laps + 90.0;
    OvertakeCounter overtakes;
    std::map<std::pair<std::uint32_t, std::uint32_t>, double> touching;  // pair → last touch
    std::vector<int> order(field.size());
    bool all_done = false;
    while (!all_done && world.time() < limit) {
        race.drive(world);
        world.step(dt);
        race.observe(world);
        if (config.each_step) config.each_step(world, ids);
        for (const ContactEvent& c : world.events().contacts) {
            if (c.other_car == ContactEvent::kNoCar || c.car > c.other_car) continue;
            out.worst_impulse = std::max(out.worst_impulse, c.impulse);
            if (c.impulse < config.contact_impulse) continue;
            const auto key = std::make_pair(c.car, c.other_car);
            const auto it = touching.find(key);
            if (it == touching.end() || world.time() - it->second > kContactApart) {
                out.car_contacts += 1;
                out.contacts.push_back(describe_contact(world, race, ids, c));
            }
            touching[key] = world.time();
        }
        const std::vector<Standing> st = race.standings(world.time());
        for (std::size_t k = 0; k < st.size(); ++k)
            order[k] = static_cast<int>(st[k].entry);
        overtakes.update(order, world.time());
        all_done = true;
        for (const RaceEntry& e : race.entries())
            all_done = all_done && e.finish_time >= 0.0;
    }
    out.simulated_s = world.time();
    out.overtakes = overtakes.overtakes();
    const std::vector<Standing> st = race.standings(world.time());
    double first = -1.0, last = -1.0;
    for (std::size_t k = 0; k < st.size(); ++k) {
        const std::size_t i = st[k].entry;
        const RaceEntry& e = race.entries()[i];
        RaceRunCar c;
        c.name = field[i].name;
        c.car_name = field[i].car_name;
        c.grid = static_cast<int>(i);
        c.place = static_cast<int>(k) + 1;
        c.finished = e.finish_time >= 0.0;
        c.finish_s = c.finished ? e.finish_time : 0.0;
        c.best_lap_s = e.timer.best_lap;
        c.predicted_lap_s = race.predicted_lap(e);
        c.overtakes = overtakes.made_by(static_cast<int>(i));
        c.mistakes = e.mistakes;
        c.time_off_track_s = e.time_off_track;
        out.mistakes += e.mistakes;
        if (c.finished) {
            out.finished += 1;
            if (first < 0.0) first = c.finish_s;
            last = c.finish_s;
        }
        if (c.best_lap_s > 0.0 && (out.fastest_lap_s <= 0.0 || c.best_lap_s < out.fastest_lap_s)) {
            out.fastest_lap_s = c.best_lap_s;
            out.fastest_lap_by = c.name;
        }
        out.cars.push_back(c);
    }
    if (!out.cars.empty() && out.cars[0].finished) {
        out.winner = out.cars[0].name;
        out.winner_s = out.cars[0].finish_s;
    }
    out.spread_s = first >= 0.0 ? last - first : 0.0;
    if (out.finished < out.entrants) {
        out.error = std::to_string(out.finished) + " of " + std::to_string(out.entrants) +
                    " cars finished in " + std::to_string(static_cast<int>(limit)) + " s";
    }
    return out;
}

}  // namespace skidpad
