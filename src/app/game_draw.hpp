// The world's picture of one frame in the window: the cameras (one per viewport), the
// ground, the world's shapes, particles and weather, and the minimap's fade.
#pragma once

#include <chrono>

#include "game.hpp"

namespace skidpad::app {

/// Milliseconds since `t0`.
double ms_since(std::chrono::steady_clock::time_point t0);
/// Moves the cameras and builds the frame's picture (drawn later with the UI); returns the
/// view the world was built against (the union of the viewports with several players).
View draw_world(Game& game, double elapsed, bool interactive, const GameOptions& options);
/// The minimap's opacity this frame: it fades (over about 0.2 s) while the player's car or
/// the road it covers in the next kViewAheadSeconds lies under it.
float minimap_fade(Game& game);

}  // namespace skidpad::app
