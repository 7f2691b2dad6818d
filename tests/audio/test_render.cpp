// Whole runs rendered offline: tyre squeal against the slip the physics reports, and
// fuzzed driving into bodies never clipping or producing NaN.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "audio/mix_frame.hpp"
#include "audio/offline.hpp"
#include "audio/spectrum.hpp"

using namespace skidpad;
using namespace skidpad::audio;

TEST_CASE(
    "on a circle at rising throttle the tyres are silent while every wheel is below its "
    "peak slip and squeal once one is well past it",
    "[audio][tyres]") {
    Settings s;
    s.sound.engine = 0.0;
    s.sound.wind = 0.0;
    s.sound.ground = 0.0;
    s.sound.impacts = 0.0;
    World w(world_def(s));
    w.add_car({0.0, 0.0}, 0.0, s.car);
    InputScript script;
    for (int i = 0; i <= 40; ++i)  // steer held, throttle rising from 0.1 to 1 over 10 s
        script.rows.push_back({0.25 * i, 0.1 + 0.9 * std::min(1.0, i / 40.0), 0.0, 0.4, 0.0, -99});
    struct Step {
        long long frame;
        double worst;
        double speed;
    };
    std::vector<Step> log;
    RenderStats stats;
    const std::vector<float> out =
        render_run(w, &script, s, 12.0, stats, [&](const World& world, long long first) {
            const CarSignals& c = world.events().cars[0];
            double worst = 0.0;
            for (const WheelSignal& wh : c.wheels)
                worst = std::max(worst, wh.slip_over_peak);
            log.push_back({first, worst, glm::length(c.velocity)});
        });
    // 50 ms windows (6 steps), each judged by its own steps' largest slip.
    int quiet = 0, loud = 0;
    for (std::size_t i = 12; i + 6 <= log.size(); i += 6) {
        double worst = 0.0, slowest = 1e9;
        for (std::size_t k = i; k < i + 6; ++k) {
            worst = std::max(worst, log[k].worst);
            slowest = std::min(slowest, log[k].speed);
        }
        // The squeal glides over ~10 ms: look at the window's second half.
        const double level =
            test::rms(test::mono(out, log[i + 3].frame, log[i + 6 - 1].frame - log[i + 3].frame));
        if (worst < 0.95 && log[i - 6].worst < 0.95) {
            INFO("t " << i / 120.0 << " slip/peak " << worst << " rms " << level);
            CHECK(level < 1e-4);
            ++quiet;
        } else if (worst > 1.5 && slowest > 3.0) {
            INFO("t " << i / 120.0 << " slip/peak " << worst << " rms " << level);
            CHECK(level > 1e-3);
            ++loud;
        }
    }
    INFO("quiet windows " << quiet << ", squealing windows " << loud);
    CHECK(quiet >= 20);
    CHECK(loud >= 5);
}

TEST_CASE("fuzzed driving into crates, tyres, cones and barriers renders no NaN and no clipping",
          "[audio][limits]") {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int run = 0; run < 4; ++run) {
        Settings s;
        s.sound.master = 1.0;
        s.sound.impacts = 1.0;
        s.sound.cylinders = 1 + static_cast<int>(u(rng) * 16);
        s.sound.timbre = u(rng);
        World w(world_def(s));
        w.add_car({0.0, 0.0}, 0.0, s.car);
        for (int k = 0; k < 40; ++k) {
            const vec2 at(static_cast<float>(6.0 + 30.0 * u(rng)),
                          static_cast<float>(-12.0 + 24.0 * u(rng)));
            const auto kind = static_cast<BodyKind>(static_cast<int>(u(rng) * 4));
            SoftBodyDef d = soft_kind_def(kind, w.def().soft);
            d.position = at;
            w.soft().create_body(d);
        }
        InputScript script;
        for (int i = 0; i < 24; ++i) {
            script.rows.push_back({0.25 * i, u(rng), u(rng) < 0.2 ? u(rng) : 0.0,
                                   2.0 * u(rng) - 1.0, u(rng) < 0.1 ? 1.0 : 0.0, -99});
        }
        RenderStats stats;
        const std::vector<float> out = render_run(w, &script, s, 6.0, stats);
        for (float x : out) {
            REQUIRE(std::isfinite(x));
            REQUIRE(std::fabs(x) < 1.0f);
        }
        CHECK(stats.max_voices <= kMaxVoices);
        CHECK(stats.peak > 0.01);
    }
}
