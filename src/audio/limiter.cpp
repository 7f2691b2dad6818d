// The look-ahead peak limiter of the master bus.
#include "audio/limiter.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

void PeakLimiter::set_release(float seconds) {
    release_ = 1.0f - std::exp(-1.0f / (std::max(seconds, 0.001f) * 48000.0f));
}

void PeakLimiter::process(float& left, float& right) {
    if (!primed_) {
        need_.fill(1.0f);
        ramp_.fill(1.0f);
        if (release_ == 0.0f) set_release(0.08f);
        primed_ = true;
    }
    // A NaN or infinity becomes silence, never noise.
    if (!std::isfinite(left) || !std::isfinite(right)) left = right = 0.0f;
    const float peak = std::max(std::fabs(left), std::fabs(right));
    const float need = peak > kCeiling ? kCeiling / peak : 1.0f;
    need_[static_cast<std::size_t>(at_ % (kLookahead + 1))] = need;
    // The smallest gain the window needs (the sample just in and the kLookahead before it).
    float window = 1.0f;
    for (float g : need_)
        window = std::min(window, g);
    // Down at once to what the window needs, up again slowly.
    held_ = window < held_ ? window : held_ + release_ * (window - held_);
    // Averaging over the look-ahead turns the step into a ramp that reaches `window`
    // when the loud frame leaves the delay; every gain averaged is at most what it needs.
    const std::size_t r = static_cast<std::size_t>(at_ % kLookahead);
    ramp_sum_ += held_ - ramp_[r];
    ramp_[r] = held_;
    const float g = std::min(1.0f, static_cast<float>(ramp_sum_ / kLookahead));
    // The frame that leaves the delay line, and the new one stored in its place.
    const std::size_t d = 2 * r;
    const float out_l = delay_[d], out_r = delay_[d + 1];
    delay_[d] = left;
    delay_[d + 1] = right;
    gain_ = g;
    left = std::clamp(out_l * g, -kCeiling, kCeiling);
    right = std::clamp(out_r * g, -kCeiling, kCeiling);
    at_ = (at_ + 1) % (kLookahead * (kLookahead + 1));
}

}  // namespace skidpad::audio
