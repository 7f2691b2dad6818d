// Gathering the car coupling's candidates once per step, and which of them a pinned
// body holds through the bodies they touch (docs/physics.md §12, "Thin barriers" and
// "Squeezed bodies").
//
// A body the car pushes toward a barrier with other bodies in between cannot move:
// the chain is jammed. Were the car to push it by position anyway, the bodies between
// would be squeezed by as much as the car moves on, more than their dents can take, and
// the soft step would turn each sub-step's fight between their shapes and their
// contacts into Verlet speed (crates squeezed between the car's nose and a wall came
// out at 53 m/s, particles at 75 m/s, from a car pushing at 1.4 m/s). So such a body
// is held whole for the coupling: the car meets it as an immovable body (its crush
// zone, then a dead stop). A body touching the barrier itself keeps the coupling's
// own rule (only its particles near the barrier are held), so the car still crushes
// and breaks it there.
#include <algorithm>
#include <cmath>

#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"
#include "soft/soft_geometry.hpp"
#include "world_touch.hpp"

namespace skidpad {

namespace detail {

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
    for (std::size_t bi = 0; bi < sw.bodies.size(); ++bi) {
        const SoftSolver::Body& b = sw.bodies[bi];
        vec2 blo = sw.pos[b.first], bhi = blo;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const vec2 p = sw.pos[b.first + k];
            const vec2 q = p + (p - sw.prev[b.first + k]) * ahead;
            blo = glm::min(blo, glm::min(p, q));
            bhi = glm::max(bhi, glm::max(p, q));
        }
        if (blo.x <= hi.x && lo.x <= bhi.x && blo.y <= hi.y && lo.y <= bhi.y) {
            contact_candidates_.push_back(static_cast<std::uint32_t>(bi));
        }
    }
    // Only bodies near a car can be pushed; the graph is the step's, for every sub-step.
    const float margin = static_cast<float>(std::max(def_.soft.contact_margin, 0.0));
    if (!contact_candidates_.empty()) detail::build_touch_graph(sw, 2.0f * margin + 0.02f, touch_);
}

}  // namespace skidpad
