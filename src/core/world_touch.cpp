// Gathering the car coupling's candidates once per step, which of them a pinned body
// holds (directly, or through the bodies they touch), and how a held body gives when the
// car hits it (docs/physics.md §13, "Thin barriers", "Squeezed bodies" and "Held against
// a barrier").
//
// A body the car pushes toward a barrier with other bodies in between cannot move:
// the chain is jammed. Were the car to push it by position anyway, the bodies between
// would be squeezed by as much as the car moves on, more than their dents can take, and
// the soft step would turn each sub-step's fight between their shapes and their
// contacts into Verlet speed (crates squeezed between the car's nose and a wall came
// out at 53 m/s, particles at 75 m/s, from a car pushing at 1.4 m/s). So such a body
// is held whole for the coupling: the car meets it as an immovable body (its crush
// zone, then a dead stop). A body touching the barrier itself keeps the coupling's
// own rule (only its particles near the barrier are held) and is crushed there by the
// energy the car's stop takes (crush_held), so a slow squeeze dents it and a real crash
// breaks it. The barrier behind a body at the car's nose is often beyond the car's own
// reach, so the pinned bodies near the movable candidates are candidates too.
#include <algorithm>
#include <cmath>

#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"
#include "soft/soft_geometry.hpp"
#include "world_touch.hpp"

