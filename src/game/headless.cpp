// `skidpad --headless`: runs and replays with no window (see headless.hpp).
#include "headless.hpp"

#include <chrono>
#include <cmath>

#include "lab.hpp"
#include "replay_player.hpp"
#include "scene.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/world.hpp"
#include "telemetry_csv.hpp"

namespace skidpad::app {

int run_headless(const HeadlessOptions& o, std::ostream& out, std::ostream& err) {
    const auto t0 = std::chrono::steady_clock::now();
    World world(world_def(o.settings));
    std::string warning;
    build_scene(world, o.level, o.settings.car, warning);
    if (!warning.empty()) err << warning_lines(warning);
    const CarId player = world.player();

    TelemetryCsv telemetry;
    std::string error;
    if (!o.telemetry.empty() && !telemetry.open(o.telemetry, error)) {
        err << "skidpad: " << error << "\n";
        return 1;
    }
    const double dt = fixed_dt(o.settings.sim);
    const long long steps = std::llround(o.seconds / dt);
    ReplayRecorder recorder;
    if (!o.record.empty()) {
        ReplayHeader h;
        h.settings = o.settings;
        h.level = replay_level_path(o.level);
        recorder.begin(h);
    }
    InputState in;
    for (long long i = 0; i < steps; ++i) {
        // Same sampling rule as the window (run_steps): the row in effect at the step start.
        if (o.script) in = o.script->at(world.time() + 1e-9);
        recorder.step(in);
        world.step(dt, in);
        if (!o.telemetry.empty() && world.valid(player)) {
            telemetry.record(world, player);
        }
    }
    if (!o.telemetry.empty() && !telemetry.finish(error)) {
        err << "skidpad: " << error << "\n";
        return 1;
    }
    if (!o.record.empty()) {
        if (recorder.full()) {
            err << "skidpad: --record: the run is longer than a replay holds (" << kReplayMaxSteps
                << " steps)\n";
            return 1;
        }
        const FileResult saved = save_replay_file(o.record, recorder.snapshot(world.state_hash()));
        if (!saved.ok) {
            err << "skidpad: " << saved.error << "\n";
            return 1;
        }
    }
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    lab::Line line;
    line.kv("mode", "headless").kv("seconds", world.time()).kv("steps", steps);
    if (world.valid(player)) {
        const Car& c = world.car(player);
        line.kv("x", c.position.x).kv("y", c.position.y);
        line.kv("speed", std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y));
        line.kv("heading", c.heading);
    }
    line.kv("hash", std::to_string(world.state_hash()));
    line.kv("wall_s", wall_s, 4)
        .kv("realtime_factor", wall_s > 0.0 ? world.time() / wall_s : 0.0, 1);
    if (!o.telemetry.empty())
        line.kv("telemetry", o.telemetry).kv("telemetry_rows", telemetry.rows());
    if (!o.record.empty()) line.kv("record", o.record);
    out << line.str() << "\n";
    return 0;
}

int run_headless_replay(const Replay& replay, const std::string& path, std::ostream& out,
                        std::ostream& err) {
    const auto t0 = std::chrono::steady_clock::now();
    ReplayPlayer p;
    Scene scene;
    if (const std::string why = replay_open(p, scene, replay); !why.empty()) {
        err << "skidpad: replay '" << lab::printable(path) << "': " << why << "\n";
        return 1;
    }
    replay_play_all(p, scene);
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const World& world = scene.world;
    const CarId player = world.player();
    lab::Line line;
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
    line.kv("wall_s", wall_s, 4)
        .kv("realtime_factor", wall_s > 0.0 ? world.time() / wall_s : 0.0, 1);
    out << line.str() << "\n";
    if (!match) {
        err << "skidpad: replay '" << lab::printable(path)
            << "': the final state differs from the recorded one\n";
        return 1;
    }
    return 0;
}

}  // namespace skidpad::app
