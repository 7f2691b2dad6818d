// The replay viewer's playback as a mode: steps, seeks, the scout (see mode_replay.hpp).
#include "modes/mode_replay.hpp"

#include <algorithm>
#include <chrono>

#include "session.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
constexpr int kMaxStepsPerFrame = 64;

/// After one scout step: a lap the player's car completed, or a hard impact of it,
/// becomes a timeline marker.
void mark_step(ReplayViewer& v) {
    const World& world = v.scout_scene.world;
    const std::uint64_t step = v.scout.cursor.step;
    if (const RaceEntry* e = v.scout_scene.race.entry(world.player())) {
        if (e->timer.laps > v.laps_seen && v.laps.size() < kMaxMarks) v.laps.push_back(step);
        v.laps_seen = e->timer.laps;
    }
    const std::uint32_t player = world.player().index;
    for (const ContactEvent& c : world.events().contacts) {
        if (c.car != player || c.kind != ContactKind::Impact) continue;
        if (c.approach_speed < kImpactMarkSpeed) continue;
        if (v.impacts.size() < kMaxMarks && (v.impacts.empty() || v.impacts.back() != step)) {
            v.impacts.push_back(step);
        }
    }
}

/// After a playback's step: its sample for the plots, when it is the next one the trace
/// lacks (the viewer and its scout both pass every step; the first to get there traces it).
void trace_step(Telemetry& t, const ReplayPlayer& p, const World& w) {
    if (t.total() + 1 != p.cursor.step || t.size() >= t.capacity()) return;
    if (w.valid(w.player())) {
        t.record(w, w.player());
    } else {
        t.push(TelemetrySample{});  // keeps one sample per step
    }
}

/// The scout plays ahead for at most `ms` of wall time (with a comparison, B's scout
/// step for step with it); its new snapshots become the player's (the same states: the
/// playback is deterministic).
void scout(ReplayViewer& v, Ghost& ghost, double ms) {
    ReplayPlayer& s = v.scout;
    if (ms <= 0.0 || s.at_end()) return;
    const auto t0 = std::chrono::steady_clock::now();
    while (!s.at_end()) {
        for (int i = 0; i < 16 && !s.at_end(); ++i) {
            replay_step(s, v.scout_scene);
            trace_step(v.trace, s, v.scout_scene.world);
            mark_step(v);
            if (v.comparing) {
                replay_step(v.compare_scout, v.compare_scout_scene);
                trace_step(v.compare_trace, v.compare_scout, v.compare_scout_scene.world);
            }
        }
        const double used =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        if (used >= ms) break;
    }
    auto handover = [](const ReplayPlayer& from, ReplayPlayer& to) {
        while (to.snapshots.size() < from.snapshots.size())
            to.snapshots.push_back(from.snapshots[to.snapshots.size()]);
    };
    handover(s, v.player);
    if (v.comparing) handover(v.compare_scout, ghost.player);
}

class ReplayMode final : public Mode {
public:
    /// Opened by replay_mode_open, not from the mode table.
    std::string start(const ModeContext& /*ctx*/, const ModeOptions& /*options*/) override {
        return "";
    }
    /// Nothing to restart: the timeline goes back to any step.
    void restart(const ModeContext& /*ctx*/) override {}
    /// The frame's keys, then the steps real time × speed pays for (at most 64 per
    /// frame), then up to scout_ms of the scout's steps.
    void frame(const ModeContext& ctx, double elapsed) override;
    bool recordable() const override { return false; }
    bool live() const override { return false; }
    double time_shown(double elapsed, const Settings& /*s*/) const override {
        return v.playing ? std::max(elapsed, 0.0) * v.speed : 0.0;
    }

    ReplayViewer v;
};

