// Each engine's voice: the pulse train's Fourier series for each firing layout (analytic
// figures), the rendered partials that follow it, and the shipped presets' own voices.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "audio/feed.hpp"
#include "audio/mixer.hpp"
#include "audio/spectrum.hpp"
#include "skidpad/scene/preset.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {

/// 0.5 s of one engine alone at a steady firing frequency and half load.
std::vector<float> engine_alone(int cylinders, int firing, double firing_hz) {
    MixFrame f;
    f.car_count = 1;
    f.tyres = f.wind = f.impacts = f.ground = 0.0;
    CarVoice& c = f.cars[0];
    c.firing_hz = firing_hz;
    c.cylinders = cylinders;
    c.firing = firing;
    c.load = 0.5;
    c.rpm_frac = 0.5;
    c.exhaust = 0.0;  // the least noise: the partials stand out
    auto m = std::make_unique<Mixer>();
    std::vector<float> out(2 * kSampleRate / 2);
    for (int done = 0; done < kSampleRate / 2; done += kSampleRate / 100) {
        m->submit(f);
        m->render(out.data() + 2 * done, kSampleRate / 100);
    }
    return out;
}

double db(double power_ratio) {
    return 10.0 * std::log10(power_ratio);
}

}  // namespace

TEST_CASE("pulse train, even firing: only the firing orders, all of magnitude 1",
          "[audio][engine]") {
    std::array<float, kMaxEngineHarmonics> mag{}, ph{};
    const int n = engine_pulse_spectrum(6, 0, mag.data(), ph.data(), kMaxEngineHarmonics);
    REQUIRE(n == 12);  // the harmonics are the firing frequency's
    for (int k = 0; k < n; ++k) {
        CHECK(mag[static_cast<std::size_t>(k)] == Approx(1.0).margin(1e-6));
        CHECK(ph[static_cast<std::size_t>(k)] == 0.0f);
    }
}

TEST_CASE("pulse train, cross-plane V8 banks: |P_m| = 0.45 |sum of the far bank's phasors| / 6.2",
          "[audio][engine]") {
    // Pulses every 1/8 cycle, the far bank (2nd, 5th, 6th, 7th in firing order) at 0.55:
    // P_m = (8 − 0.45 Σ_far e^{−iπ m i/4}) / 6.2 off the firing orders is 0.45 |Σ| / 6.2:
    // |Σ| = 2 at m = 2, 6 (0.1452), √2 at odd m (0.1026), 0 at m = 4; 1 at m = 8.
    std::array<float, kMaxEngineHarmonics> mag{}, ph{};
    const int n = engine_pulse_spectrum(8, 1, mag.data(), ph.data(), kMaxEngineHarmonics);
    REQUIRE(n == 24);  // the cycle orders up to the third firing order
    const double odd = 0.45 * std::sqrt(2.0) / 6.2, two = 0.45 * 2.0 / 6.2;
    const double expect[8] = {odd, two, odd, 0.0, odd, two, odd, 1.0};
    for (int m = 1; m <= n; ++m)
        CHECK(mag[static_cast<std::size_t>(m - 1)] == Approx(expect[(m - 1) % 8]).margin(1e-5));
    engine_upper_orders(8, 1, mag.data());  // firing orders 4..12: all pulses, in step
    for (int k = 0; k < 9; ++k)
        CHECK(mag[static_cast<std::size_t>(k)] == Approx(1.0).margin(1e-5));
}

TEST_CASE("pulse train, big-bang four: |P_m| = |cos(0.3 pi m / 4)| at even m, 0 at odd m",
          "[audio][engine]") {
    // Two pairs per cycle, each pair's pulses 0.3 of an even interval apart.
    std::array<float, kMaxEngineHarmonics> mag{}, ph{};
    const int n = engine_pulse_spectrum(4, 3, mag.data(), ph.data(), kMaxEngineHarmonics);
    REQUIRE(n == 12);
    for (int m = 1; m <= n; ++m) {
        const double expect = m % 2 ? 0.0 : std::fabs(std::cos(0.3 * M_PI * m / 4.0));
        CHECK(mag[static_cast<std::size_t>(m - 1)] == Approx(expect).margin(1e-5));
    }
    engine_upper_orders(4, 3, mag.data());  // firing order k is cycle order 4k
    for (int k = 4; k <= 12; ++k)
        CHECK(mag[static_cast<std::size_t>(k - 4)] ==
              Approx(std::fabs(std::cos(0.3 * M_PI * k))).margin(1e-5));
}

