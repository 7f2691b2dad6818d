// The crash pulse of `lab crash` (docs/physics.md §12.1) against yardsticks that do not use
// the contact model's code: a crash test's figures at 56 km/h, the energy balance and the
// closed form of a spring stiffening as δ^1.5 stopping the car, the same figures at every
// physics rate and sub-step count, and the crumple law's unloading against e².
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "car_contact.hpp"
#include "crash_runs.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {

constexpr double kG = 9.81;

lab::CrashResult crash(const Settings& s, double speed, double angle = 90.0) {
    lab::CrashSetup setup;
    setup.speed = speed;
    setup.target = "barrier";
    setup.angle_deg = angle;
    setup.pinned = true;
    return lab::run_crash_test(s, setup);
}

/// The physics rate and sub-step settings the figures must not depend on.
struct Rate {
    double hz;
    int substeps;
};
std::vector<Rate> rates() {
    std::vector<Rate> out;
    for (double hz : {60.0, 120.0, 240.0})
        for (int n : {1, 2, 4, 8})
            out.push_back({hz, n});
    return out;
}

Settings at(Rate r) {
    Settings s;
    s.sim.physics_hz = r.hz;
    s.sim.substeps = r.substeps;
    return s;
}

/// ∫0^1 du / √(1 − u^2.5): the time a spring F ∝ δ^1.5 takes to stop a mass from v within
/// a crush d is this times d/v (energy: ½ M v(δ)² = ½ M v² − ∫F). Midpoint rule on
/// u = 1 − s², which takes the root singularity at u = 1 away.
double stop_time_factor() {
    const int n = 200000;
    double sum = 0.0;
    for (int i = 0; i < n; ++i) {
        const double s = (i + 0.5) / n;
        const double u = 1.0 - s * s;
        sum += 2.0 * s / std::sqrt(1.0 - std::pow(u, 2.5)) / n;
    }
    return sum;
}

}  // namespace

TEST_CASE(
    "lab crash at 15.6 m/s into a pinned barrier: dynamic_crush_m 0.5-0.8, "
    "peak_decel_g 40-60 after a rise, pulse_ms 70-110, car_dent_m no deeper than the "
    "crush, restitution 0.18-0.20, energy_absorbed 0.96",
    "[car][contact][crash]") {
    const lab::CrashResult r = crash(Settings{}, 15.6);
    INFO("crush " << r.dynamic_crush_m << " m, peak " << r.peak_decel_g << " g at "
                  << r.peak_time_ms << " ms, pulse " << r.pulse_ms << " ms, dent " << r.car_dent_m
                  << " m, e " << r.restitution << ", absorbed " << r.energy_absorbed);
    REQUIRE(r.ended);
    CHECK(r.dynamic_crush_m >= 0.5);
    CHECK(r.dynamic_crush_m <= 0.8);
    CHECK(r.peak_decel_g >= 40.0);
    CHECK(r.peak_decel_g <= 60.0);
    // The force rises from zero at first touch (no damper spike): the peak comes late.
    CHECK(r.peak_time_ms >= 20.0);
    CHECK(r.pulse_ms >= 70.0);
    CHECK(r.pulse_ms <= 110.0);
    CHECK(r.car_dent_m > 0.1);
    CHECK(r.car_dent_m <= r.dynamic_crush_m);
    CHECK(r.restitution >= 0.18);
    CHECK(r.restitution <= 0.20);
    // Energy balance: what is left of the kinetic energy (measured from the velocities)
    // is what the measured restitution leaves, e², within 1 % of the energy.
    CHECK(r.energy_absorbed == Approx(1.0 - r.restitution * r.restitution).margin(0.01));
    CHECK(r.energy_absorbed == Approx(0.96).margin(0.01));
    // The wall takes what the car's contacts report (tyre forces on the car rolling
    // back with its wheels still turning forward make the rest).
    CHECK(r.momentum_error < 0.1);
}

TEST_CASE(
    "lab crash dynamic_crush_m, peak_decel_g and peak_time_ms against the closed form "
    "of a spring stiffening as crush^1.5 that stops the car within that crush",
    "[car][contact][crash]") {
    // A spring F = K δ^1.5 stopping M from v at the crush d takes ½ M v² = K d^2.5 / 2.5
    // (energy balance), so its peak is F(d) = 2.5 · ½ M v² / d, reached after
    // stop_time_factor() · d / v. Checked at three speeds, on the crush the poses show.
    // The closed form leaves the tyres out: the wheels, still spinning at the speed of
    // the touch, push the car on as it stops (at 8 m/s the peak is 7 % above it).
    const double factor = stop_time_factor();
    CHECK(factor == Approx(1.4718).margin(0.001));  // B(0.4, 0.5) / 2.5
    for (double v : {12.0, 15.6, 20.0}) {
        const lab::CrashResult r = crash(Settings{}, v);
        const double d = r.dynamic_crush_m;
        INFO("v " << v << ": crush " << d << " m, peak " << r.peak_decel_g << " g at "
                  << r.peak_time_ms << " ms");
        REQUIRE(d > 0.1);
        CHECK(r.peak_decel_g == Approx(2.5 * 0.5 * v * v / d / kG).epsilon(0.05));
        // The first push comes up to a sub-step after touching; the peak within one.
        CHECK(r.peak_time_ms == Approx(1e3 * factor * d / v).epsilon(0.06));
        CHECK(r.pulse_ms > r.peak_time_ms);
    }
}

