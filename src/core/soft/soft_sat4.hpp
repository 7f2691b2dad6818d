// Private: SAT between two 4-vertex convex polygons (crates, cones, shards,
// barriers), written once over the wide-float layer (soft_wide.hpp) with one
// lane per edge or vertex: F4 does a quad's four edges per instruction, F1 one
// at a time. Each follows soft_geometry.hpp's sat + incident_vertices step by
// step, every lane doing the scalar operations in the same order (no fused
// multiply-add), so verdicts, distances and contacts are bit-identical to the
// generic scalar code, which a test checks. Points are vec2 arrays read as
// interleaved x, y floats.
#pragma once

#include <cfloat>

#include "soft/soft_geometry.hpp"
#include "soft/soft_wide.hpp"

namespace skidpad::soft_geo {

static_assert(sizeof(vec2) == 2 * sizeof(float), "vec2 arrays are read as packed floats");

/// max_separation(A, 4, B, 4, margin, inv_len) as far as sat() uses it: the
/// lanes are A's edges. The scalar loop keeps the first strictly largest
/// separation among edges with inv_len > 0 (NaN never wins) and stops early past
/// the margin; both end in "no hit" exactly when some valid edge exceeds the
/// margin, and otherwise in the first largest one.
template <class W>
inline Axis max_separation4(const vec2* A, const vec2* B, const float* inv_len) {
    const float* a = &A[0].x;
    const float* b = &B[0].x;
    float sep[4];
    W top_w = splat(W{}, -FLT_MAX);  ///< largest valid separation per lane
    int valid = 0;  ///< bit e: edge e has inv_len > 0 and a separation that is not NaN
    for (int k = 0; k < 4; k += W::lanes) {
        W ax, ay;
        wide::load_xy(a + 2 * k, ax, ay);
        const int after = (k + W::lanes) & 3;
        const W ax1 = W::lanes == 4 ? rotate_lanes(ax) : next_lanes(ax, a[2 * after]);
        const W ay1 = W::lanes == 4 ? rotate_lanes(ay) : next_lanes(ay, a[2 * after + 1]);
        const W nx = ay1 - ay;  // outward(a0, a1) = (a1.y - a0.y, a0.x - a1.x)
        const W ny = ax - ax1;
        W s = splat(W{}, FLT_MAX);
        for (int j = 0; j < 4; ++j) {
            const W d = nx * (splat(W{}, b[2 * j]) - ax) + ny * (splat(W{}, b[2 * j + 1]) - ay);
            s = min(d, s);  // d < s ? d : s
        }
        const W il = load(W{}, inv_len + k);
        const W sv = s * il;
        const W ok = gt(il, splat(W{}, 0.0f)) & eq(sv, sv);
        valid |= movemask(ok) << k;
        top_w = max(select(ok, sv, splat(W{}, -FLT_MAX)), top_w);
        store(sep + k, sv);
    }
    // The scalar loop's pick without branches (the outcome is a coin toss for
    // touching crates): the largest valid separation, then its first edge.
    const float top = reduce_max(top_w);
    int at = 0;
    for (int k = 0; k < 4; k += W::lanes)
        at |= movemask(eq(load(W{}, sep + k), splat(W{}, top))) << k;
    at &= valid;
    Axis best;
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
    float s[4];
    float t[4];
};

/// As incident_vertices' tests, without branches. `inv_len` is the edge's
/// 1/|d| as the broad phase stored it (`l2 > 1e-12f ? 1 / sqrt(l2) : 0`, the
/// value incident_vertices computes, so no square root or division here); a
/// degenerate edge (|d|² ≤ 1e-12) reports no vertex.
template <class W>
inline Incident4 incident4(vec2 e0, vec2 e1, float inv_len, const vec2* I, float margin) {
    Incident4 r;
    const vec2 d = e1 - e0;
    r.valid = dot2(d, d) > 1e-12f;
    r.n = outward(e0, e1) * inv_len;
    const W x0 = splat(W{}, e0.x), y0 = splat(W{}, e0.y);
    const W dx = splat(W{}, d.x), dy = splat(W{}, d.y), il2 = splat(W{}, inv_len * inv_len);
    const W nx = splat(W{}, r.n.x), ny = splat(W{}, r.n.y), m = splat(W{}, margin);
    const W t_lo = splat(W{}, -0.05f), t_hi = splat(W{}, 1.05f);
    int mask = 0;
    for (int k = 0; k < 4; k += W::lanes) {
        W ix, iy;
        wide::load_xy(&I[k].x, ix, iy);
        const W rx = ix - x0, ry = iy - y0;
        const W t = (rx * dx + ry * dy) * il2;
        const W s = nx * rx + ny * ry;
        mask |= movemask(le(s, m) & ge(t, t_lo) & le(t, t_hi)) << k;
        store(r.s + k, s);
        store(r.t + k, t);
    }
    r.mask = r.valid ? mask : 0;
    return r;
}

/// The face queries of sat(A, 4, B, 4, ...) both ways: false as soon as an
/// edge of either quad separates them by more than `margin`.
template <class W>
inline bool sat4_overlap(const vec2* A, const vec2* B, float margin, const float* inv_a,
                         const float* inv_b, Axis& sa, Axis& sb) {
    sa = max_separation4<W>(A, B, inv_a);
    if (sa.separation > margin) return false;
    sb = max_separation4<W>(B, A, inv_b);
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
/// `fallback`) the deepest one (the first of equals; NaN never) if within the margin.
inline int incident_mask4(const Incident4& inc, float margin, bool fallback) {
    float deepest_s = FLT_MAX;
    for (int j = 0; j < 4; ++j)
        deepest_s = inc.s[j] < deepest_s ? inc.s[j] : deepest_s;  // NaN never
    int at = 16;                                                  // never empty
    for (int j = 0; j < 4; ++j)
        at |= static_cast<int>(inc.s[j] == deepest_s) << j;
    // Selects, not branches: whether any vertex touches is a coin toss.
    const bool take = fallback & inc.valid & (deepest_s <= margin);
    const int fall = take ? 1 << __builtin_ctz(static_cast<unsigned>(at)) : 0;
    return inc.mask != 0 ? inc.mask : fall;
}

/// Contact::bounce for vertex j of the incident quad (points `qi`, previous
/// positions `qp`) against the edge e0→e1 with travels v0, v1 this sub-step:
/// rel = ((v_j − (1 − t) v0) − t v1), vn = rel·n / h, bounce = vn < −threshold ?
/// −e·vn : 0, t clamped to [0, 1] — as the generic narrow phase computes it.
template <class W>
inline void bounce4(const vec2* qi, const vec2* qp, const Incident4& inc, vec2 v0, vec2 v1,
                    float inv_h, float e, float threshold, float* out) {
    const W zero = splat(W{}, 0.0f), one = splat(W{}, 1.0f);
    for (int k = 0; k < 4; k += W::lanes) {
        W x, y, px, py;
        wide::load_xy(&qi[k].x, x, y);
        wide::load_xy(&qp[k].x, px, py);
        const W t = max(zero, min(one, load(W{}, inc.t + k)));
        const W st = one - t;
        const W rx = ((x - px) - st * splat(W{}, v0.x)) - t * splat(W{}, v1.x);
        const W ry = ((y - py) - st * splat(W{}, v0.y)) - t * splat(W{}, v1.y);
        const W vn = (rx * splat(W{}, inc.n.x) + ry * splat(W{}, inc.n.y)) * splat(W{}, inv_h);
        store(out + k, gt(splat(W{}, -threshold), vn) & (splat(W{}, -e) * vn));
    }
}

}  // namespace skidpad::soft_geo
