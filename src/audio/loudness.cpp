// BS.1770 loudness of a stereo buffer: K-weighting, gated 400 ms blocks, sample peak.
#include "audio/loudness.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

namespace {

/// A direct-form-I biquad (a0 = 1).
struct Biquad {
    double b0, b1, b2, a1, a2;
    double x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0;
    double run(double x) {
        const double y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        return y;
    }
};

/// The K-weighting of BS.1770 at 48 kHz: a +4 dB high shelf (the head) and a 38 Hz
/// high-pass (the RLB curve).
struct KWeight {
    Biquad shelf{1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241,
                 0.73248077421585};
    Biquad highpass{1.0, -2.0, 1.0, -1.99004745483398, 0.99007225036621};
    double run(double x) { return highpass.run(shelf.run(x)); }
};

double lufs_of(double mean_square_sum) {
    return mean_square_sum > 0.0 ? -0.691 + 10.0 * std::log10(mean_square_sum) : -200.0;
}

}  // namespace

Loudness measure_loudness(const std::vector<float>& stereo, int sample_rate) {
    Loudness out;
    const std::size_t frames = stereo.size() / 2;
    double peak = 0.0;
    for (float s : stereo)
        if (std::isfinite(s)) peak = std::max(peak, static_cast<double>(std::fabs(s)));
    out.peak_dbfs = peak > 0.0 ? 20.0 * std::log10(peak) : -200.0;
    if (sample_rate != 48000) return out;
    // Mean square of the K-weighted signal per 100 ms step; a block is four steps.
    const std::size_t step = static_cast<std::size_t>(sample_rate) / 10;
    KWeight kl, kr;
    std::vector<double> steps;
    steps.reserve(frames / step + 1);
    double acc = 0.0;
    for (std::size_t i = 0; i < frames; ++i) {
        const float l = stereo[2 * i], r = stereo[2 * i + 1];
        const double yl = kl.run(std::isfinite(l) ? l : 0.0);
        const double yr = kr.run(std::isfinite(r) ? r : 0.0);
        acc += yl * yl + yr * yr;  // channel weights 1 (left, right)
        if ((i + 1) % step == 0) {
            steps.push_back(acc / static_cast<double>(step));
            acc = 0.0;
        }
    }
    std::vector<double> blocks;
    for (std::size_t j = 3; j < steps.size(); ++j)
        blocks.push_back((steps[j - 3] + steps[j - 2] + steps[j - 1] + steps[j]) / 4.0);
    out.blocks = static_cast<int>(blocks.size());
    if (blocks.empty()) return out;
    double loudest = 0.0;
    for (double z : blocks)
        loudest = std::max(loudest, z);
    out.max_momentary_lufs = lufs_of(loudest);
    // Absolute gate, then the relative gate 10 LU under the absolutely gated level.
    auto gated_mean = [&](double threshold_lufs, int& count) {
        double sum = 0.0;
        count = 0;
        for (double z : blocks) {
            if (lufs_of(z) <= threshold_lufs) continue;
            sum += z;
            ++count;
        }
        return count > 0 ? sum / count : 0.0;
    };
    int count = 0;
    const double absolute = gated_mean(-70.0, count);
    if (count == 0) return out;
    const double relative = gated_mean(lufs_of(absolute) - 10.0, count);
    out.gated_blocks = count;
    out.integrated_lufs = lufs_of(relative);
    return out;
}

}  // namespace skidpad::audio
