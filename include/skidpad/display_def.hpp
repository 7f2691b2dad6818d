// Window/display settings of the app, tunables "display.*".
#pragma once

namespace skidpad {

struct DisplayDef {
    bool vsync = true;        ///< wait for the display's refresh (off: as fast as possible)
    bool show_grid = false;   ///< draw the metre grid on the ground (a debug view)
    bool interpolate = true;  ///< draw cars between physics steps (off: show raw steps)
    int max_fps = 240;        ///< frames per second cap, also when the driver ignores vsync (0 = none)
};

}  // namespace skidpad
