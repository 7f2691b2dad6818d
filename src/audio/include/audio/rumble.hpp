// Gamepad rumble from the physics: the low-frequency motor from impacts (by impulse), the
// high-frequency one from tyre slip past the peak and the rev limiter's buzz. Pure data;
// the app hands the result to SDL_GameControllerRumble.
#pragma once

#include "audio/feed.hpp"

namespace skidpad::audio {

struct Rumble {
    double low = 0.0;   ///< 0..1, low-frequency (heavy) motor
    double high = 0.0;  ///< 0..1, high-frequency (light) motor
};

/// Rumble state carried from step to step: impacts decay over ~0.15 s.
struct RumbleState {
    double impact = 0.0;
};

/// The rumble for one step of `dt` s felt in the listener's car.
Rumble rumble_step(RumbleState& state, const StepEvents& events, const Listener& listener,
                   const SoundDef& sound, double dt);

/// 0..65535 motor value for SDL.
unsigned short rumble_motor(double x);

}  // namespace skidpad::audio
