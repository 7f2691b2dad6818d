// The BS.1770 loudness meter against the standard's reference figures, and the master
// bus limiter: never over its ceiling, untouched below it, and no step in its gain.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "audio/limiter.hpp"
#include "audio/loudness.hpp"

using namespace skidpad::audio;

namespace {

/// `seconds` of a sine of amplitude `a` at `hz` in both channels (or the left only).
std::vector<float> sine(double hz, double a, double seconds, bool both = true) {
    const std::size_t n = static_cast<std::size_t>(seconds * 48000.0);
    std::vector<float> s(2 * n, 0.0f);
    for (std::size_t i = 0; i < n; ++i) {
        const float x =
            static_cast<float>(a * std::sin(2.0 * M_PI * hz * static_cast<double>(i) / 48000.0));
        s[2 * i] = x;
        s[2 * i + 1] = both ? x : 0.0f;
    }
    return s;
}

}  // namespace

TEST_CASE("BS.1770: a 0 dBFS 997 Hz sine in one channel reads -3.01 LUFS within 0.05",
          "[audio][loudness]") {
    // The standard's calibration figure: at 997 Hz the K-weighting's gain cancels the
    // −0.691 offset, so a full-scale sine (mean square 1/2) in one channel is −3.01.
    const Loudness l = measure_loudness(sine(997.0, 1.0, 5.0, false), 48000);
    CHECK(l.integrated_lufs == Approx(-3.01).margin(0.05));
    CHECK(l.peak_dbfs == Approx(0.0).margin(0.01));
    CHECK(l.blocks == 47);  // 400 ms blocks every 100 ms over 5 s
}

TEST_CASE("BS.1770: the same sine in both channels at -20 dBFS reads -20.0 LUFS within 0.05",
          "[audio][loudness]") {
    const Loudness l = measure_loudness(sine(997.0, 0.1, 5.0), 48000);
    CHECK(l.integrated_lufs == Approx(-20.0).margin(0.05));
    CHECK(l.max_momentary_lufs == Approx(-20.0).margin(0.05));
}

TEST_CASE("BS.1770: K-weighting reads 8 kHz 3.35 dB and 20 Hz -13.97 dB against 997 Hz",
          "[audio][loudness]") {
    // The two biquads' response |H| at 48 kHz: +4.04 dB at 8 kHz (the head's shelf),
    // −13.28 dB at 20 Hz (the RLB high-pass), +0.69 dB at 997 Hz.
    const double ref = measure_loudness(sine(997.0, 0.1, 3.0), 48000).integrated_lufs;
    const double high = measure_loudness(sine(8000.0, 0.1, 3.0), 48000).integrated_lufs;
    const double low = measure_loudness(sine(20.0, 0.1, 3.0), 48000).integrated_lufs;
    CHECK(high - ref == Approx(4.039 - 0.691).margin(0.02));
    CHECK(low - ref == Approx(-13.275 - 0.691).margin(0.1));
}

TEST_CASE("BS.1770 gates: silence does not lower the level, a part 10 LU quieter is gated out",
          "[audio][loudness]") {
    std::vector<float> s = sine(997.0, 0.1, 4.0);
    const std::vector<float> quiet = sine(997.0, 0.001, 4.0);  // −60 LUFS: under the relative gate
    s.insert(s.end(), quiet.begin(), quiet.end());
    s.resize(s.size() + 2 * 48000 * 4, 0.0f);  // 4 s of silence: under the absolute gate
    const Loudness l = measure_loudness(s, 48000);
    // Passing both gates: the 37 blocks wholly in the tone and the 3 that straddle its
    // end (3/4, 1/2 and 1/4 of their power: all above −10 LU), so the mean is 38.5/40 of
    // the tone's: −20 + 10 log10(38.5/40) = −20.166.
    CHECK(l.integrated_lufs == Approx(-20.0 + 10.0 * std::log10(38.5 / 40.0)).margin(0.01));
    CHECK(l.gated_blocks == 40);
    CHECK(measure_loudness(std::vector<float>(96000, 0.0f), 48000).integrated_lufs == -200.0);
}

TEST_CASE("limiter: nothing over -1 dBFS, however loud, quiet input passes unchanged, delayed 2 ms",
          "[audio][limiter]") {
    PeakLimiter lim;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> in, out;
    float worst = 0.0f;
    for (int i = 0; i < 48000; ++i) {
        // Bursts of noise up to +20 dB over full scale between stretches of quiet noise.
        const float a = (i / 4800) % 2 ? 10.0f : 0.1f;
        float l = a * u(rng), r = a * u(rng);
        in.push_back(l);
        lim.process(l, r);
        out.push_back(l);
        worst = std::max({worst, std::fabs(l), std::fabs(r)});
    }
    CHECK(worst <= PeakLimiter::kCeiling);
    // The first quiet stretch (never limited) comes out exactly, kLookahead frames late.
    for (int i = 0; i < 4000; ++i)
        REQUIRE(out[static_cast<std::size_t>(i + PeakLimiter::kLookahead)] ==
                in[static_cast<std::size_t>(i)]);
}

TEST_CASE("limiter: the gain falls as a ramp over the look-ahead, never a step over 2 percent",
          "[audio][limiter]") {
    PeakLimiter lim;
    float last = 1.0f, largest_step = 0.0f;
    for (int i = 0; i < 4800; ++i) {
        float l = i >= 2400 ? 4.0f : 0.2f, r = l;  // a sudden +26 dB step
        lim.process(l, r);
        largest_step = std::max(largest_step, std::fabs(lim.gain() - last));
        last = lim.gain();
    }
    CHECK(last == Approx(PeakLimiter::kCeiling / 4.0f).epsilon(1e-4));
    CHECK(largest_step < 0.02f);  // (1 − 0.223) / 96 ≈ 0.0081 per sample
}
