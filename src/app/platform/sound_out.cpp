// Sound and rumble to the SDL audio device and pads (see sound_out.hpp).
#include "sound_out.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "alsa_quiet.hpp"
#include "input_map.hpp"

namespace skidpad::app {

SoundOut::~SoundOut() {
    if (device_ != 0) {
        SDL_CloseAudioDevice(device_);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
}

bool SoundOut::open(std::ostream& err) {
    silence_alsa_errors();  // SDL's own line below says it all
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        err << "skidpad: no audio (" << SDL_GetError() << "): running silent\n";
        return false;
    }
    SDL_AudioSpec want{};
    want.freq = audio::kSampleRate;
    want.format = AUDIO_F32SYS;
    want.channels = 2;
    want.samples = 512;
    want.callback = &SoundOut::callback;
    want.userdata = this;
    SDL_AudioSpec have{};
    device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
    if (device_ == 0) {
        err << "skidpad: no audio device (" << SDL_GetError() << "): running silent\n";
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return false;
    }
    SDL_PauseAudioDevice(device_, 0);
    return true;
}

void SoundOut::callback(void* self, Uint8* stream, int len) {
    auto* s = static_cast<SoundOut*>(self);
    const int frames = len / static_cast<int>(2 * sizeof(float));
    s->mixer_->render(reinterpret_cast<float*>(stream), frames);
}

audio::Listener SoundOut::listener(const World& world) const {
    audio::Listener l;
    const CarId p = world.player();
    if (world.valid(p)) {
        l.position = world.car(p).position;
        l.velocity = world.car(p).velocity;
        l.car = p.index;
        l.has_car = true;
    }
    l.seat_count = static_cast<int>(std::min<std::size_t>(ears_.size(), audio::kMaxSeatEars));
    for (int i = 0; i < l.seat_count; ++i)
        l.seats[static_cast<std::size_t>(i)] = ears_[static_cast<std::size_t>(i)];
    return l;
}

void SoundOut::set_seats(const std::vector<audio::SeatEar>& ears, const std::vector<int>& pads) {
    ears_ = ears;
    ear_pads_ = pads;
    seat_state_.resize(ears.size());
    seat_rumble_.resize(ears.size());
    seat_sent_.resize(ears.size());
}

void SoundOut::after_step(const World& world, const Settings& settings, double dt) {
    last_dt_ = dt;
    const audio::Listener l = listener(world);
    if (device_ != 0) {
        std::array<audio::ImpactTrigger, 16> t{};
        const int n =
            audio::impact_triggers(world.events(), l, t.data(), static_cast<int>(t.size()));
        for (int i = 0; i < n; ++i)
            mixer_->trigger(t[static_cast<std::size_t>(i)]);
    }
    if (!ears_.empty()) {
        // Each seat feels its own car.
        for (std::size_t k = 0; k < ears_.size(); ++k) {
            audio::Listener lk = l;
            lk.car = ears_[k].car;
            const audio::Rumble r =
                audio::rumble_step(seat_state_[k], world.events(), lk, settings.sound, dt);
            seat_rumble_[k].low = std::max(seat_rumble_[k].low, r.low);
            seat_rumble_[k].high = std::max(seat_rumble_[k].high, r.high);
        }
        return;
    }
    const audio::Rumble r =
        audio::rumble_step(rumble_state_, world.events(), l, settings.sound, dt);
    rumble_.low = std::max(rumble_.low, r.low);
    rumble_.high = std::max(rumble_.high, r.high);
}

void SoundOut::frame(const World& world, const Settings& settings, InputMapper& pads, bool paused,
                     std::span<const audio::EngineVoice> voices, audio::MusicCue music,
                     double rain) {
    if (device_ != 0) {
        audio::MixFrame f = audio::mix_frame(world.events(), listener(world), settings.sound,
                                             last_dt_, settings.sim.time_scale, paused, voices);
        f.music = static_cast<int>(music);
        f.rain = rain;
        mixer_->submit(f);
    }
    // Rumble: only changes are sent (each call restarts the pad's timer), and a
    // running rumble is renewed before its 200 ms run out.
    if (!ears_.empty()) {
        for (std::size_t k = 0; k < ears_.size(); ++k) {
            audio::Rumble& now = seat_rumble_[k];
            audio::Rumble& sent = seat_sent_[k];
            if (paused) now = {};
            const int pad = k < ear_pads_.size() ? ear_pads_[k] : -1;
            const bool changed =
                std::fabs(now.low - sent.low) > 0.02 || std::fabs(now.high - sent.high) > 0.02;
            if (pad >= 0 && (changed || now.low > 0.0 || now.high > 0.0)) {
                const auto i = static_cast<std::size_t>(pad);
                pads.rumble_pad(i, audio::rumble_motor(now.low), audio::rumble_motor(now.high),
                                200);
                pads.rumble_pad_triggers(i, 0, audio::rumble_motor(now.high), 200);
                sent = now;
            }
            now = {};
        }
        return;
    }
    if (paused) rumble_ = {};
    const bool changed =
        std::fabs(rumble_.low - sent_.low) > 0.02 || std::fabs(rumble_.high - sent_.high) > 0.02;
    if (changed || (rumble_.low > 0.0 || rumble_.high > 0.0)) {
        pads.rumble(audio::rumble_motor(rumble_.low), audio::rumble_motor(rumble_.high), 200);
        // The throttle trigger buzzes with wheelspin and the limiter (pads with trigger
        // motors only).
        pads.rumble_triggers(0, audio::rumble_motor(rumble_.high), 200);
        sent_ = rumble_;
    }
    rumble_ = {};
}

}  // namespace skidpad::app
