// `skidpad --headless`: runs and replays with no window (see headless.hpp).
#include "headless.hpp"

#include <chrono>
#include <cmath>

#include "players.hpp"
#include "replay_player.hpp"
#include "scene.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/world.hpp"
#include "stop_signal.hpp"

namespace skidpad::app {

bool RunOutputs::open(const HeadlessOptions& o, std::ostream& err) {
    telemetry_path_ = o.telemetry;
    record_path_ = o.record;
    std::string error;
    if (!telemetry_path_.empty() && !telemetry_.open(telemetry_path_, error)) {
        err << "skidpad: " << error << "\n";
        return false;
    }
    if (!record_path_.empty()) {
        ReplayHeader h;
        h.settings = o.settings;
        h.level = replay_level_path(o.level);
        h.players = o.players;
        recorder_.begin(h);
    }
    return true;
}

void RunOutputs::after_step(const World& world, const InputState& input,
                            const std::vector<InputState>& seats) {
    if (!record_path_.empty()) {
        recorder_.step(input);
        for (std::size_t k = 1; k < seats.size(); ++k)
            recorder_.seat_step(k, seats[k]);
    }
    if (!telemetry_path_.empty() && world.valid(world.player()))
        telemetry_.record(world, world.player());
}

bool RunOutputs::finish(const World& world, std::ostream& err) {
    std::string error;
    const bool telemetry_ok = telemetry_path_.empty() || telemetry_.finish(error);
    if (telemetry_ok && !record_path_.empty()) {
        if (recorder_.full()) {
            error = "--record: the run is longer than a replay holds (" +
                    std::to_string(kReplayMaxSteps) + " steps)";
        } else {
            const FileResult saved =
                save_replay_file(record_path_, recorder_.snapshot(world.state_hash()));
            if (!saved.ok) error = saved.error;
        }
    }
    if (error.empty()) return true;
    err << "skidpad: " << error << "\n";
    return false;
}

void RunOutputs::describe(util::Line& line) const {
    if (!telemetry_path_.empty())
        line.kv("telemetry", telemetry_path_).kv("telemetry_rows", telemetry_.rows());
    if (!record_path_.empty()) line.kv("record", record_path_);
}

void describe_players(const Scene& scene, util::Line& line) {
    const World& world = scene.world;
    const std::vector<CarId> cars = player_cars(scene);
    const std::vector<Standing> order = scene.race.standings(world.time());
    line.kv("players", static_cast<long long>(scene.players));
    for (std::size_t k = 0; k < cars.size(); ++k) {
        const std::string p = "p" + std::to_string(k + 1) + "_";
        if (!world.valid(cars[k])) continue;
        const Car& c = world.car(cars[k]);
        const RaceEntry* e = scene.race.entry(cars[k]);
        line.kv(p + "x", c.position.x).kv(p + "y", c.position.y);
        line.kv(p + "speed", std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y));
        line.kv(p + "laps", static_cast<long long>(e ? e->timer.laps : 0));
        // On a track: the place in the running order (1 = leading).
        for (std::size_t i = 0; e && i < order.size(); ++i)
            if (&scene.race.entries()[order[i].entry] == e)
                line.kv(p + "pos", static_cast<long long>(i + 1));
    }
}

