// How raw keyboard/gamepad input becomes an InputState, tunables "input.*".
#pragma once

namespace skidpad {

struct InputDef {
    double steer_rate = 3.0;          ///< 1/s, digital steer ramp toward target (full lock in 1/3 s)
    double steer_return_rate = 5.0;   ///< 1/s, digital steer return to centre
    double throttle_rate = 6.0;       ///< 1/s, digital throttle/brake ramp
    double stick_dead_zone = 0.12;    ///< fraction of stick travel ignored around centre
    double trigger_dead_zone = 0.05;  ///< fraction of trigger travel ignored
};

}  // namespace skidpad
