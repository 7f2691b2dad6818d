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

TEST_CASE("tyre force never leaves the friction circle; a parked wheel has none", "[tyre]") {
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
