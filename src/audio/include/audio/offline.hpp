// The soundtrack of a run rendered without a device (`skidpad --render-audio`, tests):
// the world is stepped at its fixed rate and after each step the mixer renders that
// step's share of samples. Deterministic: the same world and input give the same samples.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "skidpad/input_script.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

namespace skidpad::audio {

struct RenderStats {
    long long steps = 0;
    long long frames = 0;   ///< stereo frames rendered
    double peak = 0.0;      ///< largest |sample|
    int max_voices = 0;     ///< most voices playing after any step
    long long impacts = 0;  ///< impacts triggered
};

/// Runs `seconds` of the world (player input from `script`, or none) and returns
/// interleaved stereo float samples at kSampleRate. `on_step` (may be empty) sees the
/// world after each step and the index of the step's first frame.
std::vector<float> render_run(World& world, const InputScript* script, const Settings& settings,
                              double seconds, RenderStats& stats,
                              const std::function<void(const World&, long long)>& on_step = {});

/// The general form: `step_once` steps the world by one fixed step (its own input, an
/// autopilot, a race) and returns true, or returns false without stepping to end the run.
std::vector<float> render_stepped(World& world, const Settings& settings, RenderStats& stats,
                                  const std::function<bool(World&)>& step_once,
                                  const std::function<void(const World&, long long)>& on_step = {});

/// 16-bit PCM stereo WAV of interleaved float samples (clamped to [−1, 1]).
std::string wav_bytes(const std::vector<float>& stereo, int sample_rate);

}  // namespace skidpad::audio
