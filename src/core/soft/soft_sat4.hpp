// Private: SAT between two 4-vertex convex polygons (crates, cones, shards,
// barriers) with SSE, four edges or four vertices per instruction, following
// soft_geometry.hpp's sat + incident_vertices step by step: every lane does the
// scalar operations in the same order (no fused multiply-add), so verdicts,
// distances and contacts are bit-identical to the scalar code (soft.simd off),
// which a test checks.
#pragma once

#include <cfloat>

#include "soft/soft_geometry.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#define SKIDPAD_SAT4 1
#else
#define SKIDPAD_SAT4 0
#endif

#if SKIDPAD_SAT4
namespace skidpad::soft_geo {

static_assert(sizeof(vec2) == 2 * sizeof(float), "vec2 arrays are read as packed floats");

/// A quad's vertices as (x0..x3), (y0..y3).
struct Quad {
    __m128 x, y;
};

inline Quad load_quad(const vec2* p) {
    const float* f = &p[0].x;
    const __m128 lo = _mm_loadu_ps(f);      // x0 y0 x1 y1
    const __m128 hi = _mm_loadu_ps(f + 4);  // x2 y2 x3 y3
    return Quad{_mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)),
                _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1))};
}

template <int J>
inline __m128 lane(__m128 v) {
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(J, J, J, J));
}

/// max_separation(A, 4, B, 4, margin, inv_len) as far as sat() uses it: lanes
/// are A's edges.
inline Axis max_separation4(const Quad& A, const Quad& B, const float* inv_len) {
    const __m128 ax1 = _mm_shuffle_ps(A.x, A.x, _MM_SHUFFLE(0, 3, 2, 1));
    const __m128 ay1 = _mm_shuffle_ps(A.y, A.y, _MM_SHUFFLE(0, 3, 2, 1));
    const __m128 nx = _mm_sub_ps(ay1, A.y);  // outward(a0, a1) = (a1.y - a0.y, a0.x - a1.x)
    const __m128 ny = _mm_sub_ps(A.x, ax1);
    auto dist = [&](__m128 bx, __m128 by) {
        return _mm_add_ps(_mm_mul_ps(nx, _mm_sub_ps(bx, A.x)), _mm_mul_ps(ny, _mm_sub_ps(by, A.y)));
    };
    __m128 s = _mm_set1_ps(FLT_MAX);
    s = _mm_min_ps(dist(lane<0>(B.x), lane<0>(B.y)), s);  // d < s ? d : s
    s = _mm_min_ps(dist(lane<1>(B.x), lane<1>(B.y)), s);
    s = _mm_min_ps(dist(lane<2>(B.x), lane<2>(B.y)), s);
    s = _mm_min_ps(dist(lane<3>(B.x), lane<3>(B.y)), s);
    const __m128 il = _mm_loadu_ps(inv_len);
    const __m128 sv = _mm_mul_ps(s, il);
    // The scalar loop keeps the first strictly largest separation among edges
    // with il > 0 (NaN never wins) and stops early past the margin; both end in
    // "no hit" exactly when some valid edge exceeds the margin, and otherwise
    // in the first largest one. Done branch-free here.
    const __m128 valid = _mm_and_ps(_mm_cmpgt_ps(il, _mm_setzero_ps()), _mm_cmpeq_ps(sv, sv));
    const __m128 lowest = _mm_set1_ps(-FLT_MAX);
    const __m128 cand = _mm_or_ps(_mm_and_ps(valid, sv), _mm_andnot_ps(valid, lowest));
    __m128 mx = _mm_max_ps(cand, _mm_shuffle_ps(cand, cand, _MM_SHUFFLE(2, 3, 0, 1)));
    mx = _mm_max_ps(mx, _mm_shuffle_ps(mx, mx, _MM_SHUFFLE(1, 0, 3, 2)));
    const int at = _mm_movemask_ps(_mm_and_ps(valid, _mm_cmpeq_ps(cand, mx)));
    Axis best;
    const float top = _mm_cvtss_f32(mx);
    if (at == 0 || top == -FLT_MAX) return best;  // as the scalar loop: -FLT_MAX at edge 0
    best.edge = __builtin_ctz(static_cast<unsigned>(at));
    best.separation = top;
    return best;
}

/// The incident quad's vertices against the reference edge e0→e1: which lie
/// within `margin` of it and over it (`mask`, bit j = vertex j), their signed
/// distances `s` and edge parameters `t` (unclamped). No zero fill: `s` and `t`
/// are always written (meaningless for an invalid edge, whose mask is 0).
struct Incident4 {
    int mask;
    bool valid;  ///< false for a degenerate edge (no vertex can touch it)
    vec2 n;      ///< unit outward normal of the edge
    alignas(16) float s[4];
    alignas(16) float t[4];
};

