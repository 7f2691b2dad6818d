// Car <-> soft-body coupling (docs/physics.md §12).
//
// The cars move in sub-steps of h; the soft bodies advance the whole step
// afterwards. At the end of car sub-step i a soft body's particles are where
// their Verlet velocity takes them: y = x + v·τ with τ = (i + 1)·h. There the car's
// polygon (its rectangle, or the convex hull of its dented outline) and the body
// collide by the same SAT as soft bodies; the soft side is corrected by position (Δy,
// weighted by inverse mass, then relaxed so the push spreads through the body), and the
// car receives the opposite impulse J = Δλ/h at the contact point (linear and angular)
// plus the matching position correction, with its effective inverse mass there,
// w = 1/M + (r × n)²/I (detail::CarBody). The soft particle's velocity changes by
// Δy/h, so Σ m Δv(soft) = −J(car): momentum is conserved.
//
// Positions and velocities are corrected apart (split impulse): the overlap is removed
// by position without adding speed. A light body (crate, cone, tyre stack: the pair's
// √(k w)·h above detail::kCrushMaxOmegaH) then takes rigid impulses that leave each
// hit separating at e times its closing speed; a heavy, pinned or barrier-backed body
// may press into the car's crush zone (up to soft.car_crush_depth, at most 40 % of
// its own thickness) and the velocities are solved as one spring-damper (detail::crush_step)
// whose damping gives restitution e, so the hit spreads over several sub-steps. The
// restitution and friction come per contact material (detail::contact_law). The Verlet
// state is then rewritten so that the particle passes through y + Δy at τ with its new
// velocity: x' = y + Δy − v'τ, prev' = x' − v'h_soft.
//
// Per car sub-step: begin_car_contacts (once per step, world_touch.cpp) gathers the soft
// bodies near any car and which of them touch; couple_cars then, for each car and
// candidate, moves the body to τ (gather), tests it against the car's rectangle (narrow
// phase), pushes the two apart by position (solve positions), exchanges impulses (solve
// velocities), crushes the touched particles (plasticity) and writes the body's Verlet state back
// (apply); each applied contact goes through World::car_contact_applied (events, car damage); the
// car's pose and motion are written back once, after all its bodies.
#include <algorithm>
#include <cmath>

#include "car_contact.hpp"
#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"
#include "soft/soft_geometry.hpp"
#include "sound_signals.hpp"
#include "world_touch.hpp"

namespace skidpad {

using detail::BodyAtTau;
using detail::CarBody;
using detail::Coupling;
using detail::Hit;
using detail::hold_against_pinned;
using detail::release_held;
using soft_geo::dot2;

namespace {

/// Gather: moves body `b` to time τ (extrapolated by its Verlet velocity) and returns
/// whether its box overlaps the car's (lo, hi). The solver's positions are left as
/// they were.
bool extrapolate(const SoftSolver& sw, const SoftSolver::Body& b, const Coupling& cp, vec2 lo,
                 vec2 hi, BodyAtTau& at) {
    at.x0.resize(b.count);
    at.y0.resize(b.count);
    at.vel.resize(b.count);
    vec2 blo{0.0f, 0.0f}, bhi{0.0f, 0.0f};
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const std::uint32_t i = b.first + k;
        at.x0[k] = sw.pos[i];
        at.vel[k] = (sw.pos[i] - sw.prev[i]) / cp.hs;
        at.y0[k] = sw.pos[i] + at.vel[k] * cp.tau;
        blo = k == 0 ? at.y0[k] : glm::min(blo, at.y0[k]);
        bhi = k == 0 ? at.y0[k] : glm::max(bhi, at.y0[k]);
    }
    return !(bhi.x < lo.x || hi.x < blo.x || bhi.y < lo.y || hi.y < blo.y);
}

/// One position pass with a car edge as the reference: every particle inside the edge
/// is pushed out along its normal and the car back. Returns false for a degenerate edge.
bool push_from_car_edge(SoftSolver& sw, const SoftSolver::Body& b, int e, CarBody& car,
                        float margin, float allow, std::vector<Hit>* record) {
    const vec2 c0 = car.corners[e], c1 = car.corners[(e + 1) % car.count];
    const vec2 d = c1 - c0;
    const float len = std::sqrt(dot2(d, d));
    if (len < 1e-6f) return false;
    const vec2 n = soft_geo::outward(c0, c1) / len;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const std::uint32_t i = b.first + k;
        const vec2 p = sw.pos[i];
        const float depth = -dot2(p - c0, n);
        const float t = dot2(p - c0, d) / (len * len);
        if (t < -0.05f || t > 1.05f) continue;
        if (record && depth > -margin) record->push_back({p, n, i, i, 0.0f, depth});
        if (depth <= allow) continue;
        const float wp = sw.inv_mass[i];
        const float wc =
            static_cast<float>(car.inv_mass_at(dvec2(p) - car.pose.position, dvec2(n)));
        const float dl = (depth - allow) / (wp + wc);
        sw.pos[i] = p + n * (wp * dl);
        car.apply_correction(dvec2(-n * dl), dvec2(p));
    }
    return true;
}

