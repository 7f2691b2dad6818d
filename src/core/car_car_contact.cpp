// Car against car (docs/physics.md §12.1, "Car against car").
//
// After every car sub-step (and after the cars met the soft bodies), each pair of cars
// whose bounding circles meet is tested by SAT on their collision polygons (the body
// rectangle, or the convex hull of a dented outline). The vertices of the incident car
// over the reference edge are the contacts. Then, as for a car against
// a heavy body: the overlap beyond the crush allowance is removed by position (split by
// the two cars' effective masses, so it adds no speed), and the velocities are solved
// either as one crush spring-damper at the contacts' depth-weighted centre (two
// ordinary cars: the hit spreads over several sub-steps) or, when the pair is too stiff
// for the sub-step, as rigid impacts with restitution. Every impulse is equal and
// opposite on the two cars at the same point, so linear and angular momentum are
// conserved. Each car of a touching pair gets a ContactEvent (the other car's slot in
// `other_car`, the normal pointing from it toward the other car).
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "car_contact.hpp"
#include "skidpad/car/damage.hpp"
#include "skidpad/world.hpp"
#include "soft/soft_geometry.hpp"

namespace skidpad {

using detail::CarBody;

namespace {

struct CarHit {
    dvec2 q{0.0, 0.0};   ///< m, the incident car's corner
    double depth = 0.0;  ///< m, > 0 inside the reference edge
};

/// One side of a pair: the reference car (owner of the SAT edge) and the incident one,
/// which moves away along +n.
struct Pair {
    CarBody* ref = nullptr;
    CarBody* inc = nullptr;
    int edge = 0;
};

/// The incident car's corners over the reference edge, within `margin`; returns the
/// edge's unit outward normal (zero for a degenerate edge).
dvec2 gather_hits(const Pair& p, double margin, std::vector<CarHit>& hits) {
    hits.clear();
    const dvec2 c0(p.ref->corners[static_cast<std::size_t>(p.edge)]);
    const dvec2 c1(p.ref->corners[static_cast<std::size_t>((p.edge + 1) % p.ref->count)]);
    const dvec2 d = c1 - c0;
    const double len2 = glm::dot(d, d);
    if (len2 < 1e-12) return {0.0, 0.0};
    const dvec2 n = dvec2(d.y, -d.x) / std::sqrt(len2);
    for (int k = 0; k < p.inc->count; ++k) {
        const dvec2 q(p.inc->corners[static_cast<std::size_t>(k)]);
        const double depth = -glm::dot(q - c0, n);
        const double t = glm::dot(q - c0, d) / len2;
        if (t < -0.05 || t > 1.05 || depth <= -margin) continue;
        hits.push_back({q, depth});
    }
    return n;
}

/// Inverse effective mass of the pair along unit `dir` at world point q.
double pair_inv_mass(const Pair& p, dvec2 q, dvec2 dir) {
    return p.ref->inv_mass_at(q - p.ref->origin, dir) + p.inc->inv_mass_at(q - p.inc->origin, dir);
}

/// Velocity of the incident car relative to the reference one at q.
dvec2 relative_velocity(const Pair& p, dvec2 q) {
    return p.inc->velocity_at(q) - p.ref->velocity_at(q);
}

/// Impulse J on the incident car at q, −J on the reference one.
void exchange(const Pair& p, dvec2 J, dvec2 q) {
    p.inc->apply_impulse(J, q);
    p.ref->apply_impulse(-J, q);
}

/// Solve positions: overlap beyond `allow` is pushed out, split by effective mass.
void solve_positions(const Pair& p, double margin, double allow, std::vector<CarHit>& hits) {
    for (int pass = 0; pass < 4; ++pass) {
        const dvec2 n = gather_hits(p, margin, hits);
        for (const CarHit& hk : hits) {
            if (hk.depth <= allow) continue;
            const double wr = p.ref->inv_mass_at(hk.q - p.ref->pose.position, n);
            const double wi = p.inc->inv_mass_at(hk.q - p.inc->pose.position, n);
            const double dl = (hk.depth - allow) / (wr + wi);
            p.inc->apply_correction(n * dl, hk.q);
            p.ref->apply_correction(-n * dl, hk.q);
        }
    }
}

/// What one sub-step's solve handed over (for the events).
struct PairImpulse {
    dvec2 position{0.0, 0.0};
    double jn = 0.0, jt = 0.0;
};

/// Crush contact: one spring-damper at the depth-weighted centre of the hits.
PairImpulse solve_crush(const Pair& p, dvec2 n, const std::vector<CarHit>& hits,
                        const detail::ContactLaw& law, double allow, double h,
                        CrushMemory& memory) {
    PairImpulse out;
    double dsum = 0.0, dmax = 0.0;
    dvec2 q{0.0, 0.0};
    for (const CarHit& hk : hits) {
        if (hk.depth <= 0.0) continue;
        dsum += hk.depth;
        q += hk.q * hk.depth;
        dmax = std::max(dmax, hk.depth);
    }
    if (dsum <= 0.0) return out;
    q /= dsum;
    const dvec2 t(-n.y, n.x);
    const dvec2 rel = relative_velocity(p, q);
    detail::CrushIn in;
    in.depth = std::min(dmax, allow);
    in.bottomed = dmax >= allow;
    in.vn = glm::dot(rel, n);
    in.vt = glm::dot(rel, t);
    in.wn = pair_inv_mass(p, q, n);
    in.wt = pair_inv_mass(p, q, t);
    in.h = h;
    const detail::CrushOut c = detail::crumple_step(law, in, memory);
    exchange(p, n * c.jn + t * c.jt, q);
    out.position = q;
    out.jn = c.jn;
    out.jt = std::fabs(c.jt);
    return out;
}

/// Rigid impacts: per corner, separate at e times the closing speed (above the bounce
/// threshold), Coulomb friction; four Gauss-Seidel sweeps.
PairImpulse solve_rigid(const Pair& p, dvec2 n, const std::vector<CarHit>& hits,
                        const detail::ContactLaw& law, double bounce_threshold) {
    PairImpulse out;
    const dvec2 t(-n.y, n.x);
    const double e = std::clamp(law.e, 0.0, 1.0), mu = std::max(law.mu, 0.0);
    std::array<double, detail::kCarPolygonMax> jn{}, jt{}, target{};
    const std::size_t count = std::min<std::size_t>(hits.size(), jn.size());
    for (std::size_t k = 0; k < count; ++k) {
        const double closing = -glm::dot(relative_velocity(p, hits[k].q), n);
        target[k] = closing > bounce_threshold ? e * closing : 0.0;
    }
    for (int it = 0; it < 4; ++it) {
        for (std::size_t k = 0; k < count; ++k) {
            const dvec2 q = hits[k].q;
            const dvec2 rel = relative_velocity(p, q);
            const double old = jn[k];
            jn[k] = std::max(old - (glm::dot(rel, n) - target[k]) / pair_inv_mass(p, q, n), 0.0);
            double dt = -glm::dot(rel, t) / pair_inv_mass(p, q, t);
            dt = std::clamp(dt, -mu * jn[k], mu * jn[k]);
            jt[k] += dt;
            exchange(p, n * (jn[k] - old) + t * dt, q);
        }
    }
    double sum = 0.0;
    dvec2 at{0.0, 0.0};
    for (std::size_t k = 0; k < count; ++k) {
        sum += jn[k];
        at += hits[k].q * jn[k];
        out.jt += std::fabs(jt[k]);
    }
    out.jn = sum;
    out.position = sum > 0.0 ? at / sum : (count > 0 ? hits[0].q : dvec2(0.0));
    return out;
}

/// Fastest closing and sliding speeds over the hits, before the solve (for sound).
void contact_speeds(const Pair& p, dvec2 n, const std::vector<CarHit>& hits, ContactEvent& ev) {
    const dvec2 t(-n.y, n.x);
    for (const CarHit& hk : hits) {
        const dvec2 rel = relative_velocity(p, hk.q);
        ev.approach_speed = std::max(ev.approach_speed, -glm::dot(rel, n));
        ev.slide_speed = std::max(ev.slide_speed, std::fabs(glm::dot(rel, t)));
    }
}

/// Couples two cars for one sub-step: narrow phase, solve positions, solve velocities.
/// Returns whether they touched; `ev` is then car a's event (normal from a toward b).
bool couple_pair(CarBody& a, CarBody& b, const SoftDef& def, double h, ContactEvent& ev,
                 std::vector<CarHit>& hits, CrushMemory& memory) {
    const float margin = static_cast<float>(std::max(def.contact_margin, 0.0));
    // Narrow phase.
    const soft_geo::Sat sat =
        soft_geo::sat(a.corners.data(), a.count, b.corners.data(), b.count, margin);
    if (!sat.hit) return false;
    const Pair p = sat.ref_is_a ? Pair{&a, &b, sat.edge} : Pair{&b, &a, sat.edge};
    const detail::ContactLaw law = detail::contact_law(def, ContactMaterial::CarBody);
    const double k = detail::crumple_tangent(law.k, law.depth);
    const bool crush = law.depth > 0.0 && law.k > 0.0 &&
                       std::sqrt(k * (a.inv_mass + b.inv_mass)) * h <= detail::kCrushMaxOmegaH;
    const double allow = crush ? law.depth : 0.0;
    // Solve positions (the first gather is what the velocities act on).
    const dvec2 n = gather_hits(p, margin, hits);
    if (hits.empty() || n == dvec2(0.0)) return false;
    const std::vector<CarHit> first = hits;
    solve_positions(p, margin, allow, hits);
    contact_speeds(p, n, first, ev);
    // Solve velocities.
    const PairImpulse j = crush
                              ? solve_crush(p, n, first, law, allow, h, memory)
                              : solve_rigid(p, n, first, law, std::max(def.bounce_threshold, 0.0));
    ev.impulse = j.jn;
    ev.friction_impulse = j.jt;
    ev.position = j.position;
    ev.normal = sat.ref_is_a ? n : -n;
    return true;
}

}  // namespace

void World::couple_car_pairs(double h, int substep_index) {
    std::vector<std::size_t> alive;
    for (std::size_t i = 0; i < cars_.size(); ++i) {
        if (cars_[i].alive) alive.push_back(i);
    }
    // Each pair's crumple memory is kept by its first car (detail::crush_memory).
    std::vector<unsigned> touched(cars_.size(), 0u);
    const auto forget = [&] {
        for (std::size_t i : alive)
            detail::crush_forget(cars_[i].car.damage, touched[i], true);
    };
    if (alive.size() < 2) return forget();
    const double margin = std::max(def_.soft.contact_margin, 0.0);
    std::vector<CarHit> hits;
    for (std::size_t x = 0; x < alive.size(); ++x) {
        for (std::size_t y = x + 1; y < alive.size(); ++y) {
            CarSlot& sa = cars_[alive[x]];
            CarSlot& sb = cars_[alive[y]];
            const double ra = 0.5 * std::hypot(sa.def.length, sa.def.width);
            const double rb = 0.5 * std::hypot(sb.def.length, sb.def.width);
            if (glm::length(sa.car.position - sb.car.position) > ra + rb + margin) continue;
            CarBody a = CarBody::of(sa.car, sa.def);
            CarBody b = CarBody::of(sb.car, sb.def);
            ContactEvent ea;
            // Claimed before the solve; an untouched pair's entry is freed below.
            unsigned claim = 0;
            CrushMemory& memory = detail::crush_memory(
                sa.car.damage, kCrushKeyCar | static_cast<std::uint32_t>(alive[y] + 1), claim);
            if (!couple_pair(a, b, def_.soft, h, ea, hits, memory)) continue;
            touched[alive[x]] |= claim;
            a.write_back(sa.car);
            b.write_back(sb.car);
            if (!(ea.impulse > 0.0)) continue;
            ea.a = ea.b = ContactMaterial::CarBody;
            ea.kind = ea.approach_speed > def_.soft.bounce_threshold ? ContactKind::Impact
                                                                     : ContactKind::Scrape;
            ea.body = 0;
            ea.contact_time = h;
            ea.peak_force = ea.impulse / h;
            ea.peak_at = ea.first_at = h * (substep_index + 1);
            ContactEvent eb = ea;
            ea.car = eb.other_car = static_cast<std::uint32_t>(alive[x]);
            eb.car = ea.other_car = static_cast<std::uint32_t>(alive[y]);
            eb.normal = -ea.normal;
            car_contact_applied(sa, ea);
            car_contact_applied(sb, eb);
            // Both bodies crumple (damage.hpp): at the contact point, along the impulse
            // each took (away from the other car), in each car's frame.
            for (CarSlot* s : {&sa, &sb}) {
                const ContactEvent& e = s == &sa ? ea : eb;
                const double heading = s->car.heading;
                damage_apply_hit(s->car.damage, s->def,
                                 rotate(e.position - s->car.position, -heading),
                                 rotate(-e.normal, -heading), e.impulse);
            }
        }
    }
    forget();
}

}  // namespace skidpad
