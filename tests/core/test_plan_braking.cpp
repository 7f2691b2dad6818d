// Braking-distance models, corner speed and approach-speed search (docs/physics.md §10).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "skidpad/plan/braking.hpp"

using namespace skidpad;

namespace {
// Hand case: a0 = 9.81 m/s², b = 0.001 1/m, 30 → 10 m/s, Δu = 800 m²/s².
constexpr double kA0 = 9.81;
constexpr double kB = 0.001;
const Decel kDecel{kA0, kB};
}  // namespace

TEST_CASE("no-aero braking equals (v_in^2 - v_out^2)/(2 a0) to 1e-12", "[plan][braking]") {
    const BrakingResult r = braking_no_aero(30.0, 10.0, kDecel);
    REQUIRE(r.ok);
    CHECK(r.distance_m == Approx(800.0 / (2.0 * 9.81)).epsilon(1e-12));
    CHECK(r.distance_m == Approx(40.77471967380224).epsilon(1e-12));
}

TEST_CASE("aero-bound braking uses the weaker endpoint deceleration to 1e-12", "[plan][braking]") {
    const BrakingResult r = braking_aero_bound(30.0, 10.0, kDecel);
    REQUIRE(r.ok);
    // a(10) = 9.91 < a(30) = 10.71 m/s².
    CHECK(r.distance_m == Approx(800.0 / (2.0 * 9.91)).epsilon(1e-12));
    CHECK(r.distance_m == Approx(40.36326942482341).epsilon(1e-12));
}

TEST_CASE("aero-numerical with 1 and 2 intervals matches the hand sums to 1e-12",
          "[plan][braking]") {
    const BrakingResult one = braking_aero_numerical(30.0, 10.0, kDecel, 1);
    REQUIRE(one.ok);
    CHECK(one.distance_m ==
          Approx(braking_aero_bound(30.0, 10.0, kDecel).distance_m).epsilon(1e-12));
    // u = 100, 500, 900: 400/(2·9.91) + 400/(2·10.31).
    const BrakingResult two = braking_aero_numerical(30.0, 10.0, kDecel, 2);
    REQUIRE(two.ok);
    CHECK(two.distance_m == Approx(400.0 / 19.82 + 400.0 / 20.62).epsilon(1e-12));
    CHECK(two.distance_m == Approx(39.58027680746505).epsilon(1e-12));
}

TEST_CASE("aero-analytical braking equals ln(a_in/a_out)/(2b) to 1e-12", "[plan][braking]") {
    const BrakingResult r = braking_aero_analytical(30.0, 10.0, kDecel);
    REQUIRE(r.ok);
    CHECK(r.distance_m == Approx(std::log(10.71 / 9.91) / 0.002).epsilon(1e-12));
    CHECK(r.distance_m == Approx(38.81676805888046).epsilon(1e-12));
    // To a stop from 40 m/s with a larger b.
    const Decel d{8.0, 0.004};
    const BrakingResult s = braking_aero_analytical(40.0, 0.0, d);
    REQUIRE(s.ok);
    CHECK(s.distance_m == Approx(std::log((8.0 + 0.004 * 1600.0) / 8.0) / 0.008).epsilon(1e-12));
}

TEST_CASE("with b at least 0 no-aero >= bound >= numerical >= analytical", "[plan][braking]") {
    for (double b : {0.0, 1e-6, 1e-4, 1e-3, 0.01, 0.1}) {
        for (double v_out : {0.0, 5.0, 20.0}) {
            for (double v_in : {v_out, v_out + 0.5, v_out + 10.0, 80.0}) {
                const Decel d{9.0, b};
                const double na = braking_no_aero(v_in, v_out, d).distance_m;
                const double bo = braking_aero_bound(v_in, v_out, d).distance_m;
                const double an = braking_aero_analytical(v_in, v_out, d).distance_m;
                INFO("b=" << b << " v_out=" << v_out << " v_in=" << v_in);
                CHECK(na >= bo);
                for (int n : {1, 2, 4, 8, 32, 1000}) {
                    const double nu = braking_aero_numerical(v_in, v_out, d, n).distance_m;
                    CHECK(bo >= nu);
                    CHECK(nu >= an * (1.0 - 1e-14));
                }
            }
        }
    }
}

