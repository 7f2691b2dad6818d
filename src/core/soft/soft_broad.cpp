// Soft-body broad phase: a uniform grid of candidate pairs for the narrow phase
// (soft_narrow.cpp).
//
//   AABB per body; "small" bodies (AABB ≤ cell) go into their lower-left
//   corner's cell (counting sort); a pair is looked for in the cell itself and
//   4 forward neighbours, so each pair is seen once. "Large" bodies (barriers)
//   scan the cells under their AABB. Cost O(bodies + cells).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>

#include "soft/soft_broad_kernel.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

namespace {
// The lanes of the broad phase's kernels with soft.simd on (the same bits as F1).
#if SKIDPAD_WIDE_SSE
using BroadLanes = wide::F4;
#else
using BroadLanes = wide::F1;
#endif

bool overlap(vec2 alo, vec2 ahi, vec2 blo, vec2 bhi) {
    return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y;
}

// The home cell coordinate of `v` (cells from the grid's low corner) in
// [0, n): as clamp(int(v), 0, n - 1), but clamped before the conversion, so a
// far-away or non-finite coordinate cannot overflow the int (NaN gives 0).
int home_cell(float v, int n) {
    const float top = static_cast<float>(n - 1);
    const float lo = v >= 0.0f ? v : 0.0f;
    const int c = static_cast<int>(lo < top ? lo : top);
    return c < n - 1 ? c : n - 1;  // top may round up past n - 1
}

// floor(v) clamped to [-1, n] before the conversion (NaN gives -1): the cell
// range of a large body, which the caller narrows to the grid.
int floor_cell(float v, int n) {
    const float f = std::floor(v);
    if (!(f >= -1.0f)) return -1;
    if (f >= static_cast<float>(n)) return n;
    return static_cast<int>(f);
}
}  // namespace

// Appends the pairs of cell-order box `ia` with the run [b0, b1) whose boxes
// overlap it (two pinned bodies never pair); the caller reserved the room for
// the run plus kCellPad. Branch-free: every candidate is written, only
// overlapping ones are kept. The scan is soft_kernel::pair_scan on the step's
// lanes (four candidates per instruction with SSE2; the cell arrays are
// padded so a block may run past b1, and lanes past b1 never count). The
// scanning body comes first in the pair (any fixed order works: each pair is
// found once, from the lower or left cell).
template <class W>
inline void SoftSolver::pair_run(std::uint32_t ia, std::uint32_t b0, std::uint32_t b1,
                                 PairList& out) const {
    static_assert(kCellPad >= W::lanes, "a block may read lanes - 1 past the run");
    const soft_kernel::CellBoxes boxes{cell_lox_.data(), cell_loy_.data(),    cell_hix_.data(),
                                       cell_hiy_.data(), cell_pinned_.data(), cell_items_.data()};
    out.n += soft_kernel::pair_scan<W>(boxes, ia, b0, b1, out.buf.data() + out.n);
}

// Body bi's AABB, grown by `margin` (half the contact margin) each side, and
// 1/|edge| of its outgoing edges for SAT (0 for a degenerate edge).
void SoftSolver::bound_body(std::size_t bi, float margin, bool simd) {
    const Body& b = bodies[bi];
    const float* xy = reinterpret_cast<const float*>(pos.data() + b.first);
    float lo[2], hi[2];
    if (simd && b.count == 4) {  // quads, the common case, with the count known here
        soft_kernel::bound_polygon<BroadLanes>(xy, 4, margin, lo, hi,
                                               edge_inv_len_.data() + b.first);
    } else if (simd && b.count % BroadLanes::lanes == 0) {
        soft_kernel::bound_polygon<BroadLanes>(xy, b.count, margin, lo, hi,
                                               edge_inv_len_.data() + b.first);
    } else {
        soft_kernel::bound_polygon<wide::F1>(xy, b.count, margin, lo, hi,
                                             edge_inv_len_.data() + b.first);
    }
    aabb_[bi].lo = vec2(lo[0], lo[1]);
    aabb_[bi].hi = vec2(hi[0], hi[1]);
}

