// Playing a replay back on a Scene, with snapshots for seeking (see replay_player.hpp).
#include "replay_player.hpp"

#include <algorithm>
#include <filesystem>

#include "modes/mode.hpp"
#include "players.hpp"
#include "seat_setup.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
constexpr double kSnapshotSeconds = 5.0;

/// A shipped track's index, or the player's own track of that name, added to the list.
int track_index(Scene& scene, const std::string& name) {
    return scene_track_index(scene, name);
}

void keep_snapshot(ReplayPlayer& p, const Scene& scene) {
    if (p.snapshot_every == 0 || p.cursor.step % p.snapshot_every != 0) return;
    const std::size_t slot = static_cast<std::size_t>(p.cursor.step / p.snapshot_every);
    if (slot < p.snapshots.size()) return;
    if (slot == p.snapshots.size()) p.snapshots.push_back({scene, p.planner, p.cursor});
}

void restore(ReplayPlayer& p, Scene& scene, const ReplaySnapshot& s) {
    scene = s.scene;
    p.planner = s.planner;
    p.cursor = s.cursor;
}
}  // namespace

void apply_replay_event(Scene& scene, PlannerState& planner, ReplayCursor& at,
                        const ReplayEvent& e) {
    Settings& settings = at.settings;
    switch (e.op) {
        case ReplayOp::Tune: {
            const auto& params = param_registry().all();
            if (e.tune.param < params.size()) params[e.tune.param].set_raw(settings, e.tune.value);
            scene.world.apply(e.tune);
            return;
        }
        case ReplayOp::CarReset:
            scene.race.respawn(scene.world, scene.world.player());
            apply_world_event(scene.world, e);
            return;
        case ReplayOp::SceneReset:
            scene_reset(scene);
            players_reset(scene);
            if (at.race) at.race_hold_until = scene.world.time() + kCountdownS;
            return;
        case ReplayOp::LoadArena:
            planner.autopilot = false;
            at.race = false;
            scene_load_arena(scene, settings);
            players_place(scene);
            return;
        case ReplayOp::RaceStart: {
            std::vector<std::string>& names = at.race_names;
            at.race = race_field_setup(scene, e.opponents, names, at.race_rules, &at.race_drivers)
                          .empty();
            at.race_rules = RaceRules{};  // rules hold for the race they precede
            if (at.race) players_place(scene);
            if (at.race) at.race_hold_until = scene.world.time() + kCountdownS;
            return;
        }
        case ReplayOp::Seats:
            seat_setup_apply(scene, e.seats);
            return;
        case ReplayOp::RaceRules:
            if (!race_rules_of(e, at.race_rules)) at.race_rules = RaceRules{};
            return;
        case ReplayOp::RaceGrid:
            if (!race_grid_of(e, at.race_rules.grid)) at.race_rules.grid.clear();
            return;
        case ReplayOp::LoadTrack: {
            at.race = false;
            const int i = track_index(scene, e.name);
            if (i >= 0 && scene_load_track(scene, i, settings, false).empty()) {
                planner.planned_with = plan_inputs(settings);
                players_place(scene);
            }
            return;
        }
        default:
            apply_world_event(scene.world, e);
            return;
    }
}

std::string replay_open(ReplayPlayer& p, Scene& scene, Replay replay) {
    const ReplayHeader& h = replay.header;
    if (!h.level.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(h.level, ec))
            return "the replay's level '" + h.level + "' is missing";
    }
    p = ReplayPlayer{};
    std::string warning;
    std::vector<std::string> skipped;
    scene = Scene();
    scene_open(scene, h.level, h.settings, warning, skipped);
    if (!warning.empty()) return "the replay's level: " + warning;
    scene.players = h.players;
    players_place(scene);
    p.cursor.settings = h.settings;
    if (h.scene == ReplayScene::Track) {
        const int i = track_index(scene, h.track);
        if (i < 0) return "the replay's track '" + h.track + "' is missing";
        const std::string err = scene_load_track(scene, i, h.settings, false);
        if (!err.empty()) return "the replay's track '" + h.track + "': " + err;
        p.planner.planned_with = plan_inputs(h.settings);
        players_place(scene);
    }
    for (const ReplayEvent& e : replay.events) {
        if (e.op == ReplayOp::LoadTrack && track_index(scene, e.name) < 0)
            return "the replay loads track '" + e.name + "', which is missing";
    }
    p.replay = std::move(replay);
    p.snapshot_every = static_cast<std::uint64_t>(
        std::max(1.0, kSnapshotSeconds * p.replay.header.settings.sim.physics_hz));
    keep_snapshot(p, scene);
    return "";
}

