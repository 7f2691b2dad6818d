// Soft-body collision: uniform-grid broad phase, SAT narrow phase and the
// inverse-mass weighted vertex/edge response of docs/physics.md §8, plus drawing.
//
//   broad:  AABB per body; "small" bodies (AABB ≤ cell) go into their lower-left
//           corner's cell (counting sort); a pair is looked for in the cell itself
//           and 4 forward neighbours, so each pair is seen once. "Large" bodies
//           (barriers) scan the cells under their AABB. Cost O(bodies + cells).
//   narrow: SAT face query both ways → reference edge of the least penetration;
//           the other body's vertices near that edge become contacts {p, a, b}.
//   solve:  per contact, C = n·(p − a) with n the edge's outward unit normal;
//           t = position of p along a→b, w = w_p + (1−t)² w_a + t² w_b,
//           Δλ = −C / w: p += w_p Δλ n, a −= (1−t) w_a Δλ n, b −= t w_b Δλ n.
//           With equal end masses this is §8's split with λ = 1/(t² + (1−t)²),
//           and Σ m Δx = 0 (momentum kept). Friction removes the relative
//           tangential travel of the sub-step, capped at μ·depth (Coulomb).
#include <algorithm>
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_sat4.hpp"
#include "soft/soft_solver.hpp"

static_assert(skidpad::kMaxWorkers <= 4, "per-worker arrays below hold kMaxWorkers entries");

namespace skidpad {

using soft_geo::dot2;

namespace {
bool overlap(vec2 alo, vec2 ahi, vec2 blo, vec2 bhi) {
    return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y;
}
}  // namespace

// Appends the pairs of cell-order box `ia` with the run [b0, b1) whose boxes
// overlap it (two pinned bodies never pair); the caller reserved the room for
// the run plus kCellPad. Branch-free: every candidate is written, only
// overlapping ones are kept. With SSE four candidates are tested per
// instruction (the cell arrays are padded so a block may run past b1; lanes
// past b1 never count). The scanning body comes first in the pair (any fixed
// order works: each pair is found once, from the lower or left cell).
inline void SoftSolver::pair_run(std::uint32_t ia, std::uint32_t b0, std::uint32_t b1,
                                 PairList& out) const {
    const float lx = cell_lox_[ia], ly = cell_loy_[ia], hx = cell_hix_[ia], hy = cell_hiy_[ia];
    const std::uint32_t pa = cell_pinned_[ia];
    const std::uint64_t a = std::uint64_t{cell_items_[ia]} << 32;
    std::uint64_t* o = out.buf.data() + out.n;
    std::size_t m = 0;
#if SKIDPAD_SAT4
    static_assert(kCellPad >= 4, "a block of four may read three past the run");
    const __m128 LX = _mm_set1_ps(lx), LY = _mm_set1_ps(ly);
    const __m128 HX = _mm_set1_ps(hx), HY = _mm_set1_ps(hy);
    const __m128i PA = _mm_set1_epi32(static_cast<int>(pa));
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    for (std::uint32_t k = b0; k < b1; k += 4) {
        __m128 hit = _mm_cmple_ps(LX, _mm_loadu_ps(cell_hix_.data() + k));
        hit = _mm_and_ps(hit, _mm_cmple_ps(_mm_loadu_ps(cell_lox_.data() + k), HX));
        hit = _mm_and_ps(hit, _mm_cmple_ps(LY, _mm_loadu_ps(cell_hiy_.data() + k)));
        hit = _mm_and_ps(hit, _mm_cmple_ps(_mm_loadu_ps(cell_loy_.data() + k), HY));
        const __m128i pin =
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(cell_pinned_.data() + k));
        const __m128i free_pair = _mm_cmpeq_epi32(_mm_and_si128(PA, pin), _mm_setzero_si128());
        const __m128i in_run =
            _mm_cmpgt_epi32(_mm_set1_epi32(static_cast<int>(b1 - k)), lane);  // k + j < b1
        hit = _mm_and_ps(hit, _mm_castsi128_ps(_mm_and_si128(free_pair, in_run)));
        const int bits = _mm_movemask_ps(hit);
        for (int j = 0; j < 4; ++j) {
            o[m] = a | cell_items_[k + static_cast<std::uint32_t>(j)];
            m += static_cast<std::size_t>((bits >> j) & 1);
        }
    }
#else
    for (std::uint32_t k = b0; k < b1; ++k) {
        const bool hit = (lx <= cell_hix_[k]) & (cell_lox_[k] <= hx) & (ly <= cell_hiy_[k]) &
                         (cell_loy_[k] <= hy) & ((pa & cell_pinned_[k]) == 0u);
        o[m] = a | cell_items_[k];
        m += hit ? 1u : 0u;
    }
#endif
    out.n += m;
}

