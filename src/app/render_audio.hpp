// `skidpad --render-audio OUT.wav --seconds S [--input FILE] [--level FILE]`: the run's
// mixed soundtrack, rendered headless (no SDL, no device) and written atomically as
// 48 kHz stereo 16-bit PCM.
#pragma once

#include <ostream>

#include "headless.hpp"

namespace skidpad::app {

/// Runs like --headless (with its --telemetry and --record), writes `wav` and prints one
/// key=value line. Exit 0, or 1 on I/O failure.
int run_render_audio(const HeadlessOptions& options, const std::string& wav, std::ostream& out,
                     std::ostream& err);

}  // namespace skidpad::app
