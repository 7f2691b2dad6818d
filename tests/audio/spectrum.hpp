// Small signal analysis for the audio tests: Hann-windowed single-frequency DFT
// (Goertzel), peak search, levels.
#pragma once

#include <cmath>
#include <vector>

namespace skidpad::test {

/// Mono mix of interleaved stereo samples [first, first + n).
inline std::vector<double> mono(const std::vector<float>& stereo, long long first, long long n) {
    std::vector<double> m;
    for (long long i = first; i < first + n && 2 * i + 1 < static_cast<long long>(stereo.size());
         ++i) {
        m.push_back(0.5 * (stereo[static_cast<std::size_t>(2 * i)] +
                           stereo[static_cast<std::size_t>(2 * i + 1)]));
    }
    return m;
}

/// Power of the Hann-windowed signal at frequency f (Hz), by the Goertzel recurrence.
inline double power_at(const std::vector<double>& x, double f, double fs) {
    const double w = 2.0 * M_PI * f / fs;
    const double k = 2.0 * std::cos(w);
    double s1 = 0.0, s2 = 0.0;
    const double n = static_cast<double>(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double hann = 0.5 - 0.5 * std::cos(2.0 * M_PI * static_cast<double>(i) / (n - 1));
        const double s = x[i] * hann + k * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    return s1 * s1 + s2 * s2 - k * s1 * s2;
}

/// The frequency of the strongest component in [lo, hi] (searched in `step` Hz steps).
inline double peak_frequency(const std::vector<double>& x, double lo, double hi, double fs,
                             double step = 0.5) {
    double best = lo, best_p = -1.0;
    for (double f = lo; f <= hi; f += step) {
        const double p = power_at(x, f, fs);
        if (p > best_p) {
            best_p = p;
            best = f;
        }
    }
    return best;
}

inline double rms(const std::vector<double>& x) {
    double s = 0.0;
    for (double v : x)
        s += v * v;
    return x.empty() ? 0.0 : std::sqrt(s / static_cast<double>(x.size()));
}

inline double peak_abs(const std::vector<double>& x) {
    double p = 0.0;
    for (double v : x)
        p = std::fmax(p, std::fabs(v));
    return p;
}

/// Largest sample-to-sample step in [from, to).
inline double max_step(const std::vector<double>& x, std::size_t from, std::size_t to) {
    double m = 0.0;
    for (std::size_t i = std::max<std::size_t>(from, 1); i < to && i < x.size(); ++i)
        m = std::fmax(m, std::fabs(x[i] - x[i - 1]));
    return m;
}

}  // namespace skidpad::test
