// The wind heard on its own: the air rush grows with the listener car's speed and stands
// over the engine in its band; a wet scene has gusts at rest, a dry one is still.
#include <catch2/catch.hpp>
#include <cmath>

#include "audio/loudness.hpp"
#include "audio/mixer.hpp"
#include "audio/offline.hpp"
#include "audio/spectrum.hpp"
#include "audio/wind.hpp"
#include "support/mixer_play.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {

/// The wind alone (every other group silent) of the listener's car at `speed` m/s.
double air_lufs(double speed) {
    MixFrame f;
    f.car_count = 1;
    f.engine = f.tyres = f.impacts = f.ground = 0.0;
    f.cars[0].roll_speed = speed;
    f.cars[0].wind = std::min(1.0, speed * speed / 3600.0);
    const std::vector<float> out = test::play(f, 2.0);
    return measure_loudness(std::vector<float>(out.begin() + kSampleRate, out.end()), kSampleRate)
        .integrated_lufs;
}

/// dB of the mean power over [lo, hi] Hz (a Hann-windowed DFT every 20 Hz) of the mono
/// mix of frames [first, first + n).
double band_db(const std::vector<float>& stereo, long long first, long long n, double lo,
               double hi) {
    const std::vector<double> x = test::mono(stereo, first, n);
    double sum = 0.0;
    int k = 0;
    for (double f = lo; f <= hi; f += 20.0, ++k)
        sum += test::power_at(x, f, kSampleRate);
    return 10.0 * std::log10(sum / std::max(k, 1) / static_cast<double>(x.size()) + 1e-30);
}

}  // namespace

TEST_CASE("the air rush grows with the car's speed: about 12 dB per doubling (within 3 dB)",
          "[audio][wind]") {
    const double at15 = air_lufs(15.0), at30 = air_lufs(30.0), at45 = air_lufs(45.0);
    WARN("wind alone: 15 m/s " << at15 << " LUFS, 30 m/s " << at30 << " LUFS, 45 m/s " << at45
                               << " LUFS");
    CHECK(air_lufs(0.0) == -200.0);  // a dry scene at rest: no wind at all
    // The level is (v / 60 m/s)²: 12 dB per doubling, 7 dB from 30 to 45 m/s, and the rush
    // brightens with speed (into the K-weighting's lift above 2 kHz): a little more.
    CHECK(at30 - at15 == Approx(12.0).margin(3.0));
    CHECK(at45 - at30 == Approx(7.0).margin(3.0));
    // At the default volume and 160 km/h: a few LU under a lap's mix (about −16 LUFS).
    CHECK(at45 == Approx(-17.5).margin(2.0));
}

TEST_CASE(
    "in a run at full throttle the wind lifts the mix's 5-10 kHz band at speed, "
    "not at rest",
    "[audio][wind]") {
    auto run = [](double wind, std::vector<double>& speeds) {
        Settings s;
        s.sound.wind = wind;
        World w(world_def(s));
        w.add_car({0.0, 0.0}, 0.0, s.car);
        InputScript script;
        script.rows.push_back({0.0, 1.0, 0.0, 0.0, 0.0, -99});
        script.rows.push_back({30.0, 1.0, 0.0, 0.0, 0.0, -99});
        RenderStats stats;
        speeds.clear();
        return render_run(w, &script, s, 24.0, stats, [&](const World& world, long long) {
            speeds.push_back(glm::length(world.events().cars[0].velocity));
        });
    };
    std::vector<double> speeds;
    const std::vector<float> off = run(0.0, speeds);
    const std::vector<float> on = run(SoundDef{}.wind, speeds);
    // Windows of 0.25 s around the step where the car first reaches each speed.
    auto lift_at = [&](double speed) {
        std::size_t i = 0;
        while (i < speeds.size() && speeds[i] < speed)
            ++i;
        REQUIRE(i < speeds.size());
        const auto first = static_cast<long long>(static_cast<double>(i) / 120.0 * kSampleRate);
        const double a = band_db(on, first, kSampleRate / 4, 5000.0, 10000.0);
        const double b = band_db(off, first, kSampleRate / 4, 5000.0, 10000.0);
        WARN("at " << speed << " m/s (t " << static_cast<double>(i) / 120.0 << " s): band " << a
                   << " dB with wind, " << b << " dB without");
        return a - b;
    };
    // At a walk the wind is silent; at 72 km/h it barely shows over the engine's own
    // hiss; at 144 km/h it lifts the band by over 3 dB (heard: a band 3 dB up is plain).
    const double slow = lift_at(2.0), mid = lift_at(20.0), fast = lift_at(40.0);
    CHECK(slow < 0.1);
    CHECK(mid < 1.0);
    CHECK(fast > 3.0);
    CHECK(fast > mid + 2.5);
}

TEST_CASE(
    "a wet scene has gusts at rest, swelling and dying by at least 6 dB, and a dry one is "
    "still",
    "[audio][wind]") {
    auto gusts = [](Weather weather) {
        Settings s;
        s.sim.weather = weather;
        s.sound.wind = 1.0;
        World w(world_def(s));  // no car: only the weather sounds
        RenderStats stats;
        return render_run(w, nullptr, s, 20.0, stats);
    };
    const std::vector<float> wet = gusts(Weather::Wet);
    CHECK(measure_loudness(gusts(Weather::Dry), kSampleRate).integrated_lufs == -200.0);
    // The gusts' howl, 250-800 Hz (under the rain's hiss), in 0.5 s windows after the
    // first second.
    double lo = 1e9, hi = -1e9;
    for (long long first = kSampleRate; first + kSampleRate / 2 <= 20 * kSampleRate;
         first += kSampleRate / 2) {
        const double db = band_db(wet, first, kSampleRate / 2, 250.0, 800.0);
        lo = std::min(lo, db);
        hi = std::max(hi, db);
    }
    WARN("wet at rest: the howl's band from " << lo << " to " << hi << " dB");
    CHECK(hi - lo > 6.0);
    CHECK(hi - lo < 30.0);
    // The gusts alone at the default wind volume, through the bus's gain of 5: about
    // 5 LU under a lap's mix, so a wet scene at rest is heard blowing.
    WindSynth wind;
    WindTargets t;
    t.gusts = 1.0f;
    t.volume = static_cast<float>(SoundDef{}.wind);
    std::vector<float> alone(static_cast<std::size_t>(2 * 20 * kSampleRate), 0.0f);
    for (std::size_t i = 0; i < alone.size(); i += 64)
        wind.render(alone.data() + i, 32, t);
    for (float& x : alone)
        x *= 5.0f;
    const double lufs = measure_loudness(alone, kSampleRate).integrated_lufs;
    WARN("the gusts alone at the default volume: " << lufs << " LUFS");
    CHECK(lufs == Approx(-21.0).margin(3.0));
}
