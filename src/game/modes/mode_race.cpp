// race: the player against 1..7 AI drivers on a grid, a countdown, positions and gaps,
// and a results table once the player (or the whole field) has finished. Each AI car is
// a named driver of the roster (driver_skill.hpp) at the race's level (club unless its
// rules say otherwise), in its own car preset; the grid is in order of their predicted lap times
// (fastest on pole), the player at the back.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "modes/mode_race.hpp"

#include "data_dir.hpp"
#include "event.hpp"
#include "sim.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/scene/preset.hpp"

namespace skidpad::app {

namespace {
constexpr int kDefaultOpponents = 3;
constexpr int kMaxOpponents = 7;

/// Seed of the k-th driver's errors: fixed, so a race replays the same.
std::uint64_t driver_seed(std::size_t k) {
    return 0x5eed0000ull + 7919ull * (k + 1);
}

}  // namespace

std::string race_field_setup(Scene& sc, int n, std::vector<std::string>& names,
                             const RaceRules& rules, std::vector<std::string>* drivers) {
    if (rules.laps < 1 || rules.laps > kReplayMaxLaps) return "a race takes 1..10 laps";
    if (n < 1 || n > kMaxOpponents || sc.track < 0) return "no race: no track or no opponents";
    scene_remove_ai(sc);
    Race& race = sc.race;
    World& world = sc.world;
    struct Car {
        RaceDriver driver;
        DriverSkill skill;
        CarDef def;
        PlanCar plan;
        audio::EngineVoice voice;
        double predicted = 0.0;
        std::uint64_t seed = 0;
        int index = 0;  ///< in the roster
    };
    std::vector<Car> field;
    for (int i = 0; i < n; ++i) {
        Car c;
        c.driver = race_drivers()[static_cast<std::size_t>(i)];
        c.skill = driver_skill(race_level_of(rules.level, i), c.driver.personality);
        c.seed = driver_seed(static_cast<std::size_t>(i));
        Settings st;
        const PresetResult r =
            load_preset_file(util::data_path("presets/" + c.driver.preset + ".json"), st);
        if (!r.ok) return "AI car preset: " + r.error;
        c.def = st.car;
        c.voice = audio::engine_voice(st.sound);
        c.plan = plan_car_from_def(st.car);
        const SpeedProfile p = compute_speed_profile(race.line().path, c.plan, race.plan());
        if (!p.ok) return "cannot plan the " + c.driver.preset + ": " + p.error;
        c.predicted = p.lap_time_s / c.skill.pace;
        c.index = i;
        field.push_back(c);
    }
    // The grid: the rules' order (a cup's later rounds: the standings reversed), else by
    // predicted lap, fastest on pole, the player at the back.
    std::size_t player_slot = field.size();
    if (rules.grid.empty()) {
        std::stable_sort(field.begin(), field.end(),
                         [](const Car& a, const Car& b) { return a.predicted < b.predicted; });
    } else {
        if (!race_grid_valid(rules.grid, n)) return "a race grid must place every car once";
        std::vector<Car> ordered;
        for (std::size_t k = 0; k < rules.grid.size(); ++k) {
            const int g = rules.grid[k];
            if (g == n)
                player_slot = k;
            else
                ordered.push_back(field[static_cast<std::size_t>(g)]);
        }
        field = std::move(ordered);
    }
    std::vector<int> slots;  // the grid slot of each AI car, in field order
    for (std::size_t k = 0; k < field.size(); ++k)
        slots.push_back(static_cast<int>(k < player_slot ? k : k + 1));
    const CarId player = world.player();
    names.clear();
    if (drivers) drivers->clear();
    for (std::size_t k = 0; k < field.size(); ++k) {
        dvec2 pos;
        double heading = 0.0;
        race.grid_pose(slots[k], pos, heading);
        const CarId id = world.add_car(pos, heading, field[k].def);
        scene_set_car_voice(sc, id, field[k].voice);
        race.join(world, id, true);
        race.set_entry_driver(id, field[k].plan, field[k].skill, field[k].seed);
        names.push_back(field[k].driver.preset);
        if (drivers) drivers->push_back(field[k].driver.name);  // the HUD names the drivers
    }
    // The player's entry moves to the end of the list (at the back of the grid unless
    // the rules' grid places it).
    dvec2 pos;
    double heading = 0.0;
    race.grid_pose(static_cast<int>(player_slot), pos, heading);
    world.set_start_pose(player, pos, heading);
    world.reset_car(player);
    const bool autopilot = race.entry(player) && race.entry(player)->autopilot;
    race.leave(player);
    race.join(world, player, autopilot);
    race.set_laps(rules.laps);
    return "";
}

void race_field_hold(Scene& sc) {
    World& world = sc.world;
    for (const RaceEntry& e : sc.race.entries()) {
        if (e.car == world.player() || !world.valid(e.car)) continue;
        InputState held = world.input(e.car);
        countdown_hold(held);
        world.set_input(e.car, held);
    }
}

namespace {

/// A car's preset name from its file's path ("stock" for none).
std::string preset_title(const std::string& path) {
    if (path.empty()) return "stock";
    const std::size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
        name.resize(name.size() - 5);
    return name;
}

class RaceMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        const int n = options.opponents < 0 ? kDefaultOpponents : options.opponents;
        if (n < 1 || n > kMaxOpponents) return "--opponents takes 1..7";
        const std::string track = options.track.empty() ? "club" : options.track;
        Sim& sim = ctx.sim;
        if (sim.settings().plan.ai_opponent) {
            sim.tuner.control("plan.ai_opponent", 0.0);
            // Recording (a race picked in the menu): the change acts before the track
            // loads, in the game as in the replay.
            if (sim.recorder.active()) ctx.apply(Event::tuning());
        }
        if (const std::string err = ctx.apply(Event::select_track(track)); !err.empty()) return err;
        Scene& sc = sim.scene;
        hud_.title = sc.tracks[static_cast<std::size_t>(sc.track)].title;
        if (const std::string err = ctx.apply(Event::race_start(n, options.rules)); !err.empty())
            return err;
        const std::vector<std::string>& field = sim.race_drivers;
        opponents_ = n;
        rules_ = options.rules;
        hud_.names.clear();
        hud_.numbers.clear();
        hud_.cars = sim.race_names;
        // Numbers: the player #1, the AI cars from #2 in grid order.
        for (std::size_t k = 0; k < field.size(); ++k) {
            hud_.numbers.push_back(static_cast<int>(k) + 2);
            hud_.names.push_back(field[k]);
        }
        hud_.numbers.push_back(1);
        hud_.names.push_back(sc.humans.empty() ? "You" : "P1");
        hud_.cars.push_back(preset_title(ctx.car_preset));
        // Further human players (--players): numbered after the AI field, in seat order.
        for (std::size_t k = 0; k < sc.humans.size(); ++k) {
            hud_.numbers.push_back(static_cast<int>(field.size() + k) + 2);
            hud_.names.push_back("P" + std::to_string(k + 2));
        }
        hud_.countdown.start = sc.world.time();
        sim.camera.replace = true;
        return "";
    }

