// time-trial: one car on a track, a countdown, every lap timed and judged (a lap with
// all four wheels off the track, or a respawn, does not count), the best valid lap of
// this track and car kept in the preferences directory and driven again as a ghost.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "best_laps.hpp"
#include "game.hpp"
#include "key_hints.hpp"
#include "mode.hpp"
#include "mode_hud.hpp"
#include "overlay.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {
constexpr double kMarkM = 5.0;       ///< m of lap progress between two gap marks
constexpr double kLongPressS = 1.0;  ///< s of R held that restarts the session
constexpr const char* kIndexFile = "best_laps.json";

/// Lap time at a lap progress, from marks every kMarkM metres (< 0: beyond them).
double time_at(const std::vector<float>& marks, double progress) {
    const double m = progress / kMarkM;
    if (m < 0.0 || marks.size() < 2) return -1.0;
    const auto k = static_cast<std::size_t>(m);
    if (k + 1 >= marks.size()) return -1.0;
    const double f = m - static_cast<double>(k);
    return marks[k] + f * (marks[k + 1] - marks[k]);
}

class TimeTrialMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        const std::string track = options.track.empty() ? "club" : options.track;
        if (const std::string err = planner_select_name(ctx.sim, ctx.camera, track); !err.empty())
            return err;
        const Scene& sc = ctx.sim.scene;
        track_ = sc.tracks[static_cast<std::size_t>(sc.track)].name;
        title_ = sc.tracks[static_cast<std::size_t>(sc.track)].title;
        hash_ = car_hash(ctx.sim.settings());
        car_ = car_label(ctx.sim.settings(), ctx.presets.list(), ctx.car_preset);
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
        begin_session(ctx);
        return "";
    }

    void restart(const ModeContext& ctx) override {
        Mode::restart(ctx);
        begin_session(ctx);
        ctx.toast("Session restarted", 2.0);
    }

    void frame(const ModeContext& ctx, double elapsed) override {
        const bool held = ctx.sim.input.reset_held() && !ctx.menu_open;
        r_held_ = held ? r_held_ + elapsed : 0.0;
        if (!held) long_press_done_ = false;
        if (r_held_ >= kLongPressS && !long_press_done_) {
            long_press_done_ = true;
            restart(ctx);
        }
    }

    void before_step(const ModeContext& ctx, InputState& player) override {
        if (countdown_.holding(ctx.sim.scene.world.time())) countdown_hold(player);
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
                   static_cast<double>(live_marks_.size()) * kMarkM <= t.progress)
                live_marks_.push_back(static_cast<float>(t.current()));
        }
        if (ctx.ghost.active && ctx.ghost.player.cursor.step >= ghost_end_)
            ctx.ghost.waiting = true;  // the ghost's lap is over: it waits at the line
    }

    bool draw_hud(const HudContext& hud) override {
        const World& world = hud.scene.world;
        const RaceEntry* e = hud.scene.race.entry(world.player());
        if (!e) return false;
        const LapTimer& t = e->timer;
        const ImVec2 origin(12.0f, hud.overlay_shown ? ImGui::GetFrameHeight() + 12.0f : 12.0f);
        if (begin_hud_box("##time_trial", origin, ImVec2(0.0f, 0.0f), 0.85f)) {
            ImGui::TextDisabled("TIME TRIAL  %s  -  %s", title_.c_str(), car_.c_str());
            ImGui::SetWindowFontScale(1.7f);
            const std::string now = format_lap(t.current());
            if (!t.timing) {
                ImGui::TextUnformatted(countdown_.holding(world.time()) ? "GET READY" : "OUT LAP");
            } else if (e->lap_valid) {
                ImGui::Text("LAP %d  %s", t.laps + 1, now.c_str());
            } else {
                ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.3f, 1.0f), "LAP %d  %s", t.laps + 1,
                                   now.c_str());
            }
            ImGui::SetWindowFontScale(1.0f);
            if (t.timing && !e->lap_valid) {
                ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.3f, 1.0f), "INVALID - off the track");
            }
            if (t.timing && e->lap_valid && !best_marks_.empty()) {
                const double tb = time_at(best_marks_, t.progress);
                if (tb >= 0.0) {
                    const double gap = t.current() - tb;
                    const ImVec4 c = gap <= 0.0 ? ImVec4(0.35f, 0.95f, 0.4f, 1.0f)
                                                : ImVec4(1.0f, 0.45f, 0.35f, 1.0f);
                    ImGui::SetWindowFontScale(1.3f);
                    ImGui::TextColored(c, "%+.2f s to best", gap);
                    ImGui::SetWindowFontScale(1.0f);
                }
            }
            ImGui::Separator();
            if (t.laps > 0) {
                ImGui::Text("Last  %s%s", format_lap(t.last_lap).c_str(),
                            e->last_lap_valid ? "" : "  (invalid)");
            } else {
                ImGui::TextDisabled("Last  %s", format_lap(0.0).c_str());
            }
            ImGui::Text("Best  %s", format_lap(best_s_).c_str());
            if (e->best_valid_lap > 0.0 && e->best_valid_lap != best_s_)
                ImGui::TextDisabled("Session best  %s", format_lap(e->best_valid_lap).c_str());
            ImGui::TextDisabled("valid laps %d of %d", e->valid_laps, t.laps);
            if (hud.ghost.active) ImGui::TextDisabled("ghost: your best lap");
            const std::string reset = action_keys(hud.keys, Action::Reset);
            ImGui::TextDisabled("%s respawn  -  hold %s restart", reset.c_str(), reset.c_str());
        }
        ImGui::End();
        draw_countdown(countdown_, world.time());
        if (hud.clock < flash_until_) {
            const ImVec2 ds = ImGui::GetIO().DisplaySize;
            draw_big_text(flash_.c_str(), ImVec2(ds.x * 0.5f, ds.y * 0.22f),
                          std::clamp(ds.y * 0.07f, 24.0f, 80.0f), flash_colour_);
        }
        return true;
    }

