// Distance-constraint relaxation (docs/physics.md §8, Jakobsen): the scalar per-body
// loop with plasticity, and kernels that relax eight boxes (crates, cones,
// shards: 4 particles, 4 sides + 2 diagonals) at once: SSE2 as two interleaved
// groups of four, AVX2 as one group of eight.
//
// Why a kernel: inside one body the six constraints form a dependency chain
// (Gauss-Seidel), each link a sqrt and a divide, so the scalar loop waits on
// latency. Four independent boxes side by side fill the lanes with the same
// chain. Every lane does the scalar loop's operations in the scalar loop's
// order (IEEE single precision, no fused multiply-add), so the result is
// bit-identical to relax_body. A lane whose box would dent, break or hit a
// degenerate edge is not stored: that box runs through relax_body from its
// untouched state instead, so plasticity has one implementation.
//
// On CPUs with AVX2 (checked at run time) the same kernel runs eight boxes in
// one group of 256-bit lanes: with one inverse mass per box (a box's particles
// share it) the group's state fits the 16 registers, where the SSE version's
// two groups of four spill a quarter of their operands to the stack. Still no
// fused multiply-add, so all three give the same bits.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "soft/soft_parallel.hpp"
#include "soft/soft_solver.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#define SKIDPAD_SOFT_SSE 1
#else
#define SKIDPAD_SOFT_SSE 0
#endif
#if SKIDPAD_SOFT_SSE && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SKIDPAD_SOFT_AVX2 1
#define SKIDPAD_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define SKIDPAD_SOFT_AVX2 0
#endif

