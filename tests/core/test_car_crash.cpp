// Car contacts with restitution, Coulomb friction and a crush zone (docs/physics.md §12):
// the crush spring-damper against its analytic restitution, `lab crash` figures against
// the tunables, car against car, and every soft.car_* tunable at its slider ends.
#include <catch2/catch.hpp>
#include <cmath>

#include "car_contact.hpp"
#include "crash_runs.hpp"
#include "skidpad/car/gearbox.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

// Restitution of the clamped linear spring-damper (unit mass and frequency, damping
// ratio z < 1): x = e^{-zt} sin(w t)/w with w = sqrt(1 - z^2); the force x'' changes sign
// (the contact lets go) at w t = atan2(2 z w, z^2 - w^2); e = -x'(t).
double clamped_kv_restitution(double z) {
    const double w = std::sqrt(1.0 - z * z);
    const double th = std::atan2(2.0 * z * w, z * z - w * w);
    return -std::exp(-z * th / w) * (std::cos(th) - (z / w) * std::sin(th));
}

lab::CrashResult crash(const Settings& s, double speed, const char* target, double angle,
                       bool pinned) {
    lab::CrashSetup setup;
    setup.speed = speed;
    setup.target = target;
    setup.angle_deg = angle;
    setup.pinned = pinned;
    return lab::run_crash_test(s, setup);
}

// Linear momentum of a car with its wheels' (I w / r each, along the heading) and, while
// the clutch couples it, the engine's (I w times the overall ratio / r): what the tyres
// can hand the body over a hit that lasts tens of milliseconds.
dvec2 car_momentum(const World& w, CarId id) {
    const CarDef& d = w.car_def(id);
    const Car& c = w.car(id);
    dvec2 p = c.velocity * d.mass;
    for (const Wheel& wh : c.wheels)
        p += direction(c.heading) * (d.wheel_inertia * wh.spin / d.wheel_radius);
    if (c.clutch_engaged && c.gear != 0) {
        const double engine = d.engine.inertia * c.rpm * (3.14159265358979323846 / 30.0);
        p += direction(c.heading) * (engine * overall_ratio(d.gearbox, c.gear) / d.wheel_radius);
    }
    return p;
}

}  // namespace

TEST_CASE("crush contact stepped finely gives the clamped spring-damper restitution",
          "[car][contact][crash]") {
    for (double z : {0.1, 0.3, 0.5, 0.7, 0.9}) {
        INFO("zeta " << z);
        CHECK(detail::crush_restitution(z, 0.02) == Approx(clamped_kv_restitution(z)).margin(0.01));
    }
    // The damping ratio and unload share the coupling uses give back the tunable at any
    // step size (down to kCrushMinRestitution).
    for (double e : {0.0, 0.02, 0.05, 0.2, 0.5, 0.9}) {
        for (double wh : {0.03, 0.12, 0.3}) {
            INFO("e " << e << " omega h " << wh);
            const double z = detail::crush_damping_ratio(e, wh);
            const double u = detail::crush_unload_share(e, wh);
            CHECK(z <= detail::kCrushMaxZeta);
            CHECK(detail::crush_restitution(z, wh, u) ==
                  Approx(std::max(e, detail::kCrushMinRestitution)).margin(0.002));
        }
    }
    // No bounce: the most damping allowed, and almost none of the push apart given back.
    CHECK(detail::crush_damping_ratio(0.0, 0.1) == detail::kCrushMaxZeta);
    CHECK(detail::crush_unload_share(0.0, 0.1) < 0.01);
    CHECK(detail::crush_unload_share(0.5, 0.1) == 1.0);
    CHECK(detail::crush_damping_ratio(1.0, 0.1) == 0.0);  // elastic: no damping
    // A body that takes the hit itself (a crate) stops dead at e = 0.
    CHECK(detail::crush_damping_ratio(0.0, 0.1, detail::kCrushDeadZeta) == detail::kCrushDeadZeta);
    CHECK(detail::crush_unload_share(0.0, 0.1, detail::kCrushDeadZeta) == 1.0);
    CHECK(detail::contact_law(Settings{}.soft, ContactMaterial::Crate).max_zeta ==
          detail::kCrushDeadZeta);
    CHECK(detail::contact_law(Settings{}.soft, ContactMaterial::Barrier).max_zeta ==
          detail::kCrushMaxZeta);
}

