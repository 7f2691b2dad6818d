// A ghost: another run's player car (--ghost FILE, any replay) played back beside the
// live one, one physics step per live step, drawn translucent with the live gap.
#pragma once

#include <string>

#include "replay_player.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

/// How translucent a ghost car is drawn (of 255).
inline constexpr std::uint32_t kGhostAlpha = 90;

struct Ghost {
    bool active = false;
    ReplayPlayer player;
    Scene scene;           ///< the ghost's own world (its bodies are not drawn)
    bool waiting = false;  ///< held where it is (a time-trial ghost waits at its lap's start)
    std::string label = "ghost";        ///< what the gap readout calls it
    Color paint = 0;                    ///< 0: the car's own paint, else this one
    std::uint32_t alpha = kGhostAlpha;  ///< of 255
};

/// The gap between the live player car and the ghost, along the live car's heading.
struct GhostGap {
    bool valid = false;
    double metres = 0.0;   ///< > 0: the ghost is ahead
    double seconds = 0.0;  ///< metres / the live car's speed (at least 1 m/s)
};

/// Builds the ghost's scene from the replay. "" or why not (its level or track missing).
std::string ghost_open(Ghost& ghost, Replay replay);
/// One physics step of the ghost (nothing after its end).
void ghost_step(Ghost& ghost);
/// The ghost's player car as translucent shapes (ghost.alpha, in ghost.paint if set).
void ghost_draw(const Ghost& ghost, DrawList& out);
GhostGap ghost_gap(const Ghost& ghost, const World& live);

}  // namespace skidpad::app
