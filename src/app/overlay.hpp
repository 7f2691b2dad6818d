// The Dear ImGui overlay (F1) and the HUD. Each panel is one free function taking
// the Game; draw_overlay() calls them in order, so adding a panel is one line.
#pragma once

struct ImVec2;

namespace skidpad::app {

struct Game;

/// Begins a borderless, click-through HUD box placed at `pos` (screen px) by `pivot`
/// (0..1 of its own size). Call ImGui::End() after it whatever it returns.
bool begin_hud_box(const char* id, const ImVec2& pos, const ImVec2& pivot, float bg_alpha);

/// Everything the F1 overlay shows (no-op while hidden).
void draw_overlay(Game& game);

/// FPS, frame/physics timing, steps per frame, pause/step/time scale, display toggles.
void draw_stats_panel(Game& game);
/// Every tunable of param_registry(), grouped, generated (panel_tuning.cpp).
void draw_tuning_panel(Game& game);
/// Speed, gear, rpm of the player car; always visible (hud.cpp).
void draw_hud(Game& game);
/// Short messages (gamepad hot-plug, screenshots, pause) near the top of the screen.
void draw_toasts(Game& game);

}  // namespace skidpad::app