private:
    void begin_session(const ModeContext& ctx) {
        countdown_.start = ctx.sim.scene.world.time();
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

    void flash(const ModeContext& ctx, std::string text, ImU32 colour) {
        flash_ = std::move(text);
        flash_colour_ = colour;
        flash_until_ = ctx.clock + 3.0;
    }

    void lap_completed(const ModeContext& ctx, const RaceEntry& e) {
        const double lap = e.timer.last_lap;
        if (!e.last_lap_valid) {
            flash(ctx, "Lap " + format_lap(lap) + "  invalid", IM_COL32(255, 90, 80, 255));
            return;
        }
        if (best_s_ > 0.0 && lap >= best_s_) {
            char text[64];
            std::snprintf(text, sizeof text, "Lap %s  (+%.3f)", format_lap(lap).c_str(),
                          lap - best_s_);
            flash(ctx, text, IM_COL32(255, 230, 120, 255));
            return;
        }
        flash(ctx, "BEST LAP " + format_lap(lap), IM_COL32(120, 255, 130, 255));
        best_s_ = lap;
        best_marks_ = live_marks_;
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
        b.car = car_;
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
        best_s_ = b.lap_s;
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
        best_marks_.clear();
        const double dt = replay_dt(g.scene);
        while (g.player.cursor.step < b.end_step) {
            replay_step(g.player, g.scene);
            const RaceEntry* e = g.scene.race.entry(g.scene.world.player());
            if (!e || !e->timer.timing) continue;
            const double lap_t = static_cast<double>(g.player.cursor.step - b.start_step) * dt;
            while (static_cast<double>(best_marks_.size()) * kMarkM <= e->timer.progress)
                best_marks_.push_back(static_cast<float>(lap_t));
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

    Countdown countdown_;
    std::string track_, title_, car_, hash_;
    std::vector<BestLap> index_;
    double best_s_ = 0.0;
    std::vector<float> best_marks_;  ///< lap time of the best lap every kMarkM metres
    std::vector<float> live_marks_;  ///< the same for the lap under way
    bool ghost_ok_ = false;
    std::uint64_t ghost_start_ = 0, ghost_end_ = 0;
    std::uint64_t lap_start_step_ = 0;
    int laps_seen_ = 0;
    bool was_timing_ = false;
    double r_held_ = 0.0;
    bool long_press_done_ = false;
    std::string flash_;
    ImU32 flash_colour_ = 0;
    double flash_until_ = 0.0;
};
}  // namespace

std::unique_ptr<Mode> make_time_trial_mode() {
    return std::make_unique<TimeTrialMode>();
}

}  // namespace skidpad::app
