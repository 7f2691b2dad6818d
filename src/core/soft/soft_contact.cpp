// Soft-body contact response: the inverse-mass weighted vertex/edge solve of
// docs/physics.md §11 over the narrow phase's contacts, and restitution.
//
//   per contact, C = n·(p − a) with n the edge's outward unit normal;
//   t = position of p along a→b, w = w_p + (1−t)² w_a + t² w_b,
//   Δλ = −C / w: p += w_p Δλ n, a −= (1−t) w_a Δλ n, b −= t w_b Δλ n.
//   With equal end masses this is §11's split with λ = 1/(t² + (1−t)²), and
//   Σ m Δx = 0 (momentum kept). Friction removes the relative tangential
//   travel of the sub-step, capped at μ·depth (Coulomb).
//
// Soft contact (as Box2D's push-out speed): in Verlet every position correction
// becomes velocity, so overlap a contact already had at the sub-step's start
// (left by the last sub-step, or pushed in by the car coupling between steps) is
// pushed out by at most soft.separation_speed·h per sub-step; the overlap made
// by this sub-step's own motion is removed whole (it stops the approach).
#include <algorithm>
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_sat4.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

using soft_geo::dot2;

// Runs fn(worker, lists) over the contact lists of every band, kBandGroup lists
// at a time (missing ones empty): even bands first (in parallel: bands two apart
// share no movable particle), then odd bands, then the serial list alone. Each
// worker takes a contiguous run of the parity's bands holding about an equal share
// of its contacts. Which worker solves a band, and in what order the bands of one
// parity go, do not change a bit (they share no movable particle); each band's
// contacts are solved in their order.
template <typename F>
void SoftSolver::for_contact_bands(const SoftDef& def, F&& fn) {
    if (band_contacts_.empty()) return;
    const std::size_t bands = band_contacts_.size() - 1;  // the last list is the serial one
    constexpr std::size_t L = kBandGroup;
    for (std::size_t parity = 0; parity < 2; ++parity) {
        const std::size_t count = (bands + 1 - parity) / 2;  // bands of this parity
        std::vector<std::size_t>& weight = band_weight_[parity];
        weight.resize(count);
        std::size_t total = 0;
        for (std::size_t k = 0; k < count; ++k) {
            weight[k] = band_contacts_[2 * k + parity].size();
            total += weight[k];
        }
        int workers = worker_count(def.threads, total, kMinParallelItems / 2);
        workers = std::min(workers, worker_slots(pool_.get(), def.threads));
        workers = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(workers), count));
        if (workers < 1) continue;
        std::vector<std::size_t>& bounds = band_bounds_[parity];
        balance_ranges(weight.data(), count, workers, bounds);
        parallel_split(pool_.get(), workers, static_cast<std::size_t>(workers),
                       [&](int, std::size_t p0, std::size_t p1) {
                           for (std::size_t p = p0; p < p1; ++p) {
                               const std::size_t k1 = bounds[p + 1];
                               for (std::size_t k = bounds[p]; k < k1; k += L) {
                                   const ContactList* lists[L];
                                   for (std::size_t l = 0; l < L; ++l) {
                                       lists[l] = k + l < k1 ? &band_contacts_[2 * (k + l) + parity]
                                                             : &no_contacts_;
                                   }
                                   fn(static_cast<int>(p), lists);
                               }
                           }
                       });
    }
    const ContactList* serial[L];
    serial[0] = &band_contacts_[bands];
    for (std::size_t l = 1; l < L; ++l)
        serial[l] = &no_contacts_;
    fn(0, serial);
}

const std::vector<Contact>& SoftSolver::contacts() const {
    if (flat_dirty_) {
        contacts_.clear();
        for (const auto& v : band_contacts_)
            contacts_.insert(contacts_.end(), v.begin(), v.end());
        flat_dirty_ = false;
    }
    return contacts_;
}

SoftSolver::WorkerContext* SoftSolver::ensure_workers(int threads) const {
    const std::size_t n = static_cast<std::size_t>(worker_slots(pool_.get(), threads));
    if (workers_.size() < n) workers_.resize(n);
    return workers_.data();
}