// Body bi's AABB, grown by `margin` (half the contact margin) each side, and
// 1/|edge| of its outgoing edges for SAT (0 for a degenerate edge).
void SoftSolver::bound_body(std::size_t bi, float margin, bool simd) {
    const Body& b = bodies[bi];
#if SKIDPAD_SAT4
    if (b.count == 4 && simd) {
        const soft_geo::Quad q = soft_geo::load_quad(pos.data() + b.first);
        soft_geo::quad_bounds(q, aabb_[bi].lo, aabb_[bi].hi);
        aabb_[bi].lo -= margin;
        aabb_[bi].hi += margin;
        soft_geo::store_inv_edge_lengths(q, edge_inv_len_.data() + b.first);
        return;
    }
#else
    (void)simd;
#endif
    vec2 lo = pos[b.first], hi = pos[b.first];
    for (std::uint32_t k = 1; k < b.count; ++k) {
        const vec2 p = pos[b.first + k];
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    aabb_[bi].lo = lo - margin;
    aabb_[bi].hi = hi + margin;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 p = pos[b.first + k];
        const vec2 q = pos[b.first + (k + 1 == b.count ? 0 : k + 1)];
        const float l2 = dot2(q - p, q - p);
        edge_inv_len_[b.first + k] = l2 > 1e-12f ? 1.0f / std::sqrt(l2) : 0.0f;
    }
}

