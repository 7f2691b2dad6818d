// The F1 overlay: its windows and the stats panel (see overlay.hpp).
#include "overlay.hpp"

#include <imgui.h>

#include <algorithm>

#include "game.hpp"
#include "game_editors.hpp"
#include "overlay_layout.hpp"
#include "planner_view.hpp"
#include "sandbox_tools.hpp"

namespace skidpad::app {

void draw_overlay(Game& game) {
    if (!game.ui.show_overlay) return;
    AssistLevel pick = AssistLevel::Custom;
    draw_stats_panel(game.picture.stats, game.session.sim.scene.world,
                     game.controls.input.pad_name(), game.session.sim.last_input,
                     game.session.sim.tuner,
                     {game.session.sim.loop, game.picture.camera.follow, game.ui.show_hud, &pick});
    if (pick != AssistLevel::Custom && game.session.live())
        choose_assists(game.session.sim.tuner, game.ui, game.session.config_dir, pick);
    draw_tune_ui(game.ui.tune, game.session.sim.tuner, game.session.sim.scene.world);
    const PlannerRequest request = draw_planner_panel(
        game.session.sim.planner, game.session.sim.scene, game.session.sim.tuner);
    if (game.session.live())
        planner_apply(game.session, game.ui,
                      request);  // a replay's scene is its own
    if (draw_sandbox_panel(game.session.sim.sandbox, game.session.sim.scene))
        level_editor_from_scene(game);
}

void draw_stats_panel(const FrameStats& st, const World& world, const std::string& pad,
                      const InputState& in, Tuner& tuner, const StatsControls& controls) {
    dock_next_window(Dock::Left, ImVec2(0.0f, 0.0f));  // top of the left column
    const bool open =
        ImGui::Begin("Skidpad", nullptr, ImGuiWindowFlags_AlwaysAutoResize | dock_window_flags());
    dock_window_placed(Dock::Left);
    if (!open) {
        ImGui::End();
        return;
    }
    ImGui::Text("%.0f fps   frame %.2f ms", st.fps, st.frame_ms);
    ImGui::Text("physics %.3f ms/step   %d steps this frame", st.step_ms, st.steps);
    ImGui::Text("sim t %.2f s   step %llu   alpha %.2f", world.time(),
                static_cast<unsigned long long>(world.step_count()), st.alpha);
    ImGui::Text("shapes %d drawn, %d culled", st.render.drawn, st.render.culled);
    if (st.dropped_s > 0.0) ImGui::Text("dropped %.3f s (frame clamp)", st.dropped_s);
    ImGui::Separator();

    const Settings& settings = tuner.settings();
    bool paused = settings.sim.paused;
    if (ImGui::Checkbox("Paused (P)", &paused)) tuner.control("sim.paused", paused ? 1.0 : 0.0);
    ImGui::SameLine();
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button("Step (.)")) controls.loop.request_single_step();
    ImGui::EndDisabled();
    float scale = static_cast<float>(settings.sim.time_scale);
    if (drag_value("time scale", &scale, 0.0f, 4.0f, "%.2fx")) {
        tuner.control("sim.time_scale", static_cast<double>(scale));
    }
    for (float preset : {0.1f, 0.25f, 0.5f, 1.0f, 2.0f}) {
        char label[16];
        std::snprintf(label, sizeof label, "%gx", static_cast<double>(preset));
        if (ImGui::SmallButton(label)) tuner.control("sim.time_scale", preset);
        ImGui::SameLine();
    }
    ImGui::NewLine();
    bool vsync = settings.display.vsync;
    if (ImGui::Checkbox("vsync", &vsync)) tuner.control("display.vsync", vsync ? 1.0 : 0.0);
    ImGui::SameLine();
    ImGui::Checkbox("follow (C)", &controls.follow);
    ImGui::SameLine();
    ImGui::Checkbox("HUD", &controls.show_hud);
    // The assist level (each aid's own switch is in the Tuning window, Car / Assists).
    const AssistLevel level = assist_level_of(settings.car);
    ImGui::TextUnformatted("assists");
    for (AssistLevel l : {AssistLevel::Sim, AssistLevel::Sport, AssistLevel::Arcade}) {
        ImGui::SameLine();
        if (ImGui::RadioButton(assist_level_name(l), level == l) && controls.assist_pick) {
            *controls.assist_pick = l;
        }
    }
    if (level == AssistLevel::Custom) {
        ImGui::SameLine();
        ImGui::TextDisabled("(custom)");
    }
    ImGui::TextDisabled("gamepad: %s", pad.empty() ? "none" : pad.c_str());
    ImGui::TextDisabled("in: thr %.2f brk %.2f steer %+.2f hb %.0f", in.throttle, in.brake,
                        in.steer, in.handbrake);
    ImGui::End();
}

bool begin_hud_box(const char* id, const ImVec2& pos, const ImVec2& pivot, float bg_alpha) {
    ImGui::SetNextWindowPos(pos, ImGuiCond_Always, pivot);
    ImGui::SetNextWindowBgAlpha(bg_alpha);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    const bool open = ImGui::Begin(id, nullptr, flags);
    // A box on the bottom edge keeps the docked windows above it, one at the top of a
    // side column keeps them below it (overlay_layout.hpp).
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    if (pivot.y >= 1.0f) {
        layout_reserve_bottom(ImGui::GetWindowPos().y);
    } else if (pivot.y <= 0.0f && pos.y < 0.25f * ds.y) {
        const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
        if (pivot.x <= 0.0f && pos.x < ds.x * kLeftColumnFrac)
            layout_reserve_top(Dock::Left, bottom);
        if (pivot.x >= 1.0f && pos.x > ds.x * (1.0f - kRightColumnFrac))
            layout_reserve_top(Dock::Right, bottom);
    }
    return open;
}

void draw_toasts(std::vector<Toast>& toasts, double clock) {
    toasts.erase(std::remove_if(toasts.begin(), toasts.end(),
                                [&](const Toast& t) { return t.until <= clock; }),
                 toasts.end());
    if (toasts.empty()) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // Top centre below the menu bar: the HUD boxes sit at the bottom, the panels on the
    // side edges. Wrapped so that a long message stays on the screen.
    if (begin_hud_box("##toasts", ImVec2(ds.x * 0.5f, ImGui::GetFrameHeight() + kLayoutMargin),
                      ImVec2(0.5f, 0.0f), 0.9f)) {
        // As wide as the road between the docked columns, so that it covers neither.
        const float gap = ds.x * (1.0f - kLeftColumnFrac - kRightColumnFrac) - 6.0f * kLayoutMargin;
        // Broken between words, a file path after a '/', never inside a word that fits.
        const float width = std::max(std::min(layout_wrap_width(32.0f), gap), 160.0f);
        const auto measure = [](std::string_view s) {
            return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
        };
        for (const Toast& t : toasts) {
            for (const std::string& line :
                 wrap_lines(t.text, width, ds.x - 4.0f * kLayoutMargin, measure))
                ImGui::TextUnformatted(line.c_str());
        }
    }
    ImGui::End();
}

}  // namespace skidpad::app
