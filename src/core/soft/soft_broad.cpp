// Soft-body broad phase: a uniform grid of candidate pairs for the narrow phase
// (soft_narrow.cpp).
//
//   AABB per body; "small" bodies (AABB ≤ cell) go into their lower-left
//   corner's cell (counting sort); a pair is looked for in the cell itself and
//   4 forward neighbours, so each pair is seen once. "Large" bodies (barriers)
//   scan the cells under their AABB. Cost O(bodies + cells).
#include <algorithm>
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_sat4.hpp"
#include "soft/soft_solver.hpp"

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

}  // namespace skidpad
