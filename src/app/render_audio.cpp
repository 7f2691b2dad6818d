// `skidpad --render-audio`: a drive's soundtrack rendered to a WAV (see render_audio.hpp).
#include "render_audio.hpp"

#include <chrono>

#include "audio/loudness.hpp"
#include "audio/mix_frame.hpp"
#include "audio/offline.hpp"
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
    RunOutputs outputs;
    if (!outputs.open(o, err)) return 1;
    // The input of each step, as render_run samples it: the script's row at the step start.
    double step_start = world.time();
    auto after_step = [&](const World& w, long long) {
        outputs.after_step(w, o.script ? o.script->at(step_start + 1e-9) : InputState{});
        step_start = w.time();
    };
    audio::RenderStats stats;
    const std::vector<float> samples = audio::render_run(world, o.script ? &*o.script : nullptr,
                                                         o.settings, o.seconds, stats, after_step);
    const FileResult r = write_file_atomic(wav, audio::wav_bytes(samples, audio::kSampleRate));
    if (!r.ok) {
        err << "skidpad: " << util::printable(r.error) << "\n";
        return 1;
    }
    if (!outputs.finish(world, err)) return 1;
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const audio::Loudness loud = audio::measure_loudness(samples, audio::kSampleRate);
    util::Line line;
    line.kv("mode", "render-audio")
        .kv("seconds", world.time())
        .kv("steps", stats.steps)
        .kv("frames", stats.frames)
        .kv("sample_rate", audio::kSampleRate)
        .kv("peak", stats.peak, 4)
        .kv("impacts", stats.impacts)
        .kv("max_voices", stats.max_voices)
        .kv("lufs", loud.integrated_lufs, 2)
        .kv("peak_dbfs", loud.peak_dbfs, 2)
        .kv("hash", std::to_string(world.state_hash()))
        .kv("wall_s", wall_s, 4)
        .kv("wav", wav);
    outputs.describe(line);
    out << line.str() << "\n";
    return 0;
}

}  // namespace skidpad::app