TEST_CASE("aero-numerical error falls with N 1 4 8 32 toward the analytical value",
          "[plan][braking]") {
    const Decel d{9.0, 0.01};  // strong aero: a(60) = 45 m/s², a(0) = 9 m/s²
    const double exact = braking_aero_analytical(60.0, 0.0, d).distance_m;
    double previous = std::numeric_limits<double>::infinity();
    for (int n : {1, 4, 8, 32}) {
        const double err = braking_aero_numerical(60.0, 0.0, d, n).distance_m - exact;
        INFO("N=" << n << " error=" << err);
        CHECK(err > 0.0);
        CHECK(err < previous);
        previous = err;
    }
    // Left Riemann sum of a smooth integrand: error ~ 1/N. At N = 32 below 6 %.
    CHECK(previous / exact < 0.06);
    const double fine = braking_aero_numerical(60.0, 0.0, d, 100000).distance_m;
    CHECK(fine == Approx(exact).epsilon(1e-4));
}

TEST_CASE("b equal to 0 gives the no-aero value exactly in every model", "[plan][braking]") {
    const Decel d{7.5, 0.0};
    const double na = braking_no_aero(33.3, 4.2, d).distance_m;
    CHECK(braking_aero_bound(33.3, 4.2, d).distance_m == na);
    CHECK(braking_aero_numerical(33.3, 4.2, d, 8).distance_m == na);
    CHECK(braking_aero_analytical(33.3, 4.2, d).distance_m == na);
}

TEST_CASE("tiny b 1e-12 matches no-aero to 1e-9 relative", "[plan][braking]") {
    const Decel d{9.81, 1e-12};
    for (double v_in : {1.0, 30.0, 90.0}) {
        const double na = braking_no_aero(v_in, 0.5, d).distance_m;
        const double an = braking_aero_analytical(v_in, 0.5, d).distance_m;
        INFO("v_in=" << v_in);
        CHECK(std::fabs(an - na) / na < 1e-9);
        CHECK(an <= na);
    }
}

TEST_CASE("negative b uses the weaker endpoint which is the higher speed", "[plan][braking]") {
    const Decel d{9.81, -0.001};  // lift: a(30) = 8.91, a(10) = 9.71 m/s²
    const BrakingResult bo = braking_aero_bound(30.0, 10.0, d);
    REQUIRE(bo.ok);
    CHECK(bo.distance_m == Approx(800.0 / (2.0 * 8.91)).epsilon(1e-12));
    const BrakingResult an = braking_aero_analytical(30.0, 10.0, d);
    REQUIRE(an.ok);
    CHECK(an.distance_m == Approx(std::log(8.91 / 9.71) / -0.002).epsilon(1e-12));
    // Bounds still hold from above; no-aero is now optimistic.
    CHECK(bo.distance_m >= braking_aero_numerical(30.0, 10.0, d, 8).distance_m);
    CHECK(braking_aero_numerical(30.0, 10.0, d, 8).distance_m >= an.distance_m);
    CHECK(braking_no_aero(30.0, 10.0, d).distance_m < an.distance_m);
}

TEST_CASE("equal speeds give a braking distance of 0", "[plan][braking]") {
    for (BrakingModel m : {BrakingModel::NoAero, BrakingModel::AeroBound,
                           BrakingModel::AeroNumerical, BrakingModel::AeroAnalytical}) {
        for (double v : {0.0, 17.0, 60.0}) {
            const BrakingResult r = braking_distance(m, v, v, kDecel, 8);
            REQUIRE(r.ok);
            CHECK(r.distance_m == 0.0);
        }
    }
}

