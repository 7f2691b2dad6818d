// Corner speed with aero load (docs/physics.md §10). Written as x = μ |k_L| R / m so that
// huge radii or coefficients never produce inf/inf or the root of a negative number.
#include "skidpad/plan/corner_speed.hpp"

#include <cmath>
#include <limits>

#include "skidpad/math.hpp"

namespace skidpad {

const char* corner_case_name(CornerCase c) {
    switch (c) {
        case CornerCase::NoAero:
            return "no-aero";
        case CornerCase::Downforce:
            return "downforce";
        case CornerCase::Unbounded:
            return "unbounded";
        case CornerCase::Lift:
            return "lift";
        case CornerCase::LiftCapped:
            return "lift-capped";
        case CornerCase::Bounded:
            return "bounded";
        case CornerCase::Invalid:
            return "invalid";
    }
    return "invalid";
}

double lift_off_speed(double mass_kg, double k_lift) {
    if (!(k_lift < 0.0) || !(mass_kg > 0.0)) return std::numeric_limits<double>::infinity();
    return std::sqrt(mass_kg * kGravity / -k_lift);
}

CornerSpeed corner_speed(double radius_m, double mu, double mass_kg, double k_lift,
                         double bound_mps) {
    CornerSpeed out;
    const bool finite = std::isfinite(radius_m) && std::isfinite(mu) && std::isfinite(mass_kg) &&
                        std::isfinite(k_lift) && std::isfinite(bound_mps);
    if (!finite || radius_m <= 0.0 || mu <= 0.0 || mass_kg <= 0.0 || bound_mps <= 0.0) {
        return out;  // Invalid, 0 m/s
    }
    const double grip_only = mu * kGravity * radius_m;  // v² without aero, m²/s² (may be inf)
    double v2 = 0.0;
    if (k_lift == 0.0) {
        v2 = grip_only;
        out.which = CornerCase::NoAero;
    } else if (k_lift > 0.0) {
        // Denominator 1 − x; at x ≥ 1 downforce grows as fast as the centripetal demand.
        const double x = mu * k_lift * radius_m / mass_kg;
        if (!(x < 1.0)) {
            out.speed_mps = bound_mps;
            out.which = CornerCase::Unbounded;
            return out;
        }
        v2 = grip_only / (1.0 - x);
        out.which = CornerCase::Downforce;
    } else {
        // Lift: v² = μ g R / (1 + x) = v_off² · x/(1 + x), always below v_off² in exact
        // arithmetic; the second form stays finite when x overflows.
        const double x = mu * -k_lift * radius_m / mass_kg;
        const double v_off = lift_off_speed(mass_kg, k_lift);
        v2 = x < 1.0 ? grip_only / (1.0 + x) : (v_off * v_off) / (1.0 + 1.0 / x);
        out.which = CornerCase::Lift;
        if (!(std::sqrt(v2) < v_off)) {
            out.speed_mps = std::nextafter(v_off, 0.0);
            out.which = CornerCase::LiftCapped;
            v2 = out.speed_mps * out.speed_mps;
        }
    }
    const double v = std::sqrt(v2);
    if (!(v <= bound_mps)) {
        out.speed_mps = bound_mps;
        out.which = CornerCase::Bounded;
        return out;
    }
    out.speed_mps = out.which == CornerCase::LiftCapped ? out.speed_mps : v;
    return out;
}

}  // namespace skidpad