TEST_CASE(
    "head-on into a pinned barrier at 20 m/s: restitution within 0.03 of soft.car_e_barrier, "
    "deceleration spread over at least 3 steps",
    "[car][contact][crash]") {
    for (double e : {0.2, 0.5}) {
        Settings s;
        s.soft.car_e_barrier = e;
        const lab::CrashResult r = crash(s, 20.0, "barrier", 90.0, true);
        INFO("e " << e << " observed " << r.restitution << " steps " << r.contact_steps << " peak "
                  << r.peak_decel_g << " g");
        REQUIRE(r.ended);
        CHECK(r.restitution == Approx(e).margin(0.03));
        CHECK(r.contact_steps >= 3);
        // Spread: the peak step carries well under the whole change of momentum
        // (one step would be (1 + e) v0 / (g dt) = 293 g for e = 0.2).
        const double one_step_g = (1.0 + e) * 20.0 / (9.81 / 120.0);
        CHECK(r.peak_decel_g < 0.5 * one_step_g);
        CHECK(r.yaw_rate_after == Approx(0.0).margin(0.05));  // straight back
    }
}

TEST_CASE(
    "head-on into a pinned barrier at 20 m/s with soft.car_e_barrier 0: no bounce, the "
    "deceleration still spread over at least 3 steps like at e 0.2",
    "[car][contact][crash]") {
    Settings s;
    s.soft.car_e_barrier = 0.2;
    const lab::CrashResult bouncy = crash(s, 20.0, "barrier", 90.0, true);
    s.soft.car_e_barrier = 0.0;
    const lab::CrashResult dead = crash(s, 20.0, "barrier", 90.0, true);
    INFO("e 0: observed " << dead.restitution << " steps " << dead.contact_steps << " peak "
                          << dead.peak_decel_g << " g; e 0.2: steps " << bouncy.contact_steps
                          << " peak " << bouncy.peak_decel_g << " g");
    REQUIRE(dead.ended);
    // Gives back kCrushMinRestitution (0.01) at most: no visible bounce.
    CHECK(dead.restitution == Approx(0.0).margin(0.03));
    CHECK(dead.contact_steps >= 3);
    // One step would be v0 / (g dt) = 245 g; the pulse closes as the e = 0.2 one does
    // (the same damping; only less is given back): the same peak within 5 %.
    CHECK(dead.peak_decel_g < 0.5 * 20.0 / (9.81 / 120.0));
    CHECK(dead.peak_decel_g == Approx(bouncy.peak_decel_g).epsilon(0.05));
}

TEST_CASE(
    "glancing 20 degrees into a wall at 25 m/s: leaves along it at the Coulomb tangential "
    "speed within 10 percent",
    "[car][contact][crash]") {
    const Settings s;
    const lab::CrashResult r = crash(s, 25.0, "barrier", 20.0, true);
    INFO("tangential " << r.tangential_speed_before << " -> " << r.tangential_speed_after
                       << ", Coulomb " << r.coulomb_tangential_speed << ", J_n " << r.normal_impulse
                       << ", e " << r.restitution << ", yaw rate " << r.yaw_rate_after << ", steps "
                       << r.contact_steps);
    REQUIRE(r.ended);
    // Friction took something (it slides, μ J_n / M > 0) ...
    CHECK(r.coulomb_tangential_speed < r.tangential_speed_before - 0.5);
    // ... and what a sliding Coulomb contact takes: v_t0 − μ J_n / M.
    CHECK(r.tangential_speed_after == Approx(r.coulomb_tangential_speed).epsilon(0.10));
    // It does not stay pressed into the wall (it slides off along it: the normal speed
    // after is ~0, 1e-8..1e-5 of the approach speed depending on the tyre model, so only
    // a clear push into the wall fails) and does not spin in place.
    CHECK(r.restitution > -1e-6);
    CHECK(std::fabs(r.yaw_rate_after) < 3.0);
}

