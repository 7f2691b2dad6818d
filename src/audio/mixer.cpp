// The mixer: voices summed into 48 kHz stereo, parameters handed over lock-free.
#include "audio/mixer.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

namespace {
constexpr int kChunk = 32;  ///< samples per control update (1.5 kHz control rate)
}

void Mixer::submit(const MixFrame& frame) {
    frames_.back() = frame;
    frames_.publish();
}

bool Mixer::trigger(const ImpactTrigger& impact) {
    return impacts_.push(impact);
}

int Mixer::free_voice() const {
    for (int i = 0; i < kMaxVoices; ++i)
        if (voices_[static_cast<std::size_t>(i)].kind == VoiceKind::Free) return i;
    return -1;
}

void Mixer::assign(VoiceKind kind, const CarVoice& car, bool wanted) {
    for (Voice& v : voices_) {
        if (v.kind != kind || v.car != car.id) continue;
        v.target = car;
        v.releasing = !wanted;
        return;
    }
    if (!wanted) return;
    const int i = free_voice();
    if (i < 0) return;  // over the cap: this (lower-priority) sound waits for a voice
    Voice& v = voices_[static_cast<std::size_t>(i)];
    v = Voice{};
    v.kind = kind;
    v.car = car.id;
    v.target = car;
    v.noise.state = (seed_ += 0x6d2b79f5u) | 1u;
}

void Mixer::take_frame() {
    frame_ = frames_.acquire();
    const int n = std::clamp(frame_.car_count, 0, kMaxCarsHeard);
    // Voices of cars no longer heard fade out.
    for (Voice& v : voices_) {
        if (v.kind == VoiceKind::Free || v.kind == VoiceKind::Impact) continue;
        bool heard = false;
        for (int c = 0; c < n; ++c)
            heard = heard || frame_.cars[static_cast<std::size_t>(c)].id == v.car;
        if (!heard) v.releasing = true;
    }
    // Priority: every engine first (cars come nearest first), then tyres, scrapes, wind.
    for (int c = 0; c < n; ++c)
        assign(VoiceKind::Engine, frame_.cars[static_cast<std::size_t>(c)], true);
    for (int c = 0; c < n; ++c) {
        const CarVoice& car = frame_.cars[static_cast<std::size_t>(c)];
        assign(VoiceKind::Squeal, car, car.squeal > 1e-4);
        assign(VoiceKind::Scrape, car, car.scrape > 1e-4);
        assign(VoiceKind::Wind, car, car.wind > 1e-4);
    }
    ImpactTrigger t;
    while (impacts_.pop(t))
        start_impact(t);
}

void Mixer::start_impact(const ImpactTrigger& t) {
    int i = free_voice();
    if (i < 0) {  // steal the quietest impact if it is quieter than this one
        float quietest = 1e9f;
        for (int k = 0; k < kMaxVoices; ++k) {
            const Voice& v = voices_[static_cast<std::size_t>(k)];
            if (v.kind == VoiceKind::Impact && v.peak < quietest) {
                quietest = v.peak;
                i = k;
            }
        }
        if (i < 0 || quietest > t.amplitude) {
            ++dropped_;
            return;
        }
    }
    const float pitch = static_cast<float>(std::clamp(frame_.pitch, 0.05, 4.0));
    voice_start_impact(voices_[static_cast<std::size_t>(i)], t, pitch,
                       static_cast<float>(std::clamp(frame_.impacts, 0.0, 1.0)),
                       seed_ += 0x6d2b79f5u);
}

void Mixer::render(float* stereo, int frames) {
    take_frame();
    RenderContext ctx;
    ctx.frame = &frame_;
    ctx.pitch = static_cast<float>(std::clamp(frame_.pitch, 0.05, 4.0));
    const float master =
        frame_.paused ? 0.0f : static_cast<float>(std::clamp(frame_.master, 0.0, 1.0));
    const float ramp = 1.0f / (0.01f * static_cast<float>(kSampleRate));  // 10 ms
    for (int done = 0; done < frames;) {
        const int n = std::min(kChunk, frames - done);
        std::fill(chunk_.begin(), chunk_.begin() + 2 * n, 0.0f);
        if (!(frame_.paused && master_ <= 0.0f)) {  // paused and faded out: nothing moves
            for (Voice& v : voices_) {
                if (v.kind == VoiceKind::Free) continue;
                if (v.kind != VoiceKind::Impact) voice_control(v, ctx);
                voice_render(v, chunk_.data(), n);
            }
        }
        float* out = stereo + 2 * done;
        for (int i = 0; i < n; ++i) {
            master_ += std::clamp(master - master_, -ramp, ramp);
            float l = chunk_[2 * static_cast<std::size_t>(i)] * master_ * kBusGain;
            float r = chunk_[2 * static_cast<std::size_t>(i) + 1] * master_ * kBusGain;
            limiter_.process(l, r);
            out[2 * i] = l;
            out[2 * i + 1] = r;
        }
        done += n;
    }
}

int Mixer::active_voices() const {
    int n = 0;
    for (const Voice& v : voices_)
        n += v.kind != VoiceKind::Free ? 1 : 0;
    return n;
}

}  // namespace skidpad::audio
