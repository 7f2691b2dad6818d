// Bounds on the soft bodies' motion (docs/physics.md §13): bodies that spawn into
// each other are pushed apart at a bounded speed, broken pieces past a budget fade
// out and never carry more kinetic energy than the body they came from. The
// particle speed cap itself runs in ground_friction (soft_world.cpp).
#include <algorithm>
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

namespace {
/// m, a contact deeper than this between a body and a fresh or settling one starts
/// (or keeps up) the separation of both. Only contacts with a fresh or settling body
/// are looked at, so a fast collision elsewhere never starts one; a body spawned
/// touching another (a stack without gaps) is within the solver's few millimetres.
constexpr float kOverlap = 0.02f;
/// Steps a body keeps its separation speed after its last deep contact.
constexpr std::uint8_t kSettleSteps = 12;
}  // namespace

// Marks the bodies in deep contact with a fresh body (added since the last step) or a
// settling one, from the contacts the narrow phase just found. A fresh body is checked
// in its first sub-step only; a settling one every sub-step, so the separation spreads
// to whatever it pushes deep into. A body merely touching a separating one is held to
// the separation speed for the rest of the step (it is what the push reaches first).
void SoftSolver::mark_overlaps() {
    if (!owner_valid_) {
        owner_.resize(pos.size());
        for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
            const Body& b = bodies[bi];
            std::fill_n(owner_.begin() + b.first, b.count, static_cast<std::uint32_t>(bi));
        }
        owner_valid_ = true;
    }
    auto mark = [&](std::uint32_t bi) {
        Body& b = bodies[bi];
        if (b.pinned) return;
        if (b.settle == 0) ++settling_;
        b.settle = kSettleSteps;
    };
    auto touch = [&](std::uint32_t bi) {
        Body& b = bodies[bi];
        if (b.pinned || b.settle > 0) return;
        b.settle = 1;  // ends with this step and spreads no further
        ++settling_;
    };
    // Coincident bodies: their vertices lie on each other's edges, so the contacts
    // show no depth; bodies whose bounds' centres are closer than a quarter of the
    // smaller one's least half-width overlap by at least half of it.
    auto centres_inside = [&](std::uint32_t i, std::uint32_t j) {
        const Aabb& a = aabb_[i];
        const Aabb& b = aabb_[j];
        const vec2 d = 0.5f * (a.lo + a.hi) - 0.5f * (b.lo + b.hi);
        const vec2 ha = 0.5f * (a.hi - a.lo), hb = 0.5f * (b.hi - b.lo);
        const float r = 0.25f * std::min(std::min(ha.x, ha.y), std::min(hb.x, hb.y));
        return d.x * d.x + d.y * d.y < r * r;
    };
    for (const ContactList& list : band_contacts_) {
        for (const Contact& c : list) {
            const std::uint32_t bp = owner_[c.p], be = owner_[c.a];
            const Body& P = bodies[bp];
            const Body& E = bodies[be];
            if (!(P.fresh || E.fresh || P.settle > 0 || E.settle > 0)) continue;
            const vec2 a = pos[c.a];
            const vec2 o = soft_geo::outward(a, pos[c.b]);  // |o| = edge length
            const vec2 r = pos[c.p] - a;
            const float depth_len = -(r.x * o.x + r.y * o.y);  // depth · |o|
            if ((depth_len > 0.0f &&
                 depth_len * depth_len > kOverlap * kOverlap * (o.x * o.x + o.y * o.y)) ||
                centres_inside(bp, be)) {
                mark(bp);
                mark(be);
            } else if (P.settle > 1 || E.settle > 1) {
                touch(bp);  // pushed by a separating body: held to its speed this step
                touch(be);
            }
        }
    }
    if (fresh_pending_) {
        for (Body& b : bodies)
            b.fresh = false;
        fresh_pending_ = false;
    }
    stats_.settling = settling_;
}