namespace skidpad {

// Each constraint moves both ends along the edge by the length error split by
// inverse mass. Constraints never cross bodies, so bodies are relaxed in
// parallel without races. Plasticity: strain past dent_limit resets the rest
// length toward the current one (bounded by max_dent); past break_limit the edge
// breaks and the body is shattered after the step. Returns the largest strain
// seen (before correction).
float SoftSolver::relax_body(const SoftDef& def, std::size_t bi, vec2* x) {
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

bool SoftSolver::is_box(const Body& b) const {
    if (b.pinned || b.count != 4 || b.ccount != 6) return false;
    for (std::uint32_t k = 0; k < 6; ++k) {
        const Constraint& c = constraints[b.cfirst + k];
        if (c.i != b.first + kBoxI[k] || c.j != b.first + kBoxJ[k]) return false;
    }
    // One inverse mass for the four particles (add_body gives every body one).
    const float w = inv_mass[b.first];
    return inv_mass[b.first + 1] == w && inv_mass[b.first + 2] == w && inv_mass[b.first + 3] == w;
}

bool cpu_has_avx2() {
#if SKIDPAD_SOFT_AVX2
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return false;
#endif
}

void SoftSolver::classify_bodies() {
    classified_ = true;
    boxes_.clear();
    box_first_.clear();
    others_.clear();
    for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
        const Body& b = bodies[bi];
        if (is_box(b)) {
            boxes_.push_back(static_cast<std::uint32_t>(bi));
            box_first_.push_back(b.first);
            box_first_.push_back(b.cfirst);
        } else if (!b.pinned) {
            others_.push_back(static_cast<std::uint32_t>(bi));
        }
    }
}

#if SKIDPAD_SOFT_SSE
namespace {
// Four boxes, one per lane: vertex k's x, y and inverse mass.
struct Box4 {
    __m128 x[4], y[4], w[4];
};

// Gathers boxes whose particles start at first[0..3]: two 16-byte loads per box
// and a 4×4 transpose, so the lanes are filled in registers (no scalar stores
// read back as vectors, which the CPU cannot forward).
inline Box4 load_boxes(const vec2* x, const float* w, const std::uint32_t* first) {
    Box4 b;
    __m128 a0 = _mm_loadu_ps(&x[first[0]].x), a1 = _mm_loadu_ps(&x[first[1]].x);
    __m128 a2 = _mm_loadu_ps(&x[first[2]].x), a3 = _mm_loadu_ps(&x[first[3]].x);
    _MM_TRANSPOSE4_PS(a0, a1, a2, a3);  // x0, y0, x1, y1 of the four boxes
    b.x[0] = a0, b.y[0] = a1, b.x[1] = a2, b.y[1] = a3;
    __m128 c0 = _mm_loadu_ps(&x[first[0] + 2].x), c1 = _mm_loadu_ps(&x[first[1] + 2].x);
    __m128 c2 = _mm_loadu_ps(&x[first[2] + 2].x), c3 = _mm_loadu_ps(&x[first[3] + 2].x);
    _MM_TRANSPOSE4_PS(c0, c1, c2, c3);
    b.x[2] = c0, b.y[2] = c1, b.x[3] = c2, b.y[3] = c3;
    __m128 w0 = _mm_loadu_ps(w + first[0]), w1 = _mm_loadu_ps(w + first[1]);
    __m128 w2 = _mm_loadu_ps(w + first[2]), w3 = _mm_loadu_ps(w + first[3]);
    _MM_TRANSPOSE4_PS(w0, w1, w2, w3);
    b.w[0] = w0, b.w[1] = w1, b.w[2] = w2, b.w[3] = w3;
    return b;
}

// Scatters the lanes not in `skip` back (the inverse transpose).
inline void store_boxes(const Box4& b, int skip, vec2* x, const std::uint32_t* first) {
    __m128 a0 = b.x[0], a1 = b.y[0], a2 = b.x[1], a3 = b.y[1];
    _MM_TRANSPOSE4_PS(a0, a1, a2, a3);
    __m128 c0 = b.x[2], c1 = b.y[2], c2 = b.x[3], c3 = b.y[3];
    _MM_TRANSPOSE4_PS(c0, c1, c2, c3);
    const __m128 lo[4] = {a0, a1, a2, a3}, hi[4] = {c0, c1, c2, c3};
    for (int l = 0; l < 4; ++l) {
        if (skip & (1 << l)) continue;
        _mm_storeu_ps(&x[first[l]].x, lo[l]);
        _mm_storeu_ps(&x[first[l] + 2].x, hi[l]);
    }
}

// Constraint k of four boxes: its rest length and stiffness lanes, from the
// {i, j, rest, stiffness} records (the index words are only shuffled).
inline void load_constraint(const Constraint* cs, const std::uint32_t* cfirst, std::uint32_t k,
                            __m128& rest, __m128& stiff) {
    static_assert(sizeof(Constraint) == 16 && offsetof(Constraint, rest) == 8 &&
                  offsetof(Constraint, stiffness) == 12);
    auto row = [&](int l) {
        return _mm_loadu_ps(reinterpret_cast<const float*>(cs + cfirst[l] + k));
    };
    const __m128 t0 = _mm_unpackhi_ps(row(0), row(1));  // r0 r1 s0 s1
    const __m128 t1 = _mm_unpackhi_ps(row(2), row(3));  // r2 r3 s2 s3
    rest = _mm_movelh_ps(t0, t1);
    stiff = _mm_movehl_ps(t1, t0);
}

struct Lanes {
    __m128 bad;     ///< all-ones lanes must take the scalar path
    __m128 strain;  ///< largest strain of the good lanes (last pass only)
};

// One constraint i–j in four lanes: relax_body's operations in its order.
template <int I, int J>
inline void relax_edge(Box4& b, __m128 r, __m128 st, __m128 dent, bool last, Lanes& lanes) {
    const __m128 zero = _mm_setzero_ps();
    const __m128 dx = _mm_sub_ps(b.x[J], b.x[I]);
    const __m128 dy = _mm_sub_ps(b.y[J], b.y[I]);
    const __m128 len = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy)));
    const __m128 ws = _mm_add_ps(b.w[I], b.w[J]);
    const __m128 err = _mm_sub_ps(len, r);
    const __m128 abs_err = _mm_and_ps(err, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    // relax_body's conditions for "just relax it": unbroken, a real edge,
    // movable ends and no plastic event (strain within dent_limit).
    __m128 ok = _mm_cmpgt_ps(st, zero);
    ok = _mm_and_ps(ok, _mm_cmpge_ps(len, _mm_set1_ps(1e-6f)));
    ok = _mm_and_ps(ok, _mm_cmpgt_ps(ws, zero));
    ok = _mm_and_ps(ok, _mm_cmple_ps(abs_err, _mm_mul_ps(dent, r)));
    lanes.bad = _mm_or_ps(lanes.bad, _mm_cmpeq_ps(ok, zero));
    if (last) lanes.strain = _mm_max_ps(lanes.strain, _mm_and_ps(ok, _mm_div_ps(abs_err, r)));
    const __m128 k = _mm_mul_ps(_mm_div_ps(err, _mm_mul_ps(len, ws)), st);
    const __m128 ki = _mm_mul_ps(b.w[I], k);
    const __m128 kj = _mm_mul_ps(b.w[J], k);
    b.x[I] = _mm_add_ps(b.x[I], _mm_mul_ps(dx, ki));
    b.y[I] = _mm_add_ps(b.y[I], _mm_mul_ps(dy, ki));
    b.x[J] = _mm_sub_ps(b.x[J], _mm_mul_ps(dx, kj));
    b.y[J] = _mm_sub_ps(b.y[J], _mm_mul_ps(dy, kj));
}