TEST_CASE(
    "rendered: the cross-plane V8's 2nd cycle order sits 16.8 dB under its firing "
    "fundamental (within 1.5 dB), the even V8 has none",
    "[audio][engine]") {
    // At 240 Hz firing (3600 rpm) the cycle is 30 Hz: order 2 at 60 Hz. Its amplitude
    // is |P_2| = 0.1452 of the fundamental's (both weighted 1: orders ≤ 1 are not
    // rolled off), 20 log10 0.1452 = −16.8 dB.
    const std::vector<float> cross = engine_alone(8, 1, 240.0);
    const std::vector<float> even = engine_alone(8, 0, 240.0);
    const auto x = test::mono(cross, kSampleRate / 10, kSampleRate / 4);
    const auto y = test::mono(even, kSampleRate / 10, kSampleRate / 4);
    const double fund = test::power_at(x, 240.0, kSampleRate);
    CHECK(db(test::power_at(x, 60.0, kSampleRate) / fund) == Approx(-16.76).margin(1.5));
    CHECK(db(test::power_at(y, 60.0, kSampleRate) / test::power_at(y, 240.0, kSampleRate)) < -40.0);
}

TEST_CASE("each shipped car preset has its own engine voice, pitched by its cylinders",
          "[audio][engine][presets]") {
    struct Car {
        const char* name;
        int cylinders;
    };
    const Car cars[] = {{"hatch-fwd", 4}, {"sports-rwd", 8}, {"rally-awd", 4}, {"drift-rwd", 8}};
    std::vector<EngineVoice> seen;
    for (const Car& car : cars) {
        Settings s;
        const PresetResult r = load_preset_file(
            std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/" + car.name + ".json", s);
        REQUIRE(r.ok);
        const EngineVoice v = engine_voice(s.sound);
        CHECK(v.cylinders == car.cylinders);
        for (const EngineVoice& o : seen)  // no two presets sound alike
            CHECK((o.cylinders != v.cylinders || o.firing != v.firing ||
                   std::fabs(o.timbre - v.timbre) > 0.1 || std::fabs(o.exhaust - v.exhaust) > 0.1));
        seen.push_back(v);
        // At 4500 rpm the strongest partial between 100 and 400 Hz is the firing
        // frequency 4500/60 × cylinders/2: 150 Hz for a four, 300 Hz for a V8.
        StepEvents ev;
        CarSignals c;
        c.rpm = 4500.0;
        c.redline_rpm = 6500.0;
        c.load = 0.5;
        ev.cars.push_back(c);
        Listener l;
        l.has_car = true;
        s.sound.tyres = s.sound.wind = s.sound.ground = 0.0;
        MixFrame f = mix_frame(ev, l, s.sound, 1.0 / 120.0, 1.0, false);
        auto m = std::make_unique<Mixer>();
        std::vector<float> out(2 * kSampleRate / 2);
        for (int done = 0; done < kSampleRate / 2; done += kSampleRate / 100) {
            m->submit(f);
            m->render(out.data() + 2 * done, kSampleRate / 100);
        }
        const double expect = 4500.0 / 60.0 * car.cylinders / 2.0;
        INFO(car.name);
        CHECK(test::peak_frequency(test::mono(out, kSampleRate / 10, kSampleRate / 4), 100.0, 400.0,
                                   kSampleRate) == Approx(expect).margin(2.0));
    }
}

TEST_CASE(
    "a race car built from another preset sounds as that preset, the listener's as the "
    "settings",
    "[audio][feed]") {
    StepEvents ev;
    for (std::uint32_t id : {0u, 1u, 2u}) {
        CarSignals c;
        c.car = id;
        c.rpm = 3000.0;
        c.position = {10.0 * id, 0.0};
        ev.cars.push_back(c);
    }
    Listener l;
    l.has_car = true;
    l.car = 0;
    SoundDef s;  // the player's: a cross-plane V8
    const std::vector<EngineVoice> voices = {{4, 0, 0.4, 0.3}, {4, 2, 0.7, 0.6}, {0, 0, 0.0, 0.0}};
    const MixFrame f = mix_frame(ev, l, s, 1.0 / 120.0, 1.0, false, voices);
    REQUIRE(f.car_count == 3);
    CHECK(f.cars[0].cylinders == 8);  // the listener's own car: the settings, not its entry
    CHECK(f.cars[0].firing_hz == Approx(3000.0 / 60.0 * 4.0));
    CHECK(f.cars[1].cylinders == 4);  // its preset's flat four
    CHECK(f.cars[1].firing == 2);
    CHECK(f.cars[1].firing_hz == Approx(3000.0 / 60.0 * 2.0));
    CHECK(f.cars[2].cylinders == 8);  // no entry (0 cylinders): the settings
}
