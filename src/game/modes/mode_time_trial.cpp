// time-trial: one car on a track, a countdown, every lap timed and judged (a lap with
// all four wheels off the track, or a respawn, does not count), the best valid lap of
// this track and car kept in the preferences directory and driven again as a ghost.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "modes/mode_time_trial.hpp"

#include "lab.hpp"
#include "modes/best_laps.hpp"
#include "sim.hpp"

namespace skidpad::app {

namespace {
constexpr double kLongPressS = 1.0;  ///< s of R held that restarts the session
constexpr const char* kIndexFile = "best_laps.json";

}  // namespace

double lap_time_at(const std::vector<float>& marks, double progress) {
    const double m = progress / kTimeTrialMarkM;
    if (m < 0.0 || marks.size() < 2) return -1.0;
    const auto k = static_cast<std::size_t>(m);
    if (k + 1 >= marks.size()) return -1.0;
    const double f = m - static_cast<double>(k);
    return marks[k] + f * (marks[k + 1] - marks[k]);
}

namespace {

class TimeTrialMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        const std::string track = options.track.empty() ? "club" : options.track;
        if (const std::string err = planner_select_name(ctx.sim, track); !err.empty()) return err;
        const Scene& sc = ctx.sim.scene;
        track_ = sc.tracks[static_cast<std::size_t>(sc.track)].name;
        hud_.title = sc.tracks[static_cast<std::size_t>(sc.track)].title;
        hash_ = car_hash(ctx.sim.settings());
        hud_.car = car_label(ctx.sim.settings(), ctx.presets.list(), ctx.car_preset);
        if (!ctx.pref_dir.empty()) {
            BestLapsLoad l = load_best_laps(ctx.pref_dir + kIndexFile);
            if (!l.error.empty()) {
                // Kept as it is (not overwritten) until a new best lap replaces it.
                std::cerr << "skidpad: best laps: " << lab::printable(l.error)
                          << " (read as empty)\n";
                ctx.toast("Best laps unreadable: " + l.error, 8.0);
            }
            index_ = std::move(l.laps);
        }
        if (const BestLap* b = find_best_lap(index_, track_, hash_)) load_stored_ghost(ctx, *b);
        begin_session(ctx);
        return "";
    }

    void restart(const ModeContext& ctx) override {
        Mode::restart(ctx);
        begin_session(ctx);
        ctx.toast("Session restarted", 2.0);
    }

    void frame(const ModeContext& ctx, double elapsed) override {
        const bool held = ctx.reset_held && !ctx.menu_open;
        r_held_ = held ? r_held_ + elapsed : 0.0;
        if (!held) long_press_done_ = false;
        if (r_held_ >= kLongPressS && !long_press_done_) {
            long_press_done_ = true;
            restart(ctx);
        }
    }

    void before_step(const ModeContext& ctx, InputState& player) override {
        if (hud_.countdown.holding(ctx.sim.scene.world.time())) countdown_hold(player);
    }

    void after_step(const ModeContext& ctx) override {
        const World& world = ctx.sim.scene.world;
        const RaceEntry* e = ctx.sim.scene.race.entry(world.player());
        if (!e) return;
        const LapTimer& t = e->timer;
        if (t.laps < laps_seen_ || (!t.timing && was_timing_)) begin_lap_state(ctx);  // restarted
        const bool started = t.timing && !was_timing_;
        if (t.laps > laps_seen_) lap_completed(ctx, *e);
        if (started || t.laps > laps_seen_) {
            lap_start_step_ = ctx.sim.recorder.steps();
            live_marks_.clear();
            if (ctx.ghost.active && ghost_ok_) {
                replay_seek(ctx.ghost.player, ctx.ghost.scene, ghost_start_);
                ctx.ghost.waiting = false;
            }
        }
        was_timing_ = t.timing;
        laps_seen_ = t.laps;
        if (t.timing) {
            while (live_marks_.size() < 200000 &&
                   static_cast<double>(live_marks_.size()) * kTimeTrialMarkM <= t.progress)
                live_marks_.push_back(static_cast<float>(t.current()));
        }
        if (ctx.ghost.active && ctx.ghost.player.cursor.step >= ghost_end_)
            ctx.ghost.waiting = true;  // the ghost's lap is over: it waits at the line
    }

private:
    void begin_session(const ModeContext& ctx) {
        hud_.countdown.start = ctx.sim.scene.world.time();
        begin_lap_state(ctx);
    }

    void begin_lap_state(const ModeContext& ctx) {
        laps_seen_ = 0;
        was_timing_ = false;
        live_marks_.clear();
        if (ctx.ghost.active && ghost_ok_) {
            replay_seek(ctx.ghost.player, ctx.ghost.scene, ghost_start_);
            ctx.ghost.waiting = true;
        }
    }

    void flash(const ModeContext& ctx, std::string text, Color colour) {
        hud_.flash = std::move(text);
        hud_.flash_colour = colour;
        hud_.flash_until = ctx.clock + 3.0;
    }

