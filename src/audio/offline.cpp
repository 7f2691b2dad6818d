// A run's soundtrack rendered without a device (--render-audio, tests).
#include "audio/offline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

#include "audio/feed.hpp"
#include "audio/mixer.hpp"
#include "skidpad/loop.hpp"

namespace skidpad::audio {

std::vector<float> render_run(World& world, const InputScript* script, const Settings& settings,
                              double seconds, RenderStats& stats,
                              const std::function<void(const World&, long long)>& on_step) {
    const double dt = fixed_dt(settings.sim);
    const long long steps = std::llround(std::max(seconds, 0.0) / dt);
    long long done = 0;
    return render_stepped(
        world, settings, stats,
        [&](World& w) {
            if (done++ >= steps) return false;
            w.step(dt, script ? script->at(w.time() + 1e-9) : InputState{});
            return true;
        },
        on_step);
}

std::vector<float> render_stepped(World& world, const Settings& settings, RenderStats& stats,
                                  const std::function<bool(World&)>& step_once,
                                  const std::function<void(const World&, long long)>& on_step) {
    stats = RenderStats{};
    const double dt = fixed_dt(settings.sim);
    std::vector<float> out;
    auto mixer = std::make_unique<Mixer>();
    std::array<ImpactTrigger, 32> triggers{};
    long long i = 0;
    while (step_once(world)) {
        const CarId player = world.player();
        Listener l;
        if (world.valid(player)) {
            l.position = world.car(player).position;
            l.velocity = world.car(player).velocity;
            l.car = player.index;
            l.has_car = true;
        }
        const StepEvents& ev = world.events();
        MixFrame f = mix_frame(ev, l, settings.sound, dt, 1.0, false);
        f.rain = rain_of(world.def().sim.weather);
        mixer->submit(f);
        const int n = impact_triggers(ev, l, triggers.data(), static_cast<int>(triggers.size()));
        for (int k = 0; k < n; ++k)
            mixer->trigger(triggers[static_cast<std::size_t>(k)]);
        stats.impacts += n;
        // This step's share of samples: the frames due by the step's end time.
        const long long due = std::llround(static_cast<double>(++i) * dt * kSampleRate);
        const long long first = static_cast<long long>(out.size() / 2);
        if (on_step) on_step(world, first);
        if (due > first) {
            out.resize(static_cast<std::size_t>(2 * due));
            mixer->render(out.data() + 2 * first, static_cast<int>(due - first));
        }
        stats.max_voices = std::max(stats.max_voices, mixer->active_voices());
    }
    stats.steps = i;
    stats.frames = static_cast<long long>(out.size() / 2);
    for (float s : out)
        stats.peak = std::max(stats.peak, static_cast<double>(std::fabs(s)));
    return out;
}

namespace {
void put_u32(std::string& s, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void put_u16(std::string& s, std::uint16_t v) {
    s.push_back(static_cast<char>(v & 0xff));
    s.push_back(static_cast<char>(v >> 8));
}
}  // namespace

std::string wav_bytes(const std::vector<float>& stereo, int sample_rate) {
    const auto data = static_cast<std::uint32_t>(stereo.size() * 2);
    std::string s;
    s.reserve(44 + data);
    s += "RIFF";
    put_u32(s, 36 + data);
    s += "WAVEfmt ";
    put_u32(s, 16);
    put_u16(s, 1);  // PCM
    put_u16(s, 2);  // stereo
    put_u32(s, static_cast<std::uint32_t>(sample_rate));
    put_u32(s, static_cast<std::uint32_t>(sample_rate) * 4);
    put_u16(s, 4);
    put_u16(s, 16);
    s += "data";
    put_u32(s, data);
    for (float x : stereo) {
        const float c = std::isfinite(x) ? std::clamp(x, -1.0f, 1.0f) : 0.0f;
        put_u16(s, static_cast<std::uint16_t>(static_cast<std::int16_t>(std::lrint(c * 32767.0f))));
    }
    return s;
}

}  // namespace skidpad::audio
