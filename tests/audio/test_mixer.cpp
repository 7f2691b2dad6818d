// The mixer and the voices fed directly: squeal, impacts, materials, limits and clicks.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <random>
#include <sstream>

#include "audio/feed.hpp"
#include "audio/mixer.hpp"
#include "audio/rumble.hpp"
#include "audio/spectrum.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {

/// Renders `seconds` of a mixer, re-submitting `frame` every 10 ms like the game does.
std::vector<float> play(Mixer& m, const MixFrame& frame, double seconds) {
    const int n = static_cast<int>(seconds * kSampleRate);
    std::vector<float> out(static_cast<std::size_t>(2 * n));
    for (int done = 0; done < n;) {
        const int k = std::min(kSampleRate / 100, n - done);
        m.submit(frame);
        m.render(out.data() + 2 * done, k);
        done += k;
    }
    return out;
}

/// One car's signals with every wheel at `slip` times its peak slip, rolling at 15 m/s.
StepEvents sliding_car(double slip) {
    StepEvents ev;
    CarSignals c;
    c.velocity = {15.0, 0.0};
    c.rpm = 3000.0;
    c.redline_rpm = 6000.0;
    for (WheelSignal& w : c.wheels) {
        w.slip_over_peak = slip;
        w.load = 3700.0;
    }
    ev.cars.push_back(c);
    return ev;
}

/// The tyre sound alone (engine and wind off) of a car sliding at `slip`.
double squeal_rms(double slip) {
    SoundDef s;
    s.engine = 0.0;
    s.wind = 0.0;
    s.ground = 0.0;
    Listener l;
    l.has_car = true;
    const MixFrame f = mix_frame(sliding_car(slip), l, s, 1.0 / 120.0, 1.0, false);
    auto m = std::make_unique<Mixer>();
    const std::vector<float> out = play(*m, f, 0.5);
    return test::rms(test::mono(out, kSampleRate / 10, kSampleRate / 5 * 2));
}

/// The sound of one impact of `impulse` N·s on `material`.
std::vector<double> impact(ContactMaterial material, double impulse, bool broken = false) {
    auto m = std::make_unique<Mixer>();
    MixFrame f;
    f.impacts = 1.0;
    // Quiet enough that the master bus (gain 5) stays under the limiter's ceiling: what is
    // measured is the impact's synthesis, not the limiter.
    f.master = 0.15;
    m->submit(f);
    ImpactTrigger t;
    t.material = material;
    t.amplitude = impact_amplitude(impulse);
    t.broken = broken;
    m->trigger(t);
    std::vector<float> out(2 * kSampleRate / 2);
    m->render(out.data(), kSampleRate / 2);
    return test::mono(out, 0, kSampleRate / 2);
}

}  // namespace

TEST_CASE("tyre squeal is silent up to the peak slip and rises monotonically past it",
          "[audio][tyres]") {
    for (double s : {0.0, 0.5, 0.9, 1.0})
        CHECK(squeal_rms(s) < 1e-6);
    double last = 0.0;
    for (double s : {1.05, 1.2, 1.5, 2.0, 3.0, 5.0}) {
        const double r = squeal_rms(s);
        INFO("slip/peak " << s << " rms " << r << " previous " << last);
        CHECK(r > last * 1.02);
        last = r;
    }
    CHECK(last > 0.01);
}

TEST_CASE("impact loudness rises monotonically over a decade of impulses and more",
          "[audio][impacts]") {
    for (ContactMaterial mat : {ContactMaterial::Crate, ContactMaterial::Barrier,
                                ContactMaterial::TyreStack, ContactMaterial::Cone}) {
        double last = 0.0;
        for (double j : {10.0, 20.0, 50.0, 100.0, 200.0, 1000.0, 5000.0}) {
            const double p = test::peak_abs(impact(mat, j));
            INFO(contact_material_name(mat) << " impulse " << j << " peak " << p);
            CHECK(p > last * 1.05);
            CHECK(p < 1.0);
            last = p;
        }
    }
}

