// time-trial: one car on a track, a countdown, every lap timed and judged (a lap with
// all four wheels off the track, or a respawn, does not count), the best valid lap of
// this track and car kept in the preferences directory and driven again as a ghost.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "modes/mode_time_trial.hpp"

#include "modes/best_lap_ghost.hpp"
#include "modes/best_laps.hpp"
#include "modes/seat_ghosts.hpp"
#include "progress.hpp"
#include "session.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {
constexpr double kLongPressS = 1.0;  ///< s of R held that restarts the session
constexpr const char* kIndexFile = "best_laps.json";
/// Replay steps per frame that a best lap saved without its ghost file is played to make
/// one (once): about what the live world itself steps per frame.
constexpr int kConvertStepsPerFrame = 2;
constexpr std::size_t kMaxLapFrames = 200000;

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
                std::cerr << "skidpad: best laps: " << util::printable(l.error)
                          << " (read as empty)\n";
                ctx.toast("Best laps unreadable: " + l.error, 8.0);
            }
            index_ = std::move(l.laps);
        }
        if (const BestLap* b = find_best_lap(index_, track_, hash_)) load_stored_ghost(ctx, *b);
        // Medals from the planner's lap for this car; what was won, from the progress file.
        hud_.medals = medals_from_profile(sc.race.profile(), sc.race.line().path);
        progress_file_ = progress_path(ctx.pref_dir, options.profile);
        if (!progress_file_.empty()) {
            ProgressLoad l = load_progress(progress_file_);
            if (!l.message.empty()) {
                std::cerr << "skidpad: progress: " << util::printable(l.message) << "\n";
                ctx.toast("Progress: " + l.message, 8.0);
                if (l.set_aside.empty()) progress_file_.clear();  // not set aside: never written
            }
            progress_ = std::move(l.progress);
            if (const TrackMedal* m = find_medal(progress_, track_, hud_.car)) hud_.medal = m->lap;
        }
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
        if (convert_.active) {
            ghost_conversion_steps(convert_, kConvertStepsPerFrame);
            if (convert_.done()) finish_conversion(ctx);
        }
    }

    void before_step(const ModeContext& ctx, InputState& player) override {
        if (!hud_.countdown.holding(ctx.sim.scene.world.time())) return;
        countdown_hold(player);
        // Every further human seat's car is held as well (not an AI opponent's).
        World& world = ctx.sim.scene.world;
        for (CarId id : ctx.sim.scene.humans) {
            if (!world.valid(id)) continue;
            InputState held = world.input(id);
            countdown_hold(held);
            world.set_input(id, held);
        }
    }

    void after_step(const ModeContext& ctx) override {
        seat_ghosts_after_step(seat_ghosts_, ctx.sim.scene);  // seats 2..N's own ghosts
        const World& world = ctx.sim.scene.world;
        const RaceEntry* e = ctx.sim.scene.race.entry(world.player());
        if (!e) return;
        const LapTimer& t = e->timer;
        if (t.laps < laps_seen_ || (!t.timing && was_timing_)) begin_lap_state(ctx);  // restarted
        const bool started = t.timing && !was_timing_;
        const bool completed = t.laps > laps_seen_;
        const Car& car = world.car(world.player());
        // Every step of the lap under way, up to the one that crossed the line.
        if (was_timing_ && (t.timing || completed) && lap_frames_.size() < kMaxLapFrames)
            lap_frames_.push_back(ghost_frame(car));
        if (completed) lap_completed(ctx, *e);
        if (started || completed) {
            lap_start_step_ = ctx.sim.recorder.steps();
            live_marks_.clear();
            lap_car_ = ghost_template(car);
            lap_def_ = world.car_def(world.player());
            lap_frames_.assign(1, ghost_frame(car));
            if (ctx.ghost.active && ghost_ok_) {
                ghost_lap_restart(ctx.ghost);
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
        if (ctx.ghost.active && ghost_ok_ && ghost_ended(ctx.ghost))
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
        lap_frames_.clear();
        if (ctx.ghost.active && ghost_ok_) {
            ghost_lap_restart(ctx.ghost);
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
        record_medal(ctx, lap);
        if (hud_.best_s > 0.0 && lap >= hud_.best_s) {
            char text[64];
            std::snprintf(text, sizeof text, "Lap %s  (+%.3f)", format_lap(lap).c_str(),
                          lap - hud_.best_s);
            flash(ctx, text, rgba(255, 230, 120));
            return;
        }
        flash(ctx, "BEST LAP " + format_lap(lap), rgba(120, 255, 130));
        if (const Medal won = lap_medal(hud_.medals, lap); won != Medal::None) {
            std::string name = medal_name(won);
            for (char& c : name)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            hud_.flash += "  " + name;
        }
        hud_.best_s = lap;
        hud_.best_marks = live_marks_;
        save_best(ctx, lap);
    }

    /// A valid lap's medal into the progress file (when it wins a better one).
    void record_medal(const ModeContext& ctx, double lap) {
        if (!record_lap(progress_, track_, hud_.car, lap, hud_.medals)) return;
        if (const TrackMedal* m = find_medal(progress_, track_, hud_.car)) hud_.medal = m->lap;
        if (progress_file_.empty()) return;
        const FileResult r = save_progress(progress_file_, progress_);
        if (!r.ok) ctx.toast("Progress not saved: " + r.error, 6.0);
    }

    /// The new best: its replay (the session so far), its ghost (the lap's frames) and
    /// the index entry; the ghost is the lap as recorded, nothing is simulated again.
    void save_best(const ModeContext& ctx, double lap) {
        GhostLap ghost;
        ghost.car = lap_car_;
        ghost.def = lap_def_;
        ghost.frames = std::move(lap_frames_);
        lap_frames_.clear();
        open_ghost(ctx, std::move(ghost));
        const ReplayRecorder& recorder = ctx.sim.recorder;
        if (!recorder.active() || recorder.full() || ctx.pref_dir.empty()) return;
        BestLap b;
        b.track = track_;
        b.car = hud_.car;
        b.car_hash = hash_;
        b.lap_s = lap;
        b.start_step = lap_start_step_;
        b.end_step = recorder.steps();
        b.replay = best_lap_file_name(track_, hash_);
        b.ghost = ghost_lap_file_name(b.replay);
        const Replay replay = recorder.snapshot(ctx.sim.scene.world.state_hash());
        FileResult r = save_replay_file(ctx.pref_dir + b.replay, replay);
        if (r.ok)
            r = save_ghost_lap(ctx.pref_dir + b.ghost, {ctx.ghost.lap.frames, hud_.best_marks});
        if (r.ok) {
            convert_ = GhostLapConversion();  // a new best replaces one being made
            set_best_lap(index_, b);
            r = save_best_laps(ctx.pref_dir + kIndexFile, index_);
        }
        if (!r.ok) ctx.toast("Best lap not saved: " + r.error, 6.0);
    }

    /// The ghost of a stored best lap: its file, or (an index written before ghosts had
    /// files) made once from its replay over the next frames (frame(), finish_conversion).
    void load_stored_ghost(const ModeContext& ctx, const BestLap& b) {
        hud_.best_s = b.lap_s;
        const World& world = ctx.sim.scene.world;
        if (!b.ghost.empty()) {
            GhostLapLoad l = load_ghost_lap(ctx.pref_dir + b.ghost);
            if (!l.error.empty()) {
                ctx.toast("Best-lap ghost not loaded: " + l.error, 6.0);
                return;
            }
            if (!world.valid(world.player())) return;
            hud_.best_marks = std::move(l.lap.marks);
            GhostLap ghost;  // the same car (its hash matched), as it stands on the grid
            ghost.car = ghost_template(world.car(world.player()));
            ghost.def = world.car_def(world.player());
            ghost.frames = std::move(l.lap.frames);
            open_ghost(ctx, std::move(ghost));
            return;
        }
        const ReplayParse r = load_replay_file(ctx.pref_dir + b.replay);
        std::string why = r.ok ? "" : r.error;
        if (why.empty()) why = ghost_conversion_open(convert_, r.replay, b.start_step, b.end_step);
        if (!why.empty()) {
            ctx.toast("Best-lap ghost not loaded: " + why, 6.0);
            return;
        }
        converting_ = b;
    }

    /// A stored best lap's ghost made from its replay: driven from now on, and saved with
    /// the index naming it so that it is made only once.
    void finish_conversion(const ModeContext& ctx) {
        GhostLap ghost;
        ghost.car = convert_.car;
        ghost.def = convert_.def;
        ghost.frames = convert_.lap.frames;
        hud_.best_marks = convert_.lap.marks;
        convert_ = GhostLapConversion();
        if (!open_ghost(ctx, std::move(ghost))) return;
        BestLap b = converting_;
        b.ghost = ghost_lap_file_name(b.replay);
        FileResult r =
            save_ghost_lap(ctx.pref_dir + b.ghost, {ctx.ghost.lap.frames, hud_.best_marks});
        if (r.ok) {
            set_best_lap(index_, b);
            r = save_best_laps(ctx.pref_dir + kIndexFile, index_);
        }
        if (!r.ok) ctx.toast("Best-lap ghost not saved: " + r.error, 6.0);
    }

    bool open_ghost(const ModeContext& ctx, GhostLap lap) {
        ghost_ok_ = ghost_open_lap(ctx.ghost, std::move(lap));
        return ghost_ok_;
    }

public:
    TimeTrialHud hud_;        ///< what the HUD reads (mode_time_trial.hpp)
    SeatGhosts seat_ghosts_;  ///< the further human seats' best laps of the session

private:
    std::string track_, hash_;
    std::vector<BestLap> index_;
    std::string progress_file_;  ///< "" when progress is not saved (no folder, unreadable)
    Progress progress_;
    std::vector<float> live_marks_;  ///< the same for the lap under way
    bool ghost_ok_ = false;
    std::uint64_t lap_start_step_ = 0;
    std::vector<GhostFrame> lap_frames_;  ///< the lap under way, a frame per step
    Car lap_car_;                         ///< the car at its start (ghost_template)
    CarDef lap_def_;
    GhostLapConversion convert_;  ///< a stored best lap's ghost being made from its replay
    BestLap converting_;          ///< ... and its index entry
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

const SeatGhosts* time_trial_seat_ghosts(const Mode& mode) {
    const auto* m = dynamic_cast<const TimeTrialMode*>(&mode);
    return m ? &m->seat_ghosts_ : nullptr;
}

std::unique_ptr<Mode> make_time_trial_mode() {
    return std::make_unique<TimeTrialMode>();
}

}  // namespace skidpad::app