TEST_CASE(
    "lab crash figures are independent of the physics rate and sub-steps within 10 "
    "percent (12 settings and 1000 Hz)",
    "[car][contact][crash][steps]") {
    const lab::CrashResult ref = crash(Settings{}, 15.6);
    std::vector<Rate> all = rates();
    all.push_back({1000.0, 1});
    for (Rate rate : all) {
        const lab::CrashResult r = crash(at(rate), 15.6);
        INFO(rate.hz << " Hz x " << rate.substeps << ": crush " << r.dynamic_crush_m << " peak "
                     << r.peak_decel_g << " g at " << r.peak_time_ms << " ms, pulse " << r.pulse_ms
                     << " ms, dent " << r.car_dent_m << ", e " << r.restitution);
        REQUIRE(r.ended);
        CHECK(r.dynamic_crush_m == Approx(ref.dynamic_crush_m).epsilon(0.10));
        CHECK(r.peak_decel_g == Approx(ref.peak_decel_g).epsilon(0.10));
        CHECK(r.peak_time_ms == Approx(ref.peak_time_ms).epsilon(0.10));
        CHECK(r.pulse_ms == Approx(ref.pulse_ms).epsilon(0.10));
        CHECK(r.car_dent_m == Approx(ref.car_dent_m).epsilon(0.10));
        CHECK(r.restitution == Approx(ref.restitution).margin(0.02));
    }
}

TEST_CASE(
    "a 20 degree scrape at 25 m/s leaves the wall within 10 percent of the Coulomb "
    "tangential speed at every rate and sub-step count, its peak_decel_g within 15 "
    "percent, restitution never negative",
    "[car][contact][crash][steps]") {
    const lab::CrashResult ref = crash(Settings{}, 25.0, 20.0);
    for (Rate rate : rates()) {
        const lab::CrashResult r = crash(at(rate), 25.0, 20.0);
        INFO(rate.hz << " Hz x " << rate.substeps << ": tangential " << r.tangential_speed_before
                     << " -> " << r.tangential_speed_after << ", Coulomb "
                     << r.coulomb_tangential_speed << ", peak " << r.peak_decel_g << " g, e "
                     << r.restitution);
        REQUIRE(r.ended);
        CHECK(r.coulomb_tangential_speed < r.tangential_speed_before - 0.5);
        CHECK(r.tangential_speed_after == Approx(r.coulomb_tangential_speed).epsilon(0.10));
        CHECK(r.peak_decel_g == Approx(ref.peak_decel_g).epsilon(0.15));
        CHECK(r.restitution >= 0.0);
        CHECK(r.restitution <= 1.0);
    }
}

TEST_CASE(
    "the crumple law loads along its envelope, unloads to a permanent set and gives "
    "back e squared of the energy",
    "[car][contact][crash]") {
    const double k = 1e6;
    // The envelope's secant stiffness is k at the reference crush.
    CHECK(detail::crumple_envelope(k, detail::kCrushRefDepth) ==
          Approx(k * detail::kCrushRefDepth));
    for (double e : {0.0, 0.1, 0.2, 0.5, 0.9, 1.0}) {
        const double peak = 0.6;
        // Energy in (loading to the peak) and out (unloading to where the force ends),
        // by the trapezoid rule on the law itself.
        const int n = 200000;
        double in = 0.0, out = 0.0;
        for (int i = 0; i < n; ++i) {
            const double a = peak * i / n, b = peak * (i + 1) / n;
            in += 0.5 * (detail::crumple_envelope(k, a) + detail::crumple_envelope(k, b)) * (b - a);
            out += 0.5 *
                   (detail::crumple_force(k, e, a, peak) + detail::crumple_force(k, e, b, peak)) *
                   (b - a);
        }
        INFO("e " << e << ": in " << in << " J, out " << out << " J");
        CHECK(out == Approx(e * e * in).margin(1e-4 * in));
        // Continuous at the peak, never negative, zero at no crush.
        CHECK(detail::crumple_force(k, e, peak, peak) == Approx(detail::crumple_envelope(k, peak)));
        CHECK(detail::crumple_force(k, e, 0.0, peak) >= 0.0);
        CHECK(detail::crumple_force(k, e, 0.0, peak) < 1e-9 * detail::crumple_envelope(k, peak));
    }
}
