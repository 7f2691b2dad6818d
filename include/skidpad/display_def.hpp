// Window/display settings of the app, tunables "display.*".
#pragma once

namespace skidpad {

struct DisplayDef {
    bool vsync = true;        ///< wait for the display's refresh (off: as fast as possible)
    bool show_grid = true;    ///< draw the metre grid on the ground
    bool interpolate = true;  ///< draw cars between physics steps (off: show raw steps)
};

}  // namespace skidpad
