// The menu and results music (its notes in equal temperament, its tempo, its level) and
// the sounds of the ground: tyre noise by surface and rain.
#include <catch2/catch.hpp>
#include <cmath>

#include "audio/feed.hpp"
#include "audio/loudness.hpp"
#include "audio/mixer.hpp"
#include "audio/music.hpp"
#include "audio/offline.hpp"
#include "audio/spectrum.hpp"
#include "support/mixer_play.hpp"

using namespace skidpad;
using namespace skidpad::audio;

TEST_CASE("equal temperament: A4 = 440 Hz, A2 = 110 Hz, F2 = 87.31 Hz", "[audio][music]") {
    CHECK(note_hz(69) == Approx(440.0).epsilon(1e-12));
    CHECK(note_hz(45) == Approx(110.0).epsilon(1e-12));
    CHECK(note_hz(41) == Approx(110.0 * std::pow(2.0, -4.0 / 12.0)).epsilon(1e-12));
    CHECK(note_hz(41) == Approx(87.307).margin(0.001));
}

TEST_CASE("menu music: the bass plays A2 in bar 1 and F2 in bar 2 (within 1 Hz)",
          "[audio][music]") {
    MixFrame f;
    f.music = static_cast<int>(MusicCue::Menu);
    f.music_level = 1.0;
    f.paused = true;  // the menu: the world is silent, the music plays
    // The cue starts at once from its first bar, fading in over a second.
    const std::vector<float> out = test::play(f, 8.0);
    const double bar_s = 4.0 * 60.0 / MusicSynth::tempo_bpm(MusicCue::Menu);
    REQUIRE(MusicSynth::bass_note(MusicCue::Menu, 0) == 45);
    REQUIRE(MusicSynth::bass_note(MusicCue::Menu, 1) == 41);
    // Half a second from just after each bar's start.
    auto bass_at = [&](double t) {
        const auto x = test::mono(out, static_cast<long long>(t * kSampleRate), kSampleRate / 2);
        return test::peak_frequency(x, 70.0, 130.0, kSampleRate, 0.25);
    };
    CHECK(bass_at(0.05) == Approx(110.0).margin(1.0));
    CHECK(bass_at(bar_s + 0.05) == Approx(87.31).margin(1.0));
    const Loudness l = measure_loudness(out, kSampleRate);
    CHECK(l.peak_dbfs <= -1.0 + 1e-3);  // the limiter's ceiling
    CHECK(l.integrated_lufs > -30.0);   // heard at full music volume ...
    CHECK(l.integrated_lufs < -10.0);   // ... but not a wall of sound
}

TEST_CASE("music follows the cue: silent while driving, a second's fade on a change",
          "[audio][music]") {
    MixFrame f;
    f.music = static_cast<int>(MusicCue::None);
    f.music_level = 1.0;
    const std::vector<float> none = test::play(f, 1.0);
    CHECK(test::peak_abs(test::mono(none, 0, kSampleRate)) == 0.0);
    MusicSynth s;
    std::vector<float> buf(2 * kSampleRate, 0.0f);
    s.render(buf.data(), kSampleRate, MusicCue::Results, 1.0f);
    // Fading in: the first 50 ms are quieter than the last 50 ms of the second.
    const double early = test::peak_abs(test::mono(buf, 0, kSampleRate / 20));
    const double late =
        test::peak_abs(test::mono(buf, kSampleRate - kSampleRate / 20, kSampleRate / 20));
    CHECK(early < 0.2 * late);
}

TEST_CASE(
    "tyres on gravel, grass and kerbs are louder than on asphalt at the same speed, "
    "kerbs buzz at speed / 0.45 m",
    "[audio][ground]") {
    auto level = [](double gravel, double grass, double kerb) {
        MixFrame f;
        f.car_count = 1;
        f.engine = f.wind = f.impacts = 0.0;
        f.ground = 1.0;
        CarVoice& c = f.cars[0];
        c.roll_speed = 20.0;
        c.gravel = gravel;
        c.grass = grass;
        c.kerb = kerb;
        const std::vector<float> out = test::play(f, 0.6);
        return measure_loudness(out, kSampleRate).integrated_lufs;
    };
    const double road = level(0, 0, 0), gravel = level(1, 0, 0), grass = level(0, 1, 0);
    CHECK(road > -60.0);  // the road is heard, faintly
    CHECK(gravel > road + 6.0);
    CHECK(grass > road + 6.0);
    // The kerb's ridges: 20 m/s over one every 0.45 m is a 44.4 Hz buzz.
    MixFrame f;
    f.car_count = 1;
    f.engine = 0.0;
    f.ground = 1.0;
    f.cars[0].roll_speed = 20.0;
    f.cars[0].kerb = 1.0;
    const auto x = test::mono(test::play(f, 0.8), kSampleRate / 5, kSampleRate / 2);
    CHECK(test::peak_frequency(x, 30.0, 70.0, kSampleRate, 0.25) ==
          Approx(20.0 / 0.45).margin(1.0));
}

TEST_CASE("the feed reads each wheel's surface: two wheels on gravel are half gravel",
          "[audio][ground]") {
    StepEvents ev;
    CarSignals c;
    c.velocity = {25.0, 0.0};
    c.wheels[0].surface = SurfaceKind::Gravel;
    c.wheels[2].surface = SurfaceKind::Gravel;
    c.wheels[1].surface = SurfaceKind::Kerb;
    ev.cars.push_back(c);
    Listener l;
    l.has_car = true;
    const MixFrame f = mix_frame(ev, l, SoundDef{}, 1.0 / 120.0, 1.0, false);
    CHECK(f.cars[0].gravel == Approx(0.5));
    CHECK(f.cars[0].kerb == Approx(0.25));
    CHECK(f.cars[0].grass == 0.0);
    CHECK(f.cars[0].roll_speed == Approx(25.0));
}

TEST_CASE("rain is heard in proportion to its level and stops when it stops", "[audio][ground]") {
    auto rain_lufs = [](double rain) {
        MixFrame f;
        f.rain = rain;
        f.wind = 1.0;
        const std::vector<float> out = test::play(f, 3.0);
        return measure_loudness(std::vector<float>(out.begin() + 2 * kSampleRate, out.end()),
                                kSampleRate)
            .integrated_lufs;
    };
    CHECK(rain_lufs(0.0) == -200.0);
    const double light = rain_lufs(0.25), heavy = rain_lufs(1.0);
    CHECK(heavy > -40.0);
    // Four times the level: the hiss's power 16 times (12 dB), the drops 4 times as many
    // (6 dB) and each as loud: between the two.
    CHECK(heavy - light > 6.0);
    CHECK(heavy - light < 12.1);
}

TEST_CASE("a wet world is heard raining, a dry or damp one not", "[audio][ground]") {
    CHECK(rain_of(Weather::Wet) == 1.0);
    CHECK(rain_of(Weather::Damp) == 0.0);
    CHECK(rain_of(Weather::Dry) == 0.0);
    auto lufs = [](Weather weather) {
        Settings s;
        s.sim.weather = weather;
        World w(world_def(s));  // no car: only the weather makes a sound
        RenderStats stats;
        const std::vector<float> out = render_run(w, nullptr, s, 3.0, stats);
        return measure_loudness(out, kSampleRate).integrated_lufs;
    };
    CHECK(lufs(Weather::Dry) == -200.0);
    CHECK(lufs(Weather::Wet) > -40.0);
}