/// One position pass with a body edge (ia, ib) as the reference: every vertex of the
/// car's polygon inside it pushes the edge's two particles out and the car back.
void push_from_body_edge(SoftSolver& sw, std::uint32_t ia, std::uint32_t ib, CarBody& car,
                         float margin, float allow, std::vector<Hit>* record) {
    for (int k = 0; k < car.count; ++k) {
        const vec2 pa = sw.pos[ia], pb = sw.pos[ib];
        const vec2 d = pb - pa;
        const float len2 = dot2(d, d);
        if (len2 < 1e-10f) break;
        const vec2 n = soft_geo::outward(pa, pb) / std::sqrt(len2);
        const vec2 q = car.corners[k];
        const float depth = -dot2(q - pa, n);
        const float traw = dot2(q - pa, d) / len2;
        if (traw < -0.05f || traw > 1.05f) continue;
        if (record && depth > -margin) {
            record->push_back({q, -n, ia, ib, clamp(traw, 0.0f, 1.0f), depth});
        }
        if (depth <= allow) continue;
        const float t = clamp(traw, 0.0f, 1.0f);
        const float wa = sw.inv_mass[ia] * (1.0f - t), wb = sw.inv_mass[ib] * t;
        const float wsoft = (1.0f - t) * wa + t * wb;
        const float wc =
            static_cast<float>(car.inv_mass_at(dvec2(q) - car.pose.position, dvec2(n)));
        const float dl = (depth - allow) / (wsoft + wc);
        sw.pos[ia] -= n * (wa * dl);
        sw.pos[ib] -= n * (wb * dl);
        car.apply_correction(dvec2(n * dl), dvec2(q));
    }
}

/// Solve positions (split from velocities, so leftover overlap adds no speed): contact
/// pushes alternate with the body's constraint relaxation and go last, so the body
/// leaves the rectangle as one piece. The first pass records the contacts in `hits`.
/// Overlap up to `allow` is left to the crush zone (a heavy body pressing in).
void solve_positions(SoftSolver& sw, std::size_t bi, const soft_geo::Sat& sat, CarBody& car,
                     const Coupling& cp, float allow, std::vector<Hit>& hits) {
    const SoftSolver::Body b = sw.bodies[bi];
    hits.clear();
    const int passes = 2 * std::max(cp.def.iterations, 1) + 6;
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<Hit>* record = pass == 0 ? &hits : nullptr;
        if (pass > 0 && !hits.empty()) sw.relax_body(cp.def, bi, sw.pos.data());
        if (sat.ref_is_a) {
            if (!push_from_car_edge(sw, b, sat.edge, car, cp.margin, allow, record)) break;
        } else {
            const std::uint32_t ia = b.first + static_cast<std::uint32_t>(sat.edge);
            const std::uint32_t ib = b.first + (static_cast<std::uint32_t>(sat.edge) + 1) % b.count;
            push_from_body_edge(sw, ia, ib, car, cp.margin, allow, record);
        }
    }
}

/// The soft body answering a car impulse as one rigid body (mass M, inertia I about
/// its centre c, its own rigid velocity V, W) and the change dV, dW the impulses make.
/// A pinned body (or one without mass) does not move.
struct RigidSoft {
    bool movable = false;
    float M = 0.0f, I = 0.0f;  ///< kg, kg m²
    float wM = 0.0f, wI = 0.0f;
    vec2 c{0.0f, 0.0f};
    vec2 V{0.0f, 0.0f};
    float W = 0.0f;
    vec2 dV{0.0f, 0.0f};
    float dW = 0.0f;

