// How raw keyboard/gamepad input becomes an InputState, tunables "input.*".
#pragma once

namespace skidpad {

struct InputDef {
    double steer_rate = 3.0;         ///< 1/s, digital steer ramp toward target (full lock in 1/3 s)
    double steer_return_rate = 5.0;  ///< 1/s, digital steer return to centre
    double throttle_rate = 6.0;      ///< 1/s, digital throttle/brake ramp
    double stick_dead_zone = 0.12;   ///< fraction of stick travel ignored around centre
    double trigger_dead_zone = 0.05;  ///< fraction of trigger travel ignored
    // Steering shape (the game's shape_steer): out = sensitivity · |v|^linearity.
    double key_steer_sensitivity = 1.0;    ///< keys: full lock × this (clamped to full lock)
    double key_steer_linearity = 1.0;      ///< keys: exponent on the ramped steer (1 = linear)
    double stick_steer_sensitivity = 1.0;  ///< stick: full lock × this (clamped)
    double stick_steer_linearity = 1.0;    ///< stick: exponent on the travel (1 = linear)
};

}  // namespace skidpad
