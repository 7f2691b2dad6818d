// Sound and rumble settings of the app, tunables "sound.*". The engine's cylinder count
// and timbre are here too, so a car preset sets how its car sounds.
#pragma once

namespace skidpad {

/// How an engine's firing pulses are spaced over its 720° cycle, as heard at the tailpipe.
enum class EngineFiring : int {
    Even = 0,          ///< equal intervals: a smooth hum at the firing frequency
    CrossPlane = 1,    ///< a cross-plane V8's banks: each bank's pulses uneven, a burble
    UnequalPipes = 2,  ///< unequal-length headers (a flat four's rumble): pulses late or early
    BigBang = 3,       ///< cylinders fire in pairs close together: a lumpy, loping beat
};
inline constexpr int kEngineFirings = 4;

/// What makes one car's engine sound like that car (a car preset's sound.* values).
struct EngineVoice {
    int cylinders = 8;
    int firing = 1;  ///< EngineFiring
    double timbre = 0.5;
    double exhaust = 0.5;
};

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
    int firing = 1;                ///< the firing layout (EngineFiring): the cross-plane V8
    double exhaust = 0.5;          ///< 0 quiet, muffled .. 1 open pipes: exhaust noise and crackle
    double music = 0.5;            ///< 0..1, menu and results music
    bool rumble = true;            ///< gamepad rumble on/off
    double rumble_strength = 0.7;  ///< 0..1, rumble at a full-strength event

    EngineVoice engine_voice() const { return {cylinders, firing, timbre, exhaust}; }
};

}  // namespace skidpad