double replay_dt(const Scene& scene) {
    return fixed_dt(scene.world.def().sim);
}

void replay_step(ReplayPlayer& p, Scene& sc) {
    if (p.at_end()) return;
    ReplayCursor& c = p.cursor;
    const auto& events = p.replay.events;
    for (; c.next_event < events.size() && events[c.next_event].step <= c.step; ++c.next_event)
        apply_replay_event(sc, p.planner, c, events[c.next_event]);
    planner_frame(p.planner, sc, c.settings);
    const InputState in = p.replay.input_at(c.step);
    for (std::size_t k = 1; k <= sc.humans.size(); ++k)
        player_input(sc, k, p.replay.seat_input_at(k, c.step));
    if (sc.race.has_track()) {
        if (in.reset) sc.race.respawn(sc.world, sc.world.player());
        sc.race.drive(sc.world);
        if (c.race && sc.world.time() < c.race_hold_until) race_field_hold(sc);
    }
    sc.world.step(replay_dt(sc), in);
    sc.race.observe(sc.world);
    ++c.step;
    keep_snapshot(p, sc);
}

void replay_finish(ReplayPlayer& p, Scene& scene) {
    if (!p.at_end()) return;
    ReplayCursor& c = p.cursor;
    const auto& events = p.replay.events;
    const bool any = c.next_event < events.size();
    for (; c.next_event < events.size(); ++c.next_event)
        apply_replay_event(scene, p.planner, c, events[c.next_event]);
    if (any) planner_frame(p.planner, scene, c.settings);
}

void replay_play_all(ReplayPlayer& p, Scene& scene) {
    while (!p.at_end())
        replay_step(p, scene);
    replay_finish(p, scene);
}

void replay_seek(ReplayPlayer& p, Scene& scene, std::uint64_t step) {
    step = std::min(step, p.replay.steps);
    if (step == p.cursor.step) return;
    if (p.snapshot_every > 0 && !p.snapshots.empty()) {
        const std::size_t slot = std::min<std::size_t>(
            static_cast<std::size_t>(step / p.snapshot_every), p.snapshots.size() - 1);
        const ReplaySnapshot& s = p.snapshots[slot];
        // Back, or forward past the latest snapshot with one nearer than here.
        if (step < p.cursor.step || s.cursor.step > p.cursor.step) restore(p, scene, s);
    }
    while (p.cursor.step < step)
        replay_step(p, scene);
}

std::string replay_level_path(const std::string& level) {
    if (level.empty()) return level;
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(level, ec);
    return ec ? level : abs.lexically_normal().string();
}

namespace {
/// How many events at the replay's start are tuning before its first step.
std::size_t leading_tune_events(const Replay& r) {
    std::size_t n = 0;
    while (n < r.events.size() && r.events[n].op == ReplayOp::Tune && r.events[n].step == 0)
        ++n;
    return n;
}
}  // namespace

Settings replay_start_settings(const Replay& r) {
    Settings s = r.header.settings;
    const auto& params = param_registry().all();
    for (std::size_t i = 0; i < leading_tune_events(r); ++i) {
        const TuneEvent& t = r.events[i].tune;
        if (t.param < params.size()) params[t.param].set_raw(s, t.value);
    }
    return s;
}

Replay replay_with_start(Replay r, const Settings& start) {
    r.events.erase(r.events.begin(),
                   r.events.begin() + static_cast<std::ptrdiff_t>(leading_tune_events(r)));
    r.header.settings = start;
    return r;
}

Replay replay_prefix(const Replay& r, const ReplayCursor& at) {
    Replay out;
    out.header = r.header;
    out.steps = std::min(at.step, r.steps);
    for (const ReplayRun& run : r.runs) {
        if (run.first_step < out.steps) out.runs.push_back(run);
    }
    for (const std::vector<ReplayRun>& seat : r.seat_runs) {
        out.seat_runs.emplace_back();
        for (const ReplayRun& run : seat)
            if (run.first_step < out.steps) out.seat_runs.back().push_back(run);
    }
    const std::size_t n = std::min(at.next_event, r.events.size());
    out.events.assign(r.events.begin(), r.events.begin() + static_cast<std::ptrdiff_t>(n));
    return out;
}

}  // namespace skidpad::app
