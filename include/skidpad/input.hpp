// What the car reads each step: one InputState per frame, from keyboard, gamepad,
// an input script or the autopilot. The app fills it; the core only reads it.
#pragma once

#include <cstdint>

namespace skidpad {

/// Driver controls for one car. Analog values are already smoothed/filtered.
struct InputState {
    double throttle = 0.0;   ///< 0..1
    double brake = 0.0;      ///< 0..1 (also reverse when stopped, see drivetrain)
    double steer = 0.0;      ///< -1 (full right) .. +1 (full left); CCW positive
    double handbrake = 0.0;  ///< 0..1
    bool shift_up = false;   ///< edge: request one gear up this frame
    bool shift_down = false; ///< edge: request one gear down this frame
    bool toggle_manual = false;  ///< edge: switch manual/automatic gearbox
    int gear_request = -99;  ///< from input scripts: -1 R, 0 N, 1..n; -99 = no request
    bool reset = false;      ///< edge: put the car back at its start
};

}  // namespace skidpad
