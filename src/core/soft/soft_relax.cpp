// Distance-constraint relaxation (PHYSICS.md §8, Jakobsen): the scalar per-body
// loop with plasticity, and a 4-wide SSE kernel that relaxes four boxes (crates,
// cones, shards: 4 particles, 4 sides + 2 diagonals) at once, two such groups
// interleaved.
//
// Why a kernel: inside one body the six constraints form a dependency chain
// (Gauss-Seidel), each link a sqrt and a divide, so the scalar loop waits on
// latency. Four independent boxes side by side fill the lanes with the same
// chain. Every lane does the scalar loop's operations in the scalar loop's
// order (IEEE single precision, no fused multiply-add), so the result is
// bit-identical to relax_body. A lane whose box would dent, break or hit a
// degenerate edge is not stored: that box runs through relax_body from its
// untouched state instead, so plasticity has one implementation.
#include <algorithm>
#include <cmath>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_parallel.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#define SKIDPAD_SOFT_SSE 1
#else
#define SKIDPAD_SOFT_SSE 0
#endif

namespace skidpad {

// Each constraint moves both ends along the edge by the length error split by
// inverse mass. Constraints never cross bodies, so bodies are relaxed in
// parallel without races. Plasticity: strain past dent_limit resets the rest
// length toward the current one (bounded by max_dent); past break_limit the edge
// breaks and the body is shattered after the step. Returns the largest strain
// seen (before correction).
float SoftWorld::relax_body(const SoftDef& def, std::size_t bi, vec2* x) {
    Body& b = bodies[bi];
    if (b.pinned) return 0.0f;
    const float dent = static_cast<float>(std::max(def.dent_limit, 1e-4));
    const float brk = static_cast<float>(std::max(def.break_limit, def.dent_limit));
    const float max_dent = static_cast<float>(clamp(def.max_dent, 0.0, 0.9));
    const bool can_dent = def.plastic && b.kind != BodyKind::Tyre;
    const bool can_break = def.breakable && (b.kind == BodyKind::Crate || b.kind == BodyKind::Cone);
    const float* __restrict w = inv_mass.data();
    Constraint* __restrict cs = constraints.data();
    const float* __restrict r0 = rest0.data();
    float max_s = 0.0f;
    const std::uint32_t ce = b.cfirst + b.ccount;
    for (std::uint32_t ci = b.cfirst; ci < ce; ++ci) {
        Constraint& c = cs[ci];
        if (c.stiffness <= 0.0f) continue;
        const vec2 d = x[c.j] - x[c.i];
        const float len = std::sqrt(d.x * d.x + d.y * d.y);
        const float ws = w[c.i] + w[c.j];
        if (len < 1e-6f || ws <= 0.0f) continue;
        const float err = len - c.rest;
        const float abs_err = std::abs(err);
        if (abs_err > dent * c.rest) {
            if (can_break && abs_err > brk * c.rest) {
                c.stiffness = 0.0f;
                b.broken = true;
                continue;
            }
            if (can_dent) {
                const float target = err > 0.0f ? len / (1.0f + dent) : len / (1.0f - dent);
                c.rest = clamp(target, r0[ci] * (1.0f - max_dent), r0[ci] * (1.0f + max_dent));
            }
        }
        if (abs_err > max_s * c.rest) max_s = abs_err / c.rest;  // rarely divides
        const float k = (len - c.rest) / (len * ws) * c.stiffness;
        x[c.i] += d * (w[c.i] * k);
        x[c.j] -= d * (w[c.j] * k);
    }
    return max_s;
}

// The box layout add_box (and shatter_broken) creates: sides 0-1, 1-2, 2-3, 3-0,
// then the diagonals 0-2 and 1-3, all relative to the body's first particle.
namespace {
constexpr std::uint32_t kBoxI[6] = {0, 1, 2, 3, 0, 1};
constexpr std::uint32_t kBoxJ[6] = {1, 2, 3, 0, 2, 3};
}  // namespace

bool SoftWorld::is_box(const Body& b) const {
    if (b.pinned || b.count != 4 || b.ccount != 6) return false;
    for (std::uint32_t k = 0; k < 6; ++k) {
        const Constraint& c = constraints[b.cfirst + k];
        if (c.i != b.first + kBoxI[k] || c.j != b.first + kBoxJ[k]) return false;
    }
    return true;
}

void SoftWorld::classify_bodies() {
    classified_ = true;
    boxes_.clear();
    others_.clear();
    for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
        const Body& b = bodies[bi];
        if (is_box(b)) {
            boxes_.push_back(static_cast<std::uint32_t>(bi));
        } else if (!b.pinned) {
            others_.push_back(static_cast<std::uint32_t>(bi));
        }
    }
}