namespace skidpad {

namespace detail {

using soft_geo::dot2;

void build_touch_graph(const SoftSolver& sw, float reach, SoftTouchGraph& g) {
    const std::size_t nb = sw.bodies.size();
    g.any_pinned = false;
    for (const SoftSolver::Body& b : sw.bodies)
        g.any_pinned = g.any_pinned || b.pinned;
    g.first.assign(nb + 1, 0);
    g.body.clear();
    g.dir.clear();
    if (!g.any_pinned) return;
    g.owner.resize(sw.pos.size());
    for (std::size_t bi = 0; bi < nb; ++bi) {
        const SoftSolver::Body& b = sw.bodies[bi];
        std::fill_n(g.owner.begin() + b.first, b.count, static_cast<std::uint32_t>(bi));
    }
    // Contact c: particle p of body P against edge a→b of body E, whose outward normal
    // o points from E toward P. Two passes: count, then fill (CSR).
    const std::vector<Contact>& cs = sw.contacts();
    const std::size_t np = sw.pos.size();
    auto touching = [&](const Contact& c, vec2& o) {
        if (c.p >= np || c.a >= np || c.b >= np) return false;
        if (g.owner[c.p] == g.owner[c.a]) return false;
        const vec2 pa = sw.pos[c.a], pb = sw.pos[c.b];
        const vec2 d = pb - pa;
        const float len = std::sqrt(soft_geo::dot2(d, d));
        if (len < 1e-6f) return false;
        o = soft_geo::outward(pa, pb) / len;
        return soft_geo::dot2(sw.pos[c.p] - pa, o) <= reach;
    };
    vec2 o{0.0f, 0.0f};
    for (const Contact& c : cs) {
        if (!touching(c, o)) continue;
        g.first[g.owner[c.p] + 1] += 1;
        g.first[g.owner[c.a] + 1] += 1;
    }
    for (std::size_t bi = 0; bi < nb; ++bi)
        g.first[bi + 1] += g.first[bi];
    g.body.resize(g.first[nb]);
    g.dir.resize(g.first[nb]);
    std::vector<std::uint32_t>& fill = g.queue;  // the next free entry of each body
    fill.assign(g.first.begin(), g.first.end() - 1);
    for (const Contact& c : cs) {
        if (!touching(c, o)) continue;
        const std::uint32_t P = g.owner[c.p], E = g.owner[c.a];
        g.body[fill[E]] = P;
        g.dir[fill[E]++] = o;
        g.body[fill[P]] = E;
        g.dir[fill[P]++] = -o;
    }
}

bool backed_along(const SoftSolver& sw, SoftTouchGraph& g, std::uint32_t bi, vec2 n) {
    const std::size_t nb = sw.bodies.size();
    if (!g.any_pinned || bi + 1 >= g.first.size() || g.first.size() != nb + 1) return false;
    if (g.seen.size() != nb) g.seen.assign(nb, 0);
    if (++g.stamp == 0) {
        std::fill(g.seen.begin(), g.seen.end(), 0u);
        g.stamp = 1;
    }
    constexpr float kAhead = 0.5f;  // cos 60°
    g.queue.clear();
    g.queue.push_back(bi);
    g.seen[bi] = g.stamp;
    for (std::size_t q = 0; q < g.queue.size() && q < kMaxBackingSearch; ++q) {
        const std::uint32_t u = g.queue[q];
        for (std::uint32_t k = g.first[u]; k < g.first[u + 1]; ++k) {
            const std::uint32_t v = g.body[k];
            if (g.seen[v] == g.stamp || soft_geo::dot2(g.dir[k], n) < kAhead) continue;
            if (sw.bodies[v].pinned) {
                if (u != bi) return true;
                continue;
            }
            g.seen[v] = g.stamp;
            g.queue.push_back(v);
        }
    }
    return false;
}

bool hold_against_pinned(SoftSolver& sw, const SoftSolver::Body& b, bool backed, const Coupling& cp,
                         BodyAtTau& at) {
    at.held.clear();
    at.held_w.clear();
    if (b.pinned) return false;
    for (std::uint32_t k = 0; k < b.count && backed; ++k) {
        at.held.push_back(b.first + k);
        at.held_w.push_back(sw.inv_mass[b.first + k]);
        sw.inv_mass[b.first + k] = 0.0f;
    }
    if (backed || !cp.pinned || cp.pinned->empty()) return backed;
    const float reach = 2.0f * cp.margin + 0.02f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 p = at.y0[k];
        for (std::uint32_t pi : *cp.pinned) {
            const SoftSolver::Body& w = sw.bodies[pi];
            // Largest signed distance outside an edge: <= reach means inside or near
            // (a convex polygon; near a corner it errs towards holding).
            float out = -1e30f;
            for (std::uint32_t e = 0; e < w.count && out <= reach; ++e) {
                const vec2 a = sw.pos[w.first + e];
                const vec2 c = sw.pos[w.first + (e + 1) % w.count];
                const vec2 o = soft_geo::outward(a, c);
                const float len = std::sqrt(dot2(o, o));
                if (len < 1e-6f) continue;
                out = std::max(out, dot2(p - a, o) / len);
            }
            if (out <= reach) {
                at.held.push_back(b.first + k);
                at.held_w.push_back(sw.inv_mass[b.first + k]);
                sw.inv_mass[b.first + k] = 0.0f;
                break;
            }
        }
    }
    return !at.held.empty();
}

void release_held(SoftSolver& sw, const BodyAtTau& at) {
    for (std::size_t k = 0; k < at.held.size(); ++k)
        sw.inv_mass[at.held[k]] = at.held_w[k];
}

namespace {

/// The crush of a held body (crush_held): the touched particles that are not held are
/// pushed in by the energy-equivalent speed, then the body is relaxed.
void push_held(SoftSolver& sw, std::size_t bi, const CarBody& car, const Coupling& cp,
               const BodyAtTau& at, double impulse, vec2 q, vec2 n) {
    const SoftSolver::Body& b = sw.bodies[bi];
    if (!(impulse > 0.0) || !(cp.def.crush > 0.0) || at.y0.size() < b.count) return;
    double m = 0.0;  // the body's own mass, its held particles' included
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float w = sw.inv_mass[b.first + k];
        m += w > 0.0f ? 1.0 / static_cast<double>(w) : 0.0;
    }
    for (const float w : at.held_w)
        m += w > 0.0f ? 1.0 / static_cast<double>(w) : 0.0;
    const double w_car = car.inv_mass_at(dvec2(q) - car.origin, dvec2(n));
    if (!(m > 0.0) || !(w_car > 0.0)) return;
    const double dv = impulse * std::sqrt(w_car / m);
    float lo = 0.0f, hi = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float d = dot2(at.y0[k], n);
        lo = k == 0 ? d : std::min(lo, d);
        hi = k == 0 ? d : std::max(hi, d);
    }
    const float depth = std::min(static_cast<float>(dv * cp.h * cp.def.crush), 0.4f * (hi - lo));
    if (!(depth > 0.0f)) return;
    bool pushed = false;
    for (const Hit& hr : at.hits) {
        const vec2 push = hr.n * depth;
        if (sw.inv_mass[hr.i] > 0.0f) {
            sw.pos[hr.i] += hr.i == hr.j ? push : push * (1.0f - hr.t);
            pushed = true;
        }
        if (hr.j != hr.i && sw.inv_mass[hr.j] > 0.0f) {
            sw.pos[hr.j] += push * hr.t;
            pushed = true;
        }
    }
    if (pushed) sw.relax_body(cp.def, bi, sw.pos.data());
}

}  // namespace

