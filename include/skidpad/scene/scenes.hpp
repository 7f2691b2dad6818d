// Scene builders shared by the app, tests, benchmarks and the lab.
#pragma once

#include "skidpad/world.hpp"

namespace skidpad {

/// The default arena: the built-in copy of assets/levels/arena.json (the app loads
/// the file itself through scene/level.hpp and falls back to this copy).
/// The player car is built from `car`.
void build_default_arena(World& world, const CarDef& car);

}  // namespace skidpad
