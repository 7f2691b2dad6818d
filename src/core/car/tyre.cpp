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
    double cx = 0.0;      ///< N per unit slip ratio, secant: F_x = cx κ
    double cy = 0.0;      ///< N per rad, secant: F_y = −cy α
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
        const double s = n <= def.mu ? 1.0 : def.mu / n;
        out.fx = gx * s * fz;
        out.fy = -gy * s * fz;
        out.cx = def.linear_long * s * fz;
        out.cy = def.linear_lat * s * fz;
        // ∂/∂κ of μ F_z gx/|g| past the cap: only the part of the slip vector across x remains.
        out.dfx_dk =
            n <= def.mu ? def.linear_long * fz : d * def.linear_long * gy * gy / (n * n * n);
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
        out.cx = out.dfx_dk;
        out.cy = d * def.pacejka_c * def.pacejka_b_lat;
        return out;
    }
    Curve m = magic(rho, def.pacejka_c, def.pacejka_e);
    // Sliding friction: past the peak (falling curve) the force stays at or above the
    // sliding fraction of the peak.
    const double slide = clamp(def.slide_fraction, 0.0, 1.0);
    if (m.df < 0.0 && m.f < slide) m = {slide, 0.0};
    const double per = m.f / rho;  // curve(ρ)/ρ
    const double cx = ux / rho;
    const double cy = uy / rho;
    const double dfx_stiff = d * def.pacejka_b_long * (m.df * cx * cx + per * cy * cy);
    // A wheel braked past its peak slides, and sliding friction opposes the sliding
    // velocity (κ, tan α) rather than the stiffness-weighted slip: the direction turns
    // from one to the other as the braking slip ratio goes from two to four times its
    // peak (a locked wheel, κ = −1, slides fully; ABS holds κ near the peak and keeps the
    // stiffness-weighted direction). A spinning wheel keeps it too (docs/physics.md §16.3).
    double w = 0.0;
    double sx = cx;
    double sy = cy;
    const double t = std::tan(clamp(slip_angle, -1.5, 1.5));
    const double n = std::sqrt(slip_ratio * slip_ratio + t * t);
    if (slip_ratio < 0.0 && n > 1e-9) {
        const double kappa_peak = tyre_peak_slip_ratio(def);
        w = clamp(0.5 * (-slip_ratio / kappa_peak - 2.0), 0.0, 1.0);
        sx = slip_ratio / n;
        sy = t / n;
    }
    double dx = (1.0 - w) * cx + w * sx;
    double dy = (1.0 - w) * cy + w * sy;
    const double dn = std::sqrt(dx * dx + dy * dy);
    if (dn > 1e-12) {
        dx /= dn;
        dy /= dn;
    } else {
        dx = cx;
        dy = cy;
    }
    out.fx = d * m.f * dx;
    out.fy = -d * m.f * dy;
    out.cx = std::fabs(slip_ratio) > 1e-9 ? out.fx / slip_ratio : d * per * def.pacejka_b_long;
    out.cy = std::fabs(slip_angle) > 1e-9 ? -out.fy / slip_angle : d * per * def.pacejka_b_lat;
    const double dfx_slide =
        n > 1e-9 ? d * (m.df * def.pacejka_b_long * cx * sx + m.f * t * t / (n * n * n)) : 0.0;
    out.dfx_dk = (1.0 - w) * dfx_stiff + w * dfx_slide;
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

/// Slip angle → equivalent slip ratio: the lateral over the longitudinal stiffness.
double lat_per_long(const TyreDef& t) {
    return t.model == TyreModel::Linear ? t.linear_lat / t.linear_long
                                        : t.pacejka_b_lat / t.pacejka_b_long;
}

}  // namespace

/// The clamp on the slip-angle tangent (89.9°; atan2 gave at most 90°).
constexpr double kMaxSlipTan = 1000.0;

