// The modes' HUD: what it reads of the game (HudContext), the running mode's own HUD
// (draw_mode_hud) and the pieces the modes share (the countdown, big centre text, the
// minimap, car numbers).
#pragma once

#include <imgui.h>

#include <string>

#include "modes/mode.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"

namespace skidpad {
class World;
class Race;
struct CarId;
struct RaceEntry;
struct Bindings;
}  // namespace skidpad

namespace skidpad::app {

struct Box;
struct Ghost;
struct Scene;
struct View;

/// What a mode's HUD reads (it edits nothing).
/// The end-of-race screen's buttons: what the player pressed (the game acts on it).
struct ResultsPick {
    enum class Action { None, Next, Menu };
    Action action = Action::None;
    bool shown = false;      ///< the results are on screen this frame (Enter / A: Next)
    std::string next_label;  ///< "Restart" or "Next round"
    double since = -1.0;     ///< the game's clock when the results came up (-1: not shown)
};

struct HudContext {
    const Scene& scene;
    const Bindings& keys;  ///< the player's bindings (the keys lines)
    const Ghost& ghost;
    const View& view;            ///< the world -> screen mapping of the frame drawn
    double alpha = 1.0;          ///< the interpolation factor the world was drawn with
    double clock = 0.0;          ///< s of real time since the game started
    bool overlay_shown = false;  ///< F1: the boxes go below the overlay's menu bar
    /// A live game's end-of-race buttons (null: none, as in the replay viewer).
    ResultsPick* results = nullptr;
};

/// The running mode's HUD (time trial, race); true when it replaces the planner's lap
/// lines.
bool draw_mode_hud(const Mode& mode, const HudContext& hud);

/// "3", "2", "1" big at the centre while holding, then "GO" for a second.
void draw_countdown(const Countdown& c, double now);

/// The race panel's first two lines: "POS 2/8   LAP 3/3" and "Lap   0:41.250" while the
/// car races; "POS 2/8   FINISHED" and "Race  2:05.310" (since race_start) after its
/// flag, when the lap count and the lap clock have stopped.
struct RaceHeadline {
    std::string status;
    std::string clock;
};
/// The player's car on the screen (points): a square around it a car's length wide plus
/// a margin. False without a player car.
bool player_screen_box(const Scene& scene, const View& view, double alpha, Box& out);

RaceHeadline race_headline(const RaceEntry& me, int position, int field, int laps,
                           double race_start);
/// Text of `size` pixels centred at `centre` with a dark shadow.
void draw_big_text(const char* text, ImVec2 centre, float size, ImU32 colour);

/// The paint a car is drawn with (the player's red, the others numbered in the order
/// they joined the race, as the world draws them).
Color race_car_colour(const Race& race, CarId player, std::size_t entry_index);
ImU32 im_colour(Color c, int alpha = 255);

/// Where the minimap goes (top right; below the menu bar and smaller while the overlay
/// is open), reserving the top of the right column so the Tuning window starts below it.
/// Top-left corner and side, points.
ImVec4 place_minimap(bool overlay_shown);

/// The minimap (place_minimap): the track's outline or the arena's bodies, and every car
/// (the player ringed) and the ghost; `alpha` (0..1) fades all of it.
void draw_minimap(const Scene& scene, const Ghost& ghost, bool overlay_shown, float alpha = 1.0f);

/// How opaque the minimap at `place` (x, y, side) should be: kMinimapFaded when any of
/// the screen points `keep_clear` (the player's car and the road ahead of it) lies
/// within 24 points of it, else 1. Pure, for tests.
inline constexpr float kMinimapFaded = 0.2f;
float minimap_clear_alpha(ImVec4 place, const ImVec2* keep_clear, int count);

/// Each race car's number above it on screen ("#2"), for the cars in view.
void draw_car_numbers(const Scene& scene, const View& view, double alpha, const int* numbers,
                      std::size_t count);

}  // namespace skidpad::app
