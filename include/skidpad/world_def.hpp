// What a World is built from: the settings of the world itself. Cars bring their own
// CarDef (World::add_car); input, camera, display and planner settings are the app's.
#pragma once

#include "skidpad/sim_def.hpp"
#include "skidpad/soft/soft_def.hpp"

namespace skidpad {

struct WorldDef {
    SimDef sim;    ///< sim.substeps splits each step; sim.physics_hz is the step rate
    SoftDef soft;  ///< soft bodies and the car coupling
};

}  // namespace skidpad
