// From a physics step's signals and contacts (World::events) to what the mixer plays:
// the continuous sounds of the nearest cars, panned, attenuated and Doppler-shifted
// relative to the listener, and one impact trigger per contact that closed at speed.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "audio/engine_voice.hpp"
#include "audio/mix_frame.hpp"
#include "skidpad/sound_def.hpp"
#include "skidpad/sound_events.hpp"

namespace skidpad::audio {

/// A split screen's seat: the car its viewport follows and where that viewport sits.
struct SeatEar {
    std::uint32_t car = 0;  ///< car slot index
    double pan = 0.0;       ///< −1 left .. 1 right (viewport_pan)
};
inline constexpr int kMaxSeatEars = 4;
/// How far a viewport's sounds go towards its side: side by side, the left one at −0.8.
inline constexpr double kSeatPan = 0.8;

/// Where the sound is heard from (the camera, moving with the player's car).
struct Listener {
    dvec2 position{0.0, 0.0};
    dvec2 velocity{0.0, 0.0};
    std::uint32_t car = 0;  ///< the car whose wind is heard
    bool has_car = false;
    /// Several human players: each seat's car is heard as its own (full loudness, no
    /// Doppler, its impacts unattenuated), panned towards its viewport; none with one.
    std::array<SeatEar, kMaxSeatEars> seats{};
    int seat_count = 0;
};

/// The pan of a viewport `x`..`x + w` across a screen `screen_w` wide: its centre's
/// side, ×4·kSeatPan·(centre/screen_w − 0.5) clamped to ±kSeatPan: side by side or in
/// quadrants ±kSeatPan, stacked (full width) 0.
double viewport_pan(double x, double w, double screen_w);
/// The seat ear of car slot `car` in `l`, or null.
const SeatEar* seat_ear(const Listener& l, std::uint32_t car);

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
