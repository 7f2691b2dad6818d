// Soft-body narrow phase: the broad phase's pairs (soft_broad.cpp) become
// vertex/edge contacts {p, a, b} for the contact solve (soft_contact.cpp).
//
//   SAT face query both ways → reference edge of the least penetration; the
//   other body's vertices near that edge become contacts. Two quads take the
//   kernels of soft_sat4.hpp (the same verdicts and contacts).
#include <algorithm>
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_kinds.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_sat4.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

using soft_geo::dot2;

namespace {
// The lanes of the quad kernels with soft.simd on (the same bits as F1).
#if SKIDPAD_WIDE_SSE
using QuadLanes = wide::F4;
#else
using QuadLanes = wide::F1;
#endif
}  // namespace

void SoftSolver::narrow_phase(const SoftDef& def) {
    [[maybe_unused]] constexpr std::size_t kPrefetchPairs = 6;
    const float margin_all = static_cast<float>(std::max(def.contact_margin, 0.0));
    restitution_.resize(materials.size());
    for (std::size_t m = 0; m < materials.size(); ++m) {
        restitution_[m] =
            soft_kinds::resolve(material(static_cast<std::uint8_t>(m), def)).restitution;
    }
    const float* const e_of_all = restitution_.data();
    const float inv_h_all = 1.0f / h_;
    const float threshold_all = static_cast<float>(std::max(def.bounce_threshold, 0.0));
    const bool simd_all = def.simd;
    const std::size_t lists = band_pairs_.size();
    band_contacts_.resize(lists);
    std::size_t npairs = 0;
    for (const auto& v : band_pairs_)
        npairs += v.size();
    auto collide_list = [&](std::size_t list) {
        // The worker's own copies (see SoftSolver::WorkerContext).
        const float margin = margin_all;
        const float* const e_of = e_of_all;  ///< restitution per material row
        const float inv_h = inv_h_all, threshold = threshold_all;
        const bool simd = simd_all;
        // Contact::bounce of an approach at normal velocity vn (< 0 closing).
        auto bounce = [threshold](float e, float vn) { return vn < -threshold ? -e * vn : 0.0f; };
        ContactList& out = band_contacts_[list];
        out.clear();
        // Two quads (the common case: crates, cones, shards, barriers): the
        // kernels of soft_sat4.hpp on the lanes W, same verdicts and contacts as
        // the generic code below, with selects and masked appends in place of
        // its branches.
        auto collide_quads = [&](auto lanes, const Body& A, const Body& B) {
            using W = decltype(lanes);
            const vec2* pa = pos.data() + A.first;
            const vec2* pb = pos.data() + B.first;
            soft_geo::Axis sa, sb;
            if (!soft_geo::sat4_overlap<W>(pa, pb, margin, edge_inv_len_.data() + A.first,
                                           edge_inv_len_.data() + B.first, sa, sb)) {
                return;
            }
            const soft_geo::Incident4 ia = soft_geo::incident4<W>(
                pa[sa.edge], pa[(sa.edge + 1) & 3], edge_inv_len_[A.first + sa.edge], pb, margin);
            const soft_geo::Incident4 ib = soft_geo::incident4<W>(
                pb[sb.edge], pb[(sb.edge + 1) & 3], edge_inv_len_[B.first + sb.edge], pa, margin);
            const soft_geo::QuadPick pick = soft_geo::sat4_pick(ia, ib, sa, sb);
            const soft_geo::Sat& s = pick.sat;
            const bool ra = s.ref_is_a;
            const Body& R = ra ? A : B;
            const Body& I = ra ? B : A;
            const float e = std::max(e_of[A.material], e_of[B.material]);
            // Contacts from the reference edge (the deepest vertex if none
            // faces it); when the other body's best edge is nearly as good
            // (corner against corner, offset faces), from it too.
            const int ref_mask = soft_geo::incident_mask4(*pick.ref, margin, true);
            const int other_mask =
                pick.other->mask & -static_cast<int>(soft_geo::also_other_edge(s));
            out.reserve(out.n + 8);
            Contact* o = out.buf.data() + out.n;
            // The four vertices of the incident quad Ib against Rb's edge, each
            // written and kept if in `mask`.
            auto emit = [&](const Body& Rb, const Body& Ib, int edge,
                            const soft_geo::Incident4& inc, int mask) {
                const std::uint32_t e0 = Rb.first + static_cast<std::uint32_t>(edge);
                const std::uint32_t e1 = Rb.first + ((static_cast<std::uint32_t>(edge) + 1) & 3u);
                float bn[4];
                soft_geo::bounce4<W>(pos.data() + Ib.first, prev.data() + Ib.first, inc,
                                     pos[e0] - prev[e0], pos[e1] - prev[e1], inv_h, e, threshold,
                                     bn);
                for (std::uint32_t j = 0; j < 4; ++j) {
                    *o = Contact{Ib.first + j, e0, e1, bn[j]};
                    o += (mask >> j) & 1;
                }
            };
            emit(R, I, s.edge, *pick.ref, ref_mask);
            // Taken for about one hit in five in the bench scene: a branch the CPU
            // predicts well and that skips most emits of nothing.
            if (other_mask != 0) emit(I, R, s.other_edge, *pick.other, other_mask);
            out.n = static_cast<std::size_t>(o - out.buf.data());
        };
        const std::uint64_t* pairs = band_pairs_[list].begin();
        const std::size_t npair = band_pairs_[list].size();
        for (std::size_t k = 0; k < npair; ++k) {
            const std::uint64_t pair = pairs[k];
#if SKIDPAD_WIDE_SSE
            // A pair's work is one long dependent chain (pair → body → particles
            // → SAT → contacts) too long for the CPU to overlap with the next
            // pair's, so the particles and edge lengths of the pair
            // kPrefetchPairs ahead are fetched now.
            if (k + kPrefetchPairs < npair) {
                const std::uint64_t q = pairs[k + kPrefetchPairs];
                const std::uint32_t fa = bodies[q >> 32].first;
                const std::uint32_t fb = bodies[q & 0xffffffffu].first;
                _mm_prefetch(reinterpret_cast<const char*>(pos.data() + fa), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(pos.data() + fb), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(prev.data() + fa), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(prev.data() + fb), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(edge_inv_len_.data() + fa), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(edge_inv_len_.data() + fb), _MM_HINT_T0);
            }
#endif
            const std::uint32_t ia = static_cast<std::uint32_t>(pair >> 32);
            const std::uint32_t ib = static_cast<std::uint32_t>(pair & 0xffffffffu);
            const Body& A = bodies[ia];
            const Body& B = bodies[ib];
            const vec2* pa = pos.data() + A.first;
            const vec2* pb = pos.data() + B.first;
            const int na = static_cast<int>(A.count), nbv = static_cast<int>(B.count);
            if (na == 4 && nbv == 4) {
                if (simd) {
                    collide_quads(QuadLanes{}, A, B);
                } else {
                    collide_quads(wide::F1{}, A, B);
                }
                continue;
            }
            const soft_geo::Sat s =
                soft_geo::sat(pa, na, pb, nbv, margin, edge_inv_len_.data() + A.first,
                              edge_inv_len_.data() + B.first);
            if (!s.hit) continue;
            // Contacts from the reference edge; when the other body's best edge is
            // nearly as good (corner against corner, offset faces), from it too, so
            // an overlap the first edge cannot see is still pushed apart.
            auto emit_from = [&](const Body& R, const Body& I, int edge, bool fallback) {
                const std::uint32_t e0 = R.first + static_cast<std::uint32_t>(edge);
                const std::uint32_t e1 = R.first + (static_cast<std::uint32_t>(edge) + 1) % R.count;
                const float e = std::max(e_of[I.material], e_of[R.material]);
                const vec2 a = pos[e0], b = pos[e1];
                const vec2 d = b - a;
                // As incident_vertices (which emits nothing for a degenerate edge).
                const float len2 = std::max(dot2(d, d), 1e-12f);
                const float inv_len = 1.0f / std::sqrt(len2);
                const vec2 n = soft_geo::outward(a, b) * inv_len;
                soft_geo::incident_vertices(
                    a, b, pos.data() + I.first, static_cast<int>(I.count), margin,
                    [&](int j) {
                        const std::uint32_t p = I.first + static_cast<std::uint32_t>(j);
                        const float t =
                            clamp(dot2(pos[p] - a, d) * (inv_len * inv_len), 0.0f, 1.0f);
                        const vec2 rel = (pos[p] - prev[p]) - (1.0f - t) * (pos[e0] - prev[e0]) -
                                         t * (pos[e1] - prev[e1]);
                        out.push_back(Contact{p, e0, e1, bounce(e, dot2(rel, n) * inv_h)});
                    },
                    fallback);
            };
            emit_from(s.ref_is_a ? A : B, s.ref_is_a ? B : A, s.edge, true);
            if (soft_geo::also_other_edge(s)) {
                emit_from(s.ref_is_a ? B : A, s.ref_is_a ? A : B, s.other_edge, false);
            }
        }
    };
    // Each worker takes a run of lists holding about an equal share of the pairs
    // (every list is collided whole, on one thread: the split changes no bit).
    int workers = worker_count(def.threads, npairs, kMinParallelItems / 2);
    workers = std::min(workers, worker_slots(pool_.get(), def.threads));
    workers = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(workers), lists));
    std::vector<std::size_t>& weight = band_weight_[0];
    std::vector<std::size_t>& bounds = band_bounds_[0];
    weight.resize(lists);
    for (std::size_t k = 0; k < lists; ++k)
        weight[k] = band_pairs_[k].size();
    balance_ranges(weight.data(), lists, std::max(workers, 1), bounds);
    parallel_split(pool_.get(), workers, static_cast<std::size_t>(std::max(workers, 1)),
                   [&](int, std::size_t p0, std::size_t p1) {
                       for (std::size_t p = p0; p < p1; ++p) {
                           for (std::size_t k = bounds[p]; k < bounds[p + 1]; ++k)
                               collide_list(k);
                       }
                   });
    std::size_t ncontacts = 0;
    for (const auto& v : band_contacts_)
        ncontacts += v.size();
    contact_count_ = ncontacts;
    flat_dirty_ = true;
    stats_.contacts = static_cast<int>(ncontacts);
}

}  // namespace skidpad