TEST_CASE(
    "car into a stationary car of equal mass at 15 m/s: momentum within 1 percent, "
    "restitution within 0.03 of soft.car_e_car",
    "[car][contact][crash]") {
    // Low tyre grip: the pulse lasts 60 ms, over which the tyres of the two cars (the
    // struck one's wheels spun up, the other's spinning on) would add their own momentum
    // bookkeeping (1.6 % at car.mu 1, 0.014 % at 0.1); this checks the exchange.
    Settings s;
    s.car.tyre.mu = 0.1;
    const lab::CrashResult r = crash(s, 15.0, "car", 90.0, false);
    INFO("e " << r.restitution << " steps " << r.contact_steps << " peak " << r.peak_decel_g
              << " g, momentum error " << r.momentum_error);
    REQUIRE(r.ended);
    CHECK(r.restitution == Approx(s.soft.car_e_car).margin(0.03));
    CHECK(r.contact_steps >= 3);

    // The exchange itself, wheels included: total momentum when the cars part, less
    // what car a loses on its own over that time (a run without car b).
    World w, control;
    const CarId a = w.add_car({0.0, 0.0}, 0.0, s.car);
    const CarId b = w.add_car({s.car.length + 0.05, 0.0}, 0.0, s.car);
    const CarId alone = control.add_car({0.0, 0.0}, 0.0, s.car);
    car_set_speed(w.car(a), w.car_def(a), 15.0);
    car_set_speed(control.car(alone), control.car_def(alone), 15.0);
    // Out of gear, as in lab crash: the exchange, not an engine pushing through the tyres.
    for (Car* c : {&w.car(a), &w.car(b), &control.car(alone)}) {
        c->manual = true;
        c->gear = 0;
    }
    const dvec2 before = car_momentum(w, a) + car_momentum(w, b);
    bool touched = false, parted = false, events_ok = true;
    for (int i = 0; i < 60 && !parted; ++i) {
        w.step(1.0 / 120.0);
        control.step(1.0 / 120.0);
        int mine = 0;
        for (const ContactEvent& e : w.events().contacts) {
            if (e.other_car == ContactEvent::kNoCar) continue;
            ++mine;
            // Each car's event names the other and points toward it.
            const CarId self = e.car == a.index ? a : b;
            const CarId other = e.car == a.index ? b : a;
            events_ok = events_ok && e.other_car == other.index && e.b == ContactMaterial::CarBody;
            events_ok =
                events_ok && glm::dot(e.normal, w.car(other).position - w.car(self).position) > 0.0;
        }
        events_ok = events_ok && (mine == 0 || mine == 2);
        parted = touched && mine == 0;
        touched = touched || mine > 0;
    }
    REQUIRE(parted);
    CHECK(events_ok);
    const dvec2 own_loss = car_momentum(control, alone) - before;
    const dvec2 after = car_momentum(w, a) + car_momentum(w, b) - own_loss;
    INFO("momentum " << before.x << " -> " << after.x << ", " << after.y);
    CHECK(glm::length(after - before) < 0.01 * glm::length(before));
    CHECK(w.car(b).velocity.x > 0.5 * 15.0);  // really hit
}

TEST_CASE("every car contact tunable at its slider ends keeps crashes finite and bounded",
          "[car][contact][crash][bounds]") {
    for (const ParamDesc& p : param_registry().all()) {
        if (p.group != "Car contacts") continue;
        for (double v : {p.min, p.max}) {
            Settings s;
            REQUIRE(param_registry().set(s, p.key, v).ok);
            struct Case {
                double speed;
                const char* target;
                double angle;
                bool pinned;
            };
            for (const Case c :
                 {Case{40.0, "barrier", 90.0, true}, Case{30.0, "barrier", 20.0, true},
                  Case{30.0, "car", 90.0, false}, Case{30.0, "crate", 90.0, false}}) {
                INFO(p.key << " = " << v << ", " << c.target << " at " << c.angle);
                const lab::CrashResult r = crash(s, c.speed, c.target, c.angle, c.pinned);
                CHECK(std::isfinite(r.restitution));
                CHECK(std::isfinite(r.tangential_speed_after));
                CHECK(std::isfinite(r.peak_decel_g));
                // Nothing leaves faster than it came (the wall is still; energy only goes).
                CHECK(r.car_speed_after <= c.speed + 0.5);
                CHECK(r.restitution <= 1.05);
                CHECK(r.tangential_speed_after <= c.speed + 0.5);
            }
        }
    }
}