void SoftSolver::broad_phase(const SoftDef& def) {
    const std::size_t nb = bodies.size();  // bounded by integrate (bound_body)
    // Pick the cell: the tunable size, grown when the grid would be much larger
    // than the body count (one body far away must not allocate a huge grid).
    float cell = static_cast<float>(std::max(def.cell_size, 0.25));
    for (int attempt = 0; attempt < 8; ++attempt) {
        small_.clear();
        large_.clear();
        vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};
        for (std::size_t bi = 0; bi < nb; ++bi) {
            const vec2 ext = aabb_[bi].hi - aabb_[bi].lo;
            if (ext.x <= cell && ext.y <= cell) {
                if (small_.empty()) lo = hi = aabb_[bi].lo;
                lo = glm::min(lo, aabb_[bi].lo);
                hi = glm::max(hi, aabb_[bi].lo);
                small_.push_back(static_cast<std::uint32_t>(bi));
            } else {
                large_.push_back(static_cast<std::uint32_t>(bi));
            }
        }
        const double w = std::floor((hi.x - lo.x) / cell) + 1.0;
        const double h = std::floor((hi.y - lo.y) / cell) + 1.0;
        const double cells = w * h;
        const double budget = 4.0 * static_cast<double>(small_.size()) + 64.0;
        if (cells <= budget || attempt == 7) {
            grid_w_ = static_cast<int>(std::min(w, 1e6));
            grid_h_ = static_cast<int>(std::min(h, 1e6));
            grid_lo_ = lo;
            break;
        }
        cell *= static_cast<float>(std::sqrt(cells / budget)) * 1.01f;
    }
    cell_ = cell;

    // Counting sort of small bodies by home cell, with each body's box copied
    // into the cell-order arrays (a cell and its right neighbour, and the three
    // cells above, are then contiguous runs that pair_run scans without
    // branches). small_ is split in the contiguous chunks parallel_split uses:
    // each chunk counts its bodies per cell, the counts become every chunk's
    // first slot in each cell (chunk 0's bodies, then chunk 1's, …: the order
    // of a serial stable sort, for any chunk count), and the chunks scatter
    // their bodies in parallel.
    const std::size_t ns = small_.size();
    const std::size_t ncell = static_cast<std::size_t>(grid_w_) * static_cast<std::size_t>(grid_h_);
    const float inv_cell = 1.0f / cell;
    const int sort_workers = worker_count(def.threads, ns);
    const std::size_t chunk = split_chunk(pool_.get(), sort_workers, ns);
    const std::size_t chunks = chunk > 0 ? (ns + chunk - 1) / chunk : 0;
    chunk_fill_.resize(std::max<std::size_t>(chunks, 1));
    cell_of_.resize(ns);
    parallel_split(pool_.get(), sort_workers, ns, [&](int part, std::size_t k0, std::size_t k1) {
        std::vector<std::uint32_t>& count = chunk_fill_[static_cast<std::size_t>(part)];
        count.assign(ncell, 0);
        for (std::size_t k = k0; k < k1; ++k) {
            const vec2 rel = (aabb_[small_[k]].lo - grid_lo_) * inv_cell;
            const int cx = clamp(static_cast<int>(rel.x), 0, grid_w_ - 1);
            const int cy = clamp(static_cast<int>(rel.y), 0, grid_h_ - 1);
            const std::uint32_t c = static_cast<std::uint32_t>(cy * grid_w_ + cx);
            cell_of_[k] = c;
            count[c] += 1;
        }
    });
    cell_start_.resize(ncell + 1);
    std::uint32_t slot = 0;
    for (std::size_t c = 0; c < ncell; ++c) {
        cell_start_[c] = slot;
        for (std::size_t j = 0; j < chunks; ++j) {
            const std::uint32_t n = chunk_fill_[j][c];
            chunk_fill_[j][c] = slot;
            slot += n;
        }
    }
    cell_start_[ncell] = slot;
    // kCellPad entries past the end let pair_run read whole blocks (lanes past
    // a run never count, so their values do not matter).
    cell_items_.resize(ns + kCellPad);
    cell_lox_.resize(ns + kCellPad);
    cell_loy_.resize(ns + kCellPad);
    cell_hix_.resize(ns + kCellPad);
    cell_hiy_.resize(ns + kCellPad);
    cell_pinned_.resize(ns + kCellPad);
    parallel_split(pool_.get(), sort_workers, ns, [&](int part, std::size_t k0, std::size_t k1) {
        std::vector<std::uint32_t>& fill = chunk_fill_[static_cast<std::size_t>(part)];
        for (std::size_t k = k0; k < k1; ++k) {
            const std::uint32_t b = small_[k];
            const std::uint32_t at = fill[cell_of_[k]]++;
            cell_items_[at] = b;
            cell_lox_[at] = aabb_[b].lo.x;
            cell_loy_[at] = aabb_[b].lo.y;
            cell_hix_[at] = aabb_[b].hi.x;
            cell_hiy_[at] = aabb_[b].hi.y;
            cell_pinned_[at] = bodies[b].pinned ? 1u : 0u;
        }
    });

    // Pairs among small bodies, one list per band of kBandRows grid rows (the
    // bands run in parallel; a pair belongs to the band of the scanned cell).
    bands_ = (grid_h_ + kBandRows - 1) / kBandRows;
    band_pairs_.resize(static_cast<std::size_t>(bands_) + 1);  // + the serial list
    for (auto& v : band_pairs_)
        v.clear();
    const int workers = worker_count(def.threads, small_.size());
    parallel_split(
        pool_.get(), workers, static_cast<std::size_t>(bands_),
        [&](int, std::size_t k0, std::size_t k1) {
            for (int band = static_cast<int>(k0); band < static_cast<int>(k1); ++band) {
                PairList& out = band_pairs_[static_cast<std::size_t>(band)];
                const int y0 = band * kBandRows, y1 = std::min(y0 + kBandRows, grid_h_);
                for (int cy = y0; cy < y1; ++cy) {
                    const std::uint32_t row = static_cast<std::uint32_t>(cy * grid_w_);
                    const bool up = cy + 1 < grid_h_;
                    for (int cx = 0; cx < grid_w_; ++cx) {
                        const std::uint32_t c = row + static_cast<std::uint32_t>(cx);
                        const std::uint32_t s0 = cell_start_[c], s1 = cell_start_[c + 1];
                        if (s0 == s1) continue;
                        // Same cell after a, then the right neighbour: one run.
                        const std::uint32_t r0 = cx + 1 < grid_w_ ? cell_start_[c + 2] : s1;
                        // Upper-left, upper and upper-right neighbours: one run.
                        std::uint32_t u0 = 0, u1 = 0;
                        if (up) {
                            const std::uint32_t cu = c + static_cast<std::uint32_t>(grid_w_);
                            u0 = cell_start_[cx > 0 ? cu - 1 : cu];
                            u1 = cell_start_[cx + 1 < grid_w_ ? cu + 2 : cu + 1];
                        }
                        out.reserve(out.n + (s1 - s0) * ((r0 - s0) + (u1 - u0) + 2 * kCellPad));
                        for (std::uint32_t ia = s0; ia < s1; ++ia) {
                            pair_run(ia, ia + 1, r0, out);
                            pair_run(ia, u0, u1, out);
                        }
                    }
                }
            }
        });

    // Large bodies against the small ones under them (their home cells lie at most
    // one cell below/left of the large body's AABB), then large against large. A
    // pinned large body's particles never move, so its pair joins the small body's
    // band; a movable large body can touch many bands, so its pairs go to the
    // serial list solved after the bands.
    PairList& serial = band_pairs_[static_cast<std::size_t>(bands_)];
    for (std::uint32_t L : large_) {
        const Aabb A = aabb_[L];
        const bool pl = bodies[L].pinned;
        const int x0 =
            std::max(static_cast<int>(std::floor((A.lo.x - grid_lo_.x) * inv_cell)) - 1, 0);
        const int y0 =
            std::max(static_cast<int>(std::floor((A.lo.y - grid_lo_.y) * inv_cell)) - 1, 0);
        const int x1 =
            std::min(static_cast<int>(std::floor((A.hi.x - grid_lo_.x) * inv_cell)), grid_w_ - 1);
        const int y1 =
            std::min(static_cast<int>(std::floor((A.hi.y - grid_lo_.y) * inv_cell)), grid_h_ - 1);
        for (int cy = y0; cy <= y1; ++cy) {
            PairList& out = pl ? band_pairs_[static_cast<std::size_t>(cy / kBandRows)] : serial;
            for (int cx = x0; cx <= x1; ++cx) {
                const std::uint32_t c = static_cast<std::uint32_t>(cy * grid_w_ + cx);
                for (std::uint32_t ib = cell_start_[c]; ib < cell_start_[c + 1]; ++ib) {
                    const std::uint32_t b = cell_items_[ib];
                    if (pl && bodies[b].pinned) continue;
                    if (!overlap(A.lo, A.hi, aabb_[b].lo, aabb_[b].hi)) continue;
                    out.push_back(L < b ? (std::uint64_t{L} << 32) | b
                                        : (std::uint64_t{b} << 32) | L);
                }
            }
        }
    }
    std::vector<std::uint32_t>& sorted = scratch_fill_;
    sorted = large_;
    std::sort(sorted.begin(), sorted.end(), [&](std::uint32_t a, std::uint32_t b) {
        return aabb_[a].lo.x < aabb_[b].lo.x || (aabb_[a].lo.x == aabb_[b].lo.x && a < b);
    });
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const std::uint32_t a = sorted[i];
        for (std::size_t j = i + 1; j < sorted.size(); ++j) {
            const std::uint32_t b = sorted[j];
            if (aabb_[b].lo.x > aabb_[a].hi.x) break;
            if (bodies[a].pinned && bodies[b].pinned) continue;
            if (!overlap(aabb_[a].lo, aabb_[a].hi, aabb_[b].lo, aabb_[b].hi)) continue;
            serial.push_back(a < b ? (std::uint64_t{a} << 32) | b : (std::uint64_t{b} << 32) | a);
        }
    }
    std::size_t npairs = 0;
    for (const auto& v : band_pairs_)
        npairs += v.size();
    stats_.pairs = static_cast<int>(npairs);
}

