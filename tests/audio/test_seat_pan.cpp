// Split-screen sound: each seat's car heard at full loudness from its viewport's side
// (the pan law, then the mixer's output channels), its impacts unattenuated; with one
// player nothing changes.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

#include "audio/feed.hpp"
#include "audio/mixer.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {
CarSignals car_at(std::uint32_t id, dvec2 at) {
    CarSignals c;
    c.car = id;
    c.position = at;
    c.rpm = 3000.0;
    c.redline_rpm = 6000.0;
    c.throttle = 0.6;
    c.load = 0.5;
    return c;
}

Listener two_seats(double pan0, double pan1) {
    Listener l;
    l.has_car = true;
    l.car = 0;
    l.seats[0] = {0, pan0};
    l.seats[1] = {1, pan1};
    l.seat_count = 2;
    return l;
}

/// RMS of one channel (0 left, 1 right) of interleaved stereo after `skip` frames.
double rms(const std::vector<float>& st, int channel, std::size_t skip) {
    double sum = 0.0;
    std::size_t n = 0;
    for (std::size_t i = 2 * skip + static_cast<std::size_t>(channel); i < st.size(); i += 2) {
        sum += double(st[i]) * st[i];
        ++n;
    }
    return n ? std::sqrt(sum / double(n)) : 0.0;
}

/// 0.5 s of the mixer playing `f` (resubmitted every 10 ms, as the game does).
std::vector<float> play(const MixFrame& f) {
    auto m = std::make_unique<Mixer>();
    const int n = kSampleRate / 2;
    std::vector<float> out(static_cast<std::size_t>(2 * n));
    for (int done = 0; done < n;) {
        const int k = std::min(kSampleRate / 100, n - done);
        m->submit(f);
        m->render(out.data() + 2 * done, k);
        done += k;
    }
    return out;
}
}  // namespace

TEST_CASE("seat pan: a viewport's sounds go towards its side of the screen",
          "[audio][feed][seats]") {
    // Side by side at 1280 points: the left one at -0.8, the right one at +0.8.
    CHECK(viewport_pan(0.0, 640.0, 1280.0) == Approx(-0.8));
    CHECK(viewport_pan(640.0, 640.0, 1280.0) == Approx(0.8));
    // Stacked: both the full width, heard from the centre.
    CHECK(viewport_pan(0.0, 1280.0, 1280.0) == Approx(0.0));
    // A viewport a quarter in from the left (centre at 3/8): half way.
    CHECK(viewport_pan(160.0, 640.0, 1280.0) == Approx(-0.4));
    // No screen: the centre.
    CHECK(viewport_pan(0.0, 640.0, 0.0) == 0.0);
}

TEST_CASE("seat pan: each seat's car is heard in full from its viewport, others as before",
          "[audio][feed][seats]") {
    StepEvents ev;
    ev.cars.push_back(car_at(0, {0.0, 0.0}));
    ev.cars.push_back(car_at(1, {-100.0, 0.0}));  // seat 2, far to the left of seat 1
    ev.cars.push_back(car_at(2, {20.0, 0.0}));    // an AI car
    const SoundDef s;
    // One player: car 1 far and quiet on the left.
    Listener one;
    one.has_car = true;
    const MixFrame a = mix_frame(ev, one, s, 1.0 / 120.0, 1.0, false);
    REQUIRE(a.car_count == 3);
    CHECK(a.cars[1].id == 2);  // nearest first
    CHECK(a.cars[2].id == 1);
    CHECK(a.cars[2].gain == Approx(1.0 / (1.0 + 100.0 / 20.0)));
    CHECK(a.cars[2].pan == Approx(-1.0));
    // Two seats side by side: car 1 drives the right viewport.
    const MixFrame b = mix_frame(ev, two_seats(-0.8, 0.8), s, 1.0 / 120.0, 1.0, false);
    REQUIRE(b.car_count == 3);
    CHECK(b.cars[0].id == 0);
    CHECK(b.cars[1].id == 1);  // the seats' cars first
    CHECK(b.cars[0].gain == 1.0);
    CHECK(b.cars[0].pan == Approx(-0.8));
    CHECK(b.cars[1].gain == 1.0);
    CHECK(b.cars[1].pan == Approx(0.8));
    CHECK(b.cars[1].doppler == 1.0);
    CHECK(b.cars[1].wind == 0.0);  // wind is the listener car's only
    CHECK(b.cars[2].id == 2);      // the AI car as before
    CHECK(b.cars[2].gain == Approx(0.5));
    CHECK(b.cars[2].pan == Approx(1.0));
}

TEST_CASE("seat pan: a seat's car hit far from seat 1 is as loud as seat 1's own hit",
          "[audio][feed][seats]") {
    StepEvents ev;
    ContactEvent e;
    e.kind = ContactKind::Impact;
    e.b = ContactMaterial::Barrier;
    e.impulse = 1000.0;
    e.car = 1;
    e.position = {-100.0, 0.0};
    ev.contacts.push_back(e);
    ImpactTrigger t[2];
    Listener one;
    one.has_car = true;
    REQUIRE(impact_triggers(ev, one, t, 2) == 1);
    CHECK(t[0].amplitude == Approx(impact_amplitude(1000.0) / 6.0));
    REQUIRE(impact_triggers(ev, two_seats(-0.8, 0.8), t, 2) == 1);
    CHECK(t[0].amplitude == Approx(impact_amplitude(1000.0)));
    CHECK(t[0].pan == Approx(0.8));
}

TEST_CASE("seat pan: the mixer plays the left viewport's engine in the left channel",
          "[audio][mixer][seats]") {
    StepEvents ev;
    ev.cars.push_back(car_at(0, {0.0, 0.0}));
    const SoundDef s;
    Listener l = two_seats(-0.8, 0.8);
    const std::vector<float> left = play(mix_frame(ev, l, s, 1.0 / 120.0, 1.0, false));
    const double ll = rms(left, 0, kSampleRate / 10), lr = rms(left, 1, kSampleRate / 10);
    INFO("left viewport: L " << ll << " R " << lr);
    CHECK(ll > 0.005);
    CHECK(ll > 2.0 * lr);
    // The same car on the right viewport: the channels swap.
    l.seats[0].pan = 0.8;
    const std::vector<float> right = play(mix_frame(ev, l, s, 1.0 / 120.0, 1.0, false));
    const double rl = rms(right, 0, kSampleRate / 10), rr = rms(right, 1, kSampleRate / 10);
    INFO("right viewport: L " << rl << " R " << rr);
    CHECK(rr > 2.0 * rl);
    CHECK(rr == Approx(ll).epsilon(0.05));
    // Stacked: the centre, both channels alike.
    l.seats[0].pan = 0.0;
    const std::vector<float> mid = play(mix_frame(ev, l, s, 1.0 / 120.0, 1.0, false));
    CHECK(rms(mid, 0, kSampleRate / 10) == Approx(rms(mid, 1, kSampleRate / 10)).epsilon(0.05));
}
