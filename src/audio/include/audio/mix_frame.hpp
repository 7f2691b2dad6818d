// What the game hands the mixer: the continuous sounds of each audible car as targets
// (the mixer glides to them) and one-shot impacts. Plain data, copied lock-free.
#pragma once

#include <array>
#include <cstdint>

#include "skidpad/sound_def.hpp"
#include "skidpad/sound_events.hpp"

namespace skidpad::audio {

inline constexpr int kSampleRate = 48000;
inline constexpr int kMaxVoices = 32;    ///< voices mixed at once
inline constexpr int kMaxCarsHeard = 6;  ///< nearest cars whose engines, tyres and scrapes play

/// One audible car's continuous sounds.
struct CarVoice {
    std::uint32_t id = 0;       ///< car slot index: which voices belong to it
    double firing_hz = 0.0;     ///< rpm/60 × cylinders/2
    int cylinders = 8;          ///< the car's engine voice (engine_voice.hpp)
    int firing = 0;             ///< EngineFiring
    double timbre = 0.5;        ///< 0..1, harmonic content
    double exhaust = 0.5;       ///< 0..1, exhaust noise, brightness and crackle
    double load = 0.0;          ///< −1..1, engine load (< 0 over-run)
    double throttle = 0.0;      ///< 0..1
    double rpm_frac = 0.0;      ///< rpm / redline
    bool limiter = false;       ///< rev limiter cutting
    bool shifting = false;      ///< clutch out for a gear change
    double squeal = 0.0;        ///< 0..1, loudness of tyre squeal (0 below peak slip)
    double squeal_pitch = 1.0;  ///< × the squeal's base pitch
    bool lockup = false;        ///< a locked wheel screeches
    double scrape = 0.0;        ///< 0..1, loudness of a body sliding along the car
    double scrape_speed = 0.0;  ///< m/s, sliding speed (the scrape's pitch)
    double wind = 0.0;          ///< 0..1, wind noise (the listener's car only)
    double roll_speed = 0.0;    ///< m/s, the car's speed over the ground (tyre noise)
    double gravel = 0.0;        ///< 0..1, share of the wheels on gravel (crunch)
    double grass = 0.0;         ///< 0..1, share on grass (swish)
    double kerb = 0.0;          ///< 0..1, share on kerbs (the ridges' buzz)
    double gain = 1.0;          ///< distance attenuation
    double pan = 0.0;           ///< −1 left .. 1 right
    double doppler = 1.0;       ///< pitch factor from the radial speed
};

/// One impact to start.
struct ImpactTrigger {
    ContactMaterial material = ContactMaterial::Crate;
    double amplitude = 0.0;  ///< 0..1, from the impulse
    double pan = 0.0;
    bool dented = false;
    bool broken = false;
};

/// Everything continuous the mixer plays until the next frame.
struct MixFrame {
    std::array<CarVoice, kMaxCarsHeard> cars{};
    int car_count = 0;
    double master = 0.8;  ///< the master gain (0 = silent)
    double engine = 0.7;  ///< the group volumes
    double tyres = 0.7;
    double impacts = 0.9;
    double wind = 0.4;
    double ground = 0.6;       ///< tyres on the ground
    double rain = 0.0;         ///< 0..1, rain on the car (its hiss and drops)
    int music = 0;             ///< MusicCue: what music plays (it plays while paused too)
    double music_level = 0.5;  ///< 0..1, its volume
    double pitch = 1.0;        ///< time scale: every pitch follows it
    bool paused = false;       ///< silence
};

}  // namespace skidpad::audio
