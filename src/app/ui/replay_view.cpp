// The replay viewer: playback, seeking, the scout and the Replay window (see replay_view.hpp).
#include "replay_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "game.hpp"
#include "key_hints.hpp"
#include "overlay_layout.hpp"
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

/// One step of what is shown: run A, and run B in step with it.
/// One step of what is shown: the replay's step and its trace sample, then its smoke,
/// sparks, chips and dust and the camera's shake, as in play; run B in step.
void view_step(const ViewerContext& c) {
    ReplayViewer& v = c.viewer;
    if (v.player.at_end()) return;
    Sim& sim = c.sim;
    replay_step(v.player, sim.scene);
    trace_step(v.trace, v.player, sim.scene.world);
    const double hit = effects_after_step(c.effects, sim.scene, sim.settings().display.effects,
                                          replay_dt(sim.scene));
    camera_shake_kick(c.camera, sim.settings().camera, hit);
    if (v.comparing) {
        replay_step(c.ghost.player, c.ghost.scene);
        trace_step(v.compare_trace, c.ghost.player, c.ghost.scene.world);
    }
}

/// The scout plays ahead for at most `ms` of wall time (with a comparison, B's scout
/// step for step with it); its new snapshots become the player's (the same states: the
/// playback is deterministic).
void scout(const ViewerContext& c, double ms) {
    ReplayViewer& v = c.viewer;
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
    if (v.comparing) handover(v.compare_scout, c.ghost.player);
}

/// Ticks under the timeline where the replay has events: tuning changes (yellow),
/// sandbox edits (blue), resets and scene loads (red); above it, laps (white) and hard
/// impacts (orange) found so far. One tick per pixel column and kind.
void draw_markers(const ReplayViewer& v, const Replay& r, ImVec2 min, ImVec2 max) {
    if (r.steps == 0) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float w = max.x - min.x;
    auto tick = [&](std::uint64_t step, ImU32 colour, float& last_x) {
        const float x = min.x + w * static_cast<float>(static_cast<double>(step) /
                                                       static_cast<double>(r.steps));
        if (x - last_x < 1.0f) return;
        last_x = x;
        dl->AddLine(ImVec2(x, max.y - 5.0f), ImVec2(x, max.y), colour, 2.0f);
    };
    float tune_x = -1e9f, edit_x = -1e9f, reset_x = -1e9f;
    for (const ReplayEvent& e : r.events) {
        switch (e.op) {
            case ReplayOp::Tune:
                tick(e.step, IM_COL32(240, 200, 60, 255), tune_x);
                break;
            case ReplayOp::Spawn:
            case ReplayOp::Remove:
            case ReplayOp::Drag:
            case ReplayOp::DragEnd:
                tick(e.step, IM_COL32(90, 160, 255, 255), edit_x);
                break;
            default:
                tick(e.step, IM_COL32(240, 80, 70, 255), reset_x);
                break;
        }
    }
    for (const ReplayRun& run : r.runs) {
        if (run.input.reset) tick(run.first_step, IM_COL32(240, 80, 70, 255), reset_x);
    }
    auto top_tick = [&](std::uint64_t step, ImU32 colour, float& last_x) {
        const float x = min.x + w * static_cast<float>(static_cast<double>(step) /
                                                       static_cast<double>(r.steps));
        if (x - last_x < 1.0f) return;
        last_x = x;
        dl->AddLine(ImVec2(x, min.y), ImVec2(x, min.y + 5.0f), colour, 2.0f);
    };
    float lap_x = -1e9f, impact_x = -1e9f;
    for (std::uint64_t s : v.laps)
        top_tick(s, IM_COL32(245, 245, 245, 255), lap_x);
    for (std::uint64_t s : v.impacts)
        top_tick(s, IM_COL32(255, 140, 40, 255), impact_x);
}

