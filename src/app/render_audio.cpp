// `skidpad --render-audio`: a drive's soundtrack rendered to a WAV (see render_audio.hpp).
#include "render_audio.hpp"

#include <chrono>

#include "audio/mix_frame.hpp"
#include "audio/offline.hpp"
#include "lab.hpp"
#include "scene.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

int run_render_audio(const HeadlessOptions& o, const std::string& wav, std::ostream& out,
                     std::ostream& err) {
    const auto t0 = std::chrono::steady_clock::now();
    World world(world_def(o.settings));
    std::string warning;
    build_scene(world, o.level, o.settings.car, warning);
    if (!warning.empty()) err << warning_lines(warning);
    audio::RenderStats stats;
    const std::vector<float> samples =
        audio::render_run(world, o.script ? &*o.script : nullptr, o.settings, o.seconds, stats);
    const FileResult r = write_file_atomic(wav, audio::wav_bytes(samples, audio::kSampleRate));
    if (!r.ok) {
        err << "skidpad: " << lab::printable(r.error) << "\n";
        return 1;
    }
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    lab::Line line;
    line.kv("mode", "render-audio")
        .kv("seconds", world.time())
        .kv("steps", stats.steps)
        .kv("frames", stats.frames)
        .kv("sample_rate", audio::kSampleRate)
        .kv("peak", stats.peak, 4)
        .kv("impacts", stats.impacts)
        .kv("max_voices", stats.max_voices)
        .kv("hash", std::to_string(world.state_hash()))
        .kv("wall_s", wall_s, 4)
        .kv("wav", wav);
    out << line.str() << "\n";
    return 0;
}

}  // namespace skidpad::app
