// The Dear ImGui overlay (F1) and the HUD. Each panel is one free function taking
// what it shows and what it edits; draw_overlay() hands them their parts of the
// Game, so adding a panel is one function and one call.
#pragma once

#include <string>
#include <vector>

#include "skidpad/input.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/world.hpp"
#include "tuner.hpp"

struct ImVec2;

namespace skidpad::app {

struct Game;
struct FrameStats;
struct Toast;

/// Begins a borderless, click-through HUD box placed at `pos` (screen px) by `pivot`
/// (0..1 of its own size). Call ImGui::End() after it whatever it returns.
bool begin_hud_box(const char* id, const ImVec2& pos, const ImVec2& pivot, float bg_alpha);

/// Everything the F1 overlay shows (no-op while hidden): the menu bar and tuning
/// windows always, the stats, Planner and Sandbox windows while the overlay is on.
void draw_overlay(Game& game);

/// What the stats panel edits besides the tunables: the single step and the toggles.
struct StatsControls {
    FixedStepLoop& loop;
    bool& follow;  ///< camera follows the car
    bool& show_hud;
    AssistLevel* assist_pick = nullptr;  ///< set to the level the player clicked (if any)
};
/// FPS, frame/physics timing, steps per frame, pause/step/time scale, display toggles.
void draw_stats_panel(const FrameStats& stats, const World& world, const std::string& pad,
                      const InputState& last_input, Tuner& tuner, const StatsControls& controls);
/// Speed, gear, rpm of the player car; always visible (hud.cpp). Returns the top edge of
/// its box in pixels (the display height when nothing was drawn).
float draw_hud(const World& world, bool paused);
/// Short messages (gamepad hot-plug, screenshots, pause) near the top of the screen;
/// drops those whose time (s of `clock`) has passed.
void draw_toasts(std::vector<Toast>& toasts, double clock);

}  // namespace skidpad::app