void SoftSolver::narrow_phase(const SoftDef& def) {
    [[maybe_unused]] constexpr std::size_t kPrefetchPairs = 6;
    // What each worker reads, in its own copy (parallel_split_ctx).
    struct Step {
        float margin;     ///< contact margin, m
        float e_body;     ///< restitution of bodies
        float e_tyre;     ///< restitution of tyres
        float inv_h;      ///< 1 / sub-step, 1/s
        float threshold;  ///< bounce threshold, m/s
        bool simd;
    };
    const Step step{static_cast<float>(std::max(def.contact_margin, 0.0)),
                    static_cast<float>(clamp(def.restitution, 0.0, 1.0)),
                    static_cast<float>(clamp(def.tyre_restitution, 0.0, 1.0)),
                    1.0f / h_,
                    static_cast<float>(std::max(def.bounce_threshold, 0.0)),
                    def.simd};
    const std::size_t lists = band_pairs_.size();
    band_contacts_.resize(lists);
    std::size_t npairs = 0;
    for (const auto& v : band_pairs_)
        npairs += v.size();
    auto collide_list = [&](const Step& c, std::size_t list) {
        // Contact::bounce of an approach at normal velocity vn (< 0 closing).
        auto bounce = [threshold = c.threshold](float e, float vn) {
            return vn < -threshold ? -e * vn : 0.0f;
        };
        ContactList& out = band_contacts_[list];
        out.clear();
#if SKIDPAD_SAT4
        // Two quads (the common case: crates, cones, shards, barriers): the SSE
        // path of soft_sat4.hpp, same verdicts and contacts as the generic code
        // below, with selects and masked appends in place of its branches.
        auto collide_quads = [&](const Body& A, const Body& B) {
            const vec2* pa = pos.data() + A.first;
            const vec2* pb = pos.data() + B.first;
            const soft_geo::Quad qa = soft_geo::load_quad(pa), qb = soft_geo::load_quad(pb);
            soft_geo::Axis sa, sb;
            if (!soft_geo::sat4_overlap(qa, qb, c.margin, edge_inv_len_.data() + A.first,
                                        edge_inv_len_.data() + B.first, sa, sb)) {
                return;
            }
            const soft_geo::Incident4 ia = soft_geo::incident4(
                pa[sa.edge], pa[(sa.edge + 1) & 3], edge_inv_len_[A.first + sa.edge], qb, c.margin);
            const soft_geo::Incident4 ib = soft_geo::incident4(
                pb[sb.edge], pb[(sb.edge + 1) & 3], edge_inv_len_[B.first + sb.edge], qa, c.margin);
            const soft_geo::QuadPick pick = soft_geo::sat4_pick(ia, ib, sa, sb);
            const soft_geo::Sat& s = pick.sat;
            const bool ra = s.ref_is_a;
            const Body& R = ra ? A : B;
            const Body& I = ra ? B : A;
            const float e = std::max(A.kind == BodyKind::Tyre ? c.e_tyre : c.e_body,
                                     B.kind == BodyKind::Tyre ? c.e_tyre : c.e_body);
            // Contacts from the reference edge (the deepest vertex if none
            // faces it); when the other body's best edge is nearly as good
            // (corner against corner, offset faces), from it too.
            const int ref_mask = soft_geo::incident_mask4(*pick.ref, c.margin, true);
            const int other_mask =
                pick.other->mask & -static_cast<int>(soft_geo::also_other_edge(s));
            out.reserve(out.n + 8);
            Contact* o = out.buf.data() + out.n;
            // Vertex j of the incident quad I against R's edge (e0, e1):
            // vn0 = ((v_j − (1 − t) v_e0) − t v_e1)·n / h, four vertices at once.
            auto emit = [&](const Body& Rb, const Body& Ib, int edge,
                            const soft_geo::Incident4& inc, const soft_geo::Quad& qi, int mask) {
                const std::uint32_t e0 = Rb.first + static_cast<std::uint32_t>(edge);
                const std::uint32_t e1 = Rb.first + ((static_cast<std::uint32_t>(edge) + 1) & 3u);
                const vec2 v0 = pos[e0] - prev[e0], v1 = pos[e1] - prev[e1];
                const soft_geo::Quad qp = soft_geo::load_quad(prev.data() + Ib.first);
                const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
                const __m128 t = _mm_max_ps(zero, _mm_min_ps(one, _mm_load_ps(inc.t)));
                const __m128 st = _mm_sub_ps(one, t);
                const __m128 rx = _mm_sub_ps(
                    _mm_sub_ps(_mm_sub_ps(qi.x, qp.x), _mm_mul_ps(st, _mm_set1_ps(v0.x))),
                    _mm_mul_ps(t, _mm_set1_ps(v1.x)));
                const __m128 ry = _mm_sub_ps(
                    _mm_sub_ps(_mm_sub_ps(qi.y, qp.y), _mm_mul_ps(st, _mm_set1_ps(v0.y))),
                    _mm_mul_ps(t, _mm_set1_ps(v1.y)));
                const __m128 vn = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(rx, _mm_set1_ps(inc.n.x)),
                                                        _mm_mul_ps(ry, _mm_set1_ps(inc.n.y))),
                                             _mm_set1_ps(c.inv_h));
                // As bounce(e, vn) per lane, then the four contacts {p, e0, e1,
                // bounce} by a 4×4 transpose, each stored and kept if in `mask`.
                const __m128 bn = _mm_and_ps(_mm_cmplt_ps(vn, _mm_set1_ps(-c.threshold)),
                                             _mm_mul_ps(_mm_set1_ps(-e), vn));
                __m128 c0 = _mm_castsi128_ps(_mm_add_epi32(
                    _mm_set1_epi32(static_cast<int>(Ib.first)), _mm_setr_epi32(0, 1, 2, 3)));
                __m128 c1 = _mm_castsi128_ps(_mm_set1_epi32(static_cast<int>(e0)));
                __m128 c2 = _mm_castsi128_ps(_mm_set1_epi32(static_cast<int>(e1)));
                __m128 c3 = bn;
                _MM_TRANSPOSE4_PS(c0, c1, c2, c3);
                const __m128 rows[4] = {c0, c1, c2, c3};
                for (int j = 0; j < 4; ++j) {
                    _mm_storeu_ps(reinterpret_cast<float*>(o), rows[j]);
                    o += (mask >> j) & 1;
                }
            };
            emit(R, I, s.edge, *pick.ref, ra ? qb : qa, ref_mask);
            // Taken for about one hit in five in the bench scene: a branch the CPU
            // predicts well and that skips most emits of nothing.
            if (other_mask != 0) emit(I, R, s.other_edge, *pick.other, ra ? qa : qb, other_mask);
            out.n = static_cast<std::size_t>(o - out.buf.data());
        };
