// The tyre model's entry point, tyre_force(def, TyreIn), against closed forms.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/car/tyre.hpp"

using namespace skidpad;

TEST_CASE("linear tyre below the friction circle: F = C slip F_z", "[tyre]") {
    TyreDef def;
    def.model = TyreModel::Linear;
    TyreIn in;
    in.v_long = 10.0;
    in.v_lat = 0.0;
    in.rim_speed = 10.1;  // κ = 0.1 / 10 = 0.01
    in.load = 4000.0;
    in.reference_load = 4000.0;
    const TyreOut out = tyre_force(def, in);
    CHECK(out.v_ref == 10.0);
    CHECK(out.slip_ratio == Approx(0.01).epsilon(1e-12));
    CHECK(out.fx == Approx(def.linear_long * 0.01 * 4000.0).epsilon(1e-12));  // 480 N
    CHECK(out.fy == 0.0);
    CHECK(out.grip_limit == def.mu * 4000.0);
    CHECK(out.slide_speed == Approx(0.1).epsilon(1e-12));
    // A slip angle: α = atan2(v_lat, v_ref); the lateral force opposes it.
    in.rim_speed = 10.0;
    in.v_lat = 0.2;
    const TyreOut side = tyre_force(def, in);
    CHECK(side.slip_angle == Approx(std::atan2(0.2, 10.0)).epsilon(1e-12));
    CHECK(side.fy == Approx(-def.linear_lat * side.slip_angle * 4000.0).epsilon(1e-12));
    // A rear wheel is stiffer sideways by rear_lat_stiffness.
    in.rear = true;
    CHECK(tyre_force(def, in).fy == Approx(side.fy * def.rear_lat_stiffness).epsilon(1e-12));
}

TEST_CASE("tyre force never leaves the friction circle and a parked wheel has none", "[tyre]") {
    TyreDef def;  // Pacejka
    TyreIn in;
    in.load = 3500.0;
    in.reference_load = 3500.0;
    const TyreOut rest = tyre_force(def, in);
    CHECK(rest.fx == 0.0);
    CHECK(rest.fy == 0.0);
    in.v_long = 20.0;
    in.v_lat = 3.0;
    in.rim_speed = 0.0;  // locked and sliding sideways
    const TyreOut out = tyre_force(def, in);
    CHECK(std::hypot(out.fx, out.fy) <= out.grip_limit * (1.0 + 1e-12));
    CHECK(out.fx < 0.0);
    CHECK(out.slide_speed == Approx(std::hypot(20.0, 3.0)).epsilon(1e-12));
}

TEST_CASE("ABS target: the combined-slip peak shrinks with the slip angle", "[tyre]") {
    TyreDef def;
    const double kp = tyre_peak_slip_ratio(def);
    CHECK(tyre_combined_peak_slip(def, false, kp, 0.0) == Approx(kp).epsilon(1e-12));
    // s = B_lat / B_long; at α = κ_p / s the lateral slip alone is at the peak.
    const double s = def.pacejka_b_lat / def.pacejka_b_long;
    CHECK(tyre_combined_peak_slip(def, false, kp, 0.5 * kp / s) ==
          Approx(kp * std::sqrt(0.75)).epsilon(1e-9));
    CHECK(tyre_combined_peak_slip(def, false, kp, 2.0 * kp / s) == 0.0);
    // Rear tyres are stiffer sideways, so their peak is used up sooner.
    CHECK(tyre_combined_peak_slip(def, true, kp, 0.5 * kp / s) <
          tyre_combined_peak_slip(def, false, kp, 0.5 * kp / s));
}

namespace {

/// Rolls a tyre at 30 m/s with a step in sideways speed (slip tangent 0.05) for `distance`
/// metres in sub-steps of h, carrying the lag state: the slip tangent it works with at
/// the end.
double lagged_slip_after(const TyreDef& def, double h, double distance) {
    TyreIn in;
    in.v_long = 30.0;
    in.rim_speed = 30.0;
    in.v_lat = 0.05 * 30.0;
    in.load = 3700.0;
    in.reference_load = 3700.0;
    const double wheel_mass = 4.1 / (0.34 * 0.34);
    const long long n = std::llround(distance / (30.0 * h));
    double tan_state = 0.0;
    for (long long i = 0; i < n; ++i) {
        in.lag_slip_tan = tan_state;
        const RelaxWeights w = tyre_relax_weight(def, in, wheel_mass, h);
        in.relax_lat = w.across;
        in.relax_long = w.along;
        tan_state = tyre_force(def, in).slip_tan;
    }
    return tan_state;
}

}  // namespace

TEST_CASE(
    "relaxation length: after rolling one length the slip is 1 - 1/e of a step, at any "
    "step",
    "[tyre]") {
    TyreDef def;  // 0.3 m; at 30 m/s the lateral lag is the full length (docs/physics.md §3.3)
    const double target = 0.05 * (1.0 - std::exp(-1.0));
    for (double h : {1.0 / 480.0, 1.0 / 120.0, 1.0 / 60.0, 0.01}) {
        INFO("h " << h);
        // 0.3 m at 30 m/s is 10 ms: one sub-step of 0.01 s, or 4.8 of 1/480 s.
        const double d = 30.0 * h * std::llround(def.relaxation_length / (30.0 * h));
        const double expect = 0.05 * (1.0 - std::exp(-d / def.relaxation_length));
        CHECK(lagged_slip_after(def, h, def.relaxation_length) == Approx(expect).epsilon(1e-12));
    }
    // One sub-step of 0.1 m against a 0.3 m length lands on 1 - e^(-1/3), never beyond.
    CHECK(lagged_slip_after(def, 0.1 / 30.0, 0.1) == Approx(0.05 * (1.0 - std::exp(-1.0 / 3.0))));
    CHECK(lagged_slip_after(def, 0.01, 0.3) == Approx(target).epsilon(1e-12));
    // A sub-step far longer than the length (1.5 m) cannot overshoot the slip of the motion.
    CHECK(lagged_slip_after(def, 0.05, 1.5) <= 0.05);
    CHECK(lagged_slip_after(def, 0.05, 1.5) == Approx(0.05 * (1.0 - std::exp(-5.0))));
    // No relaxation length: the slip of the motion at once.
    def.relaxation_length = 0.0;
    CHECK(lagged_slip_after(def, 1.0 / 480.0, 30.0 / 480.0) == Approx(0.05).epsilon(1e-12));
}

TEST_CASE("relaxation length: near rest the lag vanishes (a tyre on a parked car is instant)",
          "[tyre]") {
    TyreDef def;
    TyreIn in;
    in.load = 3700.0;
    in.reference_load = 3700.0;
    in.v_long = 0.0;
    // The cap m_eff v_ref / C at rest: 35 kg x 1 m/s / 141 kN and 377 kg x 1 m/s / 127
    // kN, 0.25 ms and 3 ms, so a 1/480 s sub-step already takes most of the slip.
    const RelaxWeights w = tyre_relax_weight(def, in, 4.1 / (0.34 * 0.34), 1.0 / 480.0);
    const double c_long = def.mu * def.pacejka_c * def.pacejka_b_long * 3700.0;
    CHECK(w.along == Approx(1.0 - std::exp(-(1.0 / 480.0) * c_long / (4.1 / (0.34 * 0.34)))));
    CHECK(w.along > 0.999);
    CHECK(w.across > 0.5);
    const double c_lat = def.mu * def.pacejka_c * def.pacejka_b_lat * 3700.0;
    CHECK(w.across == Approx(1.0 - std::exp(-(1.0 / 480.0) * c_lat / (3700.0 / 9.81 * 1.0))));
}
