// Fixed-timestep loop settings (Fiedler's "Fix Your Timestep!"), tunables "sim.*".
#pragma once

#include "skidpad/surface.hpp"

namespace skidpad {

struct SimDef {
    double physics_hz = 120.0;      ///< Hz, fixed physics rate (typ. 60..240)
    int substeps = 4;               ///< sub-steps per physics step (typ. 1..8)
    int max_steps_per_frame = 8;    ///< cap on physics steps run in one frame
    double max_frame_time = 0.25;   ///< s, clamp on real elapsed time per frame
    double time_scale = 1.0;        ///< 1 = real time, 0.25 = slow motion
    bool paused = false;            ///< no simulated time passes while paused
    /// Hz, least rate of the cars' own dynamics (wheel spin, tyre relaxation, clutch, the
    /// body under its tyre forces) and their contacts: World::step cuts a longer sub-step
    /// into equal ones no longer than 1/car_min_hz; soft bodies stay at the step.
    double car_min_hz = 480.0;
    /// Grip and rolling resistance of each ground kind (tunables "surface.*").
    SurfaceDef surface;
    /// Dry, damp or wet ground (tunable sim.weather): scales each surface's grip by
    /// weather_grip (docs/physics.md §9.1). Recorded in replays like every tunable.
    Weather weather = Weather::Dry;
};

}  // namespace skidpad