#if SKIDPAD_SOFT_SSE
// Relaxes the eight boxes q[0..7] once, as two independent groups of four whose
// dependency chains the CPU overlaps. A box that would dent, break or meet a
// degenerate edge is left untouched and reported in the returned bit mask.
// `strain` receives the largest |len - rest| / rest of the stored boxes.
int SoftWorld::relax_boxes8(const std::uint32_t* q, float dent, vec2* x, float& strain) const {
    constexpr int G = 2;  // groups of four lanes
    alignas(16) float px[G][4][4], py[G][4][4], pw[G][4][4], rest[G][6][4], stiff[G][6][4];
    for (int g = 0; g < G; ++g) {
        for (int l = 0; l < 4; ++l) {
            const Body& b = bodies[q[g * 4 + l]];
            for (int k = 0; k < 4; ++k) {
                px[g][k][l] = x[b.first + static_cast<std::uint32_t>(k)].x;
                py[g][k][l] = x[b.first + static_cast<std::uint32_t>(k)].y;
                pw[g][k][l] = inv_mass[b.first + static_cast<std::uint32_t>(k)];
            }
            for (int c = 0; c < 6; ++c) {
                rest[g][c][l] = constraints[b.cfirst + static_cast<std::uint32_t>(c)].rest;
                stiff[g][c][l] = constraints[b.cfirst + static_cast<std::uint32_t>(c)].stiffness;
            }
        }
    }
    __m128 X[G][4], Y[G][4], W[G][4];
    for (int g = 0; g < G; ++g) {
        for (int k = 0; k < 4; ++k) {
            X[g][k] = _mm_load_ps(px[g][k]);
            Y[g][k] = _mm_load_ps(py[g][k]);
            W[g][k] = _mm_load_ps(pw[g][k]);
        }
    }
    const __m128 zero = _mm_setzero_ps();
    const __m128 tiny = _mm_set1_ps(1e-6f);
    const __m128 vdent = _mm_set1_ps(dent);
    const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    __m128 bad[G] = {zero, zero};  // all-ones lanes must take the scalar path
    __m128 max_s[G] = {zero, zero};
    for (int c = 0; c < 6; ++c) {
        const int i = static_cast<int>(kBoxI[c]), j = static_cast<int>(kBoxJ[c]);
        for (int g = 0; g < G; ++g) {
            const __m128 r = _mm_load_ps(rest[g][c]);
            const __m128 st = _mm_load_ps(stiff[g][c]);
            const __m128 dx = _mm_sub_ps(X[g][j], X[g][i]);
            const __m128 dy = _mm_sub_ps(Y[g][j], Y[g][i]);
            const __m128 len = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy)));
            const __m128 ws = _mm_add_ps(W[g][i], W[g][j]);
            const __m128 err = _mm_sub_ps(len, r);
            const __m128 abs_err = _mm_and_ps(err, abs_mask);
            // The scalar loop's conditions for "just relax it": unbroken, a real
            // edge, movable ends and no plastic event (strain within dent_limit).
            __m128 ok = _mm_cmpgt_ps(st, zero);
            ok = _mm_and_ps(ok, _mm_cmpge_ps(len, tiny));
            ok = _mm_and_ps(ok, _mm_cmpgt_ps(ws, zero));
            ok = _mm_and_ps(ok, _mm_cmple_ps(abs_err, _mm_mul_ps(vdent, r)));
            bad[g] = _mm_or_ps(bad[g], _mm_andnot_ps(ok, _mm_castsi128_ps(_mm_set1_epi32(-1))));
            max_s[g] = _mm_max_ps(max_s[g], _mm_and_ps(ok, _mm_div_ps(abs_err, r)));
            const __m128 k = _mm_mul_ps(_mm_div_ps(err, _mm_mul_ps(len, ws)), st);
            const __m128 ki = _mm_mul_ps(W[g][i], k);
            const __m128 kj = _mm_mul_ps(W[g][j], k);
            X[g][i] = _mm_add_ps(X[g][i], _mm_mul_ps(dx, ki));
            Y[g][i] = _mm_add_ps(Y[g][i], _mm_mul_ps(dy, ki));
            X[g][j] = _mm_sub_ps(X[g][j], _mm_mul_ps(dx, kj));
            Y[g][j] = _mm_sub_ps(Y[g][j], _mm_mul_ps(dy, kj));
        }
    }
    int bad_mask = 0;
    float m = 0.0f;
    for (int g = 0; g < G; ++g) {
        const int gb = _mm_movemask_ps(bad[g]);
        bad_mask |= gb << (4 * g);
        for (int k = 0; k < 4; ++k) {
            _mm_store_ps(px[g][k], X[g][k]);
            _mm_store_ps(py[g][k], Y[g][k]);
        }
        alignas(16) float ms[4];
        _mm_store_ps(ms, max_s[g]);
        for (int l = 0; l < 4; ++l) {
            if (gb & (1 << l)) continue;
            const Body& b = bodies[q[g * 4 + l]];
            for (int k = 0; k < 4; ++k)
                x[b.first + static_cast<std::uint32_t>(k)] = vec2(px[g][k][l], py[g][k][l]);
            m = std::max(m, ms[l]);
        }
    }
    strain = m;
    return bad_mask;
}
#endif