// Constraint K of the box layout (SoftSolver::kBoxI/kBoxJ) in both groups of
// four boxes.
template <std::uint32_t K>
inline void relax_edge2(const Constraint* cs, const std::uint32_t* cfirst, __m128 dent, bool last,
                        Box4& b0, Box4& b1, Lanes& l0, Lanes& l1) {
    __m128 r0, s0, r1, s1;
    load_constraint(cs, cfirst, K, r0, s0);
    load_constraint(cs, cfirst + 4, K, r1, s1);
    constexpr int I = static_cast<int>(SoftSolver::kBoxI[K]),
                  J = static_cast<int>(SoftSolver::kBoxJ[K]);
    relax_edge<I, J>(b0, r0, s0, dent, last, l0);
    relax_edge<I, J>(b1, r1, s1, dent, last, l1);
}
}  // namespace

// Relaxes eight boxes once (fc: their {first particle, first constraint} pairs,
// box_first_ at the group), as two independent groups of four whose dependency
// chains the CPU overlaps. A box that would dent, break or meet a
// degenerate edge is left untouched and reported in the returned bit mask.
// On the last pass `strain` receives the largest |len - rest| / rest of the
// stored boxes.
int SoftSolver::relax_boxes8(const std::uint32_t* fc, float dent, bool last, vec2* x,
                             float& strain) const {
    std::uint32_t first[8], cfirst[8];
    for (int l = 0; l < 8; ++l) {
        first[l] = fc[2 * l];
        cfirst[l] = fc[2 * l + 1];
    }
    const float* w = inv_mass.data();
    const Constraint* cs = constraints.data();
    Box4 b0 = load_boxes(x, w, first), b1 = load_boxes(x, w, first + 4);
    const __m128 vdent = _mm_set1_ps(dent);
    Lanes l0{_mm_setzero_ps(), _mm_setzero_ps()}, l1 = l0;
    relax_edge2<0>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    relax_edge2<1>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    relax_edge2<2>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    relax_edge2<3>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    relax_edge2<4>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    relax_edge2<5>(cs, cfirst, vdent, last, b0, b1, l0, l1);
    const int bad0 = _mm_movemask_ps(l0.bad), bad1 = _mm_movemask_ps(l1.bad);
    store_boxes(b0, bad0, x, first);
    store_boxes(b1, bad1, x, first + 4);
    float m = 0.0f;
    if (last) {
        alignas(16) float ms[8];
        _mm_store_ps(ms, l0.strain);
        _mm_store_ps(ms + 4, l1.strain);
        const int bad = bad0 | (bad1 << 4);
        for (int l = 0; l < 8; ++l)
            m = (bad & (1 << l)) ? m : std::max(m, ms[l]);
    }
    strain = m;
    return bad0 | (bad1 << 4);
}
#endif

