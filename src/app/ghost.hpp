// A ghost: another run's player car (--ghost FILE, any replay) played back beside the
// live one, one physics step per live step, drawn translucent with the live gap.
#pragma once

#include <string>

#include "replay_player.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

struct Ghost {
    bool active = false;
    ReplayPlayer player;
    Scene scene;           ///< the ghost's own world (its bodies are not drawn)
    bool waiting = false;  ///< held where it is (a time-trial ghost waits at its lap's start)
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
/// The ghost's player car as translucent shapes (alpha 90 of 255).
void ghost_draw(const Ghost& ghost, DrawList& out);
GhostGap ghost_gap(const Ghost& ghost, const World& live);

}  // namespace skidpad::app