TEST_CASE("each material's impact has its own spectrum", "[audio][impacts]") {
    // Energy in octave bands 31 Hz .. 8 kHz, normalised.
    auto bands = [](const std::vector<double>& x) {
        const std::vector<double> head(x.begin(), x.begin() + kSampleRate / 5);
        std::vector<double> e;
        double total = 0.0;
        for (double f = 31.25; f < 8000.0; f *= 2.0) {
            double b = 0.0;
            for (double g = f; g < 2.0 * f; g += 5.0)
                b += test::power_at(head, g, kSampleRate);
            e.push_back(b);
            total += b;
        }
        for (double& v : e)
            v /= total;
        return e;
    };
    const ContactMaterial mats[] = {ContactMaterial::Crate, ContactMaterial::Barrier,
                                    ContactMaterial::TyreStack, ContactMaterial::Cone,
                                    ContactMaterial::Shard};
    std::vector<std::vector<double>> spectra;
    for (ContactMaterial m : mats)
        spectra.push_back(bands(impact(m, 500.0)));
    for (std::size_t a = 0; a < spectra.size(); ++a) {
        for (std::size_t b = a + 1; b < spectra.size(); ++b) {
            double d = 0.0;  // total variation distance between the band distributions
            for (std::size_t k = 0; k < spectra[a].size(); ++k)
                d += 0.5 * std::fabs(spectra[a][k] - spectra[b][k]);
            std::ostringstream sa, sb;
            for (std::size_t k = 0; k < spectra[a].size(); ++k) {
                sa << ' ' << spectra[a][k];
                sb << ' ' << spectra[b][k];
            }
            INFO("bands" << sa.str() << " |" << sb.str());
            INFO(contact_material_name(mats[a])
                 << " vs " << contact_material_name(mats[b]) << ": distance " << d);
            CHECK(d > 0.2);
        }
    }
    // A metal barrier rings on: after 150 ms it still has a tenth of its peak; wood does not.
    const std::vector<double> metal = impact(ContactMaterial::Barrier, 500.0);
    const std::vector<double> wood = impact(ContactMaterial::Crate, 500.0);
    const std::size_t late = kSampleRate * 15 / 100;
    const double metal_left =
        test::peak_abs({metal.begin() + late, metal.end()}) / test::peak_abs(metal);
    const double wood_left =
        test::peak_abs({wood.begin() + late, wood.end()}) / test::peak_abs(wood);
    INFO("left after 150 ms: metal " << metal_left << ", wood " << wood_left);
    CHECK(metal_left > 0.2);
    CHECK(wood_left < 0.1);
}

TEST_CASE("no NaN and no clipping for random parameter sets", "[audio][limits]") {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int run = 0; run < 40; ++run) {
        auto m = std::make_unique<Mixer>();
        std::vector<float> out(2 * 480);
        for (int block = 0; block < 60; ++block) {
            MixFrame f;
            f.master = u(rng);
            f.engine = u(rng);
            f.tyres = u(rng);
            f.impacts = u(rng);
            f.wind = u(rng);
            f.pitch = 4.0 * u(rng);
            f.paused = u(rng) < 0.1;
            f.car_count = static_cast<int>(u(rng) * (kMaxCarsHeard + 1));
            for (CarVoice& c : f.cars) {
                c.id = static_cast<std::uint32_t>(u(rng) * 8);
                c.cylinders = static_cast<int>(u(rng) * 20) - 2;  // some out of range
                c.firing = static_cast<int>(u(rng) * 6) - 1;
                c.timbre = 1.4 * u(rng) - 0.2;
                c.exhaust = 1.4 * u(rng) - 0.2;
                c.firing_hz = u(rng) < 0.1 ? 1e9 : 2000.0 * u(rng);
                c.load = 4.0 * u(rng) - 2.0;
                c.rpm_frac = 2.0 * u(rng);
                c.limiter = u(rng) < 0.3;
                c.shifting = u(rng) < 0.2;
                c.squeal = u(rng) < 0.1 ? 50.0 : u(rng);
                c.squeal_pitch = 3.0 * u(rng);
                c.lockup = u(rng) < 0.3;
                c.scrape = u(rng);
                c.scrape_speed = 100.0 * u(rng);
                c.wind = u(rng);
                c.gain = 2.0 * u(rng);
                c.pan = 4.0 * u(rng) - 2.0;
                c.doppler = 3.0 * u(rng);
            }
            if (u(rng) < 0.01) f.cars[0].load = std::nan("");
            m->submit(f);
            for (int k = 0; k < static_cast<int>(u(rng) * 12); ++k) {
                ImpactTrigger t;
                t.material = static_cast<ContactMaterial>(static_cast<int>(u(rng) * 6));
                t.amplitude = 3.0 * u(rng);
                t.pan = 4.0 * u(rng) - 2.0;
                t.broken = u(rng) < 0.3;
                t.dented = u(rng) < 0.3;
                m->trigger(t);
            }
            m->render(out.data(), 480);
            for (float x : out) {
                REQUIRE(std::isfinite(x));
                REQUIRE(std::fabs(x) < 1.0f);
            }
            CHECK(m->active_voices() <= kMaxVoices);
        }
    }
}

