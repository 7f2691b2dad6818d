// The synthesised sounds: each voice is one engine, tyre squeal, scrape, tyres on the ground or
// impact, rendered in chunks with its controls glided from the previous chunk (no zipper noise),
// and faded in and out over a few milliseconds (no clicks). Fixed size; no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "audio/mix_frame.hpp"

namespace skidpad::audio {

enum class VoiceKind : std::uint8_t { Free, Engine, Squeal, Scrape, Impact, Rolling };

/// xorshift32 white noise in [−1, 1): deterministic, one multiply-free step per sample.
struct Noise {
    std::uint32_t state = 0x9e3779b9u;
    float next() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return static_cast<float>(static_cast<std::int32_t>(state)) * (1.0f / 2147483648.0f);
    }
};

inline constexpr int kMaxModes = 8;             ///< resonant modes of one impact
inline constexpr int kMaxEngineHarmonics = 48;  ///< engine partials synthesised

/// A damped resonance: a rotating phasor that shrinks by `decay` per sample.
struct Mode {
    float re = 0.0f, im = 0.0f;  ///< the phasor
    float c = 1.0f, s = 0.0f;    ///< rotation per sample
    float decay = 0.0f;
};

/// 0..1, loudness of a car's tyres rolling over the ground at `speed` m/s on this mix of
/// surfaces: a faint road roar on asphalt, louder on gravel, grass and kerbs.
float rolling_loudness(const CarVoice& car);

struct Voice {
    VoiceKind kind = VoiceKind::Free;
    std::uint32_t car = 0;  ///< the car a continuous voice belongs to
    bool releasing = false;
    float env = 0.0f;       ///< start/stop fade, 0..1
    std::uint32_t age = 0;  ///< samples since start

    // Continuous voices: the target from the frame and the glided controls.
    CarVoice target;
    float amp = 0.0f, amp0 = 0.0f;    ///< loudness at the end / start of this chunk
    float freq = 0.0f, freq0 = 0.0f;  ///< Hz
    float bright = 0.0f;              ///< engine harmonic roll-off control
    float gl = 0.0f, gr = 0.0f;       ///< pan gains
    double phase = 0.0, phase2 = 0.0, lfo = 0.0;
    float gate = 1.0f;                       ///< limiter cut, glided
    float pop = 0.0f;                        ///< over-run crackle envelope
    float lp = 0.0f, lp2 = 0.0f, hp = 0.0f;  ///< filter states
    /// Engine harmonics n = 1..harmonics of the unit frequency (the firing frequency for an
    /// even layout, the 720° cycle's otherwise): amplitude × cos and × sin of the phase.
    std::array<float, kMaxEngineHarmonics> harm{}, harm_q{};
    int harmonics = 1;
    int unit_per_firing = 1;  ///< cylinders for an uneven layout (the unit is the cycle), else 1
    int layout = -1;          ///< cylinders × 4 + firing the pulse spectrum below was made for
    std::array<float, kMaxEngineHarmonics> pulse_mag{}, pulse_phase{};  ///< its harmonics
    int pulse_count = 0;
    /// An uneven layout's firing orders 4..12 (above its cycle orders), on the firing phase.
    std::array<float, 9> upper{}, upper_mag{};
    int uppers = 0;

    // Impacts.
    std::array<Mode, kMaxModes> modes{};
    int mode_count = 0;
    float burst = 0.0f, burst_decay = 0.0f;  ///< noise burst envelope
    float burst_lp = 0.0f;                   ///< its low-pass coefficient
    float crack = 0.0f, crack_decay = 0.0f;  ///< a breaking crate's crack
    float peak = 0.0f;  ///< the trigger amplitude (stealing picks the quietest)
    Noise noise;
};

/// Group volumes and global pitch the voices are rendered with.
struct RenderContext {
    const MixFrame* frame = nullptr;
    float pitch = 1.0f;
};

/// Sets a continuous voice's controls for the next chunk from its target.
void voice_control(Voice& v, const RenderContext& ctx);
/// Adds n samples of a voice to the stereo buffer (interleaved L R), advancing it; a
/// released or finished voice becomes Free.
void voice_render(Voice& v, float* stereo, int n);
/// The relative amplitude and phase of an engine's pulse train at its harmonics: `count`
/// harmonics of the firing frequency for an even layout, else of the cycle frequency
/// (firing frequency / cylinders), written to mag and phase; returns count.
int engine_pulse_spectrum(int cylinders, int firing, float* mag, float* phase, int max);
/// |P_m| at firing orders 4..12 (m = 4·cylinders .. 12·cylinders) into mag[0..8]: what an
/// uneven layout plays above the cycle orders engine_pulse_spectrum gives.
void engine_upper_orders(int cylinders, int firing, float* mag);
/// Starts an impact voice from a trigger.
void voice_start_impact(Voice& v, const ImpactTrigger& t, float pitch, float volume,
                        std::uint32_t seed);

}  // namespace skidpad::audio
