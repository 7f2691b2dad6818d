// Scene builders shared by the app, tests, benchmarks and the lab.
#pragma once

#include "skidpad/world.hpp"

namespace skidpad {

/// The default arena: barriers around a square and the player car at its start.
/// (PLACEHOLDER: the soft-body issue loads assets/levels/arena.json.)
void build_default_arena(World& world);

}  // namespace skidpad