/// The plots' view of the traces, and the gap between the runs, for this frame.
void sync_plots(ReplayViewer& v, const Ghost& b, const World& a, TuneUi& tune,
                bool overlay_hidden) {
    ReplayPlots& rp = tune.replay_plots;
    rp.a = &v.trace;
    rp.end = static_cast<std::size_t>(v.player.cursor.step);
    rp.colour_a = IM_COL32(235, 90, 80, 255);
    rp.label_a = v.comparing ? "A  the replay as recorded (red car)" : "the replay";
    rp.b = v.comparing ? &v.compare_trace : nullptr;
    rp.colour_b = IM_COL32(70, 210, 245, 255);
    rp.label_b = "B  same inputs, " + v.changed + " (blue car)";
    rp.left = overlay_hidden;
    rp.note.clear();
    if (v.comparing) {
        const GhostGap g = ghost_gap(b, a);
        if (g.valid) {
            char text[96];
            std::snprintf(text, sizeof text, "gap: B %s by %.1f m (%.2f s)",
                          g.metres >= 0.0 ? "ahead" : "behind", std::fabs(g.metres),
                          std::fabs(g.seconds));
            rp.note = text;
        }
    }
}

void sync_plots(const ViewerContext& c) {
    sync_plots(c.viewer, c.ghost, c.sim.scene.world, c.tune, !c.overlay_shown);
}

void seek(const ViewerContext& c, std::uint64_t step) {
    ReplayViewer& v = c.viewer;
    replay_seek(v.player, c.sim.scene, step);
    if (v.player.at_end()) replay_finish(v.player, c.sim.scene);
    if (v.comparing) {
        Ghost& b = c.ghost;
        replay_seek(b.player, b.scene, v.player.cursor.step);
        if (b.player.at_end()) replay_finish(b.player, b.scene);
    }
    v.owed = 0.0;
    c.effects.clear();  // what was in the air belongs to another moment
    sync_plots(c);
}

}  // namespace

void replay_view_seek(const ViewerContext& ctx, std::uint64_t step) {
    seek(ctx, step);
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

std::string replay_view_open(Sim& sim, Session& session, ReplayViewer& viewer, TuneUi& tune,
                             Replay replay, const Settings* compare) {
    ReplayViewer& v = viewer;
    v = ReplayViewer();
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
        tune.show_telemetry = true;
    }
    if (std::string why = replay_open(v.scout, v.scout_scene, replay); !why.empty()) return why;
    if (std::string why = replay_open(v.player, sim.scene, std::move(replay)); !why.empty())
        return why;
    v.trace = Telemetry(traced);
    sim.tuner = Tuner(start);
    sim.planner = v.player.planner;
    v.active = true;
    sync_plots(v, session.ghost, sim.scene.world, tune, true);
    return "";
}

