// From step events to the mixer's frame: other cars panned, attenuated and Doppler-shifted.
#include <catch2/catch.hpp>
#include <cmath>

#include "audio/feed.hpp"

using namespace skidpad;
using namespace skidpad::audio;

namespace {
CarSignals car_at(std::uint32_t id, dvec2 at, dvec2 v) {
    CarSignals c;
    c.car = id;
    c.position = at;
    c.velocity = v;
    c.rpm = 3000.0;
    c.redline_rpm = 6000.0;
    return c;
}
}  // namespace

TEST_CASE(
    "other cars are heard nearest first, panned by side, attenuated by distance and "
    "Doppler-shifted by c / (c + v_radial)",
    "[audio][feed]") {
    StepEvents ev;
    // Car 0 is the listener's; car 1 20 m to the right coming closer at 34.3 m/s; car 2
    // 40 m to the left driving away at 34.3 m/s; cars 3..9 far away.
    ev.cars.push_back(car_at(0, {0.0, 0.0}, {0.0, 0.0}));
    ev.cars.push_back(car_at(2, {-40.0, 0.0}, {-34.3, 0.0}));
    ev.cars.push_back(car_at(1, {20.0, 0.0}, {-34.3, 0.0}));
    for (std::uint32_t k = 3; k < 10; ++k)
        ev.cars.push_back(car_at(k, {0.0, 100.0 * k}, {0.0, 0.0}));
    Listener l;
    l.has_car = true;
    l.car = 0;
    SoundDef s;
    s.cylinders = 6;
    const MixFrame f = mix_frame(ev, l, s, 1.0 / 120.0, 1.0, false);
    REQUIRE(f.car_count == kMaxCarsHeard);
    CHECK(f.cars[0].id == 0);
    CHECK(f.cars[1].id == 1);
    CHECK(f.cars[2].id == 2);
    CHECK(f.cars[3].id == 3);  // then by distance: 300 m, 400 m, 500 m
    CHECK(f.cars[5].id == 5);
    CHECK(f.cars[0].firing_hz == Approx(3000.0 / 60.0 * 6.0 / 2.0));
    CHECK(f.cars[0].gain == 1.0);
    CHECK(f.cars[1].gain == Approx(1.0 / (1.0 + 20.0 / 20.0)));
    CHECK(f.cars[2].gain == Approx(1.0 / (1.0 + 40.0 / 20.0)));
    CHECK(f.cars[1].pan == Approx(1.0));                         // 20 m right: full right
    CHECK(f.cars[2].pan == Approx(-1.0));                        // left
    CHECK(f.cars[1].doppler == Approx(343.0 / (343.0 - 34.3)));  // approaching: higher
    CHECK(f.cars[2].doppler == Approx(343.0 / (343.0 + 34.3)));  // receding: lower
    CHECK(f.cars[0].doppler == 1.0);
    CHECK(f.cars[1].wind == 0.0);  // only the listener's own car has wind
}

TEST_CASE("impacts: only closing contacts and breaks trigger, loudest first, by impulse",
          "[audio][feed]") {
    StepEvents ev;
    ContactEvent e;
    e.b = ContactMaterial::Barrier;
    e.kind = ContactKind::Scrape;
    e.impulse = 500.0;
    ev.contacts.push_back(e);  // a scrape: no impact
    e.kind = ContactKind::Impact;
    for (double j : {10.0, 1000.0, 100.0}) {
        e.impulse = j;
        ev.contacts.push_back(e);
    }
    e.kind = ContactKind::Scrape;
    e.impulse = 1.0;
    e.broken = true;
    ev.contacts.push_back(e);  // a break always cracks
    Listener l;
    ImpactTrigger t[8];
    const int n = impact_triggers(ev, l, t, 8);
    REQUIRE(n == 4);
    CHECK(t[0].amplitude == Approx(impact_amplitude(1000.0)));
    CHECK(t[1].amplitude == Approx(impact_amplitude(100.0)));
    CHECK(t[2].amplitude == Approx(impact_amplitude(10.0)));
    CHECK(t[3].broken);
    CHECK(impact_triggers(ev, l, t, 2) == 2);  // capped, the loudest kept
    CHECK(t[0].amplitude == Approx(impact_amplitude(1000.0)));
    CHECK(t[1].amplitude == Approx(impact_amplitude(100.0)));
}
