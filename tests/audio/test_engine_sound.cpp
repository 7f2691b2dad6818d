// The engine heard from a simulated run: its pitch is the firing frequency of the real rpm.
#include <catch2/catch.hpp>
#include <cmath>

#include "audio/mix_frame.hpp"
#include "audio/offline.hpp"
#include "audio/spectrum.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {
struct StepRpm {
    long long frame;
    double rpm;
    int gear;
    bool shifting;
};

/// A full-throttle run from rest with only the engine audible.
std::vector<float> engine_run(bool manual, double seconds, int cylinders,
                              std::vector<StepRpm>& log) {
    Settings s;
    s.car.gearbox.manual = manual;
    // A launch rpm just above idle: the engine climbs with the wheels from low revs (the
    // default launch flare sweeps the pitch faster than a 50 ms window resolves).
    s.car.engine.launch_rpm = s.car.engine.idle_rpm + 100.0;
    s.sound.tyres = 0.0;
    s.sound.wind = 0.0;
    s.sound.cylinders = cylinders;
    World w(world_def(s));
    w.add_car({0.0, 0.0}, 0.0, s.car);
    InputScript script;
    script.rows.push_back({0.0, 1.0, 0.0, 0.0, 0.0, 1});
    RenderStats stats;
    return render_run(w, &script, s, seconds, stats, [&](const World& world, long long first) {
        const CarSignals& c = world.events().cars[0];
        log.push_back({first, c.rpm, c.gear, c.shifting});
    });
}

/// The engine pitch measured in the 50 ms window starting at `first`, searched within
/// ±30 % of `expect`.
double measured(const std::vector<float>& out, long long first, double expect) {
    const std::vector<double> x = test::mono(out, first, kSampleRate / 20);
    return test::peak_frequency(x, 0.7 * expect, 1.3 * expect, kSampleRate);
}
}  // namespace

TEST_CASE(
    "engine fundamental tracks rpm/60 x cylinders/2 within 3 percent in first gear to "
    "the limiter (from 80 Hz up)",
    "[audio][engine]") {
    for (int cylinders : {4, 8}) {
        std::vector<StepRpm> log;
        const std::vector<float> out = engine_run(true, 7.5, cylinders, log);
        const long long window = kSampleRate / 20;
        int checked = 0;
        double lo_rpm = 1e9, hi_rpm = 0.0;
        for (std::size_t i = 0; i + 6 < log.size(); i += 6) {  // every 50 ms (6 steps at 120 Hz)
            const double rpm = log[i + 3].rpm;                 // the window's middle
            const double expect = rpm / 60.0 * cylinders / 2.0;
            if (log[i].frame + window > static_cast<long long>(out.size() / 2)) break;
            // A 50 ms window resolves a pitch it holds at least 4 periods of (≥ 80 Hz).
            if (expect < 80.0) continue;
            const double f = measured(out, log[i].frame, expect);
            INFO("cylinders " << cylinders << " t " << i / 120.0 << " rpm " << rpm << " expect "
                              << expect << " Hz, measured " << f);
            CHECK(std::abs(f - expect) <= 0.03 * expect);
            lo_rpm = std::min(lo_rpm, rpm);
            hi_rpm = std::max(hi_rpm, rpm);
            ++checked;
        }
        CHECK(checked >= 100);
        CHECK(lo_rpm < (cylinders == 8 ? 1500.0 : 3000.0));  // from low revs ...
        CHECK(hi_rpm > 6000.0);                              // ... to the limiter
    }
}

TEST_CASE("an upshift drops the engine pitch by the ratio step within 5 percent",
          "[audio][engine]") {
    std::vector<StepRpm> log;
    const std::vector<float> out = engine_run(false, 6.0, 8, log);
    const GearboxDef g;
    std::size_t shift = 0;
    for (std::size_t i = 1; i < log.size(); ++i) {
        if (log[i].gear == 2 && log[i - 1].gear == 1) {
            shift = i;
            break;
        }
    }
    REQUIRE(shift > 12);
    // The 50 ms before the shift, and the 50 ms once the clutch is back in.
    std::size_t after = shift;
    while (after < log.size() && log[after].shifting)
        ++after;
    REQUIRE(after + 6 < log.size());
    const std::size_t before = shift - 7;
    const double f1 = measured(out, log[before].frame, log[before + 3].rpm / 60.0 * 4.0);
    const double f2 = measured(out, log[after].frame, log[after + 3].rpm / 60.0 * 4.0);
    const double ratio = g.ratios[1] / g.ratios[0];
    INFO("before " << f1 << " Hz, after " << f2 << " Hz, ratio step " << ratio);
    CHECK(f2 / f1 == Approx(ratio).epsilon(0.05));
}
