// The menu and results music: a loop of chords composed here, played by four small
// synthesised instruments (bass, pad, pluck, drums).
#include "audio/music.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "audio/mix_frame.hpp"

namespace skidpad::audio {

namespace {

constexpr double kFs = kSampleRate;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

struct Bar {
    int bass;      ///< MIDI note
    int chord[3];  ///< MIDI notes of the pad
};

/// The menu: A minor at 92 bpm, Am F C G Am F Dm E.
constexpr Bar kMenu[8] = {{45, {57, 60, 64}}, {41, {57, 60, 65}}, {48, {55, 60, 64}},
                          {43, {55, 59, 62}}, {45, {57, 60, 64}}, {41, {57, 60, 65}},
                          {38, {57, 62, 65}}, {40, {56, 59, 64}}};
/// The results: C major at 116 bpm, C G Am F C G F G.
constexpr Bar kResults[8] = {{48, {60, 64, 67}}, {43, {59, 62, 67}}, {45, {60, 64, 69}},
                             {41, {60, 65, 69}}, {48, {60, 64, 67}}, {43, {59, 62, 67}},
                             {41, {60, 65, 69}}, {43, {59, 62, 67}}};

const Bar* bars_of(MusicCue cue) {
    return cue == MusicCue::Results ? kResults : kMenu;
}

/// A soft sawtooth: its first four harmonics.
double soft_saw(double phase) {
    const double x = kTwoPi * phase;
    return std::sin(x) + 0.5 * std::sin(2 * x) + 0.25 * std::sin(3 * x) + 0.12 * std::sin(4 * x);
}

double advance(double& phase, double hz) {
    phase += hz / kFs;
    phase -= std::floor(phase);
    return phase;
}

}  // namespace

double note_hz(int note) {
    return 440.0 * std::pow(2.0, (note - 69) / 12.0);
}

double MusicSynth::tempo_bpm(MusicCue cue) {
    return cue == MusicCue::Results ? 116.0 : 92.0;
}

int MusicSynth::loop_bars(MusicCue) {
    return 8;
}

int MusicSynth::bass_note(MusicCue cue, int bar) {
    return bars_of(cue)[((bar % 8) + 8) % 8].bass;
}

float MusicSynth::sample(MusicCue cue, double beat, float& right) {
    const bool results = cue == MusicCue::Results;
    const int bar = static_cast<int>(std::floor(beat / 4.0)) % loop_bars(cue);
    const Bar& b = bars_of(cue)[bar];
    const double sec_per_beat = 60.0 / tempo_bpm(cue);
    const double in_beat = beat - std::floor(beat);  // 0..1 within the beat
    const int beat_in_bar = static_cast<int>(std::floor(beat)) % 4;
    // Bass: on beats 1 and 3 (every beat in the results), a sine with a little 2nd
    // harmonic and an octave-down sub, decaying over the beat.
    const bool bass_beat = results || beat_in_bar % 2 == 0;
    const double bt = (bass_beat ? in_beat : in_beat + 1.0) * sec_per_beat;
    const double f_bass = note_hz(b.bass);
    const double bp = advance(bass_phase_, f_bass), sp = advance(sub_phase_, f_bass / 2.0);
    const double bass_env = std::exp(-bt / 0.45) * std::min(1.0, bt / 0.004);
    const double bass = bass_env * (std::sin(kTwoPi * bp) + 0.25 * std::sin(2.0 * kTwoPi * bp) +
                                    0.3 * std::sin(kTwoPi * sp));
    bass_lp_ += 0.2f * (static_cast<float>(bass) - bass_lp_);
    // Pad: each chord note on two oscillators detuned ±0.35 %, one per side, low-passed.
    double pad_l = 0.0, pad_r = 0.0;
    for (int k = 0; k < 3; ++k) {
        const double f = note_hz(b.chord[k]);
        pad_l += soft_saw(advance(pad_phase_[2 * k], f * 0.9965));
        pad_r += soft_saw(advance(pad_phase_[2 * k + 1], f * 1.0035));
    }
    const double swell = 0.75 + 0.25 * std::sin(kTwoPi * beat / 8.0);
    pad_lp_ += 0.08f * (static_cast<float>(pad_l + pad_r) * 0.5f - pad_lp_);
    const double pad_side = 0.15 * (pad_l - pad_r) / 3.0;
    const double pad = swell * pad_lp_ / 3.0;
    // Pluck: eighth notes up and down the chord an octave higher, a bell-like decay.
    const double eighth = beat * 2.0;
    const int step = static_cast<int>(std::floor(eighth)) % 4;
    static constexpr int kOrder[4] = {0, 1, 2, 1};
    const double pt = (eighth - std::floor(eighth)) * sec_per_beat / 2.0;
    if (pt * kFs < 1.0) pluck_phase_ = 0.0;  // each note starts at a zero crossing
    const double pf = note_hz(b.chord[kOrder[step]] + 12);
    const double pph = advance(pluck_phase_, pf);
    const double pluck = std::exp(-pt / (results ? 0.16 : 0.22)) *
                         (std::sin(kTwoPi * pph) + 0.35 * std::sin(2.0 * kTwoPi * pph));
    const double pan = step % 2 ? 0.35 : -0.35;
    // Drums: a kick on beats 1 and 3 (every beat in the results), a hat on the off-beats.
    const double kt = (bass_beat ? in_beat : in_beat + 1.0) * sec_per_beat;
    const double kick_f = 45.0 + 75.0 * std::exp(-kt / 0.03);
    const double kick = std::exp(-kt / 0.12) * std::sin(kTwoPi * advance(kick_phase_, kick_f));
    noise_ ^= noise_ << 13;
    noise_ ^= noise_ >> 17;
    noise_ ^= noise_ << 5;
    const float n = static_cast<float>(static_cast<std::int32_t>(noise_)) * (1.0f / 2147483648.0f);
    const float hp = n - hat_hp_;
    hat_hp_ = n;
    const double ht = std::fmod(in_beat + 0.5, 1.0) * sec_per_beat;
    const double hat = 0.5 * std::exp(-ht / 0.025) * hp;
    const double mid = 0.34 * bass_lp_ + 0.2 * pad + 0.16 * pluck + 0.3 * kick + 0.05 * hat;
    right = static_cast<float>(mid - pad_side + 0.16 * pluck * pan - 0.03 * hat);
    return static_cast<float>(mid + pad_side - 0.16 * pluck * pan + 0.03 * hat);
}

void MusicSynth::render(float* stereo, int frames, MusicCue cue, float level) {
    const float gain = std::clamp(level, 0.0f, 1.0f);
    for (int i = 0; i < frames; ++i) {
        // A change of cue: the playing one fades out over a second, then the new one
        // starts from its first bar and fades in.
        if (cue != playing_) {
            fade_ -= 1.0f / static_cast<float>(kFs);
            if (fade_ <= 0.0f) {
                fade_ = 0.0f;
                playing_ = cue;
                samples_ = 0.0;
            }
        } else if (playing_ != MusicCue::None) {
            fade_ = std::min(1.0f, fade_ + 1.0f / static_cast<float>(kFs));
        }
        if (playing_ == MusicCue::None || fade_ <= 0.0f) continue;
        const double beat = samples_ / kFs * tempo_bpm(playing_) / 60.0;
        float r = 0.0f;
        const float l = sample(playing_, beat, r);
        stereo[2 * i] += l * fade_ * gain;
        stereo[2 * i + 1] += r * fade_ * gain;
        samples_ += 1.0;
    }
}

}  // namespace skidpad::audio