/// As incident_vertices' tests, without branches. `inv_len` is the edge's
/// 1/|d| as the broad phase stored it (`l2 > 1e-12f ? 1 / sqrt(l2) : 0`, the
/// value incident_vertices computes, so no square root or division here); a
/// degenerate edge (|d|² ≤ 1e-12) reports no vertex.
inline Incident4 incident4(vec2 e0, vec2 e1, float inv_len, const Quad& I, float margin) {
    Incident4 r;
    const vec2 d = e1 - e0;
    r.valid = dot2(d, d) > 1e-12f;
    r.n = outward(e0, e1) * inv_len;
    const __m128 rx = _mm_sub_ps(I.x, _mm_set1_ps(e0.x));
    const __m128 ry = _mm_sub_ps(I.y, _mm_set1_ps(e0.y));
    const __m128 t =
        _mm_mul_ps(_mm_add_ps(_mm_mul_ps(rx, _mm_set1_ps(d.x)), _mm_mul_ps(ry, _mm_set1_ps(d.y))),
                   _mm_set1_ps(inv_len * inv_len));
    const __m128 s =
        _mm_add_ps(_mm_mul_ps(_mm_set1_ps(r.n.x), rx), _mm_mul_ps(_mm_set1_ps(r.n.y), ry));
    __m128 ok = _mm_cmple_ps(s, _mm_set1_ps(margin));
    ok = _mm_and_ps(ok, _mm_cmpge_ps(t, _mm_set1_ps(-0.05f)));
    ok = _mm_and_ps(ok, _mm_cmple_ps(t, _mm_set1_ps(1.05f)));
    r.mask = r.valid ? _mm_movemask_ps(ok) : 0;
    _mm_store_ps(r.s, s);
    _mm_store_ps(r.t, t);
    return r;
}

/// The face queries of sat(A, 4, B, 4, ...) both ways: false as soon as an
/// edge of either quad separates them by more than `margin`.
inline bool sat4_overlap(const Quad& QA, const Quad& QB, float margin, const float* inv_a,
                         const float* inv_b, Axis& sa, Axis& sb) {
    sa = max_separation4(QA, QB, inv_a);
    if (sa.separation > margin) return false;
    sb = max_separation4(QB, QA, inv_b);
    return !(sb.separation > margin);
}

/// The rest of sat() for two overlapping quads, decided with selects rather
/// than branches (which the ~2/3 hit rate makes unpredictable): both bodies'
/// best edges are tested against the other quad, then sat()'s choice is made.
/// `ref` is the incident quad against the reference edge, `other` the
/// reference quad against the other body's best edge.
struct QuadPick {
    Sat sat;
    const Incident4* ref;
    const Incident4* other;
};

inline QuadPick sat4_pick(const Incident4& ia, const Incident4& ib, const Axis& sa,
                          const Axis& sb) {
    const bool first_b = sb.separation > sa.separation + kReferenceBias;
    const int first = first_b ? ib.mask : ia.mask, second = first_b ? ia.mask : ib.mask;
    // sat(): when no vertex faces the first choice but some face the other
    // body's edge, that edge becomes the reference.
    const bool use_b = first_b != (first == 0 && second != 0);
    QuadPick p;
    p.sat.hit = true;
    set_reference(p.sat, use_b, sa, sb);
    p.ref = use_b ? &ib : &ia;
    p.other = use_b ? &ia : &ib;
    return p;
}

/// incident_vertices' choice as a bit mask: the touching vertices, else (with
/// `fallback`) the deepest one (the first of equals) if within the margin.
inline int incident_mask4(const Incident4& inc, float margin, bool fallback) {
    const __m128 s = _mm_load_ps(inc.s);
    const __m128 big = _mm_set1_ps(FLT_MAX);
    const __m128 ord = _mm_cmpord_ps(s, s);  // NaN never counts as deepest
    const __m128 sv = _mm_or_ps(_mm_and_ps(ord, s), _mm_andnot_ps(ord, big));
    __m128 mn = _mm_min_ps(sv, _mm_shuffle_ps(sv, sv, _MM_SHUFFLE(2, 3, 0, 1)));
    mn = _mm_min_ps(mn, _mm_shuffle_ps(mn, mn, _MM_SHUFFLE(1, 0, 3, 2)));
    const float deepest_s = _mm_cvtss_f32(mn);
    const int at = _mm_movemask_ps(_mm_cmpeq_ps(sv, mn)) | 16;  // 16: never empty
    const int deepest = (fallback && inc.valid && deepest_s < FLT_MAX && deepest_s <= margin)
                            ? 1 << __builtin_ctz(static_cast<unsigned>(at))
                            : 0;
    return inc.mask != 0 ? inc.mask : deepest;
}

}  // namespace skidpad::soft_geo
#endif
