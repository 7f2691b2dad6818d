// The mode table, the free mode and the drift and rig modes' entries, and what every
// mode shares (the countdown, the lap-time text, a restart).
#include "modes/mode.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "event.hpp"
#include "modes/drift_rig.hpp"
#include "session.hpp"

namespace skidpad::app {

namespace {
/// free: the arena sandbox as it always was (a track given with --track is driven
/// freely, with the planner's lap lines).
class FreeMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        if (options.track.empty()) {
            if (ctx.sim.scene.track >= 0) return ctx.apply(Event::select_scene(-1));
            return "";
        }
        return ctx.apply(Event::select_track(options.track));
    }
};
/// sandbox: the arena as a building site. The scene is the arena (a track is left for
/// it); the app shows the sandbox toolbar while this mode runs (ui/sandbox_toolbar.hpp).
class SandboxMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions&) override {
        if (ctx.sim.scene.track >= 0) return ctx.apply(Event::select_scene(-1));
        return "";
    }
};
/// drift and rig (modes/drift_rig.hpp): the mode starts them and keeps the score or the
/// rig's measurements after each step; a rig's scene cannot be named by a replay.
class DriftRigEntry final : public Mode {
public:
    explicit DriftRigEntry(bool rig) : rig_(rig) {}
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        if (!rig_ && !options.track.empty()) {
            if (std::string err = ctx.apply(Event::select_track(options.track)); !err.empty())
                return err;
        } else if (!rig_ && ctx.sim.scene.track >= 0) {
            if (std::string err = ctx.apply(Event::select_scene(-1)); !err.empty()) return err;
        }
        if (rig_ && !ctx.arena_before_rig)
            ctx.arena_before_rig.emplace(ctx.sim.scene.arena, ctx.sim.scene.arena_source);
        return drift_rig_open(state_, ctx.sim, rig_ ? "rig" : "drift",
                              options.rig.empty() ? "skidpad" : options.rig);
    }
    /// The drift score or the rig's measurement of the step just taken.
    void after_step(const ModeContext& ctx) override {
        drift_rig_after_step(state_, ctx.sim.scene, ctx.sim.last_input, ctx.dt);
    }
    bool recordable() const override { return !rig_; }
    /// A drift battle starts again with the scene.
    void restart(const ModeContext& ctx) override {
        Mode::restart(ctx);
        if (state_.battle.on)
            drift_battle_start(state_.battle, ctx.sim.scene.players, ctx.sim.scene.world.time());
    }

    DriftRigMode state_;  ///< the score or the rig's measurements (drift_rig_state)

private:
    bool rig_;
};
}  // namespace

const DriftRigMode* drift_rig_state(const Mode& mode) {
    const auto* m = dynamic_cast<const DriftRigEntry*>(&mode);
    return m ? &m->state_ : nullptr;
}

std::unique_ptr<Mode> make_drift_mode() {
    return std::make_unique<DriftRigEntry>(false);
}

std::unique_ptr<Mode> make_rig_mode() {
    return std::make_unique<DriftRigEntry>(true);
}

void Mode::restart(const ModeContext& ctx) {
    ctx.apply(Event::scene_reset());
}

double Mode::time_shown(double elapsed, const Settings& s) const {
    return elapsed * std::max(s.sim.time_scale, 0.0);
}

void countdown_hold(InputState& in) {
    // The handbrake alone: the brake pedal at rest would select reverse in the
    // automatic gearbox.
    in.throttle = 0.0;
    in.brake = 0.0;
    in.handbrake = 1.0;
}

std::string format_lap(double seconds) {
    if (!(seconds > 0.0) || seconds > 360000.0) return "--:--.---";
    const auto ms = static_cast<long long>(std::llround(seconds * 1000.0));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld.%03lld", ms / 60000, (ms / 1000) % 60, ms % 1000);
    return buf;
}

void ModeContext::toast(std::string text, double seconds) const {
    add_toast(toasts, clock, std::move(text), seconds);
}

std::unique_ptr<Mode> make_free_mode() {
    return std::make_unique<FreeMode>();
}

const std::vector<ModeEntry>& mode_table() {
    static const std::vector<ModeEntry> table = {
        {"free", "Free drive (arena)", make_free_mode},
        {"time-trial", "Time trial", make_time_trial_mode},
        {"race", "Race", make_race_mode},
        {"drift", "Drift (score slides)", make_drift_mode},
        {"rig", "Rig (skidpad circle)", make_rig_mode},
        {"sandbox", "Sandbox (build with bodies)",
         []() -> std::unique_ptr<Mode> { return std::make_unique<SandboxMode>(); }},
    };
    return table;
}

const ModeEntry* find_mode(std::string_view name) {
    for (const ModeEntry& m : mode_table()) {
        if (name == m.name) return &m;
    }
    return nullptr;
}

std::string mode_names() {
    std::string out;
    for (const ModeEntry& m : mode_table())
        out += (out.empty() ? "" : "|") + std::string(m.name);
    return out;
}

std::string mode_start(Session& session, const ModeContext& ctx, const std::string& name,
                       const ModeOptions& options) {
    const ModeEntry* entry = find_mode(name);
    if (!entry) return "unknown mode '" + name + "' (modes: " + mode_names() + ")";
    std::unique_ptr<Mode> mode = entry->make();
    ctx.ghost = Ghost();  // a ghost belongs to the mode that loaded it
    Scene& sc = ctx.sim.scene;
    if (ctx.arena_before_rig && std::string_view(entry->name) != "rig") {
        // The rig's scene stood in for the arena: the other modes get the arena back.
        sc.arena = std::move(ctx.arena_before_rig->first);
        sc.arena_source = std::move(ctx.arena_before_rig->second);
        ctx.arena_before_rig.reset();
        if (sc.track < 0) scene_load_arena(sc, ctx.sim.settings());
    }
    const std::string err = mode->start(ctx, options);
    if (!err.empty()) return err;
    session.mode = std::move(mode);
    session.mode_name = entry->name;
    return "";
}

}  // namespace skidpad::app
