// Sound and rumble settings of the app, tunables "sound.*". The engine's cylinder count
// and timbre are here too, so a car preset sets how its car sounds.
#pragma once

namespace skidpad {

struct SoundDef {
    bool enabled = true;           ///< off = muted (key N)
    double master = 0.8;           ///< 0..1, gain of the whole mix
    double engine = 0.7;           ///< 0..1, engines
    double tyres = 0.7;            ///< 0..1, tyre squeal and lock-up screech
    double impacts = 0.9;          ///< 0..1, impacts and scrapes
    double wind = 0.4;             ///< 0..1, wind noise
    int cylinders = 8;             ///< engine cylinders (firing frequency rpm/60 × cylinders/2)
    double timbre = 0.5;           ///< 0 dull .. 1 raspy: the engine's harmonic content
    bool rumble = true;            ///< gamepad rumble on/off
    double rumble_strength = 0.7;  ///< 0..1, rumble at a full-strength event
};

}  // namespace skidpad