#if SKIDPAD_SOFT_AVX2
namespace {
// Eight boxes, one per 256-bit lane: vertex k's x and y, and the box's inverse
// mass.
struct Box8 {
    __m256 x[4], y[4], w;
};

// 16 bytes from `lo` in the low half and from `hi` in the high half.
SKIDPAD_TARGET_AVX2 inline __m256 load_halves(const float* lo, const float* hi) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(lo)), _mm_loadu_ps(hi), 1);
}

// _MM_TRANSPOSE4_PS in each 128-bit half (its own inverse).
SKIDPAD_TARGET_AVX2 inline void transpose_halves(__m256& r0, __m256& r1, __m256& r2, __m256& r3) {
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpacklo_ps(r2, r3);
    const __m256 t2 = _mm256_unpackhi_ps(r0, r1), t3 = _mm256_unpackhi_ps(r2, r3);
    r0 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    r1 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    r2 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    r3 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

// Vertices k, k + 1 of box l (low half) and box l + 4 (high half).
SKIDPAD_TARGET_AVX2 inline __m256 box_row(const vec2* x, const std::uint32_t* fc, int l, int k) {
    return load_halves(&x[fc[2 * l] + k].x, &x[fc[2 * l + 8] + k].x);
}

// Constraint k of box l (low half) and box l + 4 (high half): {i, j, rest, stiffness}.
SKIDPAD_TARGET_AVX2 inline __m256 constraint_row(const Constraint* cs, const std::uint32_t* fc,
                                                 int l, std::uint32_t k) {
    return load_halves(reinterpret_cast<const float*>(cs + fc[2 * l + 1] + k),
                       reinterpret_cast<const float*>(cs + fc[2 * l + 9] + k));
}

// `fc` holds {first particle, first constraint} of the eight boxes. Box l and
// box l + 4 share a row (low and high half), so after the in-half transposes
// lane l is box l.
SKIDPAD_TARGET_AVX2 inline Box8 load_boxes8(const vec2* x, const float* w,
                                            const std::uint32_t* fc) {
    Box8 b;
    __m256 a0 = box_row(x, fc, 0, 0), a1 = box_row(x, fc, 1, 0);
    __m256 a2 = box_row(x, fc, 2, 0), a3 = box_row(x, fc, 3, 0);
    transpose_halves(a0, a1, a2, a3);  // x0, y0, x1, y1
    b.x[0] = a0, b.y[0] = a1, b.x[1] = a2, b.y[1] = a3;
    __m256 c0 = box_row(x, fc, 0, 2), c1 = box_row(x, fc, 1, 2);
    __m256 c2 = box_row(x, fc, 2, 2), c3 = box_row(x, fc, 3, 2);
    transpose_halves(c0, c1, c2, c3);  // x2, y2, x3, y3
    b.x[2] = c0, b.y[2] = c1, b.x[3] = c2, b.y[3] = c3;
    b.w = _mm256_setr_ps(w[fc[0]], w[fc[2]], w[fc[4]], w[fc[6]], w[fc[8]], w[fc[10]], w[fc[12]],
                         w[fc[14]]);
    return b;
}

SKIDPAD_TARGET_AVX2 inline void store_boxes8(const Box8& b, int skip, vec2* x,
                                             const std::uint32_t* fc) {
    __m256 a0 = b.x[0], a1 = b.y[0], a2 = b.x[1], a3 = b.y[1];
    transpose_halves(a0, a1, a2, a3);
    __m256 c0 = b.x[2], c1 = b.y[2], c2 = b.x[3], c3 = b.y[3];
    transpose_halves(c0, c1, c2, c3);
    const __m256 lo[4] = {a0, a1, a2, a3}, hi[4] = {c0, c1, c2, c3};
    for (int l = 0; l < 4; ++l) {
        if (!(skip & (1 << l))) {
            _mm_storeu_ps(&x[fc[2 * l]].x, _mm256_castps256_ps128(lo[l]));
            _mm_storeu_ps(&x[fc[2 * l] + 2].x, _mm256_castps256_ps128(hi[l]));
        }
        if (!(skip & (16 << l))) {
            _mm_storeu_ps(&x[fc[2 * l + 8]].x, _mm256_extractf128_ps(lo[l], 1));
            _mm_storeu_ps(&x[fc[2 * l + 8] + 2].x, _mm256_extractf128_ps(hi[l], 1));
        }
    }
}

// relax_edge (above) in eight lanes, for constraint K of the box layout.
template <std::uint32_t K>
SKIDPAD_TARGET_AVX2 inline void relax_edge8(const Constraint* cs, const std::uint32_t* fc,
                                            __m256 dent, bool last, Box8& b, __m256& bad,
                                            __m256& strain) {
    constexpr int I = static_cast<int>(SoftSolver::kBoxI[K]),
                  J = static_cast<int>(SoftSolver::kBoxJ[K]);
    // r0 r1 s0 s1 | r4 r5 s4 s5 and r2 r3 s2 s3 | r6 r7 s6 s7
    const __m256 t0 =
        _mm256_unpackhi_ps(constraint_row(cs, fc, 0, K), constraint_row(cs, fc, 1, K));
    const __m256 t1 =
        _mm256_unpackhi_ps(constraint_row(cs, fc, 2, K), constraint_row(cs, fc, 3, K));
    const __m256 r = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 st = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    const __m256 zero = _mm256_setzero_ps();
    const __m256 dx = _mm256_sub_ps(b.x[J], b.x[I]);
    const __m256 dy = _mm256_sub_ps(b.y[J], b.y[I]);
    const __m256 len = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy)));
    const __m256 ws = _mm256_add_ps(b.w, b.w);
    const __m256 err = _mm256_sub_ps(len, r);
    const __m256 abs_err = _mm256_and_ps(err, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
    __m256 ok = _mm256_cmp_ps(st, zero, _CMP_GT_OQ);
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(len, _mm256_set1_ps(1e-6f), _CMP_GE_OQ));
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(ws, zero, _CMP_GT_OQ));
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(abs_err, _mm256_mul_ps(dent, r), _CMP_LE_OQ));
    bad = _mm256_or_ps(bad, _mm256_cmp_ps(ok, zero, _CMP_EQ_OQ));
    if (last) strain = _mm256_max_ps(strain, _mm256_and_ps(ok, _mm256_div_ps(abs_err, r)));
    const __m256 k = _mm256_mul_ps(_mm256_div_ps(err, _mm256_mul_ps(len, ws)), st);
    const __m256 kw = _mm256_mul_ps(b.w, k);
    b.x[I] = _mm256_add_ps(b.x[I], _mm256_mul_ps(dx, kw));
    b.y[I] = _mm256_add_ps(b.y[I], _mm256_mul_ps(dy, kw));
    b.x[J] = _mm256_sub_ps(b.x[J], _mm256_mul_ps(dx, kw));
    b.y[J] = _mm256_sub_ps(b.y[J], _mm256_mul_ps(dy, kw));
}
}  // namespace

