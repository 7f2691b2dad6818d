// What the modes share: the start countdown (in simulated time, so a replay of the
// session holds the cars as the live run did) and the HUD pieces (lap times, big
// centre text, the minimap, car numbers).
#pragma once

#include <imgui.h>

#include <string>

#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"

namespace skidpad {
class World;
class Race;
struct CarId;
}  // namespace skidpad

namespace skidpad::app {

struct Ghost;
struct Scene;
struct View;

inline constexpr double kCountdownS = 3.0;  ///< s of "3, 2, 1" before the start

/// The countdown of a session that started at world time `start`.
struct Countdown {
    double start = 0.0;
    /// The cars are held (the countdown is on) at world time `now`.
    bool holding(double now) const { return now < start + kCountdownS; }
};

/// The input of a held car: the handbrake on, no throttle or brake, the rest kept.
void countdown_hold(InputState& in);
/// "3", "2", "1" big at the centre while holding, then "GO" for a second.
void draw_countdown(const Countdown& c, double now);

/// "1:02.345" (or "--:--.---" for t <= 0).
std::string format_lap(double seconds);
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
/// (the player ringed) and the ghost.
void draw_minimap(const Scene& scene, const Ghost& ghost, bool overlay_shown);

/// Each race car's number above it on screen ("#2"), for the cars in view.
void draw_car_numbers(const Scene& scene, const View& view, double alpha, const int* numbers,
                      std::size_t count);

}  // namespace skidpad::app
