// Tyre force curves and combined slip (see tyre.hpp for the conventions).
#include "skidpad/car/tyre.hpp"

#include <cmath>

#include "skidpad/math.hpp"

namespace skidpad {

namespace {

/// Magic formula of the normalised slip ρ ≥ 0: F/D = sin(C atan(ρ − E (ρ − atan ρ))),
/// and its derivative d(F/D)/dρ.
struct Curve {
    double f = 0.0;
    double df = 0.0;
};

Curve magic(double rho, double c, double e) {
    const double at = std::atan(rho);
    const double phi = rho - e * (rho - at);
    const double dphi = 1.0 - e * (1.0 - 1.0 / (1.0 + rho * rho));
    const double arg = c * std::atan(phi);
    return {std::sin(arg), std::cos(arg) * c / (1.0 + phi * phi) * dphi};
}

/// Force of the curve alone for slip ratio κ, slip angle α (rad) and normal load (N, ≥ 0).
struct CurveForce {
    double fx = 0.0;      ///< N, longitudinal
    double fy = 0.0;      ///< N, lateral
    double dfx_dk = 0.0;  ///< N per unit slip ratio, ∂F_x/∂κ at this slip
};

CurveForce curve_force(const TyreDef& def, double slip_ratio, double slip_angle, double load) {
    CurveForce out;
    const double fz = load > 0.0 ? load : 0.0;
    const double d = def.mu * fz;  // N, friction circle radius
    if (d <= 0.0) return out;
    if (def.model == TyreModel::Linear) {
        // F = C·slip·F_z per direction; the resultant is capped at μ F_z.
        const double gx = def.linear_long * slip_ratio;
        const double gy = def.linear_lat * slip_angle;
        const double n = std::sqrt(gx * gx + gy * gy);
        if (n <= def.mu) {
            out.fx = gx * fz;
            out.fy = -gy * fz;
            out.dfx_dk = def.linear_long * fz;
        } else {
            const double s = def.mu / n;
            out.fx = gx * s * fz;
            out.fy = -gy * s * fz;
            // ∂/∂κ of μ F_z gx/|g|: only the part of the slip vector across x remains.
            out.dfx_dk = d * def.linear_long * gy * gy / (n * n * n);
        }
        return out;
    }
    // Pacejka on the normalised slip vector (B_x κ, B_y α): F = D·curve(|u|) along u/|u|.
    const double ux = def.pacejka_b_long * slip_ratio;
    const double uy = def.pacejka_b_lat * slip_angle;
    const double rho = std::sqrt(ux * ux + uy * uy);
    if (rho < 1e-12) {
        // Limit at zero slip: curve(ρ)/ρ → C (slope of sin(C atan ρ) at 0).
        out.fx = d * def.pacejka_c * ux;
        out.fy = -d * def.pacejka_c * uy;
        out.dfx_dk = d * def.pacejka_c * def.pacejka_b_long;
        return out;
    }
    const Curve m = magic(rho, def.pacejka_c, def.pacejka_e);
    const double per = m.f / rho;  // curve(ρ)/ρ
    out.fx = d * per * ux;
    out.fy = -d * per * uy;
    const double cx = ux / rho;
    const double cy = uy / rho;
    out.dfx_dk = d * def.pacejka_b_long * (m.df * cx * cx + per * cy * cy);
    return out;
}

/// μ at a wheel load (N) for a reference load (N, the static m g / 4).
double mu_at(const TyreDef& def, double load, double reference_load) {
    if (!(def.load_sensitivity != 0.0) || !(reference_load > 0.0)) return def.mu;
    const double f = 1.0 - def.load_sensitivity * (load / reference_load - 1.0);
    return def.mu * clamp(f, 0.5, 1.5);
}

/// The TyreDef a rear wheel uses (lateral stiffness scaled by rear_lat_stiffness).
TyreDef rear_tyre(const TyreDef& def) {
    TyreDef r = def;
    const double k = def.rear_lat_stiffness > 0.1 ? def.rear_lat_stiffness : 0.1;
    r.pacejka_b_lat *= k;
    r.linear_lat *= k;
    return r;
}

/// N per unit slip (or per rad): the steepest initial slope of either force curve.
double stiffness(const TyreDef& def, double load) {
    const double fz = load > 0.0 ? load : 0.0;
    if (def.model == TyreModel::Linear) return fz * std::fmax(def.linear_long, def.linear_lat);
    return def.mu * fz * def.pacejka_c * std::fmax(def.pacejka_b_long, def.pacejka_b_lat);
}

/// Slip angle → equivalent slip ratio: the lateral over the longitudinal stiffness.
double lat_per_long(const TyreDef& t) {
    return t.model == TyreModel::Linear ? t.linear_lat / t.linear_long
                                        : t.pacejka_b_lat / t.pacejka_b_long;
}

}  // namespace

TyreOut tyre_force(const TyreDef& def, const TyreIn& in) {
    // This wheel's tyre: its axle's lateral stiffness, μ at its load.
    TyreDef t = in.rear ? rear_tyre(def) : def;
    t.mu = mu_at(def, in.load, in.reference_load);
    // Low-speed treatment: the slip denominators never fall below v_min, nor below the
    // speed at which this sub-step would make the tyre an unstable explicit damper
    // (h · stiffness / v_ref ≤ ¼ of the body's effective mass at the patch, so four tyres
    // together can at most cancel the slip in one sub-step, never reverse it). Near rest
    // the tyres are then a monotone damper: a parked car has exactly zero force, a slowly
    // rolling one does not jitter, a braked one stops.
    const double v_min = def.v_min > 0.05 ? def.v_min : 0.05;
    const double v_floor = 4 * in.h * stiffness(t, in.load) / in.patch_mass;
    TyreOut out;
    out.v_ref = std::fmax(std::fabs(in.v_long), std::fmax(v_min, v_floor));
    out.slip_angle = std::atan2(in.v_lat, out.v_ref);
    const double slip_v = in.rim_speed - in.v_long;  // m/s, longitudinal slip velocity
    out.slip_ratio = slip_v / out.v_ref;
    const CurveForce f = curve_force(t, out.slip_ratio, out.slip_angle, in.load);
    out.fx = f.fx;
    out.fy = f.fy;
    out.dfx_dk = f.dfx_dk;
    out.grip_limit = t.mu * in.load;
    out.slide_speed = std::sqrt(slip_v * slip_v + in.v_lat * in.v_lat);
    return out;
}

double tyre_combined_peak_slip(const TyreDef& def, bool rear, double peak_slip_ratio,
                               double slip_angle) {
    const double s = lat_per_long(rear ? rear_tyre(def) : def);
    return std::sqrt(
        std::fmax(0.0, peak_slip_ratio * peak_slip_ratio - s * s * slip_angle * slip_angle));
}

double tyre_peak_slip_ratio(const TyreDef& def) {
    if (def.model == TyreModel::Linear) {
        return def.linear_long > 0.0 ? clamp(def.mu / def.linear_long, 0.01, 1.0) : 0.1;
    }
    // sin(C atan φ) peaks at C atan φ = π/2, i.e. φ* = tan(π / 2C); without a peak
    // (C ≤ 1) aim for a typical 0.15.
    const double c = def.pacejka_c;
    if (!(c > 1.0) || !(def.pacejka_b_long > 0.0)) return 0.15;
    const double target = std::tan(kPi / (2.0 * c));
    auto phi = [&](double rho) { return rho - def.pacejka_e * (rho - std::atan(rho)); };
    double lo = 0.0;
    double hi = 1000.0;
    if (phi(hi) < target) return 1.0;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        (phi(mid) < target ? lo : hi) = mid;
    }
    return clamp(0.5 * (lo + hi) / def.pacejka_b_long, 0.005, 1.0);
}

}  // namespace skidpad