#endif
        const std::uint64_t* pairs = band_pairs_[list].begin();
        const std::size_t npair = band_pairs_[list].size();
        for (std::size_t k = 0; k < npair; ++k) {
            const std::uint64_t pair = pairs[k];
#if SKIDPAD_SAT4
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
#if SKIDPAD_SAT4
            if (na == 4 && nbv == 4 && c.simd) {
                collide_quads(A, B);
                continue;
            }
#endif
            const soft_geo::Sat s =
                soft_geo::sat(pa, na, pb, nbv, c.margin, edge_inv_len_.data() + A.first,
                              edge_inv_len_.data() + B.first);
            if (!s.hit) continue;
            // Contacts from the reference edge; when the other body's best edge is
            // nearly as good (corner against corner, offset faces), from it too, so
            // an overlap the first edge cannot see is still pushed apart.
            auto emit_from = [&](const Body& R, const Body& I, int edge, bool fallback) {
                const std::uint32_t e0 = R.first + static_cast<std::uint32_t>(edge);
                const std::uint32_t e1 = R.first + (static_cast<std::uint32_t>(edge) + 1) % R.count;
                const float e = std::max(I.kind == BodyKind::Tyre ? c.e_tyre : c.e_body,
                                         R.kind == BodyKind::Tyre ? c.e_tyre : c.e_body);
                const vec2 a = pos[e0], b = pos[e1];
                const vec2 d = b - a;
                // As incident_vertices (which emits nothing for a degenerate edge).
                const float len2 = std::max(dot2(d, d), 1e-12f);
                const float inv_len = 1.0f / std::sqrt(len2);
                const vec2 n = soft_geo::outward(a, b) * inv_len;
                soft_geo::incident_vertices(
                    a, b, pos.data() + I.first, static_cast<int>(I.count), c.margin,
                    [&](int j) {
                        const std::uint32_t p = I.first + static_cast<std::uint32_t>(j);
                        const float t =
                            clamp(dot2(pos[p] - a, d) * (inv_len * inv_len), 0.0f, 1.0f);
                        const vec2 rel = (pos[p] - prev[p]) - (1.0f - t) * (pos[e0] - prev[e0]) -
                                         t * (pos[e1] - prev[e1]);
                        out.push_back(Contact{p, e0, e1, bounce(e, dot2(rel, n) * c.inv_h)});
                    },
                    fallback);
            };
            emit_from(s.ref_is_a ? A : B, s.ref_is_a ? B : A, s.edge, true);
            if (soft_geo::also_other_edge(s)) {
                emit_from(s.ref_is_a ? B : A, s.ref_is_a ? A : B, s.other_edge, false);
            }
        }
    };
    parallel_split_ctx(pool_.get(), worker_count(def.threads, npairs, kMinParallelItems / 2), lists,
                       step, [&](const Step& c, int, std::size_t k0, std::size_t k1) {
                           for (std::size_t k = k0; k < k1; ++k)
                               collide_list(c, k);
                       });
    std::size_t ncontacts = 0;
    for (const auto& v : band_contacts_)
        ncontacts += v.size();
    contact_count_ = ncontacts;
    flat_dirty_ = true;
    stats_.contacts = static_cast<int>(ncontacts);
}