void SoftSolver::broad_phase(const SoftDef& def) {
    const std::size_t nb = bodies.size();  // bounded by integrate (bound_body)
    WorkerPool& pool = pool_.get();
    WorkerContext* const ctx = ensure_workers(def.threads);
    // Pick the cell: the tunable size, grown when the grid would be much larger
    // than the body count (one body far away must not allocate a huge grid). Each
    // chunk of bodies counts its small ones and bounds their lower corners; the
    // chunks' figures combine in body order (the leftmost least and greatest
    // corner, as one pass over the bodies finds them).
    const int class_workers = worker_count(def.threads, nb);
    float cell = static_cast<float>(std::max(def.cell_size, 0.25));
    std::size_t ns = 0;
    for (int attempt = 0; attempt < 8; ++attempt) {
        for (WorkerContext& c : workers_)
            c.small = 0;
        parallel_split(pool, class_workers, nb,
                       [&, cell](int part, std::size_t k0, std::size_t k1) {
                           std::size_t n = 0;
                           vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};
                           for (std::size_t bi = k0; bi < k1; ++bi) {
                               const vec2 blo = aabb_[bi].lo;
                               const vec2 ext = aabb_[bi].hi - blo;
                               if (ext.x <= cell && ext.y <= cell) {
                                   if (n == 0) lo = hi = blo;
                                   lo = glm::min(lo, blo);
                                   hi = glm::max(hi, blo);
                                   ++n;
                               }
                           }
                           ctx[part].small = n;
                           ctx[part].lo = lo;
                           ctx[part].hi = hi;
                       });
        vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};
        ns = 0;
        for (const WorkerContext& c : workers_) {
            if (c.small == 0) continue;
            if (ns == 0) lo = c.lo, hi = c.hi;
            lo = glm::min(lo, c.lo);
            hi = glm::max(hi, c.hi);
            ns += c.small;
        }
        const double w = std::floor((hi.x - lo.x) / cell) + 1.0;
        const double h = std::floor((hi.y - lo.y) / cell) + 1.0;
        const double cells = w * h;
        const double budget = 4.0 * static_cast<double>(ns) + 64.0;
        if (cells <= budget) {
            grid_w_ = static_cast<int>(w);
            grid_h_ = static_cast<int>(h);
            grid_lo_ = lo;
            break;
        }
        if (attempt == 7) {
            // Not settled (non-finite or runaway coordinates): one cell holds
            // every small body, and kMaxCellCandidates bounds its pairs.
            grid_w_ = grid_h_ = 1;
            grid_lo_ = lo;
            break;
        }
        cell *= static_cast<float>(std::sqrt(cells / budget)) * 1.01f;
    }
    cell_ = cell;

    // small_ and large_ in body order, each chunk from its offset, and each small
    // body's home cell counted. Then the counting sort: the cells' first slots (a
    // scan in parallel chunks of cells), the bodies scattered into their cells, and
    // each cell's bodies put in body order (the order one thread scatters them in,
    // for any thread count) with their boxes copied into the cell-order arrays (a
    // cell and its right neighbour, and the three cells above, are then contiguous
    // runs that pair_run scans without branches). With more than one chunk the
    // counters are shared: atomic adds. cell_count_ is all zero between broad
    // phases (the scan clears what it read).
    const std::size_t ncell = static_cast<std::size_t>(grid_w_) * static_cast<std::size_t>(grid_h_);
    const float inv_cell = 1.0f / cell;
    small_.resize(ns);
    large_.resize(nb - ns);
    cell_of_.resize(ns);
    if (cell_count_.size() < ncell) cell_count_.resize(ncell, 0);
    std::size_t offset = 0;
    for (WorkerContext& c : workers_) {
        const std::size_t n = c.small;
        c.small = offset;
        offset += n;
    }
    const bool shared = split_chunk(pool, class_workers, nb) < nb;
    std::uint32_t* const count = cell_count_.data();
    parallel_split(pool, class_workers, nb, [&, cell](int part, std::size_t k0, std::size_t k1) {
        std::size_t s = ctx[part].small, l = k0 - s;
        for (std::size_t bi = k0; bi < k1; ++bi) {
            const vec2 blo = aabb_[bi].lo;
            const vec2 ext = aabb_[bi].hi - blo;
            if (ext.x <= cell && ext.y <= cell) {
                const vec2 rel = (blo - grid_lo_) * inv_cell;
                const int cx = home_cell(rel.x, grid_w_);
                const int cy = home_cell(rel.y, grid_h_);
                const std::uint32_t c = static_cast<std::uint32_t>(cy * grid_w_ + cx);
                small_[s] = static_cast<std::uint32_t>(bi);
                cell_of_[s] = c;
                ++s;
                if (shared) {
                    std::atomic_ref<std::uint32_t>(count[c]).fetch_add(1,
                                                                       std::memory_order_relaxed);
                } else {
                    count[c] += 1;
                }
            } else {
                large_[l++] = static_cast<std::uint32_t>(bi);
            }
        }
    });
    cell_start_.resize(ncell + 1);
    cell_fill_.resize(ncell);
    const int cell_workers = worker_count(def.threads, ncell);
    if (split_chunk(pool, cell_workers, ncell) >= ncell) {
        std::uint32_t slot = 0;
        for (std::size_t c = 0; c < ncell; ++c) {
            cell_start_[c] = slot;
            cell_fill_[c] = slot;
            slot += count[c];
            count[c] = 0;
        }
    } else {
        for (WorkerContext& c : workers_)
            c.small = 0;
        parallel_split(pool, cell_workers, ncell, [&](int part, std::size_t c0, std::size_t c1) {
            std::size_t n = 0;
            for (std::size_t c = c0; c < c1; ++c)
                n += count[c];
            ctx[part].small = n;
        });
        offset = 0;
        for (WorkerContext& c : workers_) {
            const std::size_t n = c.small;
            c.small = offset;
            offset += n;
        }
        parallel_split(pool, cell_workers, ncell, [&](int part, std::size_t c0, std::size_t c1) {
            std::uint32_t slot = static_cast<std::uint32_t>(ctx[part].small);
            for (std::size_t c = c0; c < c1; ++c) {
                cell_start_[c] = slot;
                cell_fill_[c] = slot;
                slot += count[c];
                count[c] = 0;
            }
        });
    }
    cell_start_[ncell] = static_cast<std::uint32_t>(ns);
    // kCellPad entries past the end let pair_run read whole blocks (lanes past
    // a run never count, so their values do not matter).
    cell_items_.resize(ns + kCellPad);
    cell_lox_.resize(ns + kCellPad);
    cell_loy_.resize(ns + kCellPad);
    cell_hix_.resize(ns + kCellPad);
    cell_hiy_.resize(ns + kCellPad);
    cell_pinned_.resize(ns + kCellPad);
    const int sort_workers = worker_count(def.threads, ns);
    const bool shared_fill = split_chunk(pool, sort_workers, ns) < ns;
    std::uint32_t* const fill = cell_fill_.data();
    // Box k of small_ into slot `at` of the cell-order arrays.
    auto place = [this](std::uint32_t at, std::uint32_t b) {
        cell_items_[at] = b;
        cell_lox_[at] = aabb_[b].lo.x;
        cell_loy_[at] = aabb_[b].lo.y;
        cell_hix_[at] = aabb_[b].hi.x;
        cell_hiy_[at] = aabb_[b].hi.y;
        cell_pinned_[at] = bodies[b].pinned ? -0.0f : 0.0f;
    };
    if (!shared_fill) {  // one thread scatters in body order, the boxes with the bodies
        for (std::size_t k = 0; k < ns; ++k)
            place(fill[cell_of_[k]]++, small_[k]);
    } else {
        parallel_split(pool, sort_workers, ns, [&](int, std::size_t k0, std::size_t k1) {
            for (std::size_t k = k0; k < k1; ++k) {
                const std::uint32_t c = cell_of_[k];
                const std::uint32_t at =
                    std::atomic_ref<std::uint32_t>(fill[c]).fetch_add(1, std::memory_order_relaxed);
                cell_items_[at] = small_[k];
            }
        });
        parallel_split(pool, cell_workers, ncell, [&](int, std::size_t c0, std::size_t c1) {
            std::uint32_t* const items = cell_items_.data();
            for (std::size_t c = c0; c < c1; ++c) {
                const std::uint32_t s0 = cell_start_[c], s1 = cell_start_[c + 1];
                if (s1 - s0 > 1) std::sort(items + s0, items + s1);
                for (std::uint32_t at = s0; at < s1; ++at)
                    place(at, items[at]);
            }
        });
    }

    // Pairs among small bodies, one list per band of kBandRows grid rows (the
    // bands run in parallel; a pair belongs to the band of the scanned cell).
    bands_ = (grid_h_ + kBandRows - 1) / kBandRows;
    band_pairs_.resize(static_cast<std::size_t>(bands_) + 1);  // + the serial list
    for (auto& v : band_pairs_)
        v.clear();
    band_crowded_.resize(static_cast<std::size_t>(bands_));
    for (auto& v : band_crowded_)
        v.clear();
    const int workers = worker_count(def.threads, small_.size());
    for (WorkerContext& c : workers_)
        c.dropped = 0;
    const bool simd = def.simd;
    // Each worker scans a run of bands holding about an equal share of the small
    // bodies (each band's list is its own: the split changes no bit).
    const int scan_workers = static_cast<int>(std::min<std::size_t>(
        static_cast<std::size_t>(std::min(workers, worker_slots(pool, def.threads))),
        static_cast<std::size_t>(std::max(bands_, 1))));
    std::vector<std::size_t>& weight = band_weight_[0];
    std::vector<std::size_t>& bounds = band_bounds_[0];
    weight.resize(static_cast<std::size_t>(bands_));
    for (int band = 0; band < bands_; ++band) {
        const std::size_t r0 = static_cast<std::size_t>(band * kBandRows);
        const std::size_t r1 =
            std::min<std::size_t>(r0 + kBandRows, static_cast<std::size_t>(grid_h_));
        const std::size_t gw = static_cast<std::size_t>(grid_w_);
        weight[static_cast<std::size_t>(band)] = cell_start_[r1 * gw] - cell_start_[r0 * gw];
    }
    balance_ranges(weight.data(), weight.size(), scan_workers, bounds);
    parallel_split(pool, scan_workers, static_cast<std::size_t>(scan_workers),
                   [&](int, std::size_t p0, std::size_t p1) {
                       for (std::size_t p = p0; p < p1; ++p) {
                           std::uint64_t dropped = 0;
                           for (std::size_t band = bounds[p]; band < bounds[p + 1]; ++band) {
                               const int b = static_cast<int>(band);
                               dropped += simd ? scan_band<BroadLanes>(b) : scan_band<wide::F1>(b);
                           }
                           ctx[p].dropped = dropped;
                       }
                   });
    // A crowded cell is a pile of bodies on top of each other, its pairs only partly
    // scanned: all its bodies separate at the bounded speed instead of being thrown
    // apart by whichever contacts were found.
    for (const auto& ranges : band_crowded_) {
        for (std::size_t i = 0; i + 1 < ranges.size(); i += 2)
            settle_crowded(ranges[i], ranges[i + 1]);
    }

    // Large bodies against the small ones under them (their home cells lie at most
    // one cell below/left of the large body's AABB), then large against large. A
    // pinned large body's particles never move, so its pair joins the small body's
    // band; a movable large body can touch many bands, so its pairs go to the
    // serial list solved after the bands.
    // A large body keeps at most kMaxLargeCellPairs pairs per cell under it, and
    // in the sweep a movable one at most kMaxLargePairs with the bodies after it
    // (a pinned one 16 × kMaxLargeCellPairs); the rest count as dropped, so
    // coincident bodies cannot make the lists quadratic.
    std::uint64_t dropped = 0;
    for (const WorkerContext& c : workers_)
        dropped += c.dropped;
    PairList& serial = band_pairs_[static_cast<std::size_t>(bands_)];
    for (std::uint32_t L : large_) {
        const Aabb A = aabb_[L];
        const bool pl = bodies[L].pinned;
        const int x0 = std::max(floor_cell((A.lo.x - grid_lo_.x) * inv_cell, grid_w_) - 1, 0);
        const int y0 = std::max(floor_cell((A.lo.y - grid_lo_.y) * inv_cell, grid_h_) - 1, 0);
        const int x1 = std::min(floor_cell((A.hi.x - grid_lo_.x) * inv_cell, grid_w_), grid_w_ - 1);
        const int y1 = std::min(floor_cell((A.hi.y - grid_lo_.y) * inv_cell, grid_h_), grid_h_ - 1);
        for (int cy = y0; cy <= y1; ++cy) {
            PairList& out = pl ? band_pairs_[static_cast<std::size_t>(cy / kBandRows)] : serial;
            for (int cx = x0; cx <= x1; ++cx) {
                const std::uint32_t c = static_cast<std::uint32_t>(cy * grid_w_ + cx);
                std::uint32_t kept = 0;
                for (std::uint32_t ib = cell_start_[c]; ib < cell_start_[c + 1]; ++ib) {
                    const std::uint32_t b = cell_items_[ib];
                    if (pl && bodies[b].pinned) continue;
                    if (!overlap(A.lo, A.hi, aabb_[b].lo, aabb_[b].hi)) continue;
                    if (kept == kMaxLargeCellPairs) {
                        dropped += 1;
                        continue;
                    }
                    kept += 1;
                    out.push_back(L < b ? (std::uint64_t{L} << 32) | b
                                        : (std::uint64_t{b} << 32) | L);
                }
            }
        }
    }
    // The sweep by lo.x, ties by index. A body whose lo.x is NaN overlaps
    // nothing and would break the sort's ordering (std::sort could then leave
    // the array): it is left out.
    std::vector<std::uint32_t>& sorted = scratch_fill_;
    sorted.clear();
    for (std::uint32_t L : large_) {
        if (aabb_[L].lo.x == aabb_[L].lo.x) sorted.push_back(L);
    }
    std::sort(sorted.begin(), sorted.end(), [&](std::uint32_t a, std::uint32_t b) {
        return aabb_[a].lo.x < aabb_[b].lo.x || (aabb_[a].lo.x == aabb_[b].lo.x && a < b);
    });
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const std::uint32_t a = sorted[i];
        const std::uint32_t cap = bodies[a].pinned ? kMaxLargeCellPairs * 16 : kMaxLargePairs;
        std::uint32_t kept = 0;
        for (std::size_t j = i + 1; j < sorted.size(); ++j) {
            const std::uint32_t b = sorted[j];
            if (aabb_[b].lo.x > aabb_[a].hi.x) break;
            if (bodies[a].pinned && bodies[b].pinned) continue;
            if (!overlap(aabb_[a].lo, aabb_[a].hi, aabb_[b].lo, aabb_[b].hi)) continue;
            if (kept == cap) {
                dropped += 1;
                continue;
            }
            kept += 1;
            serial.push_back(a < b ? (std::uint64_t{a} << 32) | b : (std::uint64_t{b} << 32) | a);
        }
    }
    std::size_t npairs = 0;
    for (const auto& v : band_pairs_)
        npairs += v.size();
    stats_.pairs = static_cast<int>(std::min<std::size_t>(npairs, INT32_MAX));
    stats_.pairs_dropped = static_cast<std::int64_t>(dropped);
}