TyreOut tyre_force(const TyreDef& def, const TyreIn& in) {
    // This wheel's tyre: its axle's lateral stiffness, μ at its load.
    TyreDef t = in.rear ? rear_tyre(def) : def;
    t.mu = mu_at(def, in.load, in.reference_load);
    // Low-speed treatment: the slip denominators never fall below v_min (a fixed speed,
    // the same at any step). Near rest a tyre is then a stiff linear damper; the car's
    // body update is implicit in the secant damping reported here, so a parked car has
    // exactly zero force, a slowly rolling one does not jitter and a braked one stops
    // without overshooting, at any step.
    const double v_min = def.v_min > 0.05 ? def.v_min : 0.05;
    TyreOut out;
    out.v_ref = std::fmax(std::fabs(in.v_long), v_min);
    const double slip_v = in.rim_speed - in.v_long;  // m/s, longitudinal slip velocity
    const double kappa = slip_v / out.v_ref;
    // The slip ratio is bounded (a wheel spinning at several times road speed or running
    // backwards is simply sliding); past the bound the force no longer changes with spin.
    const double kappa_now = clamp(kappa, -kMaxSlipRatio, kMaxSlipRatio);
    const bool bounded = std::fabs(kappa) > kMaxSlipRatio;
    const double tan_now = clamp(in.v_lat / out.v_ref, -kMaxSlipTan, kMaxSlipTan);
    // Relaxation: the slips used lag those of this motion (weights 1: no lag).
    const double wl = clamp(in.relax_long, 0.0, 1.0);
    const double wa = clamp(in.relax_lat, 0.0, 1.0);
    out.slip_ratio =
        clamp((1.0 - wl) * in.lag_slip_ratio + wl * kappa_now, -kMaxSlipRatio, kMaxSlipRatio);
    out.slip_tan = (1.0 - wa) * clamp(in.lag_slip_tan, -kMaxSlipTan, kMaxSlipTan) + wa * tan_now;
    out.slip_angle = std::atan(out.slip_tan);
    const CurveForce f = curve_force(t, out.slip_ratio, out.slip_angle, in.load);
    out.fx = f.fx;
    out.fy = f.fy;
    out.dfx_dk = bounded ? 0.0 : wl * f.dfx_dk;
    // Secants: F_x = cx κ_b = (cx κ_b / slip_v) slip_v; F_y = −cy α = −(cy α / v_lat) v_lat
    // for the part of the slips this motion gives (weights wl, wa).
    out.damp_long = wl * f.cx / out.v_ref * (bounded ? kMaxSlipRatio / std::fabs(kappa) : 1.0);
    out.damp_lat =
        wa * f.cy * (std::fabs(in.v_lat) > 1e-9 ? std::atan(tan_now) / in.v_lat : 1.0 / out.v_ref);
    out.grip_limit = t.mu * in.load;
    out.slide_speed = std::sqrt(slip_v * slip_v + in.v_lat * in.v_lat);
    return out;
}

RelaxWeights tyre_relax_weight(const TyreDef& def, const TyreIn& in, double wheel_mass, double h) {
    RelaxWeights w;
    const double len = def.relaxation_length;
    if (!(len > 0.0) || !(h > 0.0) || !(in.load > 0.0)) return w;
    const TyreDef t = in.rear ? rear_tyre(def) : def;
    const double mu = mu_at(def, in.load, in.reference_load);
    // Zero-slip stiffnesses, N per unit slip ratio and per rad.
    const bool lin = t.model == TyreModel::Linear;
    const double c_long =
        in.load * (lin ? t.linear_long : mu * std::fmax(t.pacejka_c, 0.1) * t.pacejka_b_long);
    const double c_lat =
        in.load * (lin ? t.linear_lat : mu * std::fmax(t.pacejka_c, 0.1) * t.pacejka_b_lat);
    const double v = std::fabs(in.v_long);
    const double v_ref = std::fmax(v, def.v_min > 0.05 ? def.v_min : 0.05);
    // Rate 1/τ = max(|v| / L, C / (m_eff v_ref)); w = 1 − exp(−h / τ).
    auto weight = [&](double stiffness, double mass) {
        if (!(stiffness > 0.0) || !(mass > 0.0)) return 1.0;
        const double rate = std::fmax(v / len, stiffness / (mass * v_ref));
        return -std::expm1(-h * rate);
    };
    w.along = weight(c_long, wheel_mass);
    w.across = weight(c_lat, in.load / kGravity);
    return w;
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

double tyre_peak_slip_angle(const TyreDef& def, bool rear) {
    const TyreDef t = rear ? rear_tyre(def) : def;
    if (t.model == TyreModel::Linear) {
        return t.linear_lat > 0.0 ? clamp(t.mu / t.linear_lat, 0.005, 1.0) : 0.1;
    }
    // The curve peaks at one normalised slip ρ* = κ* B_long; α* = ρ* / B_lat.
    if (!(t.pacejka_b_lat > 0.0) || !(t.pacejka_b_long > 0.0)) return 0.1;
    return clamp(tyre_peak_slip_ratio(t) * t.pacejka_b_long / t.pacejka_b_lat, 0.005, 1.0);
}

double tyre_cornering_stiffness(const TyreDef& def, bool rear) {
    const TyreDef t = rear ? rear_tyre(def) : def;
    const double k =
        t.model == TyreModel::Linear ? t.linear_lat : t.mu * t.pacejka_c * t.pacejka_b_lat;
    return k > 0.01 ? k : 0.01;
}

}  // namespace skidpad
