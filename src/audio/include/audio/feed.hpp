// From a physics step's signals and contacts (World::events) to what the mixer plays:
// the continuous sounds of the nearest cars, panned, attenuated and Doppler-shifted
// relative to the listener, and one impact trigger per contact that closed at speed.
#pragma once

#include <cstdint>
#include <span>

#include "audio/mix_frame.hpp"
#include "skidpad/sound_def.hpp"
#include "skidpad/sound_events.hpp"

namespace skidpad::audio {

/// Where the sound is heard from (the camera, moving with the player's car).
struct Listener {
    dvec2 position{0.0, 0.0};
    dvec2 velocity{0.0, 0.0};
    std::uint32_t car = 0;  ///< the car whose wind is heard
    bool has_car = false;
};

/// 0..1, tyre squeal loudness of one wheel: 0 up to the peak slip, then rising.
double squeal_of_slip(double slip_over_peak);
/// 0..1, loudness of an impact of `impulse` N·s (logarithmic: every decade adds the same).
double impact_amplitude(double impulse);

/// The frame for one step (`dt` s) of events; `time_scale` sets the pitch, `paused`
/// silences. Each car sounds as `voices[car slot]` (the preset it was built from); the
/// listener's own car, and a car without an entry (or one with 0 cylinders), as
/// `sound`'s engine voice.
MixFrame mix_frame(const StepEvents& events, const Listener& listener, const SoundDef& sound,
                   double dt, double time_scale, bool paused,
                   std::span<const EngineVoice> voices = {});

/// 0..1, the rain heard on the car in this weather: none dry or damp, steady when wet.
double rain_of(Weather weather);

/// The impacts of one step, at most `max` of them (the loudest first), into `out`;
/// returns how many.
int impact_triggers(const StepEvents& events, const Listener& listener, ImpactTrigger* out,
                    int max);

}  // namespace skidpad::audio
