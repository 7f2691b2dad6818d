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
    replay_mode_seek(c.session.mode_context(), c.viewer, step);
    c.effects.clear();  // what was in the air belongs to another moment
    sync_plots(c);
}

}  // namespace

void replay_view_seek(const ViewerContext& ctx, std::uint64_t step) {
    seek(ctx, step);
}

std::string replay_view_open(Session& session, TuneUi& tune, Replay replay,
                             const Settings* compare) {
    if (std::string why = replay_mode_open(session, std::move(replay), compare); !why.empty())
        return why;
    ReplayViewer& v = *replay_viewer(session.mode.get());
    if (v.comparing) tune.show_telemetry = true;
    sync_plots(v, session.ghost, session.sim.scene.world, tune, true);
    return "";
}

int replay_view_frame(const ViewerContext& ctx, const AppCommands& cmd, double elapsed,
                      double scout_ms) {
    if (cmd.take_over) {
        replay_take_over(ctx);
        return 0;
    }
    ReplayViewer& v = ctx.viewer;
    v.keys = ViewerKeys{.toggle_pause = cmd.toggle_pause,
                        .slower = cmd.replay_slower,
                        .faster = cmd.replay_faster,
                        .single_step = cmd.single_step,
                        .step_back = cmd.step_back};
    v.scout_ms = scout_ms;
    const bool seeks_back = cmd.step_back && v.player.cursor.step > 0;
    ctx.session.frame(elapsed);           // the mode plays the world (Mode::frame)
    if (seeks_back) ctx.effects.clear();  // what was in the air belongs to another moment
    sync_plots(ctx);
    return v.steps_shown;
}

double replay_effects_time(const ReplayViewer& v, double elapsed) {
    return v.playing ? std::max(elapsed, 0.0) * v.speed : 0.0;
}

void draw_replay_panel(const ViewerContext& ctx, float bottom) {
    ReplayViewer& v = ctx.viewer;
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
        replay_mode_step(ctx.session.mode_context(), v);
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
    // The viewer (ctx.viewer) ends with its mode when the take-over is made.
    if (std::string err = ctx.session.apply(Event::take_over()); !err.empty()) {
        add_toast(ctx.toasts, ctx.clock, err, 2.5);
        return;
    }
    ctx.edges = PendingEdges{};
    ctx.tune.replay_plots = ReplayPlots{};
    add_toast(ctx.toasts, ctx.clock, "You drive from here (the recording goes on from the replay)",
              3.0);
}

}  // namespace skidpad::app
