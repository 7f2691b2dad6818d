// Private SAT helpers shared by soft-soft collision (soft_broad.cpp, soft_narrow.cpp) and the
// car coupling (world_contacts.cpp). Polygons are convex and counter-clockwise.
#pragma once

#include <cmath>
#include <limits>

#include "skidpad/math.hpp"

namespace skidpad::soft_geo {

inline float dot2(vec2 a, vec2 b) {
    return a.x * b.x + a.y * b.y;
}

/// Outward (right-hand) normal of the CCW edge a→b, not normalised.
inline vec2 outward(vec2 a, vec2 b) {
    return vec2(b.y - a.y, a.x - b.x);
}

struct Axis {
    float separation = -std::numeric_limits<float>::max();  ///< m, > 0 means apart
    int edge = 0;
};

/// Face query (as Box2D's b2FindMaxSeparation): for every edge of A with unit
/// outward normal n and first vertex a0, s = min_j n·(B_j − a0) is how far B sits
/// outside that edge's line. The largest s over A's edges is the least
/// penetration; any s > margin proves a separating axis. Stops early then.
/// `inv_len` (optional) holds 1/|edge| per edge of A, precomputed.
inline Axis max_separation(const vec2* A, int na, const vec2* B, int nb, float margin,
                           const float* inv_len = nullptr) {
    Axis best;
    for (int e = 0; e < na; ++e) {
        const vec2 a0 = A[e];
        const vec2 a1 = A[e + 1 == na ? 0 : e + 1];
        const vec2 n = outward(a0, a1);
        float il = 0.0f;
        if (inv_len) {
            il = inv_len[e];
        } else {
            const float len2 = dot2(n, n);
            il = len2 > 1e-12f ? 1.0f / std::sqrt(len2) : 0.0f;
        }
        if (il <= 0.0f) continue;
        float s = std::numeric_limits<float>::max();
        for (int j = 0; j < nb; ++j) {
            const float d = dot2(n, B[j] - a0);
            s = d < s ? d : s;
        }
        s *= il;
        if (s > best.separation) {
            best.separation = s;
            best.edge = e;
            if (s > margin) return best;
        }
    }
    return best;
}

/// Number of the incident polygon's vertices within `margin` of the edge e0→e1
/// whose projection falls on the edge (t in [-0.05, 1.05]).
inline int incident_count(vec2 e0, vec2 e1, const vec2* inc, int ni, float margin) {
    const vec2 d = e1 - e0;
    const float len2 = dot2(d, d);
    if (len2 <= 1e-12f) return 0;
    const float inv_len = 1.0f / std::sqrt(len2);
    const vec2 n = outward(e0, e1) * inv_len;
    int c = 0;
    for (int j = 0; j < ni; ++j) {
        const vec2 r = inc[j] - e0;
        const float t = dot2(r, d) * (inv_len * inv_len);
        c += (dot2(n, r) <= margin && t >= -0.05f && t <= 1.05f) ? 1 : 0;
    }
    return c;
}

/// SAT between two convex polygons. `ref_is_a` tells which one owns the
/// reference edge (the "edge body" of docs/physics.md §11): the one of least
/// penetration, unless no vertex of the other body lies over that edge (a long
/// barrier's far corners against a crate's face) while the other choice has some.
struct Sat {
    bool hit = false;
    bool ref_is_a = true;
    int edge = 0;
    float separation = 0.0f;  ///< m, negative = penetration depth
    int other_edge = 0;       ///< the other body's best edge
    float other_separation = 0.0f;
};

/// B's edge is the first choice of reference only if it beats A's by this much:
/// a small bias toward A keeps the reference face stable between sub-steps.
inline constexpr float kReferenceBias = 0.002f;

/// Whether a hit also takes contacts from the other body's best edge: when that
/// edge is nearly as good (within 5 cm; corner against corner, offset faces),
/// so an overlap the reference edge cannot see is still pushed apart. Written
/// without a branch (the answer is a coin toss for crates).
inline bool also_other_edge(const Sat& s) {
    return static_cast<bool>(static_cast<int>(s.other_separation > s.separation - 0.05f) &
                             static_cast<int>(s.other_separation < 0.0f));
}

/// Fills the reference choice of a hit: B's edge `sb` when use_b, else A's `sa`.
inline void set_reference(Sat& r, bool use_b, const Axis& sa, const Axis& sb) {
    r.ref_is_a = !use_b;
    r.edge = use_b ? sb.edge : sa.edge;
    r.separation = use_b ? sb.separation : sa.separation;
    r.other_edge = use_b ? sa.edge : sb.edge;
    r.other_separation = use_b ? sa.separation : sb.separation;
}

inline Sat sat(const vec2* A, int na, const vec2* B, int nb, float margin,
               const float* inv_len_a = nullptr, const float* inv_len_b = nullptr) {
    Sat r;
    const Axis sa = max_separation(A, na, B, nb, margin, inv_len_a);
    if (sa.separation > margin) return r;
    const Axis sb = max_separation(B, nb, A, na, margin, inv_len_b);
    if (sb.separation > margin) return r;
    r.hit = true;
    bool use_b = sb.separation > sa.separation + kReferenceBias;
    const vec2* R = use_b ? B : A;
    const int nr = use_b ? nb : na;
    const Axis& ax = use_b ? sb : sa;
    if (incident_count(R[ax.edge], R[ax.edge + 1 == nr ? 0 : ax.edge + 1], use_b ? A : B,
                       use_b ? na : nb, margin) == 0) {
        const vec2* R2 = use_b ? A : B;
        const int nr2 = use_b ? na : nb;
        const Axis& ax2 = use_b ? sa : sb;
        if (incident_count(R2[ax2.edge], R2[ax2.edge + 1 == nr2 ? 0 : ax2.edge + 1], use_b ? B : A,
                           use_b ? nb : na, margin) > 0) {
            use_b = !use_b;
        }
    }
    set_reference(r, use_b, sa, sb);
    return r;
}

/// Calls emit(vertex_index) for the incident polygon's vertices that lie within
/// `margin` of the reference edge e0→e1 and over it; when none does, the deepest
/// (if `fallback`).
template <typename F>
inline void incident_vertices(vec2 e0, vec2 e1, const vec2* inc, int ni, float margin, F emit,
                              bool fallback = true) {
    const vec2 d = e1 - e0;
    const float len2 = dot2(d, d);
    if (len2 <= 1e-12f) return;
    const float inv_len = 1.0f / std::sqrt(len2);
    const vec2 n = outward(e0, e1) * inv_len;
    int deepest = 0;
    float deepest_s = std::numeric_limits<float>::max();
    int emitted = 0;
    for (int j = 0; j < ni; ++j) {
        const vec2 r = inc[j] - e0;
        const float s = dot2(n, r);
        if (s < deepest_s) {
            deepest_s = s;
            deepest = j;
        }
        if (s > margin) continue;
        const float t = dot2(r, d) * (inv_len * inv_len);
        if (t >= -0.05f && t <= 1.05f) {
            emit(j);
            ++emitted;
        }
    }
    if (fallback && emitted == 0 && deepest_s <= margin) emit(deepest);
}

}  // namespace skidpad::soft_geo