// relax_boxes8 with 256-bit lanes. `fc` is box_first_ at the group.
SKIDPAD_TARGET_AVX2 int SoftSolver::relax_boxes8_avx2(const std::uint32_t* fc, float dent,
                                                      bool last, vec2* x, float& strain) const {
    const Constraint* cs = constraints.data();
    Box8 b = load_boxes8(x, inv_mass.data(), fc);
    const __m256 vdent = _mm256_set1_ps(dent);
    __m256 bad = _mm256_setzero_ps(), st = _mm256_setzero_ps();
    relax_edge8<0>(cs, fc, vdent, last, b, bad, st);
    relax_edge8<1>(cs, fc, vdent, last, b, bad, st);
    relax_edge8<2>(cs, fc, vdent, last, b, bad, st);
    relax_edge8<3>(cs, fc, vdent, last, b, bad, st);
    relax_edge8<4>(cs, fc, vdent, last, b, bad, st);
    relax_edge8<5>(cs, fc, vdent, last, b, bad, st);
    const int badm = _mm256_movemask_ps(bad);
    store_boxes8(b, badm, x, fc);
    float m = 0.0f;
    if (last) {
        alignas(32) float ms[8];
        _mm256_store_ps(ms, st);
        for (int l = 0; l < 8; ++l)
            m = (badm & (1 << l)) ? m : std::max(m, ms[l]);
    }
    strain = m;
    return badm;
}
#endif

