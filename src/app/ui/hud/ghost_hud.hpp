// The live gap to the ghost car, drawn top centre over the world.
#pragma once

#include "ghost.hpp"

namespace skidpad {
class World;
}

namespace skidpad::app {

/// How far ahead or behind the ghost the live car is, in metres and seconds; nothing when
/// the ghost gives no gap.
void draw_ghost_hud(const Ghost& ghost, const World& world);

}  // namespace skidpad::app