    /// 1/kg, inverse effective mass along n at arm r from c.
    float inv_mass_at(vec2 r, vec2 n) const { return wM + wI * cross(r, n) * cross(r, n); }
    vec2 velocity_at(vec2 r) const { return V + dV + cross(W + dW, r); }
    vec2 velocity_change_at(vec2 r) const { return dV + cross(dW, r); }
};

RigidSoft rigid_soft(const SoftSolver& sw, const SoftSolver::Body& b,
                     const std::vector<vec2>& vel) {
    RigidSoft rs;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float w = sw.inv_mass[b.first + k];
        const float m = w > 0.0f ? 1.0f / w : 0.0f;
        rs.M += m;
        rs.c += m * sw.pos[b.first + k];
    }
    rs.movable = rs.M > 0.0f && !b.pinned;
    if (rs.movable) rs.c /= rs.M;
    for (std::uint32_t k = 0; k < b.count && rs.movable; ++k) {
        const vec2 r = sw.pos[b.first + k] - rs.c;
        rs.I += dot2(r, r) / sw.inv_mass[b.first + k];
    }
    rs.wM = rs.movable ? 1.0f / rs.M : 0.0f;
    rs.wI = rs.movable && rs.I > 0.0f ? 1.0f / rs.I : 0.0f;
    if (rs.movable) {
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const float m = 1.0f / sw.inv_mass[b.first + k];
            rs.V += m * vel[k];
            rs.W += m * cross(sw.pos[b.first + k] - rs.c, vel[k]);
        }
        rs.V /= rs.M;
        rs.W = rs.I > 0.0f ? rs.W / rs.I : 0.0f;
    }
    return rs;
}

/// Solve velocities of a rigid impact (a light body): normal impulses that leave each
/// hit separating at e times its closing speed (0 below soft.bounce_threshold), j =
/// −(v_n − v_target) / (w_body + w_car), with Coulomb friction |j_t| ≤ μ j; four
/// Gauss-Seidel sweeps over the hits.
void solve_velocities(RigidSoft& body, CarBody& car, const std::vector<Hit>& hits,
                      const detail::ContactLaw& law, float bounce_threshold, BodyAtTau& at) {
    std::vector<float>& jn = at.jn;
    jn.assign(hits.size(), 0.0f);
    at.jt.assign(hits.size(), 0.0f);
    at.target.assign(hits.size(), 0.0f);
    const float e = static_cast<float>(clamp(law.e, 0.0, 1.0));
    const float mu = static_cast<float>(std::max(law.mu, 0.0));
    for (std::size_t hk = 0; hk < hits.size() && e > 0.0f; ++hk) {
        const vec2 rel =
            body.velocity_at(hits[hk].q - body.c) - vec2(car.velocity_at(dvec2(hits[hk].q)));
        const float closing = -dot2(rel, hits[hk].n);
        at.target[hk] = closing > bounce_threshold ? e * closing : 0.0f;
    }
    for (int it = 0; it < 4; ++it) {
        for (std::size_t hk = 0; hk < hits.size(); ++hk) {
            const vec2 q = hits[hk].q, n = hits[hk].n;
            const vec2 t(-n.y, n.x);
            const vec2 rb = q - body.c;
            const dvec2 rc = dvec2(q) - car.origin;
            const vec2 rel = body.velocity_at(rb) - vec2(car.velocity_at(dvec2(q)));
            const float wcn = static_cast<float>(car.inv_mass_at(rc, dvec2(n)));
            float j = -(dot2(rel, n) - at.target[hk]) / (body.inv_mass_at(rb, n) + wcn);
            const float old = jn[hk];
            jn[hk] = std::max(old + j, 0.0f);
            j = jn[hk] - old;
            const float wct = static_cast<float>(car.inv_mass_at(rc, dvec2(t)));
            float jt = -dot2(rel, t) / (body.inv_mass_at(rb, t) + wct);
            jt = clamp(jt, -mu * jn[hk], mu * jn[hk]);
            at.jt[hk] += jt;
            const vec2 J = n * j + t * jt;
            body.dV += J * body.wM;
            body.dW += cross(rb, J) * body.wI;
            car.apply_impulse(-dvec2(J), dvec2(q));
        }
    }
}