// Runs fn(ctx, worker, lists) over the contact lists of every band, kBandGroup
// lists of the same parity at a time (missing ones empty): even bands first (in
// parallel: bands two apart share no movable particle), then odd bands, then
// the serial list alone. ctx is the running thread's own copy of `ctx`
// (parallel_split_ctx). The grouping and order depend only on the scene, not on
// the thread count, so the result does not either.
template <typename Ctx, typename F>
void SoftSolver::for_contact_bands(const SoftDef& def, const Ctx& ctx, F&& fn) {
    if (band_contacts_.empty()) return;
    const std::size_t bands = band_contacts_.size() - 1;  // the last list is the serial one
    const int workers = worker_count(def.threads, contact_count_);
    constexpr std::size_t L = kBandGroup;
    for (std::size_t parity = 0; parity < 2; ++parity) {
        const std::size_t count = (bands + 1 - parity) / 2;  // bands of this parity
        const std::size_t groups = (count + L - 1) / L;
        parallel_split_ctx(pool_.get(), workers, groups, ctx,
                           [&](const Ctx& c, int worker, std::size_t g0, std::size_t g1) {
                               for (std::size_t g = g0; g < g1; ++g) {
                                   const ContactList* lists[L];
                                   for (std::size_t l = 0; l < L; ++l) {
                                       const std::size_t k = L * g + l;  // among `count`
                                       lists[l] = k < count ? &band_contacts_[2 * k + parity]
                                                            : &no_contacts_;
                                   }
                                   fn(c, worker, lists);
                               }
                           });
    }
    const ContactList* serial[L];
    serial[0] = &band_contacts_[bands];
    for (std::size_t l = 1; l < L; ++l)
        serial[l] = &no_contacts_;
    fn(ctx, 0, serial);
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
    float depth2_out[kMaxWorkers] = {};
    // What each worker reads, in its own copy (parallel_split_ctx).
    struct Step {
        vec2* x;
        const vec2* xp;
        const float* w;
        float* depth2_out;
        float mu;
    };
    const Step step{pos.data(), prev.data(), inv_mass.data(), depth2_out,
                    static_cast<float>(std::max(def.friction, 0.0))};
    // One list after the other, each in order: one dependency chain. (Solving
    // several bands side by side, in SSE lanes or interleaved, is slower: their
    // loads then wait on stores of unrelated particles.) The particles of the
    // contact kPrefetchContacts ahead (positions, previous positions and
    // inverse masses) are fetched early: the solve waits on them more than on
    // the chain (b sits next to a).
    for_contact_bands(def, step, [](const Step& s, int worker, const ContactList* const* lists) {
        vec2* __restrict x = s.x;
        const vec2* __restrict xp = s.xp;
        const float* __restrict w = s.w;
        const float mu = s.mu;
        float max_depth2 = s.depth2_out[worker];
        auto solve_one = [&](const Contact& c) {
            const vec2 pa = x[c.a], pb = x[c.b], pp = x[c.p];
            const vec2 d = pb - pa;
            const float len2 = dot2(d, d);
            if (len2 < 1e-10f) return;
            const vec2 r = pp - pa;
            const vec2 o = soft_geo::outward(pa, pb);
            const float dn = 0.0f - dot2(r, o);  // depth · |d|
            if (dn <= 0.0f) return;
            // tc = t |d|² and sc = (1 − t) |d|², t the clamped position along a→b,
            // so no division is needed before the one by the generalised mass.
            const float tc = clamp(dot2(r, d), 0.0f, len2);
            const float sc = len2 - tc;
            const float wp = w[c.p], wa = w[c.a], wb = w[c.b];
            const float m4 = wp * (len2 * len2) + (sc * sc) * wa + (tc * tc) * wb;  // |d|⁴ w
            if (m4 <= 0.0f) return;
            const float inv_len2 = 1.0f / len2;  // beside the chain, not on it
            const float depth2 = dn * dn * inv_len2;
            max_depth2 = depth2 > max_depth2 ? depth2 : max_depth2;
            const float G = 1.0f / m4;
            const float k = dn * G;
            // Friction: rel·d |d|², with rel the relative tangential travel this
            // sub-step, removed up to μ·depth. Taken before the normal push, which
            // moves the three points along o ⟂ d and so leaves rel·d unchanged.
            float f = 0.0f;
            if (mu > 0.0f) {
                const vec2 rel =
                    (pp - xp[c.p]) * len2 - ((pa - xp[c.a]) * sc + (pb - xp[c.b]) * tc);
                const float lim = mu * dn * len2;
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
#if SKIDPAD_SAT4
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
        s.depth2_out[worker] = max_depth2;
    });
    if (last) {
        float m = 0.0f;
        for (float s : depth2_out)
            m = std::max(m, s);
        stats_.max_penetration = std::sqrt(m);
    }
}

// Restitution (velocity level, after the position solve): a contact that closed
// faster than bounce_threshold leaves with −e times its approach speed (its
// Contact::bounce, set by the narrow phase). Only the
// Verlet "previous" positions change, split by the same weights as the contact.
void SoftSolver::restitution_pass(const SoftDef& def) {
    // What each worker reads, in its own copy (parallel_split_ctx).
    struct Step {
        vec2* x;
        vec2* xp;
        const float* w;
        float margin;  ///< contact margin, m
        float h;       ///< sub-step, s
    };
    const Step step{pos.data(), prev.data(), inv_mass.data(),
                    static_cast<float>(std::max(def.contact_margin, 0.0)), h_};
    for_contact_bands(def, step, [](const Step& s, int, const ContactList* const* lists) {
        const float margin = s.margin, h = s.h;
        vec2* __restrict x = s.x;
        vec2* __restrict xp = s.xp;
        const float* __restrict w = s.w;
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

// ---- drawing --------------------------------------------------------------------

void SoftSolver::draw(DrawList& out) const {
    for (const Body& b : bodies) {
        Color fill = rgba(176, 128, 72), stroke = rgba(90, 60, 30);
        switch (b.kind) {
            case BodyKind::Crate:
                break;
            case BodyKind::Barrier:
                fill = b.pinned ? rgba(120, 120, 130) : rgba(150, 150, 165);
                stroke = rgba(40, 40, 45);
                break;
            case BodyKind::Tyre:
                fill = rgba(35, 35, 38);
                stroke = rgba(90, 90, 95);
                break;
            case BodyKind::Cone:
                fill = rgba(250, 120, 20);
                stroke = rgba(255, 240, 230);
                break;
            case BodyKind::Shard:
                fill = rgba(150, 105, 60);
                stroke = rgba(80, 50, 25);
                break;
        }
        out.polygon(std::span<const vec2>(pos.data() + b.first, b.count), fill, stroke, 0.04f, 2);
    }
}

void SoftSolver::draw_debug(DrawList& out, const SoftDrawOptions& options) const {
    if (options.constraints) {
        for (const Constraint& c : constraints) {
            if (c.stiffness <= 0.0f || c.rest <= 0.0f) continue;
            const float strain = std::abs(glm::length(pos[c.j] - pos[c.i]) - c.rest) / c.rest;
            const float k = clamp(strain / 0.05f, 0.0f, 1.0f);  // red at 5 % strain
            out.segment(pos[c.i], pos[c.j],
                        rgba(static_cast<std::uint32_t>(60 + 195 * k),
                             static_cast<std::uint32_t>(220 - 180 * k), 60, 200),
                        0.02f, 4);
        }
    }
    if (options.contacts) {
        for (const Contact& c : contacts()) {
            const vec2 a = pos[c.a], b = pos[c.b];
            const float len = glm::length(b - a);
            if (len < 1e-5f) continue;
            const vec2 n = soft_geo::outward(a, b) / len;
            out.segment(pos[c.p], pos[c.p] + n * 0.3f, rgba(255, 60, 60), 0.03f, 4);
        }
    }
    if (options.cells) {
        for (int cy = 0; cy < grid_h_; ++cy) {
            for (int cx = 0; cx < grid_w_; ++cx) {
                const std::size_t c = static_cast<std::size_t>(cy * grid_w_ + cx);
                if (c + 1 >= cell_start_.size() || cell_start_[c] == cell_start_[c + 1]) continue;
                const vec2 lo =
                    grid_lo_ + vec2(static_cast<float>(cx), static_cast<float>(cy)) * cell_;
                const vec2 q[4] = {lo, lo + vec2(cell_, 0.0f), lo + vec2(cell_, cell_),
                                   lo + vec2(0.0f, cell_)};
                out.polyline(q, rgba(120, 255, 120, 90), 0.02f, true, 4);
            }
        }
    }
}

}  // namespace skidpad
