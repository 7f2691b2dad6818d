// The car's start against the level's barriers: a car placed inside a barrier would be
// thrown out of it by the contact solver, so such a level is refused at load.
#pragma once

#include <string>

#include "skidpad/scene/level.hpp"

namespace skidpad {

/// "" when the car's start point lies outside every barrier (or on its edge), else a
/// message naming the barrier.
std::string car_start_error(const Level& level);

}  // namespace skidpad