TEST_CASE("non-positive deceleration anywhere in the interval is refused", "[plan][braking]") {
    // a(v) = 5 − 0.01 v² is zero at 22.36 m/s: refused from 30 m/s, fine from 20 m/s.
    const Decel lift{5.0, -0.01};
    const Decel none{0.0, 0.0};
    const Decel backwards{-1.0, 0.0};
    for (BrakingModel m : {BrakingModel::NoAero, BrakingModel::AeroBound,
                           BrakingModel::AeroNumerical, BrakingModel::AeroAnalytical}) {
        INFO(braking_model_name(m));
        const BrakingResult r = braking_distance(m, 30.0, 0.0, lift, 8);
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.reason) == "deceleration-not-positive");
        CHECK(braking_distance(m, 20.0, 0.0, lift, 8).ok);
        CHECK_FALSE(braking_distance(m, 10.0, 0.0, none, 8).ok);
        CHECK_FALSE(braking_distance(m, 10.0, 0.0, backwards, 8).ok);
        // Bad inputs are refused with a reason, never a NaN distance.
        CHECK_FALSE(braking_distance(m, 5.0, 10.0, kDecel, 8).ok);
        CHECK_FALSE(braking_distance(m, -5.0, 0.0, kDecel, 8).ok);
        CHECK_FALSE(braking_distance(m, std::nan(""), 0.0, kDecel, 8).ok);
    }
    CHECK_FALSE(braking_aero_numerical(30.0, 0.0, kDecel, 0).ok);
}

TEST_CASE("corner speed with k_L 0 equals sqrt(mu g R) for any mass", "[plan][corner]") {
    for (double mass : {500.0, 1500.0, 4000.0}) {
        const CornerSpeed c = corner_speed(50.0, 1.1, mass, 0.0, 200.0);
        CHECK(c.which == CornerCase::NoAero);
        CHECK(c.speed_mps == Approx(std::sqrt(1.1 * 9.81 * 50.0)).epsilon(1e-12));
    }
}

TEST_CASE("positive k_L raises the corner speed to the closed form", "[plan][corner]") {
    const CornerSpeed c = corner_speed(50.0, 1.0, 1500.0, 0.5, 200.0);
    CHECK(c.which == CornerCase::Downforce);
    CHECK(c.speed_mps > std::sqrt(9.81 * 50.0));
    CHECK(c.speed_mps == Approx(22.33413439831582).epsilon(1e-12));
    // Check the steady-state balance m v²/R = μ (m g + k_L v²).
    const double v2 = c.speed_mps * c.speed_mps;
    CHECK(1500.0 * v2 / 50.0 == Approx(1500.0 * 9.81 + 0.5 * v2).epsilon(1e-12));
}

TEST_CASE("a radius at or past m/(mu k_L) returns the bound", "[plan][corner]") {
    const double r_crit = 1500.0 / (1.2 * 2.0);  // 625 m
    for (double r : {r_crit, r_crit * 1.5, 1e300}) {
        const CornerSpeed c = corner_speed(r, 1.2, 1500.0, 2.0, 85.0);
        CHECK(c.which == CornerCase::Unbounded);
        CHECK(c.speed_mps == 85.0);
    }
    // Just inside it the finite value is huge, and the bound caps it.
    const CornerSpeed near = corner_speed(r_crit * 0.999, 1.2, 1500.0, 2.0, 85.0);
    CHECK(near.which == CornerCase::Bounded);
    CHECK(near.speed_mps == 85.0);
}

