#include "replay_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "game.hpp"
#include "overlay_layout.hpp"

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

/// The scout plays ahead for at most `ms` of wall time; its new snapshots become the
/// player's (the same states: the playback is deterministic).
void scout(ReplayViewer& v, double ms) {
    ReplayPlayer& s = v.scout;
    if (ms <= 0.0 || s.at_end()) return;
    const auto t0 = std::chrono::steady_clock::now();
    while (!s.at_end()) {
        for (int i = 0; i < 16 && !s.at_end(); ++i) {
            replay_step(s, v.scout_scene);
            mark_step(v);
        }
        const double used =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        if (used >= ms) break;
    }
    auto& mine = v.player.snapshots;
    while (mine.size() < s.snapshots.size())
        mine.push_back(s.snapshots[mine.size()]);
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

void seek(ReplayViewer& v, Scene& scene, Effects& effects, std::uint64_t step) {
    replay_seek(v.player, scene, step);
    if (v.player.at_end()) replay_finish(v.player, scene);
    v.owed = 0.0;
    effects.clear();  // what was in the air belongs to another moment
}

/// One step of the replay as shown: the step, then its smoke, sparks, chips and dust
/// and the camera's shake, as in play.
void step_shown(ReplayPlayer& p, Sim& sim, Picture& picture) {
    if (p.at_end()) return;
    replay_step(p, sim.scene);
    const double hit = effects_after_step(picture.effects, sim.scene,
                                          sim.settings().display.effects, replay_dt(sim.scene));
    camera_shake_kick(picture.camera, sim.settings().camera, hit);
}
}  // namespace

std::string replay_view_open(Sim& sim, ReplayViewer& v, Replay replay) {
    v = ReplayViewer();
    const Settings start = replay.header.settings;
    if (std::string why = replay_open(v.scout, v.scout_scene, replay); !why.empty()) return why;
    if (std::string why = replay_open(v.player, sim.scene, std::move(replay)); !why.empty())
        return why;
    sim.tuner = Tuner(start);
    sim.planner = v.player.planner;
    v.active = true;
    return "";
}

int replay_view_frame(Game& game, const AppCommands& cmd, double elapsed, double scout_ms) {
    ReplayViewer& v = game.session.viewer;
    ReplayPlayer& p = v.player;
    if (cmd.take_over) {
        replay_take_over(game);
        return 0;
    }
    if (cmd.toggle_pause) v.playing = !v.playing;
    if (cmd.replay_slower) v.speed = std::max(kReplayMinSpeed, v.speed * 0.5);
    if (cmd.replay_faster) v.speed = std::min(kReplayMaxSpeed, v.speed * 2.0);
    int steps = 0;
    if (cmd.single_step) {
        v.playing = false;
        step_shown(p, game.sim, game.picture);
        steps = 1;
    }
    if (cmd.step_back && p.cursor.step > 0) {
        v.playing = false;
        seek(v, game.sim.scene, game.picture.effects, p.cursor.step - 1);
    }
    if (v.playing && !p.at_end()) {
        v.owed += std::max(elapsed, 0.0) * v.speed / replay_dt(game.sim.scene);
        while (v.owed >= 1.0 && steps < kMaxStepsPerFrame && !p.at_end()) {
            step_shown(p, game.sim, game.picture);
            v.owed -= 1.0;
            ++steps;
        }
        v.owed = std::min(v.owed, 1.0);
    }
    if (p.at_end()) {
        replay_finish(p, game.sim.scene);
        v.playing = false;
    }
    scout(v, scout_ms);
    game.sim.last_input = p.replay.input_at(p.cursor.step > 0 ? p.cursor.step - 1 : 0);
    game.sim.planner.show_line = p.planner.show_line;
    return steps;
}

double replay_effects_time(const ReplayViewer& v, double elapsed) {
    return v.playing ? std::max(elapsed, 0.0) * v.speed : 0.0;
}

void draw_replay_panel(Game& game) {
    ReplayViewer& v = game.session.viewer;
    if (!v.active) return;
    ReplayPlayer& p = v.player;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y - 140.0f), ImGuiCond_Always,
                            ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(ds.x - 40.0f, 720.0f), 0.0f), ImGuiCond_Always);
    ImGui::Begin("Replay", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    const double dt = replay_dt(game.sim.scene);
    ImGui::Text("%s  %.2f / %.2f s   step %llu / %llu   %.2gx", v.playing ? "playing" : "paused",
                static_cast<double>(p.cursor.step) * dt, static_cast<double>(p.replay.steps) * dt,
                static_cast<unsigned long long>(p.cursor.step),
                static_cast<unsigned long long>(p.replay.steps), v.speed);
    ImU64 step = p.cursor.step;
    const ImU64 lo = 0, hi = p.replay.steps;
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderScalar("##timeline", ImGuiDataType_U64, &step, &lo, &hi, "")) {
        seek(v, game.sim.scene, game.picture.effects, step);
    }
    draw_markers(v, p.replay, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "below: yellow tuning, blue sandbox edits, red resets and scene loads\n"
            "above: white laps, orange hard impacts (as far as the replay has been read)");
    }
    if (ImGui::Button(v.playing ? "Pause (P)" : "Play (P)")) v.playing = !v.playing;
    ImGui::SameLine();
    if (ImGui::Button("< step (,)") && p.cursor.step > 0) {
        v.playing = false;
        seek(v, game.sim.scene, game.picture.effects, p.cursor.step - 1);
    }
    ImGui::SameLine();
    if (ImGui::Button("step (.) >")) {
        v.playing = false;
        step_shown(p, game.sim, game.picture);
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
    if (ImGui::Button("Take over (T)")) replay_take_over(game);
    ImGui::End();
}

void replay_take_over(Game& game) {
    ReplayViewer& v = game.session.viewer;
    if (!v.active) return;
    ReplayPlayer& p = v.player;
    game.sim.tuner = Tuner(p.cursor.settings);
    game.sim.planner.planned_with = p.planner.planned_with;
    game.sim.planner.autopilot = false;
    game.sim.recorder.resume(replay_prefix(p.replay, p.cursor));
    game.sim.loop.reset();
    game.sim.edges = PendingEdges{};
    v.active = false;
    v.player = ReplayPlayer{};
    v.scout = ReplayPlayer{};
    v.scout_scene = Scene();
    game.toast("You drive from here (the recording goes on from the replay)", 3.0);
}

}  // namespace skidpad::app