/// Where a car keeps the memory of its crumple contacts (detail::crush_memory).
struct CrushSlot {
    CarDamage* damage = nullptr;
    std::uint32_t key = 0;
    unsigned* touched = nullptr;
};

/// Solve velocities of a crush contact (a heavy, pinned or barrier-backed body): the
/// penetrating hits act as one spring-damper along their common normal
/// (detail::crush_step), so the car's crush zone takes the hit over several sub-steps
/// and gives back e of the closing speed. Returns false when nothing is pressed in yet
/// (hits only within the margin). The spring acts at the hits' depth-weighted centre.
/// A body that takes the hit itself (a crate or cone held against a barrier: a dead
/// stop, law.max_zeta = kCrushDeadZeta) yields over its whole face in contact, so its
/// stop acts at the centre of every hit touching the car: a crate tilted by a degree
/// meets the nose first at one corner, and the whole stop there (half a crate's width
/// off the car's axis) would spin the car round.
bool solve_crush(RigidSoft& body, CarBody& car, const std::vector<Hit>& hits,
                 const detail::ContactLaw& law, const Coupling& cp, float allow,
                 const CrushSlot& slot, ContactEvent& ev) {
    float dmax = 0.0f, dsum = 0.0f;
    vec2 q{0.0f, 0.0f};
    for (const Hit& hk : hits) {
        if (hk.depth <= 0.0f) continue;
        dsum += hk.depth;
        q += hk.q * hk.depth;
        dmax = std::max(dmax, hk.depth);
    }
    if (dsum <= 0.0f) return false;
    q /= dsum;
    // A body that gives, and a crumple zone used up (the stop is rigid across the whole
    // face, a thin barrier: a corner bottoming first would spin the car), act at the
    // centre of every hit touching the car.
    if (law.max_zeta >= detail::kCrushDeadZeta || dmax >= allow) {
        q = vec2(0.0f, 0.0f);
        for (const Hit& hk : hits)
            q += hk.q;
        q /= static_cast<float>(hits.size());
    }
    const vec2 n = hits.front().n, t(-n.y, n.x);
    const vec2 rb = q - body.c;
    const dvec2 rc = dvec2(q) - car.origin;
    const vec2 rel = body.velocity_at(rb) - vec2(car.velocity_at(dvec2(q)));
    detail::CrushIn in;
    in.depth = std::min(dmax, allow);
    in.bottomed = dmax >= allow;
    in.vn = dot2(rel, n);
    in.vt = dot2(rel, t);
    in.wn = body.inv_mass_at(rb, n) + car.inv_mass_at(rc, dvec2(n));
    in.wt = body.inv_mass_at(rb, t) + car.inv_mass_at(rc, dvec2(t));
    in.h = cp.h;
    // A crate or cone held against a barrier gives itself (the spring-damper); the car's
    // crumple zone against a barrier, a tyre stack or a heavy body crumples.
    const detail::CrushOut out =
        law.max_zeta >= detail::kCrushDeadZeta
            ? detail::crush_step(law, in)
            : detail::crumple_step(law, in,
                                   detail::crush_memory(*slot.damage, slot.key, *slot.touched));
    const vec2 J = n * static_cast<float>(out.jn) + t * static_cast<float>(out.jt);
    body.dV += J * body.wM;
    body.dW += cross(rb, J) * body.wI;
    car.apply_impulse(-dvec2(J), dvec2(q));
    ev.impulse = out.jn;
    ev.friction_impulse = std::fabs(out.jt);
    ev.position = dvec2(q);
    ev.normal = dvec2(n);
    return true;
}

/// Crush: the touched particles are pushed in by the velocity change over one car
/// sub-step (what a pure position solve would do), then the constraints are relaxed:
/// the strain this leaves drives plasticity, so a harder hit dents more and past the
/// break limit breaks.
void crush(SoftSolver& sw, std::size_t bi, const RigidSoft& body, const std::vector<Hit>& hits,
           const Coupling& cp) {
    if (!body.movable) return;
    const float hcar = static_cast<float>(cp.h * std::max(cp.def.crush, 0.0));
    for (const Hit& hr : hits) {
        const float dvn = std::max(dot2(body.velocity_change_at(hr.q - body.c), hr.n), 0.0f);
        const vec2 push = hr.n * (dvn * hcar);
        if (hr.i == hr.j) {
            sw.pos[hr.i] += push;
        } else {
            sw.pos[hr.i] += push * (1.0f - hr.t);
            sw.pos[hr.j] += push * hr.t;
        }
    }
    sw.relax_body(cp.def, bi, sw.pos.data());
}