// The step contexts of the workers (WorkerContext), once per sub-step after the
// narrow phase: the arrays do not move until the next integration.
void SoftSolver::prepare_workers(const SoftDef& def) {
    ensure_workers(def.threads);
    WorkerContext c;
    c.solver = this;
    c.def = &def;
    c.x = pos.data();
    c.xp = prev.data();
    c.w = inv_mass.data();
    c.box = boxes_.data();
    c.other = others_.data();
    c.fc = box_first_.data();
    c.groups = boxes_.size() / 8;
    c.tail = boxes_.size() - c.groups * 8;
    c.dent = static_cast<float>(std::max(def.dent_limit, 1e-4));
    c.mu = static_cast<float>(std::max(def.friction, 0.0));
    c.push = static_cast<float>(std::clamp(def.separation_speed, 0.01, 1000.0)) * h_;
    c.margin = static_cast<float>(std::max(def.contact_margin, 0.0));
    c.h = h_;
    c.simd = def.simd;
    c.avx2 = use_avx2_;
    std::fill(workers_.begin(), workers_.end(), c);
}

// The contact solve, written with one division and no square root: with the
// edge d = b − a, o = outward(a, b) (|o| = |d|), r = p − a and t the clamped
// position of p along d, the depth is −r·o / |d| and the generalised mass
// w = w_p + (1−t)² w_a + t² w_b. Scaled by |d|⁴ (tc = t|d|², sc = (1−t)|d|²),
// G = 1 / (|d|⁴ w) carries every normalisation:
//   p += o w_p |d|² (−r·o) G,  a −= o w_a sc (−r·o) G,  b −= o w_b tc (−r·o) G
// and friction F = clamp(rel·d |d|², ±μ(−r·o)|d|²) G moves p by −d w_p F and a, b by
// +d w_a (1−t) F, +d w_b t F. Momentum is kept exactly as in docs/physics.md §8.
void SoftSolver::solve_contacts(const SoftDef& def, bool last) {
    [[maybe_unused]] constexpr std::size_t kPrefetchContacts = 16;
    for (WorkerContext& c : workers_)
        c.max_depth2 = 0.0f;
    // One list after the other, each in order: one dependency chain. (Solving
    // several bands side by side, in SSE lanes or interleaved, is slower: their
    // loads then wait on stores of unrelated particles.) The particles of the
    // contact kPrefetchContacts ahead (positions, previous positions and
    // inverse masses) are fetched early: the solve waits on them more than on
    // the chain (b sits next to a). The worker reads its step context (WorkerContext)
    // into restrict-qualified locals: the arrays do not alias.
    for_contact_bands(def, [ctx = workers_.data()](int worker, const ContactList* const* lists) {
        WorkerContext& wc = ctx[worker];
        vec2* __restrict x = wc.x;
        const vec2* __restrict xp = wc.xp;
        const float* __restrict w = wc.w;
        const float mu = wc.mu, push = wc.push;
        float max_depth2 = wc.max_depth2;
        auto solve_one = [&](const Contact& c) {
            const vec2 pa = x[c.a], pb = x[c.b], pp = x[c.p];
            const vec2 d = pb - pa;
            const float len2 = dot2(d, d);
            if (len2 < 1e-10f) return;
            const vec2 r = pp - pa;
            const vec2 o = soft_geo::outward(pa, pb);
            const float dn = 0.0f - dot2(r, o);  // depth · |d|
            if (dn <= 0.0f) return;
            const float wp = w[c.p], wa = w[c.a], wb = w[c.b];
            // The overlap at the sub-step's start (positions xp), depth0·|d0|; beyond
            // push it is left for later sub-steps (the one sqrt only then: rare). Not
            // against a pinned body: nothing may press into a barrier (§13).
            const vec2 qa = xp[c.a], qb = xp[c.b];
            const vec2 d0 = qb - qa;
            const float dn0 = 0.0f - dot2(xp[c.p] - qa, soft_geo::outward(qa, qb));
            const float len20 = dot2(d0, d0);
            float keep = 0.0f;  // overlap left, · |d|
            if (dn0 > 0.0f && dn0 * dn0 > (push * push) * len20 && wp > 0.0f && wa + wb > 0.0f) {
                keep = (dn0 / std::sqrt(len20) - push) * std::sqrt(len2);
                if (dn <= keep) return;
            }
            // tc = t |d|² and sc = (1 − t) |d|², t the clamped position along a→b,
            // so no division is needed before the one by the generalised mass.
            const float tc = clamp(dot2(r, d), 0.0f, len2);
            const float sc = len2 - tc;
            const float m4 = wp * (len2 * len2) + (sc * sc) * wa + (tc * tc) * wb;  // |d|⁴ w
            if (m4 <= 0.0f) return;
            const float inv_len2 = 1.0f / len2;  // beside the chain, not on it
            const float depth2 = dn * dn * inv_len2;
            max_depth2 = depth2 > max_depth2 ? depth2 : max_depth2;
            const float G = 1.0f / m4;
            const float k = (dn - keep) * G;
            // Friction: rel·d |d|², with rel the relative tangential travel this
            // sub-step, removed up to μ·depth. Taken before the normal push, which
            // moves the three points along o ⟂ d and so leaves rel·d unchanged.
            float f = 0.0f;
            if (mu > 0.0f) {
                const vec2 rel =
                    (pp - xp[c.p]) * len2 - ((pa - xp[c.a]) * sc + (pb - xp[c.b]) * tc);
                const float lim = mu * (dn - keep) * len2;
                f = clamp(dot2(rel, d), -lim, lim) * G;
            }
            // Only movable ends are written: a pinned barrier's particles are shared
            // by contacts of many bands solved at once, and never move anyway.
            if (wp > 0.0f) x[c.p] = pp + (o * (wp * len2 * k) - d * (wp * f));
            if (wa > 0.0f && sc > 0.0f) {
                const float ka = wa * sc;
                x[c.a] = pa - (o * (ka * k) - d * (ka * inv_len2 * f));
            }
            if (wb > 0.0f && tc > 0.0f) {
                const float kb = wb * tc;
                x[c.b] = pb - (o * (kb * k) - d * (kb * inv_len2 * f));
            }
        };
        for (int l = 0; l < kBandGroup; ++l) {
            const Contact* cs = lists[l]->begin();
            const std::size_t n = lists[l]->size();
            for (std::size_t k = 0; k < n; ++k) {
#if SKIDPAD_WIDE_SSE
                if (k + kPrefetchContacts < n) {
                    const Contact& q = cs[k + kPrefetchContacts];
                    _mm_prefetch(reinterpret_cast<const char*>(x + q.p), _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(x + q.a), _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(xp + q.p), _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(xp + q.a), _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(w + q.p), _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(w + q.a), _MM_HINT_T0);
                }
#endif
                solve_one(cs[k]);
            }
        }
        wc.max_depth2 = max_depth2;
    });
    if (last) {
        float m = 0.0f;
        for (const WorkerContext& c : workers_)
            m = std::max(m, c.max_depth2);
        stats_.max_penetration = std::sqrt(m);
    }
}

