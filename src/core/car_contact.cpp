// The car as a rigid body for contact solving (see car_contact.hpp).
#include "car_contact.hpp"

#include "skidpad/soft/body_kinds.hpp"
#include "sound_signals.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::detail {

namespace {

/// m, a hull vertex closer than this to the line through its neighbours is dropped:
/// the polygon stays within it of the dented outline's hull and has no sliver edges
/// whose normals the SAT could pick.
constexpr double kHullTolerance = 0.005;

double cross3(dvec2 o, dvec2 a, dvec2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// The convex hull of `pts` (Andrew's monotone chain), counter-clockwise, with vertices
/// within kHullTolerance of their neighbours' line dropped. Returns the vertex count.
int convex_hull(std::array<dvec2, kCarPolygonMax>& pts, int n,
                std::array<dvec2, kCarPolygonMax>& out) {
    std::sort(pts.begin(), pts.begin() + n,
              [](dvec2 a, dvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    std::array<dvec2, 2 * kCarPolygonMax> h{};
    int k = 0;
    for (int i = 0; i < n; ++i) {  // lower chain
        while (k >= 2 && cross3(h[k - 2], h[k - 1], pts[i]) <= 0.0)
            --k;
        h[k++] = pts[i];
    }
    for (int i = n - 2, lower = k + 1; i >= 0; --i) {  // upper chain
        while (k >= lower && cross3(h[k - 2], h[k - 1], pts[i]) <= 0.0)
            --k;
        h[k++] = pts[i];
    }
    int m = std::max(k - 1, 0);  // the last point repeats the first
    bool dropped = true;
    while (dropped && m > 3) {
        dropped = false;
        for (int i = 0; i < m && m > 3; ++i) {
            const dvec2 a = h[(i + m - 1) % m], b = h[i], c = h[(i + 1) % m];
            const double len = std::sqrt(dot(c - a, c - a));
            if (len > 1e-9 && cross3(a, b, c) / len > kHullTolerance) continue;
            for (int j = i; j + 1 < m; ++j)
                h[j] = h[j + 1];
            --m;
            dropped = true;
        }
    }
    for (int i = 0; i < m; ++i)
        out[i] = h[i];
    return m;
}

}  // namespace

CarBody CarBody::of(const Car& car, const CarDef& def) {
    const CarGeometry g = car_geometry(def);
    CarBody b;
    b.mass = g.mass;
    b.inertia = g.yaw_inertia;
    b.inv_mass = 1.0 / g.mass;
    b.inv_inertia = 1.0 / g.yaw_inertia;
    b.pose = car_pose(car);
    b.origin = car.position;
    b.velocity = car.velocity;
    b.yaw_rate = car.yaw_rate;
    const auto corners = car_corners(car, def);
    std::array<dvec2, 4> rect{};
    for (std::size_t k = 0; k < 4; ++k)
        rect[k] = rotate(corners[k] - car.position, -car.heading);
    b.count = 4;
    std::copy(rect.begin(), rect.end(), b.local.begin());
    // A dent counts once the hit that made it is over (its point's load is back under
    // the yield): during a hit the crush zone (soft.car_crush_*) already stands for the
    // front giving way, and a polygon shrinking under it would take the crush's energy.
    std::array<dvec2, kOutlinePoints> dent{};
    bool dented = false;
    const double yield = std::max(def.damage.yield, 0.0);
    for (std::size_t k = 0; k < dent.size(); ++k) {
        if (car.damage.load[k] > yield) continue;
        dent[k] = car.damage.dent[k];
        dented = dented || dent[k] != dvec2(0.0, 0.0);
    }
    if (dented) {
        // The dented outline and the rectangle's corners, each corner moved by the mean
        // dent of the two outline points nearest it (the ends of its chamfer).
        const auto rest = damage_rest_outline(def);
        std::array<dvec2, kCarPolygonMax> pts{};
        int n = 0;
        for (const dvec2& c : rect) {
            std::size_t i1 = 0, i2 = 1;
            double d1 = 1e300, d2 = 1e300;
            for (std::size_t k = 0; k < rest.size(); ++k) {
                const double d = dot(rest[k] - c, rest[k] - c);
                if (d < d1) {
                    d2 = d1;
                    i2 = i1;
                    d1 = d;
                    i1 = k;
                } else if (d < d2) {
                    d2 = d;
                    i2 = k;
                }
            }
            pts[static_cast<std::size_t>(n++)] = c + 0.5 * (dent[i1] + dent[i2]);
        }
        for (std::size_t k = 0; k < rest.size(); ++k)
            pts[static_cast<std::size_t>(n++)] = rest[k] + dent[k];
        std::array<dvec2, kCarPolygonMax> hull{};
        const int m = convex_hull(pts, n, hull);
        if (m >= 3) {
            b.count = m;
            b.local = hull;
        }
    }
    b.place_corners();
    return b;
}

void CarBody::apply_impulse(dvec2 impulse, dvec2 point) {
    if (!std::isfinite(impulse.x) || !std::isfinite(impulse.y) || !std::isfinite(point.x) ||
        !std::isfinite(point.y)) {
        return;
    }
    velocity += impulse / mass;
    yaw_rate += cross(point - origin, impulse) / inertia;
}

void CarBody::apply_correction(dvec2 correction, dvec2 point) {
    const dvec2 r = point - pose.position;
    pose.position += correction * inv_mass;
    pose.heading += cross(r, correction) * inv_inertia;
    place_corners();
}

void CarBody::write_back(Car& car) const {
    car.position = pose.position;
    car.heading = pose.heading;
    car.velocity = velocity;
    car.yaw_rate = yaw_rate;
}

void CarBody::place_corners() {
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k)
        corners[k] = vec2(pose.position + rotate(local[k], pose.heading));
}

ContactLaw contact_law(const SoftDef& def, ContactMaterial m) {
    ContactLaw law;
    law.k = def.car_crush_stiffness;
    law.depth = def.car_crush_depth;
    law.mu = def.car_friction;
    if (m == ContactMaterial::CarBody) {
        law.e = def.car_e_car;
        law.mu = def.car_mu_car;
        return law;
    }
    const BodyKindRow& row = body_kind_row(body_kind_of(m));
    law.e = def.*row.car_restitution;
    if (row.car_friction != nullptr) law.mu = def.*row.car_friction;
    if (row.gives) law.max_zeta = kCrushDeadZeta;
    return law;
}

ContactLaw contact_law(const SoftDef& def, std::uint8_t material_row, SoftEffect effect) {
    return contact_law(def, contact_material(material_row, effect));
}

namespace {
/// The crush impulse j of one sub-step limited to stopping the closing speed (`stop`,
/// N s) plus `unload` of the rest (the push apart).
double unloaded(double j, double stop, double unload) {
    return j > stop ? stop + unload * (j - stop) : j;
}
}  // namespace

double crush_restitution(double zeta, double omega_h, double unload) {
    // Unit mass and frequency: k = 1, c = 2ζ, one sub-step = H. Approach at 1 m/s
    // (separating velocity v = −1), entering half a step deep; then as the coupling
    // steps it: move, then the implicit-damper impulse from the new depth.
    const double H = std::clamp(omega_h, 0.02, 2.0);
    const double c = 2.0 * std::max(zeta, 0.0);
    const double s = std::clamp(unload, 0.0, 1.0);
    double d = -0.5 * H, v = -1.0;
    for (int n = 0; n < 20000; ++n) {
        d -= v * H;
        if (d <= 0.0) break;
        const double j = std::clamp(H * (d - c * v) / (1.0 + H * c), 0.0, std::max(d / H - v, 0.0));
        v += unloaded(j, std::max(-v, 0.0), s);
    }
    return std::max(v, 0.0);
}

double crush_damping_ratio(double e, double omega_h, double max_zeta) {
    if (!(e < 1.0)) return 0.0;
    const double cap = std::clamp(max_zeta, 0.0, kCrushDeadZeta);
    if (!(e > 0.0)) return cap;
    if (cap < kCrushDeadZeta && !(e > crush_restitution(cap, omega_h))) return cap;
    // crush_restitution falls with ζ; bisect on u = ζ / (1 + ζ) in [0, cap / (1 + cap)].
    double lo = 0.0, hi = cap / (1.0 + cap);
    for (int it = 0; it < 40; ++it) {
        const double u = 0.5 * (lo + hi);
        if (crush_restitution(u / (1.0 - u), omega_h) > e) {
            lo = u;
        } else {
            hi = u;
        }
    }
    const double u = 0.5 * (lo + hi);
    return u / (1.0 - u);
}

double crush_unload_share(double e, double omega_h, double max_zeta) {
    const double cap = std::clamp(max_zeta, 0.0, kCrushDeadZeta);
    const double target = std::max(e, kCrushMinRestitution);
    if (cap >= kCrushDeadZeta || !(target < crush_restitution(cap, omega_h))) return 1.0;
    // The restitution grows with the share; bisect on the share in (0, 1).
    double lo = 0.0, hi = 1.0;
    for (int it = 0; it < 30; ++it) {
        const double s = 0.5 * (lo + hi);
        if (crush_restitution(cap, omega_h, s) < target) {
            lo = s;
        } else {
            hi = s;
        }
    }
    return 0.5 * (lo + hi);
}

CrushOut crush_step(const ContactLaw& law, const CrushIn& in) {
    CrushOut out;
    if (!(in.wn > 0.0) || !(in.h > 0.0) || !(law.k > 0.0)) return out;
    const double omega = std::sqrt(law.k * in.wn);
    const double e = std::clamp(law.e, 0.0, 1.0);
    const double zeta = crush_damping_ratio(e, omega * in.h, law.max_zeta);
    const double unload = crush_unload_share(e, omega * in.h, law.max_zeta);
    const double c = 2.0 * zeta * std::sqrt(law.k / in.wn);  // N s/m
    const double depth = std::max(in.depth, 0.0);
    double j = in.h * (law.k * depth - c * in.vn) / (1.0 + in.h * c * in.wn);
    // Never push apart faster than removing the whole overlap in one sub-step would.
    j = std::clamp(j, 0.0, std::max((depth / in.h - in.vn) / in.wn, 0.0));
    // Of the push apart (beyond stopping the closing speed) only the unload share.
    j = unloaded(j, std::max(-in.vn / in.wn, 0.0), unload);
    if (in.bottomed) j = std::max(j, -in.vn / in.wn);
    out.jn = std::isfinite(j) ? j : 0.0;
    if (in.wt > 0.0) {
        const double mu = std::max(law.mu, 0.0);
        const double jt = std::clamp(-in.vt / in.wt, -mu * out.jn, mu * out.jn);
        out.jt = std::isfinite(jt) ? jt : 0.0;
    }
    return out;
}

double crumple_envelope(double k, double depth) {
    const double d = std::max(depth, 0.0);
    return std::max(k, 0.0) * d * std::sqrt(d / kCrushRefDepth);
}

double crumple_tangent(double k, double depth) {
    return 1.5 * std::max(k, 0.0) * std::sqrt(std::max(depth, 0.0) / kCrushRefDepth);
}

double crumple_force(double k, double e, double depth, double peak) {
    const double d = std::max(depth, 0.0);
    if (d >= peak) return crumple_envelope(k, d);
    const double top = crumple_envelope(k, peak);
    const double ee = std::clamp(e, 0.0, 1.0);
    // The envelope k' δ^p with p = 1.5 stores E = F_max δ_max / (p + 1); the unloading
    // curve F_max x^q over a spring-back of s gives back F_max s / (q + 1) = e² E.
    constexpr double p1 = 2.5;
    const double q =
        ee > 0.0 ? std::min(kCrushUnloadPower, p1 / (ee * ee) - 1.0) : kCrushUnloadPower;
    const double back = std::min((q + 1.0) * ee * ee / p1, 1.0) * peak;
    const double set = peak - back;
    if (!(back > 0.0) || d <= set) return 0.0;
    return top * std::pow((d - set) / back, q);
}

CrushOut crumple_step(const ContactLaw& law, const CrushIn& in, CrushMemory& m) {
    CrushOut out;
    if (!(in.wn > 0.0) || !(in.h > 0.0) || !(law.k > 0.0)) return out;
    const double e = std::clamp(law.e, 0.0, 1.0);
    const double depth = std::max(in.depth, 0.0);
    m.closing = std::max(m.closing, std::isfinite(in.vn) ? -in.vn : 0.0);
    m.peak = std::max(m.peak, depth);
    double j = in.h * crumple_force(law.k, e, depth, m.peak);
    // Never push apart faster than e times the fastest closing speed (the curve gives
    // that exactly in the limit of fine sub-steps) nor than removing the whole overlap
    // in one sub-step would.
    j = std::min(j, std::max((e * m.closing - in.vn) / in.wn, 0.0));
    j = std::clamp(j, 0.0, std::max((depth / in.h - in.vn) / in.wn, 0.0));
    if (in.bottomed) j = std::max(j, -in.vn / in.wn);
    out.jn = std::isfinite(j) ? j : 0.0;
    if (in.wt > 0.0) {
        const double mu = std::max(law.mu, 0.0);
        const double jt = std::clamp(-in.vt / in.wt, -mu * out.jn, mu * out.jn);
        out.jt = std::isfinite(jt) ? jt : 0.0;
    }
    return out;
}

CrushMemory& crush_memory(CarDamage& d, std::uint32_t key, unsigned& touched) {
    std::size_t at = d.crush.size();
    for (std::size_t i = 0; i < d.crush.size() && at == d.crush.size(); ++i) {
        if (d.crush[i].key == key) at = i;
    }
    for (std::size_t i = 0; i < d.crush.size() && at == d.crush.size(); ++i) {
        if (d.crush[i].key == 0) at = i;
    }
    if (at == d.crush.size()) {
        at = 0;
        for (std::size_t i = 1; i < d.crush.size(); ++i) {
            if (d.crush[i].peak < d.crush[at].peak) at = i;
        }
    }
    if (d.crush[at].key != key) d.crush[at] = CrushMemory{key, 0.0, 0.0};
    touched |= 1u << at;
    return d.crush[at];
}

void crush_forget(CarDamage& d, unsigned touched, bool cars) {
    for (std::size_t i = 0; i < d.crush.size(); ++i) {
        CrushMemory& m = d.crush[i];
        if (m.key == 0 || ((m.key & kCrushKeyCar) != 0) != cars) continue;
        if ((touched & (1u << i)) == 0) m = CrushMemory{};
    }
}

}  // namespace skidpad::detail
