#include "skidpad/scene/scenes.hpp"

namespace skidpad {

void build_default_arena(World& world) {
    world.clear();
    const float half = 40.0f;
    SoftWorld& soft = world.soft();
    soft.add_barrier({0.0f, half}, {2.0f * half + 2.0f, 1.0f}, 0.0f);
    soft.add_barrier({0.0f, -half}, {2.0f * half + 2.0f, 1.0f}, 0.0f);
    soft.add_barrier({half, 0.0f}, {1.0f, 2.0f * half}, 0.0f);
    soft.add_barrier({-half, 0.0f}, {1.0f, 2.0f * half}, 0.0f);
    world.add_car({0.0, 0.0}, 0.0);
}

}  // namespace skidpad