void ReplayMode::frame(const ModeContext& ctx, double elapsed) {
    ReplayPlayer& p = v.player;
    const ViewerKeys k = v.keys;
    v.keys = ViewerKeys{};
    if (k.toggle_pause) v.playing = !v.playing;
    if (k.slower) v.speed = std::max(kReplayMinSpeed, v.speed * 0.5);
    if (k.faster) v.speed = std::min(kReplayMaxSpeed, v.speed * 2.0);
    int steps = 0;
    if (k.single_step) {
        v.playing = false;
        replay_mode_step(ctx, v);
        steps = 1;
    }
    if (k.step_back && p.cursor.step > 0) {
        v.playing = false;
        replay_mode_seek(ctx, v, p.cursor.step - 1);
    }
    if (v.playing && !p.at_end()) {
        v.owed += std::max(elapsed, 0.0) * v.speed / replay_dt(ctx.sim.scene);
        while (v.owed >= 1.0 && steps < kMaxStepsPerFrame && !p.at_end()) {
            replay_mode_step(ctx, v);
            v.owed -= 1.0;
            ++steps;
        }
        v.owed = std::min(v.owed, 1.0);
    }
    if (p.at_end()) {
        replay_finish(p, ctx.sim.scene);
        if (v.comparing) replay_finish(ctx.ghost.player, ctx.ghost.scene);
        v.playing = false;
    }
    scout(v, ctx.ghost, v.scout_ms);
    ctx.sim.last_input = p.replay.input_at(p.cursor.step > 0 ? p.cursor.step - 1 : 0);
    ctx.sim.planner.show_line = p.planner.show_line;
    v.steps_shown = steps;
}
}  // namespace

ReplayViewer* replay_viewer(Mode* mode) {
    auto* m = dynamic_cast<ReplayMode*>(mode);
    return m ? &m->v : nullptr;
}

const ReplayViewer* replay_viewer(const Mode* mode) {
    const auto* m = dynamic_cast<const ReplayMode*>(mode);
    return m ? &m->v : nullptr;
}

void replay_mode_step(const ModeContext& ctx, ReplayViewer& v) {
    if (v.player.at_end()) return;
    Sim& sim = ctx.sim;
    replay_step(v.player, sim.scene);
    trace_step(v.trace, v.player, sim.scene.world);
    if (ctx.shown_step) ctx.shown_step(replay_dt(sim.scene));
    if (v.comparing) {
        replay_step(ctx.ghost.player, ctx.ghost.scene);
        trace_step(v.compare_trace, ctx.ghost.player, ctx.ghost.scene.world);
    }
}

void replay_mode_seek(const ModeContext& ctx, ReplayViewer& v, std::uint64_t step) {
    replay_seek(v.player, ctx.sim.scene, step);
    if (v.player.at_end()) replay_finish(v.player, ctx.sim.scene);
    if (v.comparing) {
        Ghost& b = ctx.ghost;
        replay_seek(b.player, b.scene, v.player.cursor.step);
        if (b.player.at_end()) replay_finish(b.player, b.scene);
    }
    v.owed = 0.0;
}

std::string compare_changes(const Settings& a, const Settings& b) {
    std::string out;
    const ParamRegistry& reg = param_registry();
    for (const ParamDesc& p : reg.all()) {
        const double va = p.get(a), vb = p.get(b);
        if (va == vb) continue;
        if (!out.empty()) out += ", ";
        out += p.key + " " + reg.format(p, va) + " -> " + reg.format(p, vb);
    }
    return out.empty() ? "none" : out;
}

std::string replay_mode_open(Session& session, Replay replay, const Settings* compare) {
    auto mode = std::make_unique<ReplayMode>();
    ReplayViewer& v = mode->v;
    Sim& sim = session.sim;
    session.ghost = Ghost();
    const Settings start = replay.header.settings;
    const std::size_t traced = static_cast<std::size_t>(
        std::max<std::uint64_t>(1, std::min(replay.steps, kMaxTraceSteps)));
    if (compare) {
        // `compare` replaces the whole start, the tuning recorded before the first step
        // included: a restored last preset does not undo what the command line asked.
        Replay b = replay_with_start(replay, *compare);
        if (std::string why = replay_open(v.compare_scout, v.compare_scout_scene, b); !why.empty())
            return "the comparison: " + why;
        if (std::string why = ghost_open(session.ghost, std::move(b)); !why.empty())
            return "the comparison: " + why;
        session.ghost.label = "B";
        session.ghost.paint = kComparePaint;
        session.ghost.alpha = kCompareAlpha;
        v.comparing = true;
        v.changed = compare_changes(replay_start_settings(replay), *compare);
        v.compare_trace = Telemetry(traced);
    }
    if (std::string why = replay_open(v.scout, v.scout_scene, replay); !why.empty()) return why;
    if (std::string why = replay_open(v.player, sim.scene, std::move(replay)); !why.empty())
        return why;
    v.trace = Telemetry(traced);
    sim.tuner = Tuner(start);
    sim.planner = v.player.planner;
    sim.recorder.stop();
    session.mode = std::move(mode);
    session.mode_name = "replay";
    return "";
}

}  // namespace skidpad::app