void crush_held(SoftSolver& sw, std::size_t bi, const CarBody& car, const Coupling& cp,
                BodyAtTau& at, double impulse, vec2 q, vec2 n) {
    const SoftSolver::Body& b = sw.bodies[bi];
    if (b.pinned || at.held.empty() || at.vel.size() < b.count || at.y0.size() < b.count) return;
    push_held(sw, bi, car, cp, at, impulse, q, n);
    // A particle the coupling moved keeps no velocity against that move.
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 dy = sw.pos[b.first + k] - at.y0[k];
        const float len = std::sqrt(dot2(dy, dy));
        if (!(len > 1e-7f)) continue;
        const vec2 u = dy / len;
        const float back = dot2(at.vel[k], u);
        if (back < 0.0f) at.vel[k] -= u * back;
    }
}

}  // namespace detail

void World::begin_car_contacts(double dt) {
    contact_candidates_.clear();
    bool any = false;
    vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};
    for (const CarSlot& s : cars_) {
        if (!s.alive) continue;
        const double reach = 0.5 * std::hypot(s.def.length, s.def.width) +
                             glm::length(s.car.velocity) * dt * 1.5 + 0.5;
        const vec2 c(s.car.position);
        const vec2 r(static_cast<float>(reach));
        lo = any ? glm::min(lo, c - r) : c - r;
        hi = any ? glm::max(hi, c + r) : c + r;
        any = true;
    }
    if (!any) return;
    const SoftSolver& sw = soft_solver(soft_);
    const float ahead = static_cast<float>(dt) * 1.5f / sw.substep_time();
    auto box_of = [&](const SoftSolver::Body& b, vec2& blo, vec2& bhi) {
        blo = sw.pos[b.first];
        bhi = blo;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const vec2 p = sw.pos[b.first + k];
            const vec2 q = p + (p - sw.prev[b.first + k]) * ahead;
            blo = glm::min(blo, glm::min(p, q));
            bhi = glm::max(bhi, glm::max(p, q));
        }
    };
    // The movable candidates' box: a pinned body the car cannot reach but one of them
    // can (the wall behind a crate at the car's nose) holds that body's particles.
    bool any_movable = false;
    vec2 mlo{0.0f, 0.0f}, mhi{0.0f, 0.0f};
    for (std::size_t bi = 0; bi < sw.bodies.size(); ++bi) {
        const SoftSolver::Body& b = sw.bodies[bi];
        vec2 blo{0.0f, 0.0f}, bhi{0.0f, 0.0f};
        box_of(b, blo, bhi);
        if (blo.x <= hi.x && lo.x <= bhi.x && blo.y <= hi.y && lo.y <= bhi.y) {
            contact_candidates_.push_back(static_cast<std::uint32_t>(bi));
            if (b.pinned) continue;
            mlo = any_movable ? glm::min(mlo, blo) : blo;
            mhi = any_movable ? glm::max(mhi, bhi) : bhi;
            any_movable = true;
        }
    }
    // Only bodies near a car can be pushed; the graph is the step's, for every sub-step.
    const float margin = static_cast<float>(std::max(def_.soft.contact_margin, 0.0));
    if (any_movable) {
        const vec2 r(2.0f * margin + 0.02f);
        mlo -= r;
        mhi += r;
        const std::size_t before = contact_candidates_.size();
        std::size_t next = 0;  // candidates are in ascending order
        for (std::size_t bi = 0; bi < sw.bodies.size(); ++bi) {
            while (next < before && contact_candidates_[next] < bi)
                ++next;
            if (!sw.bodies[bi].pinned || (next < before && contact_candidates_[next] == bi))
                continue;
            vec2 blo{0.0f, 0.0f}, bhi{0.0f, 0.0f};
            box_of(sw.bodies[bi], blo, bhi);
            if (blo.x <= mhi.x && mlo.x <= bhi.x && blo.y <= mhi.y && mlo.y <= bhi.y)
                contact_candidates_.push_back(static_cast<std::uint32_t>(bi));
        }
        if (contact_candidates_.size() > before) {
            std::inplace_merge(contact_candidates_.begin(),
                               contact_candidates_.begin() + static_cast<std::ptrdiff_t>(before),
                               contact_candidates_.end());
        }
    }
    if (!contact_candidates_.empty()) detail::build_touch_graph(sw, 2.0f * margin + 0.02f, touch_);
}

}  // namespace skidpad
