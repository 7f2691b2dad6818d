// `skidpad lab audio-bench`: the audio callback's cost per 10 ms buffer with the voices
// full (figure for docs/performance.md; not a pass/fail test).
#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "audio/mixer.hpp"
#include "lab.hpp"

namespace skidpad::lab {

namespace {

/// A mixer with every voice busy: kMaxCarsHeard cars each with engine, squeal and scrape
/// (and the listener's wind, which the mixer synthesises beside the voices), and the
/// remaining voices ringing barrier impacts.
std::unique_ptr<audio::Mixer> full_mixer(int voices) {
    auto m = std::make_unique<audio::Mixer>();
    audio::MixFrame f;
    const int cars = std::min(audio::kMaxCarsHeard, voices / 3);
    f.car_count = cars;
    for (int c = 0; c < cars; ++c) {
        audio::CarVoice& v = f.cars[static_cast<std::size_t>(c)];
        v.id = static_cast<std::uint32_t>(c);
        v.firing_hz = 150.0 + 20.0 * c;
        v.load = 0.8;
        v.throttle = 1.0;
        v.rpm_frac = 0.6;
        v.squeal = 0.5;
        v.scrape = 0.5;
        v.scrape_speed = 5.0;
        v.wind = 0.5;
        v.pan = -0.5 + 0.2 * c;
    }
    m->submit(f);
    for (int k = 3 * cars; k < voices; ++k) {
        audio::ImpactTrigger t;
        t.material = ContactMaterial::Barrier;
        t.amplitude = 0.5;
        m->trigger(t);
    }
    return m;
}

}  // namespace

void register_audio_experiments(Registry& r) {
    r.add({"audio-bench",
           "Cost of the audio callback per 10 ms buffer (480 stereo frames at 48 kHz) with "
           "the voices full.",
           {{"voices", "N", "voices playing, 1..32 (default 32)"},
            {"buffers", "B", "buffers timed (default 2000)"}},
           [](Context& ctx) {
               const double nv = ctx.number("voices", audio::kMaxVoices);
               const double nb = ctx.number("buffers", 2000);
               if (!(nv >= 1 && nv <= audio::kMaxVoices))
                   throw UsageError{"--voices must be in 1..32"};
               if (!(nb >= 10 && nb <= 1e6)) throw UsageError{"--buffers must be in 10..1000000"};
               constexpr int kFrames = audio::kSampleRate / 100;
               std::vector<float> buf(2 * kFrames);
               std::vector<double> us;
               int playing = 0;
               // Impacts ring for under a second: start a fresh mixer every 50 buffers.
               std::unique_ptr<audio::Mixer> m;
               for (int b = 0; b < static_cast<int>(nb); ++b) {
                   if (b % 50 == 0) m = full_mixer(static_cast<int>(nv));
                   const auto t0 = std::chrono::steady_clock::now();
                   m->render(buf.data(), kFrames);
                   const auto t1 = std::chrono::steady_clock::now();
                   us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
                   if (b % 50 == 0) playing = std::max(playing, m->active_voices());
               }
               std::sort(us.begin(), us.end());
               const double median = us[us.size() / 2];
               const double p99 = us[std::min(us.size() - 1, us.size() * 99 / 100)];
               Line line;
               line.kv("experiment", "audio-bench")
                   .kv("voices", playing)
                   .kv("buffers", static_cast<long long>(nb))
                   .kv("us_per_10ms_buffer_median", median, 1)
                   .kv("us_per_10ms_buffer_p99", p99, 1)
                   .kv("cpu_pct_of_realtime_median", median / 10000.0 * 100.0, 2);
               ctx.print(line);
               return 0;
           }});
}

}  // namespace skidpad::lab
