// Plays one mix frame through a fresh Mixer for a number of seconds (the audio tests' render).
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "audio/mix_frame.hpp"
#include "audio/mixer.hpp"

namespace skidpad::test {

/// Interleaved stereo samples of `f` mixed for `seconds`, submitted every 10 ms as the
/// game's frames would be.
inline std::vector<float> play(const audio::MixFrame& f, double seconds) {
    auto m = std::make_unique<audio::Mixer>();
    const int n = static_cast<int>(seconds * audio::kSampleRate);
    std::vector<float> out(static_cast<std::size_t>(2 * n));
    for (int done = 0; done < n; done += audio::kSampleRate / 100) {
        m->submit(f);
        m->render(out.data() + 2 * done, std::min(audio::kSampleRate / 100, n - done));
    }
    return out;
}

}  // namespace skidpad::test
