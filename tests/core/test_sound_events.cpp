// What World::events() reports for sound, rumble and effects.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/car/tyre.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"
#include "sound_signals.hpp"

using namespace skidpad;

TEST_CASE(
    "contact impulses of a car hitting a crate add up to the crate's momentum within 5 "
    "percent",
    "[sound][soft][car]") {
    World w;
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    w.car(car).velocity = dvec2(20.0, 0.0);
    const float front = static_cast<float>(CarDef{}.length * 0.5);
    w.soft().add_crate(w.def().soft, {front + 0.6f, 0.0f}, 0.0f);
    double impulse = 0.0;
    bool impact = false;
    for (int i = 0; i < 6; ++i) {  // 0.05 s: the hit, before ground friction matters
        w.step(1.0 / 120.0);
        for (const ContactEvent& e : w.events().contacts) {
            CHECK(e.a == ContactMaterial::CarBody);
            CHECK(e.b == ContactMaterial::Crate);
            CHECK(e.car == car.index);
            impulse += e.impulse;
            impact = impact || e.kind == ContactKind::Impact;
            CHECK(std::abs(e.position.x - front) < 0.5);
        }
    }
    const double p = w.soft().mass(w.soft().id_of(0)) * w.soft().velocity(w.soft().id_of(0)).x;
    INFO("impulse " << impulse << " crate momentum " << p);
    CHECK(impact);
    CHECK(impulse == Approx(p).epsilon(0.05));
}

TEST_CASE("a car resting against a pinned barrier reports no impact", "[sound][soft][car]") {
    World w;
    w.add_car({0.0, 0.0}, 0.0, CarDef{});
    w.soft().add_box(BodyKind::Barrier, {3.0f, 0.0f}, {1.0f, 6.0f}, 0.0f, 0.0f, 1.0f);
    for (int i = 0; i < 240; ++i) {
        w.step(1.0 / 120.0, InputState{});
        for (const ContactEvent& e : w.events().contacts)
            CHECK(e.kind == ContactKind::Scrape);
    }
}

TEST_CASE("slip over peak is 1 at the tyre's peak slip ratio and at its peak slip angle",
          "[sound][tyre]") {
    const CarDef def;
    Car c;
    car_reset(c, def, {0.0, 0.0}, 0.0);
    const double kp = tyre_peak_slip_ratio(def.tyre);
    c.wheels[0].slip_ratio = kp;
    c.wheels[1].slip_ratio = 0.5 * kp;
    // The slip angle alone at which the combined-slip peak is reached (κ_c = 0).
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (tyre_combined_peak_slip(def.tyre, true, kp, mid) > 0.0 ? lo : hi) = mid;
    }
    c.wheels[3].slip_angle = 0.5 * (lo + hi);
    const CarSignals s = detail::car_signals(c, def, c.gear);
    CHECK(s.wheels[0].slip_over_peak == Approx(1.0).epsilon(1e-6));
    CHECK(s.wheels[1].slip_over_peak == Approx(0.5).epsilon(1e-6));
    CHECK(s.wheels[2].slip_over_peak == Approx(0.0).margin(1e-12));
    CHECK(s.wheels[3].slip_over_peak == Approx(1.0).epsilon(1e-3));
}

TEST_CASE(
    "full throttle in first reports the limiter at the redline and a shift when the "
    "automatic changes up",
    "[sound][car]") {
    World w;
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    InputState in;
    in.throttle = 1.0;
    bool limiter = false, shifted = false;
    int from = 0, to = 0;
    double load = 0.0;
    for (int i = 0; i < 120 * 8 && !shifted; ++i) {
        w.step(1.0 / 120.0, in);
        REQUIRE(w.events().cars.size() == 1);
        const CarSignals& s = w.events().cars[0];
        CHECK(s.car == car.index);
        if (s.rpm > 3000.0 && s.rpm < 5000.0 && !s.shifting) load = s.load;
        limiter = limiter || s.limiter;
        if (s.shifted) {
            shifted = true;
            from = s.previous_gear;
            to = s.gear;
        }
    }
    CHECK(load == Approx(1.0).epsilon(1e-9));  // full throttle: full load
    CHECK(shifted);
    CHECK(from == 1);
    CHECK(to == 2);
    // The automatic shifts at 5800 rpm, below the 6000 rpm redline: a manual box in
    // first reaches the limiter.
    World m;
    CarDef manual;
    manual.gearbox.manual = true;
    m.add_car({0.0, 0.0}, 0.0, manual);
    for (int i = 0; i < 120 * 6; ++i) {
        m.step(1.0 / 120.0, in);
        limiter = limiter || m.events().cars[0].limiter;
    }
    CHECK(limiter);
    // Lifting off at high rpm: engine braking, negative load.
    in.throttle = 0.0;
    m.step(1.0 / 120.0, in);
    CHECK(m.events().cars[0].load < 0.0);
}

TEST_CASE("contact events are bounded per step and merged per car and body", "[sound]") {
    StepEvents ev;
    ContactEvent e;
    e.impulse = 1.0;
    for (std::uint32_t b = 0; b < 2 * StepEvents::kMaxContacts; ++b) {
        e.body = b;
        detail::record_contact(ev, e);
        detail::record_contact(ev, e);  // the same body again: merged
    }
    CHECK(ev.contacts.size() == StepEvents::kMaxContacts);
    CHECK(ev.dropped == 2 * static_cast<int>(StepEvents::kMaxContacts));
    CHECK(ev.contacts[0].impulse == 2.0);
}