TEST_CASE("voices start and stop without clicks", "[audio][clicks]") {
    // A car appears (engine starts), plays, and goes (engine stops): no sample step at
    // either edge exceeds 1.5 times the largest step of its steady sound.
    auto m = std::make_unique<Mixer>();
    MixFrame on;
    on.car_count = 1;
    on.cars[0].firing_hz = 300.0;
    on.cars[0].load = 1.0;
    on.cars[0].rpm_frac = 0.7;
    MixFrame off = on;
    off.car_count = 0;
    std::vector<float> a = play(*m, on, 0.3);
    std::vector<float> b = play(*m, off, 0.1);
    a.insert(a.end(), b.begin(), b.end());
    const std::vector<double> x = test::mono(a, 0, static_cast<long long>(a.size() / 2));
    const std::size_t ms = kSampleRate / 1000;
    const double steady = test::max_step(x, 100 * ms, 290 * ms);
    const double start = test::max_step(x, 0, 10 * ms);
    const double stop = test::max_step(x, 295 * ms, 320 * ms);
    INFO("steady " << steady << " start " << start << " stop " << stop);
    CHECK(steady > 0.001);
    CHECK(start <= 1.5 * steady);
    CHECK(stop <= 1.5 * steady);
    CHECK(test::peak_abs(std::vector<double>(x.begin() + 320 * ms, x.end())) < 1e-6);
    CHECK(m->active_voices() == 0);
    // An impact's first millisecond rises gently: its first sample is near zero.
    const std::vector<double> hit = impact(ContactMaterial::Barrier, 5000.0);
    CHECK(std::fabs(hit[0]) < 0.02 * test::peak_abs(hit));
}

TEST_CASE("pause is silence and the time scale shifts the pitch", "[audio][mixer]") {
    MixFrame f;
    f.car_count = 1;
    f.cars[0].firing_hz = 200.0;
    f.cars[0].load = 0.5;
    f.cars[0].timbre = 0.0;
    auto pitch_of = [&](double scale) {
        MixFrame g = f;
        g.pitch = scale;
        auto m = std::make_unique<Mixer>();
        const std::vector<float> out = play(*m, g, 0.3);
        return test::peak_frequency(test::mono(out, kSampleRate / 10, kSampleRate / 20),
                                    0.3 * 200.0 * scale, 1.5 * 200.0 * scale, kSampleRate);
    };
    CHECK(pitch_of(1.0) == Approx(200.0).epsilon(0.01));
    CHECK(pitch_of(0.5) == Approx(100.0).epsilon(0.02));
    MixFrame p = f;
    p.paused = true;
    auto m = std::make_unique<Mixer>();
    play(*m, f, 0.1);
    const std::vector<float> out = play(*m, p, 0.2);
    CHECK(test::peak_abs(test::mono(out, kSampleRate / 50, kSampleRate / 10)) < 1e-6);
}

TEST_CASE("more voices than the cap: the quietest impact gives way", "[audio][mixer]") {
    auto m = std::make_unique<Mixer>();
    m->submit(MixFrame{});
    for (int i = 0; i < kMaxVoices + 8; ++i) {
        ImpactTrigger t;
        t.material = ContactMaterial::Barrier;
        t.amplitude = 0.1 + 0.02 * i;
        m->trigger(t);
    }
    std::vector<float> out(2 * 64);
    m->render(out.data(), 64);
    CHECK(m->active_voices() == kMaxVoices);
    CHECK(m->dropped_impacts() == 0);  // each later one is louder: it took a quieter voice
}

TEST_CASE("rumble: an impact on the player's car drives the heavy motor by its impulse",
          "[audio][rumble]") {
    StepEvents ev = sliding_car(0.5);
    ContactEvent e;
    e.impulse = 1000.0;
    e.kind = ContactKind::Impact;
    ev.contacts.push_back(e);
    Listener l;
    l.has_car = true;
    SoundDef s;
    RumbleState st;
    const Rumble r = rumble_step(st, ev, l, s, 1.0 / 120.0);
    CHECK(r.low == Approx(impact_amplitude(1000.0) * s.rumble_strength).epsilon(1e-9));
    CHECK(r.high == 0.0);  // below the peak slip
    // 0.15 s later without contacts: decayed by 1/e.
    StepEvents quiet = sliding_car(0.5);
    Rumble later;
    for (int i = 0; i < 18; ++i)
        later = rumble_step(st, quiet, l, s, 1.0 / 120.0);
    CHECK(later.low == Approx(r.low / std::exp(1.0)).epsilon(1e-6));
    s.rumble = false;
    const Rumble off = rumble_step(st, ev, l, s, 1.0 / 120.0);
    CHECK(off.low == 0.0);
    CHECK(off.high == 0.0);
    CHECK(rumble_motor(1.0) == 65535);
}
