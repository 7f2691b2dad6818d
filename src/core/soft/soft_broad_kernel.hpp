// Private: the broad phase's kernels (soft_broad.cpp), written once over the
// wide-float layer (soft_wide.hpp): the box scan of a cell run and a body's
// bounds with its edge lengths. F1 is the scalar reference; every lane does the
// scalar operations in the same order, so F4 gives the same bits (a test checks).
#pragma once

#include <cstddef>
#include <cstdint>

#include "soft/soft_wide.hpp"

namespace skidpad::soft_kernel {

/// The small bodies' boxes in cell order. `pinned` is -0.0f for a pinned body
/// and +0.0f otherwise: the sign bit is the flag, so two pinned bodies are
/// those whose values AND to a set sign bit.
struct CellBoxes {
    const float* lox;
    const float* loy;
    const float* hix;
    const float* hiy;
    const float* pinned;
    const std::uint32_t* items;  ///< dense body index
};

/// Writes (items[ia] << 32) | items[k] to `o` for every k of [b0, b1) whose box
/// overlaps box ia's (closed intervals; a NaN never overlaps), unless both are
/// pinned, and returns how many were kept. Branch-free: every candidate of a
/// block of W::lanes is written and only the kept ones advance, so `o` needs
/// room for the run plus W::lanes − 1, and the arrays must be readable that far
/// past b1 (those lanes never count).
template <class W>
[[gnu::always_inline]] inline std::size_t pair_scan(const CellBoxes& c, std::uint32_t ia,
                                                    std::uint32_t b0, std::uint32_t b1,
                                                    std::uint64_t* o) {
    const W LX = splat(W{}, c.lox[ia]), LY = splat(W{}, c.loy[ia]);
    const W HX = splat(W{}, c.hix[ia]), HY = splat(W{}, c.hiy[ia]);
    const W PA = splat(W{}, c.pinned[ia]);
    const std::uint64_t a = std::uint64_t{c.items[ia]} << 32;
    constexpr std::uint32_t lanes = W::lanes;
    std::size_t m = 0;
    for (std::uint32_t k = b0; k < b1; k += lanes) {
        const W hit = le(LX, load(W{}, c.hix + k)) & le(load(W{}, c.lox + k), HX) &
                      le(LY, load(W{}, c.hiy + k)) & le(load(W{}, c.loy + k), HY);
        const std::uint32_t left = b1 - k;
        const int in_run = (1 << (left < lanes ? left : lanes)) - 1;  // lanes before b1
        const int both_pinned = movemask(PA & load(W{}, c.pinned + k));
        const int bits = movemask(hit) & ~both_pinned & in_run;
        for (std::uint32_t j = 0; j < lanes; ++j) {
            o[m] = a | c.items[k + j];
            m += static_cast<std::size_t>((bits >> j) & 1);
        }
    }
    return m;
}

/// The bounds of the polygon of `n` points `xy` (interleaved x, y) grown by
/// `margin` on each side (lo, hi: x then y), and 1/|edge| of its outgoing edges
/// (`l2 > 1e-12f ? 1 / sqrt(l2) : 0`, 0 for a degenerate edge) in inv_len[0, n).
/// One lane per vertex: n must be a multiple of W::lanes. Min and max are exact,
/// so the bounds do not depend on the lanes' order (their signed zeros may, and
/// are equal once the margin is applied).
template <class W>
[[gnu::always_inline]] inline void bound_polygon(const float* xy, std::uint32_t n, float margin,
                                                 float* lo, float* hi, float* inv_len) {
    const W tiny = splat(W{}, 1e-12f), one = splat(W{}, 1.0f), zero = splat(W{}, 0.0f);
    // Block k's vertices into X, Y and its outgoing edges' 1/|edge| into inv_len.
    auto block = [&](std::uint32_t k, W& X, W& Y) {
        load_xy(xy + 2 * k, X, Y);
        // The next vertices: the lanes rotated when one block is the polygon.
        const std::uint32_t after = k + W::lanes == n ? 0 : k + W::lanes;
        const bool whole = n == W::lanes;
        const W X1 = whole ? rotate_lanes(X) : next_lanes(X, xy[2 * after]);
        const W Y1 = whole ? rotate_lanes(Y) : next_lanes(Y, xy[2 * after + 1]);
        const W DX = X1 - X, DY = Y1 - Y;
        const W L2 = DX * DX + DY * DY;
        store(inv_len + k, select(gt(L2, tiny), one / sqrt(L2), zero));
    };
    W mnx, mny;
    block(0, mnx, mny);
    W mxx = mnx, mxy = mny;
    for (std::uint32_t k = W::lanes; k < n; k += W::lanes) {
        W X, Y;
        block(k, X, Y);
        mnx = min(X, mnx);  // glm::min(lo, p): p < lo ? p : lo
        mny = min(Y, mny);
        mxx = max(X, mxx);  // glm::max(hi, p): hi < p ? p : hi
        mxy = max(Y, mxy);
    }
    const float b[4] = {reduce_min(mnx), reduce_min(mny), reduce_max(mxx), reduce_max(mxy)};
    lo[0] = b[0] - margin;
    lo[1] = b[1] - margin;
    hi[0] = b[2] + margin;
    hi[1] = b[3] + margin;
}

}  // namespace skidpad::soft_kernel
