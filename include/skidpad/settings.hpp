// Every tunable lives in one of these Def structs; the registry (tune/params.hpp)
// describes each field once (key, group, unit, range, help). Defaults are the
// Def's default member initializers.
#pragma once

#include "skidpad/camera_def.hpp"
#include "skidpad/car/car_def.hpp"
#include "skidpad/display_def.hpp"
#include "skidpad/input_def.hpp"
#include "skidpad/plan/plan_def.hpp"
#include "skidpad/sim_def.hpp"
#include "skidpad/soft/soft_def.hpp"
#include "skidpad/sound_def.hpp"
#include "skidpad/world_def.hpp"

namespace skidpad {

struct Settings {
    SimDef sim;
    CarDef car;
    SoftDef soft;
    PlanDef plan;
    InputDef input;
    CameraDef camera;
    DisplayDef display;
    SoundDef sound;
};

/// The part of the settings a World is built from (cars bring their CarDef).
inline WorldDef world_def(const Settings& s) {
    return WorldDef{s.sim, s.soft};
}

}  // namespace skidpad