// After the sub-step: a settling body moves at most soft.separation_speed·h. Its
// particles' displacements over the sub-step (x − x_prev: integration and solve) are
// scaled by one factor so the longest is that long; the body keeps its shape, the
// overlap comes out over several sub-steps, and what it pushes is pushed no faster.
void SoftSolver::clamp_settling(const SoftDef& def, float h) {
    const float cap = static_cast<float>(std::clamp(def.separation_speed, 0.01, 1000.0)) * h;
    for (const Body& b : bodies) {
        if (b.settle == 0 || b.pinned) continue;
        float longest = 0.0f;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const vec2 d = pos[b.first + k] - prev[b.first + k];
            longest = std::max(longest, d.x * d.x + d.y * d.y);
        }
        longest = std::sqrt(longest);
        if (!(longest > cap)) continue;
        const float s = std::isfinite(longest) ? cap / longest : 0.0f;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const std::uint32_t i = b.first + k;
            pos[i] = prev[i] + (pos[i] - prev[i]) * s;
        }
    }
}

void SoftSolver::settle_crowded(std::uint32_t s0, std::uint32_t s1) {
    for (std::uint32_t k = s0; k < s1; ++k) {
        Body& b = bodies[cell_items_[k]];
        if (b.pinned) continue;
        if (b.settle == 0) ++settling_;
        b.settle = kSettleSteps;
    }
    stats_.settling = settling_;
}

void SoftSolver::end_settling_step() {
    if (settling_ == 0) return;
    settling_ = 0;
    for (Body& b : bodies) {
        if (b.settle > 0) b.settle -= 1;
        settling_ += b.settle > 0 ? 1 : 0;
    }
    stats_.settling = settling_;
}

int SoftSolver::count_pieces() const {
    int n = 0;
    for (const Body& b : bodies)
        n += b.material == static_cast<std::uint8_t>(BodyKind::Shard) ? 1 : 0;
    return n;
}

// m, the smallest width of a pinned body (for a convex polygon: the least, over its
// edges, of the farthest vertex's distance from the edge's line); 0 when none.
float SoftSolver::thinnest_pinned() const {
    float thin = 0.0f;
    for (const Body& b : bodies) {
        if (!b.pinned || b.count < 3) continue;
        for (std::uint32_t e = 0; e < b.count; ++e) {
            const vec2 a = pos[b.first + e];
            const vec2 o = soft_geo::outward(a, pos[b.first + (e + 1) % b.count]);
            const float len = std::sqrt(o.x * o.x + o.y * o.y);
            if (len < 1e-6f) continue;
            float width = 0.0f;
            for (std::uint32_t k = 0; k < b.count; ++k) {
                const vec2 r = pos[b.first + k] - a;
                width = std::max(width, -(r.x * o.x + r.y * o.y) / len);
            }
            if (width > 1e-4f && (thin == 0.0f || width < thin)) thin = width;
        }
    }
    return thin;
}

// Pieces past the budget fade out (§13). The bodies are in the order they were made
// and shatter_broken appends pieces, so the first pieces in storage are the oldest.
// While more than soft.max_pieces pieces are not fading, the oldest of them start; a
// fading piece loses dt / soft.piece_fade of its opacity per step, from the step it
// starts, and is removed at 0. A fixed order and float steps: the same bits on every run.
void SoftSolver::fade_pieces(const SoftDef& def, float dt) {
    const auto shard = static_cast<std::uint8_t>(BodyKind::Shard);
    int steady = 0;  // pieces not fading
    for (const Body& b : bodies)
        steady += b.material == shard && !b.fading ? 1 : 0;
    const int budget = std::max(def.max_pieces, 0);
    const float fade = static_cast<float>(std::clamp(def.piece_fade, 0.0, 1e6));
    const float step = fade > 0.0f ? dt / fade : 2.0f;
    std::vector<std::size_t> gone;
    int fading = 0;
    for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
        Body& b = bodies[bi];
        if (b.material != shard) continue;
        if (!b.fading && steady > budget) {  // the oldest past the budget start now
            b.fading = true;
            b.alpha = 1.0f;
            --steady;
        }
        if (!b.fading) continue;
        b.alpha -= step;
        if (b.alpha > 0.0f) {
            ++fading;
        } else {
            gone.push_back(bi);
        }
    }
    stats_.faded = static_cast<int>(gone.size());
    stats_.fading = fading;
    if (gone.empty()) return;
    remove_dense(gone);
    stats_.pieces = count_pieces();
}