    /// A replay rebuilds the field from the opponent count and the rules
    /// (race_field_setup).
    std::vector<ReplayEvent> start_events() const override {
        ReplayEvent e;
        e.op = ReplayOp::RaceStart;
        e.opponents = static_cast<std::uint8_t>(opponents_);
        std::vector<ReplayEvent> out;
        if (!rules_.is_default()) out.push_back(race_rules_event(rules_));
        if (!rules_.grid.empty()) out.push_back(race_grid_event(rules_.grid));
        out.push_back(e);
        return out;
    }

    void restart(const ModeContext& ctx) override {
        Mode::restart(ctx);
        hud_.countdown.start = ctx.sim.scene.world.time();
    }

    void before_step(const ModeContext& ctx, InputState& player) override {
        if (!hud_.countdown.holding(ctx.sim.scene.world.time())) return;
        countdown_hold(player);
        race_field_hold(ctx.sim.scene);
    }

    RaceHud hud_;  ///< what the HUD reads (mode_race.hpp)

private:
    int opponents_ = 0;
    RaceRules rules_;
};
}  // namespace

const RaceHud* race_hud(const Mode& mode) {
    const auto* m = dynamic_cast<const RaceMode*>(&mode);
    return m ? &m->hud_ : nullptr;
}

std::unique_ptr<Mode> make_race_mode() {
    return std::make_unique<RaceMode>();
}

}  // namespace skidpad::app
