// What makes one car's engine sound like that car: its engine voice (a car preset's
// sound.cylinders, sound.firing, sound.timbre and sound.exhaust) and the firing layouts.
#pragma once

#include "skidpad/sound_def.hpp"

namespace skidpad::audio {

/// How an engine's firing pulses are spaced over its 720° cycle, as heard at the tailpipe
/// (the values of sound.firing).
enum class EngineFiring : int {
    Even = 0,          ///< equal intervals: a smooth hum at the firing frequency
    CrossPlane = 1,    ///< a cross-plane V8's banks: each bank's pulses uneven, a burble
    UnequalPipes = 2,  ///< unequal-length headers (a flat four's rumble): pulses late or early
    BigBang = 3,       ///< cylinders fire in pairs close together: a lumpy, loping beat
};
static_assert(static_cast<int>(EngineFiring::BigBang) + 1 == kEngineFirings,
              "sound.firing's range is the firing layouts");

/// What makes one car's engine sound like that car (a car preset's sound.* values).
struct EngineVoice {
    int cylinders = 8;
    int firing = 1;  ///< EngineFiring
    double timbre = 0.5;
    double exhaust = 0.5;
};

/// The engine voice a SoundDef sets (a car preset's, or the player's car's).
inline EngineVoice engine_voice(const SoundDef& s) {
    return {s.cylinders, s.firing, s.timbre, s.exhaust};
}

}  // namespace skidpad::audio
