// Follow camera settings, tunables "camera.*".
#pragma once

namespace skidpad {

struct CameraDef {
    double zoom = 14.0;          ///< px/m at 1x DPI (typ. 4..60)
    double zoom_min = 2.0;       ///< px/m
    double zoom_max = 80.0;      ///< px/m
    double lag = 0.15;           ///< s, time constant of the follow (0 = rigid)
    double look_ahead = 0.35;    ///< s, offset along the velocity
    double speed_zoom_out = 0.5; ///< 0..1, how much the view zooms out at speed
    double speed_zoom_ref = 50.0;///< m/s at which the speed zoom-out is full
    /// px/m the speed zoom-out never goes below (a zoom the player chose below it stays)
    double speed_zoom_floor = 10.0;
    double shake = 1.0;          ///< camera shake strength from the player car's hits (0 = off)
};

}  // namespace skidpad
