// The mixer: up to kMaxVoices voices summed into 48 kHz stereo float. The game thread
// submit()s frames and impacts; the audio thread (or an offline renderer) calls render().
// Hand-over is lock-free (lockfree.hpp); render() never blocks or allocates.
#pragma once

#include <array>
#include <cstdint>

#include "audio/limiter.hpp"
#include "audio/lockfree.hpp"
#include "audio/mix_frame.hpp"
#include "audio/music.hpp"
#include "audio/voices.hpp"
#include "audio/wind.hpp"

namespace skidpad::audio {

class Mixer {
public:
    /// Game thread: the newest continuous targets (replacing the last frame).
    void submit(const MixFrame& frame);
    /// Game thread: one impact to start; false when the queue is full (dropped).
    bool trigger(const ImpactTrigger& impact);

    /// Audio thread: renders `frames` stereo frames (interleaved L R, in [−1, 1]).
    void render(float* stereo, int frames);

    /// Voices playing after the last render (any kind).
    int active_voices() const;
    /// Impacts dropped because every voice was busy with a louder sound.
    std::uint64_t dropped_impacts() const { return dropped_; }

private:
    void take_frame();
    void assign(VoiceKind kind, const CarVoice& car, bool wanted);
    void start_impact(const ImpactTrigger& t);
    int free_voice() const;

    TripleBuffer<MixFrame> frames_;
    SpscRing<ImpactTrigger, 64> impacts_;
    // Audio-thread state.
    MixFrame frame_{};
    std::array<Voice, kMaxVoices> voices_{};
    std::array<float, 64> chunk_{};
    void render_rain(float* stereo, int n);
    WindTargets wind_targets() const;
    WindSynth wind_;

    PeakLimiter limiter_;
    MusicSynth music_;
    std::array<float, 64> music_chunk_{};
    float rain_ = 0.0f;                                                      ///< glided rain level
    float rain_lp_ = 0.0f, rain_hp_ = 0.0f;                                  ///< its hiss filter
    float drop_re_ = 0.0f, drop_im_ = 0.0f, drop_c_ = 1.0f, drop_s_ = 0.0f;  ///< drop's ring
    Noise rain_noise_;
    float master_ = 0.0f;
    std::uint32_t seed_ = 1;
    std::uint64_t dropped_ = 0;
};

}  // namespace skidpad::audio