// Restitution (velocity level, after the position solve): a contact that closed
// faster than bounce_threshold leaves with −e times its approach speed (its
// Contact::bounce, set by the narrow phase). Only the
// Verlet "previous" positions change, split by the same weights as the contact.
void SoftSolver::restitution_pass(const SoftDef& def) {
    for_contact_bands(def, [ctx = workers_.data()](int worker, const ContactList* const* lists) {
        const WorkerContext& wc = ctx[worker];  // see solve_contacts
        const float margin = wc.margin, h = wc.h;
        vec2* __restrict x = wc.x;
        vec2* __restrict xp = wc.xp;
        const float* __restrict w = wc.w;
        for (int l = 0; l < kBandGroup; ++l) {
            const ContactList* list = lists[l];
            for (const Contact& c : *list) {
                if (!(c.bounce > 0.0f)) continue;
                const vec2 pa = x[c.a], pb = x[c.b], pp = x[c.p];
                const vec2 d = pb - pa;
                const float len2 = dot2(d, d);
                if (len2 < 1e-10f) continue;
                const vec2 n = soft_geo::outward(pa, pb) / std::sqrt(len2);
                if (-dot2(pp - pa, n) < -margin) continue;  // no longer touching
                const float t = clamp(dot2(pp - pa, d) / len2, 0.0f, 1.0f);
                const vec2 rel = (pp - xp[c.p]) - (1.0f - t) * (pa - xp[c.a]) - t * (pb - xp[c.b]);
                const float vn = dot2(rel, n) / h;
                const float dv = c.bounce - vn;
                if (dv <= 0.0f) continue;
                const float wp = w[c.p], wa = w[c.a] * (1.0f - t), wb = w[c.b] * t;
                const float wsum = wp + (1.0f - t) * wa + t * wb;
                if (wsum <= 0.0f) continue;
                const float dl = dv * h / wsum;
                if (wp > 0.0f) xp[c.p] -= n * (wp * dl);
                if (wa > 0.0f) xp[c.a] += n * (wa * dl);
                if (wb > 0.0f) xp[c.b] += n * (wb * dl);
            }
        }
    });
}

}  // namespace skidpad