#if SKIDPAD_SOFT_SSE
// Fetches the particles and constraints of box group g early. Boxes added one
// after the other lie next to each other (a pair of them is 64 bytes of
// particles and 192 of constraints); others only make a prefetch miss.
void SoftSolver::prefetch_boxes8(std::size_t g) const {
    const std::uint32_t* fc = box_first_.data() + 16 * g;
    for (int l = 0; l < 8; l += 2) {
        _mm_prefetch(reinterpret_cast<const char*>(pos.data() + fc[2 * l]), _MM_HINT_T0);
        const Constraint* c = constraints.data() + fc[2 * l + 1];
        _mm_prefetch(reinterpret_cast<const char*>(c), _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(c + 4), _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(c + 8), _MM_HINT_T0);
    }
}
#endif

void SoftSolver::solve_constraints(const SoftDef& def, bool last) {
    vec2* x = pos.data();
    float strain_out[kMaxWorkers] = {};
    const float dent = static_cast<float>(std::max(def.dent_limit, 1e-4));
    // Work items: groups of eight boxes, then the other movable bodies one each.
    // The group kPrefetchGroups ahead is prefetched (relaxation ~15 % faster at
    // 100,000 crates, in-process A/B).
    constexpr std::size_t kGroup = 8;
    [[maybe_unused]] constexpr std::size_t kPrefetchGroups = 4;
    const std::size_t groups = boxes_.size() / kGroup;
    const std::size_t tail = boxes_.size() - groups * kGroup;
    const std::size_t items = groups + tail + others_.size();
    parallel_split(
        pool_.get(), worker_count(def.threads, bodies.size()), items,
        [&](int worker, std::size_t begin, std::size_t end) {
            // Everything the loop reads goes into this thread's own locals first.
            // The captures live in the calling thread's stack frame, a few cache
            // lines above where that thread is busy writing spills and return
            // addresses; the kernel calls below are opaque, so the loop would
            // re-read them after every call, and whenever ASLR put them on one
            // line with the caller's hot slots both threads paid for the line's
            // trips between the cores (relaxation 1.3 or 3-4 ms from run to run).
            const std::size_t ngroups = groups, ntail = tail;
            const float dent_limit = dent;
            const bool last_pass = last, simd = def.simd;
            vec2* const xs = x;
            const std::uint32_t* const box = boxes_.data();
            const std::uint32_t* const other = others_.data();
            [[maybe_unused]] const std::uint32_t* const fc = box_first_.data();
#if SKIDPAD_SOFT_AVX2
            const bool avx2 = use_avx2_;
#endif
            float max_s = 0.0f;
            for (std::size_t it = begin; it < end; ++it) {
                if (it < ngroups) {
                    const std::uint32_t* q = box + it * kGroup;
#if SKIDPAD_SOFT_SSE
                    if (simd) {
                        float s = 0.0f;
                        if (it + kPrefetchGroups < ngroups) prefetch_boxes8(it + kPrefetchGroups);
                        const std::uint32_t* g = fc + 2 * kGroup * it;
#if SKIDPAD_SOFT_AVX2
                        const int bad = avx2 ? relax_boxes8_avx2(g, dent_limit, last_pass, xs, s)
                                             : relax_boxes8(g, dent_limit, last_pass, xs, s);
#else
                        const int bad = relax_boxes8(g, dent_limit, last_pass, xs, s);
#endif
                        max_s = std::max(max_s, s);
                        for (int l = 0; bad != 0 && l < static_cast<int>(kGroup); ++l) {
                            if (bad & (1 << l)) max_s = std::max(max_s, relax_body(def, q[l], xs));
                        }
                        continue;
                    }
#endif
                    for (std::size_t l = 0; l < kGroup; ++l)
                        max_s = std::max(max_s, relax_body(def, q[l], xs));
                } else if (it < ngroups + ntail) {
                    max_s = std::max(max_s,
                                     relax_body(def, box[ngroups * kGroup + (it - ngroups)], xs));
                } else {
                    max_s = std::max(max_s, relax_body(def, other[it - ngroups - ntail], xs));
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