/// Apply: back to the Verlet state at the step's start (see the header comment).
void write_verlet(SoftSolver& sw, const SoftSolver::Body& b, const RigidSoft& body,
                  const BodyAtTau& at, const Coupling& cp) {
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const std::uint32_t i = b.first + k;
        const vec2 dy = sw.pos[i] - at.y0[k];
        const vec2 v = at.vel[k] + (body.movable ? body.velocity_change_at(sw.pos[i] - body.c)
                                                 : vec2(0.0f, 0.0f));
        sw.pos[i] = at.y0[k] + dy - v * cp.tau;
        sw.prev[i] = sw.pos[i] - v * cp.hs;
    }
}

/// The sound of one coupling (include/skidpad/sound_events.hpp), before the velocity
/// solve: the fastest closing and sliding speeds of the hits.
void contact_speeds(const RigidSoft& body, const CarBody& car, const std::vector<Hit>& hits,
                    ContactEvent& ev) {
    for (const Hit& hk : hits) {
        const vec2 rel = body.velocity_at(hk.q - body.c) - vec2(car.velocity_at(dvec2(hk.q)));
        ev.approach_speed = std::max(ev.approach_speed, static_cast<double>(-dot2(rel, hk.n)));
        const vec2 t(-hk.n.y, hk.n.x);
        ev.slide_speed = std::max(ev.slide_speed, static_cast<double>(std::fabs(dot2(rel, t))));
    }
}

/// The rest lengths of a body's constraints added up (a dent changes them).
float rest_sum(const SoftSolver& sw, const SoftSolver::Body& b) {
    float sum = 0.0f;
    for (std::uint32_t k = 0; k < b.ccount; ++k)
        sum += sw.constraints[b.cfirst + k].rest;
    return sum;
}

/// The unit normal of the SAT's reference edge, along which the car pushes the body
/// (0 for a degenerate edge).
vec2 push_normal(const SoftSolver::Body& b, const soft_geo::Sat& sat, const CarBody& car,
                 const BodyAtTau& at) {
    vec2 e0{0.0f, 0.0f}, e1{0.0f, 0.0f};
    if (sat.ref_is_a) {
        e0 = car.corners[static_cast<std::size_t>(sat.edge)];
        e1 = car.corners[static_cast<std::size_t>((sat.edge + 1) % car.count)];
    } else {  // the body's own edge: its outward normal points at the car
        e1 = at.y0[static_cast<std::size_t>(sat.edge)];
        e0 = at.y0[(static_cast<std::size_t>(sat.edge) + 1) % b.count];
    }
    const vec2 o = soft_geo::outward(e0, e1);
    const float len = std::sqrt(dot2(o, o));
    return len < 1e-6f ? vec2(0.0f, 0.0f) : o / len;
}