// The pairs of band `band`'s cells with their runs (see broad_phase), on the
// lanes W; returns the candidates crowded cells skipped.
template <class W>
std::uint64_t SoftSolver::scan_band(int band) {
    std::uint64_t dropped = 0;
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
            const std::uint64_t n = s1 - s0;
            const std::uint64_t runs = std::uint64_t{r0 - s0} + (u1 - u0);
            if (n * runs <= kMaxCellCandidates) {
                out.reserve(out.n + n * (runs + 2 * kCellPad));
                for (std::uint32_t ia = s0; ia < s1; ++ia) {
                    pair_run<W>(ia, ia + 1, r0, out);
                    pair_run<W>(ia, u0, u1, out);
                }
            } else {
                dropped += crowded_cell<W>(s0, s1, r0, u0, u1, out);
                band_crowded_[static_cast<std::size_t>(band)].push_back(s0);
                band_crowded_[static_cast<std::size_t>(band)].push_back(s1);
            }
        }
    }
    return dropped;
}

// A cell whose candidates exceed kMaxCellCandidates (a pile of coincident or
// nearly coincident bodies): each body of [s0, s1) scans at most kCrowdedRun
// candidates of each of its two runs: the next ones in cell order of the
// same-cell run [ia + 1, r0), and a window of the upper run [u0, u1) that
// slides with the body's place in the cell, so every body still meets
// neighbours and the pile is pushed apart over the sub-steps. Returns the
// candidates skipped. The reservation is at most (s1 − s0)·(2·kCrowdedRun + 2·kCellPad).
template <class W>
std::uint64_t SoftSolver::crowded_cell(std::uint32_t s0, std::uint32_t s1, std::uint32_t r0,
                                       std::uint32_t u0, std::uint32_t u1, PairList& out) const {
    const std::uint64_t n = s1 - s0, up = u1 - u0;
    out.reserve(out.n + n * (2 * std::uint64_t{kCrowdedRun} + 2 * kCellPad));
    std::uint64_t skipped = 0;
    for (std::uint32_t ia = s0; ia < s1; ++ia) {
        const std::uint32_t same = r0 - (ia + 1);
        const std::uint32_t take = std::min(same, kCrowdedRun);
        pair_run<W>(ia, ia + 1, ia + 1 + take, out);
        skipped += same - take;
        if (up <= kCrowdedRun) {
            pair_run<W>(ia, u0, u1, out);
        } else {
            // Window start spread over [0, up − kCrowdedRun] by the body's rank.
            const std::uint64_t span = up - kCrowdedRun;
            const std::uint64_t at = n > 1 ? (std::uint64_t{ia - s0} * span) / (n - 1) : 0;
            const std::uint32_t w0 = u0 + static_cast<std::uint32_t>(at);
            pair_run<W>(ia, w0, w0 + kCrowdedRun, out);
            skipped += span;
        }
    }
    return skipped;
}

std::size_t SoftSolver::pair_capacity() const {
    std::size_t n = 0;
    for (const auto& v : band_pairs_)
        n += v.buf.size();
    return n;
}

std::size_t SoftSolver::contact_capacity() const {
    std::size_t n = 0;
    for (const auto& v : band_contacts_)
        n += v.buf.size();
    return n;
}

}  // namespace skidpad
