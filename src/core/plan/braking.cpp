// The four braking-distance models of docs/physics.md §10 and the approach-speed search.
// All work in u = v² (m²/s²): with a(v) = a0 + b v², du/dx = −2 a, so
// d = ∫ du / (2 (a0 + b u)) from v_out² to v_in².
#include "skidpad/plan/braking.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/math.hpp"

namespace skidpad {

Decel braking_decel(double mu, double mass_kg, double k_lift, double k_drag) {
    Decel d;
    d.a0 = mu * kGravity;
    d.b = mass_kg > 0.0 ? (mu * k_lift + k_drag) / mass_kg : 0.0;
    return d;
}

double planned_mu(double mu, const PlanDef& plan) {
    return mu * clamp(1.0 - plan.grip_reserve, 0.0, 1.0);
}

Decel planned_decel(double mu, double mass_kg, double k_lift, double k_drag, const PlanDef& plan) {
    const double tyre_mu = planned_mu(mu, plan) * clamp(plan.brake_usage, 0.0, 1.0);
    return braking_decel(tyre_mu, mass_kg, k_lift, k_drag);
}

const char* braking_model_name(BrakingModel m) {
    switch (m) {
        case BrakingModel::NoAero:
            return "no-aero";
        case BrakingModel::AeroBound:
            return "aero-bound";
        case BrakingModel::AeroNumerical:
            return "aero-numerical";
        case BrakingModel::AeroAnalytical:
            return "aero-analytical";
    }
    return "unknown";
}

namespace {

// Shared checks. On success fills du = v_in² − v_out² (computed as a product of the
// difference and the sum, which keeps close speeds exact) and both endpoint decelerations.
struct Span {
    double u_out = 0.0;
    double du = 0.0;
    double a_out = 0.0;
    double a_in = 0.0;
};

BrakingResult check(double v_in, double v_out, Decel d, Span& s) {
    BrakingResult r;
    if (!std::isfinite(v_in) || !std::isfinite(v_out) || !std::isfinite(d.a0) ||
        !std::isfinite(d.b)) {
        r.reason = "non-finite-input";
        return r;
    }
    if (v_out < 0.0 || v_in < 0.0) {
        r.reason = "negative-speed";
        return r;
    }
    if (v_in < v_out) {
        r.reason = "v-in-below-v-out";
        return r;
    }
    s.u_out = v_out * v_out;
    s.du = (v_in - v_out) * (v_in + v_out);
    s.a_out = d.a0 + d.b * s.u_out;
    s.a_in = d.a0 + d.b * (v_in * v_in);
    if (!std::isfinite(s.du) || !std::isfinite(s.a_in) || !std::isfinite(s.a_out)) {
        r.reason = "non-finite-input";
        return r;
    }
    // a is linear in u, so its minimum over [v_out, v_in] is at an endpoint.
    if (!(s.a_out > 0.0) || !(s.a_in > 0.0)) {
        r.reason = "deceleration-not-positive";
        return r;
    }
    r.ok = true;
    return r;
}

BrakingResult distance(double d) {
    BrakingResult r;
    r.ok = true;
    r.distance_m = d;
    return r;
}

}  // namespace

BrakingResult braking_no_aero(double v_in, double v_out, Decel d) {
    Span s;
    BrakingResult r = check(v_in, v_out, d, s);
    if (!r.ok) return r;
    if (!(d.a0 > 0.0)) {  // this model's own deceleration is a0 alone
        r.ok = false;
        r.reason = "deceleration-not-positive";
        return r;
    }
    return distance(s.du / (2.0 * d.a0));
}

BrakingResult braking_aero_bound(double v_in, double v_out, Decel d) {
    Span s;
    BrakingResult r = check(v_in, v_out, d, s);
    if (!r.ok) return r;
    return distance(s.du / (2.0 * std::min(s.a_in, s.a_out)));
}

BrakingResult braking_aero_numerical(double v_in, double v_out, Decel d, int intervals) {
    Span s;
    BrakingResult r = check(v_in, v_out, d, s);
    if (!r.ok) return r;
    if (intervals < 1 || intervals > kMaxBrakingIntervals) {
        r.ok = false;
        r.reason = "intervals-out-of-range";
        return r;
    }
    if (d.b == 0.0) return distance(s.du / (2.0 * d.a0));  // every piece has a0: exact
    // Piece i spans [u_i, u_{i+1}]; the weaker end's deceleration over the whole piece
    // keeps the sum an upper bound of the exact integral.
    const double n = static_cast<double>(intervals);
    double sum = 0.0;
    double u_lo = s.u_out;
    double a_lo = s.a_out;
    for (int i = 1; i <= intervals; ++i) {
        const double u_hi = i == intervals ? s.u_out + s.du : s.u_out + s.du * (i / n);
        const double a_hi = i == intervals ? s.a_in : d.a0 + d.b * u_hi;
        sum += (u_hi - u_lo) / (2.0 * std::min(a_lo, a_hi));
        u_lo = u_hi;
        a_lo = a_hi;
    }
    return distance(sum);
}

BrakingResult braking_aero_analytical(double v_in, double v_out, Decel d) {
    Span s;
    BrakingResult r = check(v_in, v_out, d, s);
    if (!r.ok) return r;
    if (d.b == 0.0) return distance(s.du / (2.0 * d.a0));  // exactly the no-aero value
    // d = ln(a_in / a_out) / (2b) = log1p(z) / (2b), z = b Δu / a_out. For tiny z the
    // quotient log1p(z)/b loses nothing, but the series ln(1+z)/z ≈ 1 − z/2 + z²/3 − z³/4
    // avoids dividing two tiny numbers at all (error ~ z⁴/5 < 1e-16 for |z| < 1e-4).
    const double z = d.b * s.du / s.a_out;
    if (std::fabs(z) < 1e-4) {
        const double series = 1.0 - z * (0.5 - z * (1.0 / 3.0 - z * 0.25));
        return distance(s.du / (2.0 * s.a_out) * series);
    }
    if (!(z > -1.0)) {  // a_in ≤ 0 after rounding; check() makes this unreachable in practice
        r.ok = false;
        r.reason = "deceleration-not-positive";
        return r;
    }
    return distance(std::log1p(z) / (2.0 * d.b));
}

BrakingResult braking_distance(BrakingModel m, double v_in, double v_out, Decel d, int intervals) {
    switch (m) {
        case BrakingModel::NoAero:
            return braking_no_aero(v_in, v_out, d);
        case BrakingModel::AeroBound:
            return braking_aero_bound(v_in, v_out, d);
        case BrakingModel::AeroNumerical:
            return braking_aero_numerical(v_in, v_out, d, intervals);
        case BrakingModel::AeroAnalytical:
            return braking_aero_analytical(v_in, v_out, d);
    }
    BrakingResult r;
    r.reason = "unknown-model";
    return r;
}

ApproachSpeed max_approach_speed(BrakingModel m, double distance_m, double v_out, Decel d,
                                 double bound_mps, int intervals) {
    ApproachSpeed out;
    if (!std::isfinite(distance_m) || !std::isfinite(v_out) || !std::isfinite(bound_mps)) {
        out.reason = "non-finite-input";
        return out;
    }
    if (distance_m < 0.0 || v_out < 0.0) {
        out.reason = distance_m < 0.0 ? "negative-distance" : "negative-speed";
        return out;
    }
    auto fits = [&](double v_in, const char** why) {
        const BrakingResult r = braking_distance(m, v_in, v_out, d, intervals);
        if (!r.ok && why) *why = r.reason;
        return r.ok && r.distance_m <= distance_m;
    };
    const char* why = "";
    if (!fits(v_out, &why)) {  // even holding v_out is refused (e.g. no deceleration there)
        out.reason = why;
        return out;
    }
    out.ok = true;
    if (bound_mps <= v_out) {
        out.speed_mps = v_out;
        out.at_bound = true;
        return out;
    }
    if (fits(bound_mps, nullptr)) {
        out.speed_mps = bound_mps;
        out.at_bound = true;
        return out;
    }
    // Invariant: lo fits, hi does not. 200 halvings reach the double resolution.
    double lo = v_out;
    double hi = bound_mps;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (fits(mid, nullptr) ? lo : hi) = mid;
    }
    out.speed_mps = lo;
    return out;
}

}  // namespace skidpad