TEST_CASE("lift keeps the corner speed below sqrt(m g / -k_L)", "[plan][corner]") {
    const double v_off = std::sqrt(1500.0 * 9.81 / 3.0);  // 70.04 m/s
    CHECK(lift_off_speed(1500.0, -3.0) == Approx(v_off).epsilon(1e-12));
    for (double r : {20.0, 500.0, 1e6, 1e12, 1e300}) {
        const CornerSpeed c = corner_speed(r, 1.0, 1500.0, -3.0, 1000.0);
        INFO("R=" << r);
        CHECK(std::isfinite(c.speed_mps));
        CHECK(c.speed_mps < v_off);
        CHECK(c.speed_mps < std::sqrt(9.81 * r));
        CHECK((c.which == CornerCase::Lift || c.which == CornerCase::LiftCapped));
    }
    const CornerSpeed small = corner_speed(20.0, 1.0, 1500.0, -3.0, 1000.0);
    CHECK(small.speed_mps == Approx(std::sqrt(9.81 * 20.0 / (1.0 + 3.0 * 20.0 / 1500.0))));
}

TEST_CASE("invalid corner inputs give 0 m/s and never NaN", "[plan][corner]") {
    const double nan = std::nan("");
    CHECK(corner_speed(0.0, 1.0, 1500.0, 0.0, 90.0).which == CornerCase::Invalid);
    CHECK(corner_speed(nan, 1.0, 1500.0, 0.0, 90.0).speed_mps == 0.0);
    CHECK(corner_speed(50.0, 1.0, 1500.0, nan, 90.0).speed_mps == 0.0);
    CHECK(corner_speed(50.0, 1.0, 0.0, 0.5, 90.0).speed_mps == 0.0);
}

TEST_CASE("maximum approach speed fits the distance and 1 percent more would not",
          "[plan][approach]") {
    for (BrakingModel m : {BrakingModel::NoAero, BrakingModel::AeroBound,
                           BrakingModel::AeroNumerical, BrakingModel::AeroAnalytical}) {
        for (double b : {-0.001, 0.0, 0.002}) {
            const Decel d{9.0, b};
            for (double dist : {5.0, 60.0, 150.0}) {
                const ApproachSpeed a = max_approach_speed(m, dist, 12.0, d, 200.0, 8);
                INFO(braking_model_name(m) << " b=" << b << " dist=" << dist);
                REQUIRE(a.ok);
                REQUIRE_FALSE(a.at_bound);
                const BrakingResult at = braking_distance(m, a.speed_mps, 12.0, d, 8);
                REQUIRE(at.ok);
                CHECK(at.distance_m <= dist);
                CHECK(at.distance_m == Approx(dist).epsilon(1e-9));
                const BrakingResult more = braking_distance(m, a.speed_mps * 1.01, 12.0, d, 8);
                CHECK((!more.ok || more.distance_m > dist));
            }
        }
    }
    // No-aero closed form: v = sqrt(v_out² + 2 a0 d).
    const ApproachSpeed na =
        max_approach_speed(BrakingModel::NoAero, 60.0, 12.0, {9.0, 0.0}, 200.0);
    CHECK(na.speed_mps == Approx(std::sqrt(144.0 + 2.0 * 9.0 * 60.0)).epsilon(1e-10));
    // The bound is returned when even it fits.
    const ApproachSpeed capped =
        max_approach_speed(BrakingModel::NoAero, 1e6, 0.0, {9.0, 0.0}, 50.0);
    CHECK(capped.at_bound);
    CHECK(capped.speed_mps == 50.0);
}

TEST_CASE("planned deceleration applies grip reserve and brake usage", "[plan][braking]") {
    PlanDef p;
    p.grip_reserve = 0.1;
    p.brake_usage = 0.8;
    const Decel full = braking_decel(1.0, 1500.0, 0.6, 0.4257);
    CHECK(full.a0 == Approx(9.81));
    CHECK(full.b == Approx((0.6 + 0.4257) / 1500.0));
    const Decel d = planned_decel(1.0, 1500.0, 0.6, 0.4257, p);
    CHECK(d.a0 == Approx(9.81 * 0.9 * 0.8));
    CHECK(d.b == Approx((0.72 * 0.6 + 0.4257) / 1500.0));
}
