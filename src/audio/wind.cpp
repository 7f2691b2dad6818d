// The wind: the listener car's air rush and the weather's gusts (see wind.hpp).
#include "audio/wind.hpp"

#include <algorithm>
#include <cmath>

#include "audio/mix_frame.hpp"

namespace skidpad::audio {

namespace {
constexpr float kFs = static_cast<float>(kSampleRate);
constexpr float kPi = 3.14159265358979f;
constexpr int kControl = 32;                    ///< samples between filter updates
constexpr float kGlide = 1.0f / (0.05f * kFs);  ///< levels glide over ~50 ms
// Levels before the wind volume and the bus (set by ear against the engine and measured:
// docs/audio.md, "Wind").
constexpr float kRush = 0.22f;    ///< the rush at air 1 (60 m/s)
constexpr float kBuffet = 0.35f;  ///< the buffeting at air 1
constexpr float kHowl = 0.30f;    ///< the gusts' howl at full weather wind, in a full gust
constexpr float kRustle = 0.12f;  ///< their broad rustle

float uniform01(Noise& n) {
    return 0.5f + 0.5f * n.next();
}
}  // namespace

void Svf::set(float hz, float q, float fs) {
    const float g =
        std::tan(kPi * std::clamp(std::isfinite(hz) ? hz : 1000.0f, 10.0f, 0.45f * fs) / fs);
    const float k = 1.0f / std::max(q, 0.05f);
    a1 = 1.0f / (1.0f + g * (g + k));
    a2 = g * a1;
    a3 = g * a2;
    s1 = std::isfinite(s1) ? s1 : 0.0f;
    s2 = std::isfinite(s2) ? s2 : 0.0f;
    gain = k;
}

float Svf::band(float x, float& low) {
    const float v3 = x - s2;
    const float v1 = a1 * s1 + a2 * v3;
    const float v2 = s2 + a2 * s1 + a3 * v3;
    s1 = 2.0f * v1 - s1;
    s2 = 2.0f * v2 - s2;
    low = v2;
    return gain * v1;  // unit gain at the centre
}

float wind_rush_hz(float speed) {
    return std::min(1200.0f + 90.0f * std::max(speed, 0.0f), 8000.0f);
}

void WindSynth::render(float* stereo, int n, const WindTargets& t) {
    const float air = std::clamp(std::isfinite(t.air) ? t.air : 0.0f, 0.0f, 1.0f);
    const float gusts = std::clamp(std::isfinite(t.gusts) ? t.gusts : 0.0f, 0.0f, 1.0f);
    const float volume = std::clamp(std::isfinite(t.volume) ? t.volume : 0.0f, 0.0f, 1.0f);
    if (air <= 0.0f && gusts <= 0.0f && air_ + gusts_ <= 1e-5f) {
        air_ = gusts_ = 0.0f;
        return;
    }
    const float pitch = std::clamp(std::isfinite(t.pitch) ? t.pitch : 1.0f, 0.05f, 4.0f);
    const float speed = std::clamp(std::isfinite(t.speed) ? t.speed : 0.0f, 0.0f, 120.0f);
    for (int i = 0; i < n; ++i) {
        if (control_-- <= 0) {
            control_ = kControl;
            const float rush_hz = wind_rush_hz(speed) * pitch;
            rush_l_.set(rush_hz, 0.7f, kFs);
            rush_r_.set(rush_hz * 1.07f, 0.7f, kFs);
            // The buffeting: low noise under 80 Hz + 4 Hz per m/s, beating at ~6 Hz.
            buffet_.set((80.0f + 4.0f * speed) * pitch, 0.7f, kFs);
            flutter_ += (1.0f - std::exp(-2.0f * kPi * 6.0f * kControl / kFs)) *
                        (noise_m_.next() - flutter_);
            // A gust every 1–3 s: a new strength (0.2–1) that the envelope follows over
            // about 0.6 s twice (a smooth swell, no step).
            if (uniform01(noise_m_) < kControl / (2.0f * kFs))
                gust_target_ = 0.2f + 0.8f * uniform01(noise_m_);
            const float c = 1.0f - std::exp(-kControl / (0.6f * kFs));
            gust_a_ += c * (gust_target_ - gust_a_);
            gust_b_ += c * (gust_a_ - gust_b_);
            howl_.set((260.0f + 520.0f * gust_b_) * pitch, 3.0f, kFs);
            rustle_.set(1800.0f * pitch, 0.5f, kFs);
        }
        air_ += kGlide * (air - air_);
        gusts_ += kGlide * (gusts - gusts_);
        volume_ += kGlide * (volume - volume_);
        float low = 0.0f;
        // The rush swells a little with the weather's gusts.
        const float swell = 1.0f + 0.4f * gusts_ * (gust_b_ - 0.5f);
        const float rush = kRush * air_ * swell;
        const float rl = rush_l_.band(noise_l_.next(), low) * rush;
        const float rr = rush_r_.band(noise_r_.next(), low) * rush;
        buffet_.band(noise_m_.next(), low);
        const float beat = std::clamp(1.0f + 6.0f * flutter_, 0.2f, 1.8f);
        const float buffet = low * kBuffet * air_ * beat;
        const float g = gusts_ * gust_b_;
        const float howl = howl_.band(noise_m_.next(), low) * kHowl * g;
        const float rustle = rustle_.band(noise_m_.next(), low) * kRustle * g;
        const float both = buffet + howl + rustle;
        stereo[2 * i] += volume_ * (rl + both);
        stereo[2 * i + 1] += volume_ * (rr + both);
    }
}

}  // namespace skidpad::audio
