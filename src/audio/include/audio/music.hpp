// The menu and results music, synthesised: a short loop of bass, pad, plucked arpeggio
// and light drums, composed in code (no recording). Deterministic; no allocation.
#pragma once

#include <cstdint>

namespace skidpad::audio {

/// What music plays: none while driving, a calm loop in the menus, a brighter one on the
/// results screen.
enum class MusicCue : int { None = 0, Menu = 1, Results = 2 };

/// The frequency (Hz) of MIDI note `note` in equal temperament (69 = A4 = 440 Hz).
double note_hz(int note);

class MusicSynth {
public:
    /// Adds `frames` stereo frames of `cue` at `level` (0..1) to `stereo`; a change of cue
    /// crossfades over a second, and each cue starts from its first bar.
    void render(float* stereo, int frames, MusicCue cue, float level);

    /// Beats per minute and bars (of 4 beats) of a cue's loop.
    static double tempo_bpm(MusicCue cue);
    static int loop_bars(MusicCue cue);
    /// The bass note (MIDI) of `bar` (0-based) of a cue.
    static int bass_note(MusicCue cue, int bar);

private:
    float sample(MusicCue cue, double beat, float& right);

    MusicCue playing_ = MusicCue::None;
    float fade_ = 0.0f;     ///< 0..1, the playing cue's gain (fades out before a change)
    double samples_ = 0.0;  ///< samples since the playing cue started
    double bass_phase_ = 0.0, sub_phase_ = 0.0;
    double pad_phase_[6] = {};
    double pluck_phase_ = 0.0;
    double kick_phase_ = 0.0;
    float pad_lp_ = 0.0f, bass_lp_ = 0.0f, hat_hp_ = 0.0f;
    std::uint32_t noise_ = 0x12345678u;
};

}  // namespace skidpad::audio
