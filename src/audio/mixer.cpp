// The mixer: voices summed into 48 kHz stereo, parameters handed over lock-free.
#include "audio/mixer.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

namespace {
constexpr int kChunk = 32;  ///< samples per control update (1.5 kHz control rate)
/// The gain of the master bus before its limiter: sets the mix's loudness at the default
/// volumes (docs/audio.md: about −16 LUFS over a lap).
constexpr float kBusGain = 5.0f;
}  // namespace

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
    // Priority: every engine first (cars come nearest first), then tyres and scrapes (the
    // wind is the mixer's own, wind.hpp).
    for (int c = 0; c < n; ++c)
        assign(VoiceKind::Engine, frame_.cars[static_cast<std::size_t>(c)], true);
    for (int c = 0; c < n; ++c) {
        const CarVoice& car = frame_.cars[static_cast<std::size_t>(c)];
        assign(VoiceKind::Squeal, car, car.squeal > 1e-4);
        assign(VoiceKind::Scrape, car, car.scrape > 1e-4);
    }
    // Tyre noise last: the road's roar is faint, the surfaces' louder.
    for (int c = 0; c < n; ++c) {
        const CarVoice& car = frame_.cars[static_cast<std::size_t>(c)];
        assign(VoiceKind::Rolling, car, rolling_loudness(car) > 1e-3);
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

WindTargets Mixer::wind_targets() const {
    WindTargets t;
    // The air rush of the listener's car (the feed gives only that car a wind level).
    for (int c = 0; c < std::clamp(frame_.car_count, 0, kMaxCarsHeard); ++c) {
        const CarVoice& car = frame_.cars[static_cast<std::size_t>(c)];
        const auto air = static_cast<float>(std::clamp(car.wind, 0.0, 1.0));
        if (air > t.air) {
            t.air = air;
            t.speed = static_cast<float>(std::clamp(car.roll_speed, 0.0, 120.0));
        }
    }
    // A wet scene is a windy one: the weather's gusts blow with the rain.
    t.gusts = static_cast<float>(std::clamp(frame_.rain, 0.0, 1.0));
    t.volume = static_cast<float>(std::clamp(frame_.wind, 0.0, 1.0));
    t.pitch = static_cast<float>(std::clamp(frame_.pitch, 0.05, 4.0));
    return t;
}

void Mixer::render_rain(float* stereo, int n) {
    const float target = static_cast<float>(std::clamp(frame_.rain, 0.0, 1.0));
    if (target <= 0.0f && rain_ <= 1e-5f) {
        rain_ = 0.0f;
        return;
    }
    constexpr float kFs = static_cast<float>(kSampleRate);
    for (int i = 0; i < n; ++i) {
        rain_ += (target - rain_) * (1.0f / (0.5f * kFs));  // a half-second glide
        // The hiss: noise band-passed 1.2 .. 7 kHz.
        const float x = rain_noise_.next();
        rain_lp_ += 0.6f * (x - rain_lp_);
        rain_hp_ += 0.15f * (rain_lp_ - rain_hp_);
        const float hiss = 0.5f * (rain_lp_ - rain_hp_);
        // Drops on the car: a few hundred a second at full rain, each a short ring at
        // 1.5 .. 4.5 kHz, as loud in light rain as in heavy (only fewer).
        if (static_cast<float>(rain_noise_.state & 0xffffu) < 65536.0f * 300.0f / kFs * rain_) {
            const float w = 6.2831853f * (1500.0f + 3000.0f * std::fabs(rain_noise_.next())) / kFs;
            drop_c_ = std::cos(w);
            drop_s_ = std::sin(w);
            drop_re_ = 0.0f;
            drop_im_ = 0.3f + 0.5f * std::fabs(rain_noise_.next());
        }
        const float re = (drop_re_ * drop_c_ - drop_im_ * drop_s_) * 0.996f;
        drop_im_ = (drop_re_ * drop_s_ + drop_im_ * drop_c_) * 0.996f;
        drop_re_ = re;
        const float volume = static_cast<float>(std::clamp(frame_.wind, 0.0, 1.0));
        const float side = rain_noise_.next() * 0.1f;
        const float bed = 0.3f * rain_ * volume;
        stereo[2 * i] += bed * (hiss + side) + 0.05f * volume * drop_im_;
        stereo[2 * i + 1] += bed * (hiss - side) + 0.05f * volume * drop_im_;
    }
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
            render_rain(chunk_.data(), n);
            wind_.render(chunk_.data(), n, wind_targets());
        }
        // Music plays in the menus too: it follows the master volume, not the pause.
        std::fill(music_chunk_.begin(), music_chunk_.begin() + 2 * n, 0.0f);
        const auto cue = static_cast<MusicCue>(std::clamp(frame_.music, 0, 2));
        // 0.25: at the default volumes the menu music sits a few LU under a lap's mix.
        const float music_gain =
            0.25f * static_cast<float>(std::clamp(frame_.master, 0.0, 1.0) *
                                       std::clamp(frame_.music_level, 0.0, 1.0));
        music_.render(music_chunk_.data(), n, cue, music_gain);
        float* out = stereo + 2 * done;
        for (int i = 0; i < n; ++i) {
            master_ += std::clamp(master - master_, -ramp, ramp);
            const std::size_t k = 2 * static_cast<std::size_t>(i);
            float l = (chunk_[k] * master_ + music_chunk_[k]) * kBusGain;
            float r = (chunk_[k + 1] * master_ + music_chunk_[k + 1]) * kBusGain;
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
