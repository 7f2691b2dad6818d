// Scene builders shared by the app, tests, benchmarks and the lab.
#include "skidpad/scene/scenes.hpp"

#include "skidpad/scene/level.hpp"

namespace skidpad {

void build_default_arena(World& world, const CarDef& car) {
    build_level(world, builtin_arena_level(), car);
}

}  // namespace skidpad