void SoftWorld::solve_constraints(const SoftDef& def, bool last) {
    vec2* x = pos.data();
    float strain_out[kMaxWorkers] = {};
    const float dent = static_cast<float>(std::max(def.dent_limit, 1e-4));
    (void)dent;  // used by the SSE kernel only
    // Work items: groups of eight boxes, then the other movable bodies one each.
    constexpr std::size_t kGroup = 8;
    const std::size_t groups = boxes_.size() / kGroup;
    const std::size_t tail = boxes_.size() - groups * kGroup;
    const std::size_t items = groups + tail + others_.size();
    parallel_split(
        pool_.get(), worker_count(def.threads, bodies.size()), items,
        [&](int worker, std::size_t begin, std::size_t end) {
            float max_s = 0.0f;
            for (std::size_t it = begin; it < end; ++it) {
                if (it < groups) {
                    const std::uint32_t* q = boxes_.data() + it * kGroup;
#if SKIDPAD_SOFT_SSE
                    if (def.simd) {
                        float s = 0.0f;
                        const int bad = relax_boxes8(q, dent, x, s);
                        max_s = std::max(max_s, s);
                        for (int l = 0; bad != 0 && l < static_cast<int>(kGroup); ++l) {
                            if (bad & (1 << l)) max_s = std::max(max_s, relax_body(def, q[l], x));
                        }
                        continue;
                    }
#endif
                    for (std::size_t l = 0; l < kGroup; ++l)
                        max_s = std::max(max_s, relax_body(def, q[l], x));
                } else if (it < groups + tail) {
                    max_s = std::max(max_s,
                                     relax_body(def, boxes_[groups * kGroup + (it - groups)], x));
                } else {
                    max_s = std::max(max_s, relax_body(def, others_[it - groups - tail], x));
                }
            }
            strain_out[worker] = std::max(strain_out[worker], max_s);
        });
    if (last) {
        float m = 0.0f;
        for (float s : strain_out)
            m = std::max(m, s);
        stats_.max_strain = m;
    }
}

}  // namespace skidpad
