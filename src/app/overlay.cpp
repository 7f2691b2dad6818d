#include "overlay.hpp"

#include <imgui.h>

#include <algorithm>

#include "game.hpp"

namespace skidpad::app {

void draw_overlay(Game& game) {
    if (!game.show_overlay) return;
    draw_stats_panel(game);
    draw_tuning_panel(game);
    draw_planner_panel(game);
}

void draw_stats_panel(Game& game) {
    ImGui::SetNextWindowPos(ImVec2(10.0f, 30.0f), ImGuiCond_FirstUseEver);  // below the menu bar
    ImGui::SetNextWindowSize(ImVec2(340.0f, 0.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Skidpad", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return;
    }
    const FrameStats& st = game.stats;
    ImGui::Text("%.0f fps   frame %.2f ms", st.fps, st.frame_ms);
    ImGui::Text("physics %.3f ms/step   %d steps this frame", st.step_ms, st.steps);
    ImGui::Text("sim t %.2f s   step %llu   alpha %.2f", game.scene.world.time(),
                static_cast<unsigned long long>(game.scene.world.step_count()), st.alpha);
    ImGui::Text("shapes %d drawn, %d culled", st.render.drawn, st.render.culled);
    if (st.dropped_s > 0.0) ImGui::Text("dropped %.3f s (frame clamp)", st.dropped_s);
    ImGui::Separator();

    bool paused = game.settings().sim.paused;
    if (ImGui::Checkbox("Paused (P)", &paused))
        game.tuner.control("sim.paused", paused ? 1.0 : 0.0);
    ImGui::SameLine();
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button("Step (.)")) game.loop.request_single_step();
    ImGui::EndDisabled();
    float scale = static_cast<float>(game.settings().sim.time_scale);
    if (ImGui::SliderFloat("time scale", &scale, 0.0f, 4.0f, "%.2fx")) {
        game.tuner.control("sim.time_scale", static_cast<double>(scale));
    }
    for (float preset : {0.1f, 0.25f, 0.5f, 1.0f, 2.0f}) {
        char label[16];
        std::snprintf(label, sizeof label, "%gx", static_cast<double>(preset));
        if (ImGui::SmallButton(label)) game.tuner.control("sim.time_scale", preset);
        ImGui::SameLine();
    }
    ImGui::NewLine();
    bool vsync = game.settings().display.vsync;
    if (ImGui::Checkbox("vsync", &vsync)) game.tuner.control("display.vsync", vsync ? 1.0 : 0.0);
    ImGui::SameLine();
    ImGui::Checkbox("follow (C)", &game.camera.follow);
    ImGui::SameLine();
    ImGui::Checkbox("HUD", &game.show_hud);
    const std::string pad = game.input.pad_name();
    ImGui::TextDisabled("gamepad: %s", pad.empty() ? "none" : pad.c_str());
    const InputState& in = game.last_input;
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
    return ImGui::Begin(id, nullptr, flags);
}

void draw_toasts(Game& game) {
    game.toasts.erase(std::remove_if(game.toasts.begin(), game.toasts.end(),
                                     [&](const Toast& t) { return t.until <= game.clock; }),
                      game.toasts.end());
    if (game.toasts.empty()) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // Top centre below the menu bar: the HUD boxes sit at the bottom, the panels in the
    // top corners.
    if (begin_hud_box("##toasts", ImVec2(ds.x * 0.5f, 30.0f), ImVec2(0.5f, 0.0f), 0.7f)) {
        for (const Toast& t : game.toasts)
            ImGui::TextUnformatted(t.text.c_str());
    }
    ImGui::End();
}

}  // namespace skidpad::app
