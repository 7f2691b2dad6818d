// Programme loudness as ITU-R BS.1770 defines it (K-weighting, 400 ms blocks with 75 %
// overlap, an absolute gate at −70 LUFS and a relative gate 10 LU under the ungated
// level), and the sample peak in dBFS: how loud a rendered run is (`lab loudness`,
// `--render-audio`, the mix-level tests).
#pragma once

#include <vector>

namespace skidpad::audio {

struct Loudness {
    double integrated_lufs = -200.0;     ///< gated programme loudness; −200 when all is silent
    double max_momentary_lufs = -200.0;  ///< loudest 400 ms block
    double peak_dbfs = -200.0;           ///< largest |sample|, dB re full scale
    int blocks = 0;                      ///< 400 ms blocks measured
    int gated_blocks = 0;                ///< blocks that passed both gates
};

/// The loudness of interleaved stereo samples (L R L R …) at `sample_rate` (48000: the
/// K-weighting filters are the standard's 48 kHz coefficients; other rates are refused
/// with integrated_lufs = −200). Shorter than one block: only the peak is measured.
Loudness measure_loudness(const std::vector<float>& stereo, int sample_rate);

}  // namespace skidpad::audio
