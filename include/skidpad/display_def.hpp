// Window/display settings of the app, tunables "display.*".
#pragma once

namespace skidpad {

/// The app's particle effects (tyre smoke, sparks, wood and plastic chips), tunables
/// display.effects, display.particle_budget, display.smoke, display.sparks, display.chips. Drawn only: they never touch the simulated state.
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
    int max_fps = 240;        ///< frames per second cap, also when the driver ignores vsync (0 = none)
    EffectsDef effects;       ///< display.effects, particle_budget, smoke, sparks, chips
};

}  // namespace skidpad