int replay_view_frame(const ViewerContext& ctx, const AppCommands& cmd, double elapsed,
                      double scout_ms) {
    ReplayViewer& v = ctx.viewer;
    ReplayPlayer& p = v.player;
    if (cmd.take_over) {
        replay_take_over(ctx);
        return 0;
    }
    if (cmd.toggle_pause) v.playing = !v.playing;
    if (cmd.replay_slower) v.speed = std::max(kReplayMinSpeed, v.speed * 0.5);
    if (cmd.replay_faster) v.speed = std::min(kReplayMaxSpeed, v.speed * 2.0);
    int steps = 0;
    if (cmd.single_step) {
        v.playing = false;
        view_step(ctx);
        steps = 1;
    }
    if (cmd.step_back && p.cursor.step > 0) {
        v.playing = false;
        seek(ctx, p.cursor.step - 1);
    }
    if (v.playing && !p.at_end()) {
        v.owed += std::max(elapsed, 0.0) * v.speed / replay_dt(ctx.sim.scene);
        while (v.owed >= 1.0 && steps < kMaxStepsPerFrame && !p.at_end()) {
            view_step(ctx);
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
    scout(ctx, scout_ms);
    sync_plots(ctx);
    ctx.sim.last_input = p.replay.input_at(p.cursor.step > 0 ? p.cursor.step - 1 : 0);
    ctx.sim.planner.show_line = p.planner.show_line;
    return steps;
}

double replay_effects_time(const ReplayViewer& v, double elapsed) {
    return v.playing ? std::max(elapsed, 0.0) * v.speed : 0.0;
}

void draw_replay_panel(const ViewerContext& ctx, float bottom) {
    ReplayViewer& v = ctx.viewer;
    if (!v.active) return;
    ReplayPlayer& p = v.player;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, std::min(bottom, ds.y - 140.0f)), ImGuiCond_Always,
                            ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(ds.x - 40.0f, 720.0f), 0.0f), ImGuiCond_Always);
    ImGui::Begin("Replay", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    const double dt = replay_dt(ctx.sim.scene);
    ImGui::Text("%s  %.2f / %.2f s   step %llu / %llu   %.2gx", v.playing ? "playing" : "paused",
                static_cast<double>(p.cursor.step) * dt, static_cast<double>(p.replay.steps) * dt,
                static_cast<unsigned long long>(p.cursor.step),
                static_cast<unsigned long long>(p.replay.steps), v.speed);
    if (v.comparing) {
        const ReplayPlots& rp = ctx.tune.replay_plots;
        ImGui::TextColored(ImVec4(0.3f, 0.85f, 0.96f, 1.0f), "B (blue car): %s", v.changed.c_str());
        if (!rp.note.empty()) {
            ImGui::SameLine();
            ImGui::TextUnformatted(("   " + rp.note).c_str());
        }
    }
    ImU64 step = p.cursor.step;
    const ImU64 lo = 0, hi = p.replay.steps;
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderScalar("##timeline", ImGuiDataType_U64, &step, &lo, &hi, "")) {
        seek(ctx, step);
    }
    draw_markers(v, p.replay, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "below: yellow tuning, blue sandbox edits, red resets and scene loads\n"
            "above: white laps, orange hard impacts (as far as the replay has been read)");
    }
    // The bound pause key (the button's label is its id too: "##play" keeps it stable).
    const std::string play = replay_play_label(ctx.keys, v.playing) + "##play";
    if (ImGui::Button(play.c_str())) v.playing = !v.playing;
    ImGui::SameLine();
    if (ImGui::Button("< step (,)") && p.cursor.step > 0) {
        v.playing = false;
        seek(ctx, p.cursor.step - 1);
    }
    ImGui::SameLine();
    if (ImGui::Button("step (.) >")) {
        v.playing = false;
        view_step(ctx);
    }
    ImGui::SameLine();
    float speed = static_cast<float>(v.speed);
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::SliderFloat("speed ([ ])", &speed, static_cast<float>(kReplayMinSpeed),
                           static_cast<float>(kReplayMaxSpeed), "%.2fx",
                           ImGuiSliderFlags_Logarithmic)) {
        v.speed = std::clamp(static_cast<double>(speed), kReplayMinSpeed, kReplayMaxSpeed);
    }
    ImGui::SameLine();
    if (ImGui::Button("Take over (T)")) replay_take_over(ctx);
    ImGui::End();
    // A comparison shows its plots even with the overlay (F1) hidden; with it shown, the
    // overlay draws the same window.
    if (v.comparing && !ctx.overlay_shown) draw_telemetry_window(ctx.tune, ctx.sim.scene.world);
}

void replay_take_over(const ViewerContext& ctx) {
    ReplayViewer& v = ctx.viewer;
    if (!v.active) return;
    ReplayPlayer& p = v.player;
    Sim& sim = ctx.sim;
    if (p.cursor.race && sim.scene.world.time() < p.cursor.race_hold_until) {
        // Live, no mode holds the field: the new recording would not replay.
        add_toast(ctx.toasts, ctx.clock, "Take over after the race's countdown", 2.5);
        return;
    }
    sim.tuner = Tuner(p.cursor.settings);
    sim.planner.planned_with = p.planner.planned_with;
    sim.planner.autopilot = false;
    ctx.session.record_resume(replay_prefix(p.replay, p.cursor));
    sim.loop.reset();
    ctx.edges = PendingEdges{};
    v = ReplayViewer();
    ctx.ghost = Ghost();  // run B of a comparison ends with the replay
    ctx.tune.replay_plots = ReplayPlots{};
    add_toast(ctx.toasts, ctx.clock, "You drive from here (the recording goes on from the replay)",
              3.0);
}

}  // namespace skidpad::app