/// How deep the body may press into the car's crush zone (0: a rigid impact). A pair is
/// a crush contact when √(k_t (1/M_car + 1/M_body)) h ≤ kCrushMaxOmegaH (heavy, pinned or
/// held against a pinned body), k_t the crumple envelope's slope at law.depth (k itself
/// for a body that gives); the allowance is law.depth, at most the body's thickness along
/// the contact normal less kCrushWallLeft (but at least 40 % of it, and only 40 % for a
/// body that gives, kCrushDeadShare): a barrier is never pressed through.
float crush_allowance(const SoftSolver& sw, const SoftSolver::Body& b, bool held,
                      const soft_geo::Sat& sat, const CarBody& car, const BodyAtTau& at,
                      const detail::ContactLaw& law, const Coupling& cp) {
    if (!(law.depth > 0.0) || !(law.k > 0.0)) return 0.0f;
    double w_body = 0.0;
    if (!held && !b.pinned) {
        double m = 0.0;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const float w = sw.inv_mass[b.first + k];
            m += w > 0.0f ? 1.0 / static_cast<double>(w) : 0.0;
        }
        w_body = m > 0.0 ? 1.0 / m : 0.0;
    }
    const bool gives = law.max_zeta >= detail::kCrushDeadZeta;
    const double k = gives ? law.k : detail::crumple_tangent(law.k, law.depth);
    if (std::sqrt(k * (car.inv_mass + w_body)) * cp.h > detail::kCrushMaxOmegaH) return 0.0f;
    const vec2 n = push_normal(b, sat, car, at);
    if (dot2(n, n) == 0.0f) return 0.0f;
    float lo = 0.0f, hi = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float d = dot2(at.y0[k], n);
        lo = k == 0 ? d : std::min(lo, d);
        hi = k == 0 ? d : std::max(hi, d);
    }
    // Along the face: no deeper than 80 % of how far the car and the body overlap across
    // the normal, or an offset hit would press in deeper than the overlap is wide and the
    // SAT would take the body's side for the face, pushing the car past its end.
    const vec2 t(-n.y, n.x);
    float clo = 0.0f, chi = 0.0f, blo = 0.0f, bhi = 0.0f;
    for (int k = 0; k < car.count; ++k) {
        const float d = dot2(car.corners[static_cast<std::size_t>(k)], t);
        clo = k == 0 ? d : std::min(clo, d);
        chi = k == 0 ? d : std::max(chi, d);
    }
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float d = dot2(at.y0[k], t);
        blo = k == 0 ? d : std::min(blo, d);
        bhi = k == 0 ? d : std::max(bhi, d);
    }
    const double across =
        static_cast<double>(std::max(std::min(chi, bhi) - std::max(clo, blo), 0.0f));
    const double thick = static_cast<double>(hi - lo);
    const double room =
        gives ? detail::kCrushDeadShare * thick
              : std::max(detail::kCrushDeadShare * thick, thick - detail::kCrushWallLeft);
    return std::min(static_cast<float>(law.depth),
                    static_cast<float>(std::min(room, gives ? room : 0.8 * across)));
}

/// Couples one car with one candidate body: gather, narrow phase, solve, apply. Returns
/// whether they touched; `ev` then holds the contact's sound.
bool couple_body(SoftSolver& sw, std::size_t bi, CarBody& car, vec2 lo, vec2 hi, const Coupling& cp,
                 const CrushSlot& slot, BodyAtTau& at, ContactEvent& ev) {
    const SoftSolver::Body b = sw.bodies[bi];
    // Gather.
    if (!extrapolate(sw, b, cp, lo, hi, at)) return false;
    // Narrow phase.
    const soft_geo::Sat sat = soft_geo::sat(car.corners.data(), car.count, at.y0.data(),
                                            static_cast<int>(b.count), cp.margin);
    if (!sat.hit) return false;
    for (std::uint32_t k = 0; k < b.count; ++k)
        sw.pos[b.first + k] = at.y0[k];
    const vec2 n = push_normal(b, sat, car, at);
    const bool backed = cp.touch && dot2(n, n) > 0.0f &&
                        detail::backed_along(sw, *cp.touch, static_cast<std::uint32_t>(bi), n);
    const bool held = hold_against_pinned(sw, b, backed, cp, at);
    // A heavy, pinned or barrier-backed body meets the car's crush zone (a spring-damper
    // over several sub-steps); a light one is a rigid impact.
    const detail::ContactLaw law = detail::contact_law(cp.def, sw.bodies[bi].material,
                                                       sw.materials[sw.bodies[bi].material].effect);
    const float allow = crush_allowance(sw, b, held, sat, car, at, law, cp);
    // Solve positions, velocities, crush.
    solve_positions(sw, bi, sat, car, cp, allow, at.hits);
    if (at.hits.empty()) {
        for (std::uint32_t k = 0; k < b.count; ++k)
            sw.pos[b.first + k] = at.x0[k];
        release_held(sw, at);
        return false;
    }
    // Backed by a barrier: immovable for the car.
    RigidSoft body = held ? RigidSoft{} : rigid_soft(sw, b, at.vel);
    contact_speeds(body, car, at.hits, ev);
    const float rest_before = rest_sum(sw, b);
    if (allow > 0.0f) {
        at.jn.assign(at.hits.size(), 0.0f);
        if (!solve_crush(body, car, at.hits, law, cp, allow, slot, ev)) {
            ev.position = dvec2(at.hits.front().q);
            ev.normal = dvec2(at.hits.front().n);
        }
    } else {
        solve_velocities(body, car, at.hits, law,
                         static_cast<float>(std::max(cp.def.bounce_threshold, 0.0)), at);
        double jsum = 0.0, jt = 0.0;
        dvec2 at_sum{0.0, 0.0};
        for (std::size_t hk = 0; hk < at.hits.size(); ++hk) {
            jsum += at.jn[hk];
            jt += std::fabs(at.jt[hk]);
            at_sum += dvec2(at.hits[hk].q) * static_cast<double>(at.jn[hk]);
        }
        ev.impulse = jsum;
        ev.friction_impulse = jt;
        ev.position = jsum > 0.0 ? at_sum / jsum : dvec2(at.hits.front().q);
        ev.normal = dvec2(at.hits.front().n);
    }
    crush(sw, bi, body, at.hits, cp);
    if (held)
        detail::crush_held(sw, bi, car, cp, at, ev.impulse, vec2(ev.position), vec2(ev.normal));
    release_held(sw, at);
    // Apply.
    write_verlet(sw, b, body, at, cp);
    ev.dented = rest_sum(sw, b) != rest_before;
    ev.broken = sw.bodies[bi].broken;
    return true;
}

}  // namespace

