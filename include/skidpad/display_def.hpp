// Window/display settings of the app, tunables "display.*".
#pragma once

#include <cstdint>

namespace skidpad {

/// The light the world is drawn in (display.time): drawing only, never the physics.
enum class TimeOfDay : std::uint8_t { Day = 0, Dusk = 1, Night = 2 };

/// The app's particle effects (tyre smoke, sparks, wood and plastic chips), tunables
/// display.effects, display.particle_budget, display.smoke, display.sparks, display.chips. Drawn
/// only: they never touch the simulated state.
struct EffectsDef {
    bool enabled = true;  ///< off: no particles are made (those alive die out)
    int budget = 3000;    ///< most particles alive at once (the pool's size)
    double smoke = 1.0;   ///< tyre smoke density, x
    double sparks = 1.0;  ///< sparks per scrape or hard hit, x
    double chips = 1.0;   ///< wood/plastic chips per dent or break, x
};

struct DisplayDef {
    bool vsync = true;        ///< wait for the display's refresh (off: as fast as possible)
    bool show_grid = false;   ///< draw the metre grid on the ground (a debug view)
    bool interpolate = true;  ///< draw cars between physics steps (off: show raw steps)
    int max_fps = 240;   ///< frames per second cap, also when the driver ignores vsync (0 = none)
    EffectsDef effects;  ///< display.effects, particle_budget, smoke, sparks, chips
    TimeOfDay time = TimeOfDay::Day;  ///< day, dusk or night light
    int ground_detail = 2;            ///< 0 flat colours, 1 coarse, 2 full ground detail
    bool shadows = true;              ///< soft drop shadows under bodies and cars
    bool lights = true;               ///< headlight beams and lit lamps at dusk and night
    bool scenery = true;              ///< trees, grandstands, floodlights and rubber by a track
    double rain = 1.0;                ///< rain drawn over the view when wet, x (0 = none)
};

}  // namespace skidpad