// A broken body (crate or cone) falls apart into planks along its sides: each plank
// is a box of that side's two particles and two new ones inset toward the centre,
// kPlankWidth wide (0.35 of the side on short sides), so that a plank reads as
// a board and not a splinter. A small four-cornered body (a cone: no side as long as
// kHalveBelow) splits into two halves instead, big enough to see. Pieces keep the
// particles' velocities (so the pieces' momentum and kinetic
// energy are the body's; a guard scales the velocities about the body's mean should
// rounding give more). Pieces past soft.max_pieces fade out afterwards
// (fade_pieces). Pieces are fresh bodies: one that overlaps a
// neighbour is separated at soft.separation_speed. Runs once per step, batched.
namespace {
constexpr float kPlankWidth = 0.2f;  // m, plank width across the board
constexpr float kHalveBelow = 0.6f;  // m, bodies with shorter sides break in halves
constexpr float kHalfGap = 0.04f;    // fraction of the side left between two halves
}  // namespace

bool SoftSolver::shatter_broken(const SoftDef& def) {
    // Whether any body broke: a pass over every body, split between the workers.
    WorkerContext* const ctx = ensure_workers(def.threads);
    for (WorkerContext& c : workers_)
        c.found = 0;
    parallel_for_indexed(pool_.get(), def.threads, bodies.size(),
                         [&](int worker, std::size_t begin, std::size_t end) {
                             int n = 0;
                             for (std::size_t bi = begin; bi < end; ++bi)
                                 n += bodies[bi].broken ? 1 : 0;
                             ctx[worker].found = n;
                         });
    int found = 0;
    for (const WorkerContext& c : workers_)
        found += c.found;
    if (found == 0) return false;
    std::vector<std::size_t> gone;
    for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
        if (bodies[bi].broken) gone.push_back(bi);
    }
    if (gone.empty()) return false;
    stats_.broken = static_cast<int>(gone.size());
    struct Piece {
        vec2 p[4];
        vec2 v[4];
        float mass;
        std::uint8_t origin;
    };
    std::vector<Piece> pieces;
    for (std::size_t bi : gone) {
        const Body& b = bodies[bi];
        float m = 0.0f;
        vec2 mv{0.0f, 0.0f};
        double ke_body = 0.0;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const float mk = 1.0f / inv_mass[b.first + k];
            const vec2 v = particle_velocity(b.first + k);
            m += mk;
            mv += mk * v;
            ke_body += 0.5 * static_cast<double>(mk) * static_cast<double>(glm::dot(v, v));
        }
        const vec2 vmean = mv / m;
        const std::size_t first_piece = pieces.size();
        double ke_pieces = 0.0;
        float longest = 0.0f;
        for (std::uint32_t k = 0; k < b.count; ++k)
            longest =
                std::max(longest, glm::length(pos[b.first + (k + 1) % b.count] - pos[b.first + k]));
        const bool halves = b.count == 4 && longest < kHalveBelow;
        if (halves) {
            // Two halves across the midline between sides 0-1 and 2-3.
            const std::uint32_t f = b.first;
            const vec2 p0 = pos[f], p1 = pos[f + 1], p2 = pos[f + 2], p3 = pos[f + 3];
            const vec2 v0 = particle_velocity(f), v1 = particle_velocity(f + 1);
            const vec2 v2 = particle_velocity(f + 2), v3 = particle_velocity(f + 3);
            for (int half = 0; half < 2; ++half) {
                const float t0 = half == 0 ? 0.0f : 0.5f + kHalfGap;
                const float t1 = half == 0 ? 0.5f - kHalfGap : 1.0f;
                Piece pc;
                pc.p[0] = p0 + (p3 - p0) * t0;
                pc.p[1] = p1 + (p2 - p1) * t0;
                pc.p[2] = p1 + (p2 - p1) * t1;
                pc.p[3] = p0 + (p3 - p0) * t1;
                pc.v[0] = v0 + (v3 - v0) * t0;
                pc.v[1] = v1 + (v2 - v1) * t0;
                pc.v[2] = v1 + (v2 - v1) * t1;
                pc.v[3] = v0 + (v3 - v0) * t1;
                pc.mass = 0.5f * m;
                pc.origin = b.origin;
                for (const vec2& v : pc.v)
                    ke_pieces +=
                        0.125 * static_cast<double>(pc.mass) * static_cast<double>(glm::dot(v, v));
                pieces.push_back(pc);
            }
        }
        for (std::uint32_t k = 0; k < b.count && !halves; ++k) {
            const std::uint32_t i0 = b.first + k;
            const std::uint32_t i1 = b.first + (k + 1) % b.count;
            const vec2 a = pos[i0], e = pos[i1];
            const float len = glm::length(e - a);
            if (len < 0.05f) continue;
            const vec2 along = (e - a) / len;
            const vec2 in = perp(along);  // CCW polygon: inward is the left normal
            const float th = std::min(kPlankWidth, 0.35f * len);
            const vec2 a2 = a + along * th, e2 = e - along * th;
            Piece pc;
            pc.p[0] = a2;
            pc.p[1] = e2;
            pc.p[2] = e2 + in * th;
            pc.p[3] = a2 + in * th;
            const vec2 va = particle_velocity(i0), ve = particle_velocity(i1);
            pc.v[0] = va;
            pc.v[1] = ve;
            pc.v[2] = ve;
            pc.v[3] = va;
            pc.mass = m / static_cast<float>(b.count);
            pc.origin = b.origin;
            for (const vec2& v : pc.v)
                ke_pieces +=
                    0.125 * static_cast<double>(pc.mass) * static_cast<double>(glm::dot(v, v));
            pieces.push_back(pc);
        }
        // Kinetic energy about the mean velocity is what a guard may scale.
        const double ke_mean =
            0.5 * static_cast<double>(m) * static_cast<double>(glm::dot(vmean, vmean));
        if (ke_pieces > ke_body * (1.0 + 1e-5) && ke_pieces - ke_mean > 0.0) {
            const float s = static_cast<float>(
                std::sqrt(std::max(ke_body - ke_mean, 0.0) / (ke_pieces - ke_mean)));
            for (std::size_t q = first_piece; q < pieces.size(); ++q) {
                for (vec2& v : pieces[q].v)
                    v = vmean + (v - vmean) * s;
            }
        }
    }
    remove_dense(gone);
    for (const Piece& pc : pieces) {
        // p[0..3] run along the side then back on the inner line: reorder CCW.
        const vec2 q[4] = {pc.p[1], pc.p[2], pc.p[3], pc.p[0]};
        const vec2 qv[4] = {pc.v[1], pc.v[2], pc.v[3], pc.v[0]};
        const bool ccw = cross(q[1] - q[0], q[2] - q[0]) > 0.0f;
        vec2 pts[4], vel[4];
        for (int k = 0; k < 4; ++k) {
            const int s = ccw ? k : 3 - k;
            pts[k] = q[s];
            vel[k] = qv[s];
        }
        add_body(SoftMaterialId::of(BodyKind::Shard), pts, pc.mass);
        bodies.back().origin = pc.origin;
        const std::uint32_t f = bodies.back().first;
        add_box_constraints(f, 1.0f);
        for (std::uint32_t k = 0; k < 4; ++k)
            prev[f + k] = pos[f + k] - vel[k] * h_;
    }
    stats_.pieces = count_pieces();
    return true;
}

}  // namespace skidpad