void World::record_sound(ContactEvent& ev, CarSlot& s, std::uint32_t bi, const SoftSolver& sw) {
    const std::uint8_t row = sw.bodies[bi].material;
    ev.a = ContactMaterial::CarBody;
    ev.b = detail::contact_material(row, sw.materials[row].effect);
    ev.kind =
        ev.approach_speed > def_.soft.bounce_threshold ? ContactKind::Impact : ContactKind::Scrape;
    ev.car = static_cast<std::uint32_t>(&s - cars_.data());
    ev.body = bi;
    if (ev.impulse > 0.0 || ev.broken) car_contact_applied(s, ev);
}

void World::car_contact_applied(CarSlot& s, const ContactEvent& ev) {
    // Car damage reads each applied contact here (the car, its point, normal and impulses).
    (void)s;
    detail::record_contact(events_, ev);
}

void World::couple_cars(double h, int substep_index) {
    if (contact_candidates_.empty()) {
        for (CarSlot& s : cars_)
            detail::crush_forget(s.car.damage, 0, false);  // no body near: every contact ended
        return;
    }
    SoftSolver& sw = soft_solver(soft_);
    Coupling cp{def_.soft};
    cp.margin = static_cast<float>(std::max(cp.def.contact_margin, 0.0));
    cp.hs = sw.substep_time();
    cp.tau = static_cast<float>(h) * static_cast<float>(substep_index + 1);
    cp.h = h;
    std::vector<std::uint32_t> pinned;
    for (std::uint32_t bi : contact_candidates_) {
        if (bi < sw.bodies.size() && sw.bodies[bi].pinned) pinned.push_back(bi);
    }
    cp.pinned = &pinned;
    cp.touch = &touch_;
    BodyAtTau at;
    for (CarSlot& s : cars_) {
        if (!s.alive) continue;
        CarBody car = CarBody::of(s.car, s.def);
        vec2 lo = car.corners[0], hi = lo;
        for (int k = 1; k < car.count; ++k) {
            lo = glm::min(lo, car.corners[static_cast<std::size_t>(k)]);
            hi = glm::max(hi, car.corners[static_cast<std::size_t>(k)]);
        }
        lo -= vec2(cp.margin);
        hi += vec2(cp.margin);
        unsigned touched = 0;
        for (std::uint32_t bi : contact_candidates_) {
            ContactEvent ev;
            const dvec2 v_before = car.velocity;
            const CrushSlot slot{&s.car.damage, bi + 1, &touched};
            if (bi < sw.bodies.size() && couple_body(sw, bi, car, lo, hi, cp, slot, at, ev)) {
                if (ev.impulse > 0.0) {
                    ev.contact_time = h;
                    ev.peak_force = ev.impulse / h;
                    ev.peak_at = ev.first_at = h * (substep_index + 1);
                }
                record_sound(ev, s, bi, sw);
                // The body crumples (damage.hpp): where the impulse acted, along the
                // impulse the car took (its velocity change), in the car's frame.
                const double heading = car.pose.heading;
                damage_apply_hit(s.car.damage, s.def,
                                 rotate(ev.position - car.pose.position, -heading),
                                 rotate(car.velocity - v_before, -heading), ev.impulse);
            }
        }
        detail::crush_forget(s.car.damage, touched, false);
        car.write_back(s.car);
    }
}

}  // namespace skidpad
