// The wind, synthesised: the air rushing past the listener's car (rising with its speed)
// and the weather's gusts (a wet scene is a windy one), each heard on its own. No
// allocation; deterministic.
#pragma once

#include <cstdint>

#include "audio/voices.hpp"

namespace skidpad::audio {

/// A two-pole state-variable filter (the trapezoidal form: stable at any cutoff).
struct Svf {
    float a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;  ///< coefficients (set())
    float gain = 1.0f;                      ///< 1 / q: the band's gain at its centre 1
    float s1 = 0.0f, s2 = 0.0f;             ///< state
    /// Cutoff or centre `hz` at sample rate `fs`, resonance q.
    void set(float hz, float q, float fs);
    /// One sample in; the band-pass output (`low` gets the low-pass).
    float band(float x, float& low);
};

/// What the wind plays until the next control update.
struct WindTargets {
    float air = 0.0f;     ///< 0..1, the listener car's air rush, (speed / 60 m/s)²
    float speed = 0.0f;   ///< m/s, the listener car's speed (the rush's brightness)
    float gusts = 0.0f;   ///< 0..1, the weather's wind
    float volume = 0.0f;  ///< the wind group's volume (sound.wind)
    float pitch = 1.0f;   ///< time scale: the filters follow it
};

/// The air rush's centre at `speed` m/s: 1.2 kHz + 90 Hz per m/s, at most 8 kHz.
float wind_rush_hz(float speed);

class WindSynth {
public:
    /// Adds n stereo frames (interleaved L R) of the wind to `stereo`; its controls glide
    /// to `t` over the block (n at most a control chunk).
    void render(float* stereo, int n, const WindTargets& t);

private:
    Noise noise_l_{0x1234567u}, noise_r_{0x89abcdefu}, noise_m_{0x2545f491u};
    Svf rush_l_, rush_r_;  ///< the rush: band-passed noise, one per side (a wide sound)
    Svf buffet_;           ///< the buffeting: low-passed noise
    Svf howl_, rustle_;    ///< the gusts: a resonant howl and a broad rustle
    float air_ = 0.0f, gusts_ = 0.0f, volume_ = 0.0f;  ///< glided
    float flutter_ = 0.0f;                             ///< the buffeting's slow random beat (~6 Hz)
    float gust_target_ = 0.5f;                         ///< the strength of the gust coming
    float gust_a_ = 0.5f, gust_b_ = 0.5f;              ///< its envelope (two glides of 0.6 s)
    int control_ = 0;                                  ///< samples to the next coefficient update
};

}  // namespace skidpad::audio