    void lap_completed(const ModeContext& ctx, const RaceEntry& e) {
        const double lap = e.timer.last_lap;
        if (!e.last_lap_valid) {
            flash(ctx, "Lap " + format_lap(lap) + "  invalid", rgba(255, 90, 80));
            return;
        }
        if (hud_.best_s > 0.0 && lap >= hud_.best_s) {
            char text[64];
            std::snprintf(text, sizeof text, "Lap %s  (+%.3f)", format_lap(lap).c_str(),
                          lap - hud_.best_s);
            flash(ctx, text, rgba(255, 230, 120));
            return;
        }
        flash(ctx, "BEST LAP " + format_lap(lap), rgba(120, 255, 130));
        hud_.best_s = lap;
        hud_.best_marks = live_marks_;
        save_best(ctx, lap);
    }

    /// The new best: its replay (the session so far) and the index entry, then the
    /// ghost from the same replay.
    void save_best(const ModeContext& ctx, double lap) {
        const ReplayRecorder& recorder = ctx.sim.recorder;
        if (!recorder.active() || recorder.full()) return;
        const Replay replay = recorder.snapshot(ctx.sim.scene.world.state_hash());
        BestLap b;
        b.track = track_;
        b.car = hud_.car;
        b.car_hash = hash_;
        b.lap_s = lap;
        b.start_step = lap_start_step_;
        b.end_step = recorder.steps();
        b.replay = best_lap_file_name(track_, hash_);
        if (!ctx.pref_dir.empty()) {
            const FileResult r = save_replay_file(ctx.pref_dir + b.replay, replay);
            if (r.ok) {
                set_best_lap(index_, b);
                const FileResult w = save_best_laps(ctx.pref_dir + kIndexFile, index_);
                if (!w.ok) ctx.toast("Best lap not saved: " + w.error, 6.0);
            } else {
                ctx.toast("Best lap not saved: " + r.error, 6.0);
            }
        }
        open_ghost(ctx, replay, b.start_step, b.end_step);
    }

    void load_stored_ghost(const ModeContext& ctx, const BestLap& b) {
        hud_.best_s = b.lap_s;
        const ReplayParse r = load_replay_file(ctx.pref_dir + b.replay);
        if (!r.ok) {
            ctx.toast("Best-lap ghost not loaded: " + r.error, 6.0);
            return;
        }
        if (b.end_step > r.replay.steps) {
            ctx.toast("Best-lap ghost not loaded: its replay is shorter than the lap", 6.0);
            return;
        }
        if (!open_ghost(ctx, r.replay, b.start_step, b.end_step)) return;
        // The gap marks: the ghost's lap played once.
        Ghost& g = ctx.ghost;
        hud_.best_marks.clear();
        const double dt = replay_dt(g.scene);
        while (g.player.cursor.step < b.end_step) {
            replay_step(g.player, g.scene);
            const RaceEntry* e = g.scene.race.entry(g.scene.world.player());
            if (!e || !e->timer.timing) continue;
            const double lap_t = static_cast<double>(g.player.cursor.step - b.start_step) * dt;
            while (static_cast<double>(hud_.best_marks.size()) * kTimeTrialMarkM <=
                   e->timer.progress)
                hud_.best_marks.push_back(static_cast<float>(lap_t));
        }
        replay_seek(g.player, g.scene, b.start_step);
    }

    bool open_ghost(const ModeContext& ctx, const Replay& replay, std::uint64_t start,
                    std::uint64_t end) {
        ghost_ok_ = false;
        if (const std::string why = ghost_open(ctx.ghost, replay); !why.empty()) {
            ctx.toast("Best-lap ghost not loaded: " + why, 6.0);
            return false;
        }
        replay_seek(ctx.ghost.player, ctx.ghost.scene, start);
        ctx.ghost.waiting = true;
        ghost_start_ = start;
        ghost_end_ = end;
        ghost_ok_ = true;
        return true;
    }

public:
    TimeTrialHud hud_;  ///< what the HUD reads (mode_time_trial.hpp)

private:
    std::string track_, hash_;
    std::vector<BestLap> index_;
    std::vector<float> live_marks_;  ///< the same for the lap under way
    bool ghost_ok_ = false;
    std::uint64_t ghost_start_ = 0, ghost_end_ = 0;
    std::uint64_t lap_start_step_ = 0;
    int laps_seen_ = 0;
    bool was_timing_ = false;
    double r_held_ = 0.0;
    bool long_press_done_ = false;
};
}  // namespace

const TimeTrialHud* time_trial_hud(const Mode& mode) {
    const auto* m = dynamic_cast<const TimeTrialMode*>(&mode);
    return m ? &m->hud_ : nullptr;
}

std::unique_ptr<Mode> make_time_trial_mode() {
    return std::make_unique<TimeTrialMode>();
}

}  // namespace skidpad::app
