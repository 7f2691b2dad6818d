// The car as a rigid body for contact solving (see car_contact.hpp).
#include "car_contact.hpp"

#include "sound_signals.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::detail {

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
    for (std::size_t k = 0; k < 4; ++k)
        b.local[k] = rotate(corners[k] - car.position, -car.heading);
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
    for (std::size_t k = 0; k < 4; ++k)
        corners[k] = vec2(pose.position + rotate(local[k], pose.heading));
}

ContactLaw contact_law(const SoftDef& def, ContactMaterial m) {
    ContactLaw law;
    law.k = def.car_crush_stiffness;
    law.depth = def.car_crush_depth;
    law.mu = def.car_friction;
    switch (m) {
        case ContactMaterial::CarBody:
            law.e = def.car_e_car;
            law.mu = def.car_mu_car;
            break;
        case ContactMaterial::Crate:
            law.e = def.car_e_crate;
            break;
        case ContactMaterial::Barrier:
            law.e = def.car_e_barrier;
            law.mu = def.car_mu_barrier;
            break;
        case ContactMaterial::TyreStack:
            law.e = def.car_e_tyre;
            law.mu = def.car_mu_tyre;
            break;
        case ContactMaterial::Cone:
            law.e = def.car_e_cone;
            break;
        case ContactMaterial::Shard:
            law.e = def.car_e_shard;
            break;
    }
    return law;
}

ContactLaw contact_law(const SoftDef& def, std::uint8_t material_row, SoftEffect effect) {
    return contact_law(def, contact_material(material_row, effect));
}

double crush_restitution(double zeta, double omega_h) {
    // Unit mass and frequency: k = 1, c = 2ζ, one sub-step = H. Approach at 1 m/s
    // (separating velocity v = −1), entering half a step deep; then as the coupling
    // steps it: move, then the implicit-damper impulse from the new depth.
    const double H = std::clamp(omega_h, 0.02, 2.0);
    const double c = 2.0 * std::max(zeta, 0.0);
    double d = -0.5 * H, v = -1.0;
    for (int n = 0; n < 20000; ++n) {
        d -= v * H;
        if (d <= 0.0) break;
        const double j = std::clamp(H * (d - c * v) / (1.0 + H * c), 0.0, std::max(d / H - v, 0.0));
        v += j;
    }
    return std::max(v, 0.0);
}

double crush_damping_ratio(double e, double omega_h) {
    if (!(e < 1.0)) return 0.0;
    if (!(e > 0.0)) return 1e4;
    // crush_restitution falls with ζ; bisect on u = ζ / (1 + ζ) in [0, 1).
    double lo = 0.0, hi = 1e4 / (1.0 + 1e4);
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

CrushOut crush_step(const ContactLaw& law, const CrushIn& in) {
    CrushOut out;
    if (!(in.wn > 0.0) || !(in.h > 0.0) || !(law.k > 0.0)) return out;
    const double omega = std::sqrt(law.k * in.wn);
    const double zeta = crush_damping_ratio(std::clamp(law.e, 0.0, 1.0), omega * in.h);
    const double c = 2.0 * zeta * std::sqrt(law.k / in.wn);  // N s/m
    const double depth = std::max(in.depth, 0.0);
    double j = in.h * (law.k * depth - c * in.vn) / (1.0 + in.h * c * in.wn);
    // Never push apart faster than removing the whole overlap in one sub-step would.
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

}  // namespace skidpad::detail
