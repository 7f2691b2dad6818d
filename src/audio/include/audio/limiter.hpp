// The master bus limiter: a stereo-linked look-ahead peak limiter. Each sample's gain is
// the smallest gain any sample of the next 2 ms needs to stay under the ceiling, ramped
// over those 2 ms (no step, so no click) and released over `release_s`; the output is the
// input delayed by the look-ahead. Fixed size, no allocation (it runs in the callback).
#pragma once

#include <array>

namespace skidpad::audio {

class PeakLimiter {
public:
    static constexpr int kLookahead = 96;            ///< samples: 2 ms at 48 kHz
    static constexpr float kCeiling = 0.891250938f;  ///< −1 dBFS

    /// Limits one stereo frame in place (the frame that comes out is kLookahead old).
    void process(float& left, float& right);
    /// The gain applied to the frame that came out last (1 = untouched).
    float gain() const { return gain_; }
    /// The release time constant, in seconds (default 0.08).
    void set_release(float seconds);

private:
    std::array<float, 2 * kLookahead> delay_{};  ///< stereo frames, a ring
    std::array<float, kLookahead + 1> need_{};   ///< required gain of the window's frames
    std::array<float, kLookahead> ramp_{};       ///< the held-and-released gain, a ring
    int at_ = 0;                                 ///< ring position
    double ramp_sum_ = kLookahead;               ///< sum of ramp_ (its moving average)
    float held_ = 1.0f;                          ///< released gain
    float release_ = 0.0f;                       ///< release coefficient per sample
    float gain_ = 1.0f;
    bool primed_ = false;
};

}  // namespace skidpad::audio
