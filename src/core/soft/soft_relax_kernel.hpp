// Private: the box relaxation kernel, written once over the wide-float layer
// (soft_wide.hpp) and instantiated for one lane (F1), SSE2 (F4, two groups of
// four boxes whose dependency chains the CPU overlaps) and AVX2 (F8, one group
// of eight: with one inverse mass per box the group's state fits the 16
// registers).
//
// Why a kernel: inside one box the six constraints form a dependency chain
// (Gauss-Seidel), each link a sqrt and a divide, so the scalar loop waits on
// latency. Independent boxes side by side fill the lanes with the same chain.
// Every lane does SoftSolver::relax_body's operations in its order, so a stored
// lane holds relax_body's bits. A lane whose box would dent, break or meet a
// degenerate edge is not stored: that box runs through relax_body from its
// untouched state instead, so plasticity has one implementation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "soft/soft_solver.hpp"
#include "soft/soft_wide.hpp"

namespace skidpad::soft_kernel {

/// Boxes per call of relax_boxes8.
inline constexpr int kBoxGroup = 8;

// W::lanes boxes, one per lane: vertex k's x and y, and the box's inverse mass
// (a box's four particles share it: SoftSolver::is_box).
template <class W>
struct Boxes {
    W x[4], y[4], w;
};

// Boxes whose particles start at first[0 … lanes): two 16-byte rows per box
// (x0 y0 x1 y1, x2 y2 x3 y3), transposed into lanes.
template <class W>
inline void load_boxes(Boxes<W>& b, const vec2* x, const float* w, const std::uint32_t* first) {
    const float* lo[W::lanes];
    const float* hi[W::lanes];
    for (int l = 0; l < W::lanes; ++l) {
        lo[l] = &x[first[l]].x;
        hi[l] = &x[first[l] + 2].x;
    }
    W r[4];
    wide::load_rows(lo, r);
    b.x[0] = r[0], b.y[0] = r[1], b.x[1] = r[2], b.y[1] = r[3];
    wide::load_rows(hi, r);
    b.x[2] = r[0], b.y[2] = r[1], b.x[3] = r[2], b.y[3] = r[3];
    b.w = wide::gather(W{}, w, first);
}

// Writes the boxes back, except the lanes set in `skip`.
template <class W>
inline void store_boxes(const Boxes<W>& b, int skip, vec2* x, const std::uint32_t* first) {
    float* lo[W::lanes];
    float* hi[W::lanes];
    for (int l = 0; l < W::lanes; ++l) {
        lo[l] = &x[first[l]].x;
        hi[l] = &x[first[l] + 2].x;
    }
    wide::store_rows({b.x[0], b.y[0], b.x[1], b.y[1]}, lo, skip);
    wide::store_rows({b.x[2], b.y[2], b.x[3], b.y[3]}, hi, skip);
}

// Constraint K of each lane's box i–j ({i, j, rest, stiffness} records,
// transposed; only rest and stiffness are used): relax_body's operations in its
// order. `bad` gains the lanes that must take relax_body (broken, degenerate,
// pinned or past dent_limit); on the last pass `strain` the largest strain of
// the others.
template <std::uint32_t K, class W>
inline void relax_edge(Boxes<W>& b, const Constraint* cs, const std::uint32_t* cfirst, W dent,
                       bool last, W& bad, W& strain) {
    static_assert(sizeof(Constraint) == 16 && offsetof(Constraint, rest) == 8 &&
                  offsetof(Constraint, stiffness) == 12);
    constexpr int I = static_cast<int>(SoftSolver::kBoxI[K]);
    constexpr int J = static_cast<int>(SoftSolver::kBoxJ[K]);
    const float* rows[W::lanes];
    for (int l = 0; l < W::lanes; ++l)
        rows[l] = reinterpret_cast<const float*>(cs + cfirst[l] + K);
    W c[4];
    wide::load_rows(rows, c);
    const W r = c[2], st = c[3];
    const W zero = wide::splat(W{}, 0.0f);
    const W dx = b.x[J] - b.x[I];
    const W dy = b.y[J] - b.y[I];
    const W len = wide::sqrt(dx * dx + dy * dy);
    const W ws = b.w + b.w;
    const W err = len - r;
    const W abs_err = wide::abs(err);
    const W ok = wide::gt(st, zero) & wide::ge(len, wide::splat(W{}, 1e-6f)) & wide::gt(ws, zero) &
                 wide::le(abs_err, dent * r);
    bad = bad | wide::eq(ok, zero);
    if (last) strain = wide::max(strain, ok & (abs_err / r));
    const W k = err / (len * ws) * st;
    const W kw = b.w * k;
    b.x[I] = b.x[I] + dx * kw;
    b.y[I] = b.y[I] + dy * kw;
    b.x[J] = b.x[J] - dx * kw;
    b.y[J] = b.y[J] - dy * kw;
}

// Constraint K in every group of lanes (independent chains, side by side).
template <std::uint32_t K, class W, int G>
inline void relax_edge_groups(Boxes<W> (&b)[G], const Constraint* cs, const std::uint32_t* cfirst,
                              W dent, bool last, W (&bad)[G], W (&strain)[G]) {
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g)
        relax_edge<K>(b[g], cs, cfirst + W::lanes * g, dent, last, bad[g], strain[g]);
}

template <class W, int G, std::uint32_t... K>
inline void relax_all_edges(Boxes<W> (&b)[G], const Constraint* cs, const std::uint32_t* cfirst,
                            W dent, bool last, W (&bad)[G], W (&strain)[G],
                            std::integer_sequence<std::uint32_t, K...>) {
    (relax_edge_groups<K>(b, cs, cfirst, dent, last, bad, strain), ...);
}

/// Relaxes eight boxes once. `fc` holds their {first particle, first
/// constraint} pairs (SoftSolver::box_first_ at the group), `w` the inverse
/// masses, `cs` the constraints. A box that would dent, break or meet a
/// degenerate edge is left untouched and reported in the returned bit mask
/// (bit l: box l). On the last pass `strain` receives the largest
/// |len − rest| / rest of the stored boxes (else 0).
template <class W>
inline int relax_boxes8(const std::uint32_t* fc, float dent, bool last, vec2* x, const float* w,
                        const Constraint* cs, float& strain) {
    constexpr int N = W::lanes;
    constexpr int G = kBoxGroup / N;
    static_assert(G * N == kBoxGroup);
    std::uint32_t first[kBoxGroup], cfirst[kBoxGroup];
    for (int l = 0; l < kBoxGroup; ++l) {
        first[l] = fc[2 * l];
        cfirst[l] = fc[2 * l + 1];
    }
    Boxes<W> b[G];
    W bad[G], st[G];
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g) {
        load_boxes(b[g], x, w, first + N * g);
        bad[g] = st[g] = wide::splat(W{}, 0.0f);
    }
    relax_all_edges(b, cs, cfirst, wide::splat(W{}, dent), last, bad, st,
                    std::make_integer_sequence<std::uint32_t, 6>{});
    int badm = 0;
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g)
        badm |= wide::movemask(bad[g]) << (N * g);
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g)
        store_boxes(b[g], (badm >> (N * g)) & ((1 << N) - 1), x, first + N * g);
    float m = 0.0f;
    if (last) {
        float ms[kBoxGroup];
#pragma GCC unroll 8
        for (int g = 0; g < G; ++g)
            wide::store(ms + N * g, st[g]);
        for (int l = 0; l < kBoxGroup; ++l)
            m = (badm & (1 << l)) ? m : (ms[l] > m ? ms[l] : m);
    }
    strain = m;
    return badm;
}

}  // namespace skidpad::soft_kernel
