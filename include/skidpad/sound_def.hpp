// Sound and rumble settings of the app, tunables "sound.*". The engine's cylinder count
// and timbre are here too, so a car preset sets how its car sounds (the audio library
// makes the car's engine voice of them).
#pragma once

namespace skidpad {

/// How many firing layouts sound.firing chooses among (0 even, 1 cross-plane V8, 2
/// unequal-length headers, 3 big bang).
inline constexpr int kEngineFirings = 4;

struct SoundDef {
    bool enabled = true;           ///< off = muted (key N)
    double master = 0.8;           ///< 0..1, gain of the whole mix
    double engine = 0.7;           ///< 0..1, engines
    double tyres = 0.7;            ///< 0..1, tyre squeal and lock-up screech
    double impacts = 0.9;          ///< 0..1, impacts and scrapes
    double wind = 0.4;             ///< 0..1, wind noise and rain
    double ground = 0.6;           ///< 0..1, tyres on the ground (road, gravel, grass, kerbs)
    int cylinders = 8;             ///< engine cylinders (firing frequency rpm/60 × cylinders/2)
    double timbre = 0.5;           ///< 0 dull .. 1 raspy: the engine's harmonic content
    int firing = 1;                ///< the firing layout (0..kEngineFirings-1): cross-plane V8
    double exhaust = 0.5;          ///< 0 quiet, muffled .. 1 open pipes: exhaust noise and crackle
    double music = 0.5;            ///< 0..1, menu and results music
    bool rumble = true;            ///< gamepad rumble on/off
    double rumble_strength = 0.7;  ///< 0..1, rumble at a full-strength event
};

}  // namespace skidpad