int run_headless(const HeadlessOptions& o, std::ostream& out, std::ostream& err) {
    const auto t0 = std::chrono::steady_clock::now();
    Scene scene;
    scene.world = World(world_def(o.settings));
    World& world = scene.world;
    std::string warning;
    build_scene(world, o.level, o.settings.car, warning);
    if (!warning.empty()) err << warning_lines(warning);
    const CarId player = world.player();
    scene.players = o.players;
    players_place(scene);
    std::vector<InputState> seats(static_cast<std::size_t>(std::max(1, o.players)));

    RunOutputs outputs;
    if (!outputs.open(o, err)) return 1;
    const double dt = fixed_dt(o.settings.sim);
    const long long steps = std::llround(o.seconds / dt);
    InputState in;
    long long done = 0;
    // SIGINT/SIGTERM (stop_signal.hpp) end the run between two steps: what ran so far is
    // written as if the run had been that long (telemetry, a replay that plays to its hash).
    for (; done < steps && stop_signal() == 0; ++done) {
        // Same sampling rule as the window (run_steps): the row in effect at the step start.
        if (o.script) in = o.script->at(world.time() + 1e-9);
        for (std::size_t k = 1; k < seats.size(); ++k) {
            const std::size_t si = k - 1;
            if (si < o.seat_scripts.size() && o.seat_scripts[si])
                seats[k] = o.seat_scripts[si]->at(world.time() + 1e-9);
            player_input(scene, k, seats[k]);
        }
        world.step(dt, in);
        outputs.after_step(world, in, seats);
    }
    if (!outputs.finish(world, err)) return 1;
    const int stopped = done < steps ? stop_signal() : 0;
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    util::Line line;
    line.kv("mode", "headless").kv("seconds", world.time()).kv("steps", done);
    if (world.valid(player)) {
        const Car& c = world.car(player);
        line.kv("x", c.position.x).kv("y", c.position.y);
        line.kv("speed", std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y));
        line.kv("heading", c.heading);
    }
    line.kv("hash", std::to_string(world.state_hash()));
    if (scene.players > 1) describe_players(scene, line);
    line.kv("wall_s", wall_s, 4)
        .kv("realtime_factor", wall_s > 0.0 ? world.time() / wall_s : 0.0, 1);
    outputs.describe(line);
    if (stopped != 0) line.kv("stopped_by", stop_signal_name(stopped));
    out << line.str() << "\n";
    if (stopped != 0) {
        err << "skidpad: stopped by " << stop_signal_name(stopped) << " after " << done << " of "
            << steps << " steps; what ran is written\n";
        return 128 + stopped;
    }
    return 0;
}

int run_headless_replay(const Replay& replay, const std::string& path, const std::string& telemetry,
                        std::ostream& out, std::ostream& err) {
    const auto t0 = std::chrono::steady_clock::now();
    ReplayPlayer p;
    Scene scene;
    if (const std::string why = replay_open(p, scene, replay); !why.empty()) {
        err << "skidpad: replay '" << util::printable(path) << "': " << why << "\n";
        return 1;
    }
    TelemetryCsv csv;
    std::string error;
    if (!telemetry.empty() && !csv.open(telemetry, error)) {
        err << "skidpad: " << error << "\n";
        return 1;
    }
    while (!p.at_end() && stop_signal() == 0) {
        replay_step(p, scene);
        if (!telemetry.empty() && scene.world.valid(scene.world.player()))
            csv.record(scene.world, scene.world.player());
    }
    const int stopped = p.at_end() ? 0 : stop_signal();
    if (stopped == 0) replay_finish(p, scene);
    if (!telemetry.empty() && !csv.finish(error)) {
        err << "skidpad: " << error << "\n";
        return 1;
    }
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const World& world = scene.world;
    const CarId player = world.player();
    util::Line line;
    line.kv("mode", "replay").kv("seconds", world.time());
    line.kv("steps", static_cast<long long>(p.cursor.step));
    if (world.valid(player)) {
        const Car& c = world.car(player);
        line.kv("x", c.position.x).kv("y", c.position.y);
        line.kv("speed", std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y));
        line.kv("heading", c.heading);
    }
    const bool match = world.state_hash() == p.replay.final_hash;
    line.kv("hash", std::to_string(world.state_hash()));
    line.kv("replay_hash", std::to_string(p.replay.final_hash));
    line.kv("hash_match", match ? "true" : "false");
    line.kv("events", static_cast<long long>(p.replay.events.size()));
    if (scene.players > 1) describe_players(scene, line);
    line.kv("wall_s", wall_s, 4)
        .kv("realtime_factor", wall_s > 0.0 ? world.time() / wall_s : 0.0, 1);
    if (!telemetry.empty()) line.kv("telemetry", telemetry).kv("telemetry_rows", csv.rows());
    if (stopped != 0) line.kv("stopped_by", stop_signal_name(stopped));
    out << line.str() << "\n";
    if (stopped != 0) {
        err << "skidpad: replay '" << util::printable(path) << "': stopped by "
            << stop_signal_name(stopped) << " at step " << p.cursor.step
            << "; the hash is checked only at the end\n";
        return 128 + stopped;
    }
    if (!match) {
        err << "skidpad: replay '" << util::printable(path)
            << "': the final state differs from the recorded one\n";
        return 1;
    }
    return 0;
}

}  // namespace skidpad::app
