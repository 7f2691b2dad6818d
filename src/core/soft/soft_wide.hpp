// Private: a thin wide-float layer for the soft solver's kernels. A kernel is
// written once as a template over the lane type and instantiated per backend:
//
//   F1  one float (any CPU; the reference the others are tested against)
//   F4  four floats in an SSE2 register
//   F8  eight floats in an AVX2 register (only call it where the CPU has AVX2:
//       its functions carry the avx2 target, and a kernel instantiated for it
//       must be called from a function with SKIDPAD_WIDE_AVX2_ENTRY, which
//       compiles the whole kernel for AVX2)
//
// Every operation is the IEEE single-precision operation of the scalar code
// (no fused multiply-add, sqrt and division correctly rounded), so each lane of
// a kernel gives the bits the F1 instantiation gives. Masks are lanes of all
// ones (true) or all zeros, as the SSE compares produce.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#define SKIDPAD_WIDE_SSE 1
#else
#define SKIDPAD_WIDE_SSE 0
#endif
#if SKIDPAD_WIDE_SSE && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SKIDPAD_WIDE_AVX2 1
/// The AVX2 functions of this layer.
#define SKIDPAD_WIDE_AVX2_FN __attribute__((target("avx2")))
/// The entry of a kernel instantiated for F8: compiled for AVX2 with every call
/// below it inlined (the kernel template itself has no target of its own).
#define SKIDPAD_WIDE_AVX2_ENTRY __attribute__((target("avx2"), flatten))
#else
#define SKIDPAD_WIDE_AVX2 0
#endif

namespace skidpad::wide {

// ---- F1: one lane ----------------------------------------------------------------

struct F1 {
    static constexpr int lanes = 1;
    float v;
};

inline F1 operator+(F1 a, F1 b) {
    return {a.v + b.v};
}
inline F1 operator-(F1 a, F1 b) {
    return {a.v - b.v};
}
inline F1 operator*(F1 a, F1 b) {
    return {a.v * b.v};
}
inline F1 operator/(F1 a, F1 b) {
    return {a.v / b.v};
}
inline F1 splat(F1, float s) {
    return {s};
}
inline F1 sqrt(F1 a) {
    return {__builtin_sqrtf(a.v)};
}
inline F1 mask_of(bool b) {
    return {std::bit_cast<float>(b ? 0xffffffffu : 0u)};
}
inline std::uint32_t bits(F1 a) {
    return std::bit_cast<std::uint32_t>(a.v);
}
inline F1 operator&(F1 a, F1 b) {
    return {std::bit_cast<float>(bits(a) & bits(b))};
}
inline F1 operator|(F1 a, F1 b) {
    return {std::bit_cast<float>(bits(a) | bits(b))};
}
inline F1 abs(F1 a) {
    return {std::bit_cast<float>(bits(a) & 0x7fffffffu)};
}
/// a > b ? a : b per lane (the SSE max: b when either is NaN).
inline F1 max(F1 a, F1 b) {
    return {a.v > b.v ? a.v : b.v};
}
/// a < b ? a : b per lane (the SSE min: b when either is NaN).
inline F1 min(F1 a, F1 b) {
    return {a.v < b.v ? a.v : b.v};
}
/// Lanes 1 … lanes − 1 of a, then `last` (the next element of a sequence a
/// holds lanes of; F1: just `last`).
inline F1 next_lanes(F1, float last) {
    return {last};
}
/// Lane l ← lane l + 1, the last lane ← lane 0 (F1: unchanged).
inline F1 rotate_lanes(F1 a) {
    return a;
}
/// The smallest and largest lane (a < m ? a : m over the lanes in order).
inline float reduce_min(F1 a) {
    return a.v;
}
inline float reduce_max(F1 a) {
    return a.v;
}
inline F1 gt(F1 a, F1 b) {
    return mask_of(a.v > b.v);
}
inline F1 ge(F1 a, F1 b) {
    return mask_of(a.v >= b.v);
}
inline F1 le(F1 a, F1 b) {
    return mask_of(a.v <= b.v);
}
inline F1 eq(F1 a, F1 b) {
    return mask_of(a.v == b.v);
}
/// Bit l set when lane l's sign bit is (lane l of a mask is true).
inline int movemask(F1 a) {
    return static_cast<int>(bits(a) >> 31);
}
inline void store(float* p, F1 a) {
    p[0] = a.v;
}
/// Lane l of the result is p[l][0] … p[l][3] (four rows, one per lane, transposed).
inline void load_rows(const float* const* p, F1 (&r)[4]) {
    for (int j = 0; j < 4; ++j)
        std::memcpy(&r[j].v, p[0] + j, sizeof(float));  // rows may hold other words
}
/// The inverse of load_rows; rows whose bit is set in `skip` are not written.
inline void store_rows(const F1 (&r)[4], float* const* p, int skip) {
    if (skip & 1) return;
    for (int j = 0; j < 4; ++j)
        p[0][j] = r[j].v;
}
/// Lane l is base[idx[l]].
inline F1 gather(F1, const float* base, const std::uint32_t* idx) {
    return {base[idx[0]]};
}
// load, load_xy, store_xy and select: F1 and F4 (the particle kernels below
// use no more).

/// Lane l is p[l] (unaligned).
inline F1 load(F1, const float* p) {
    return {p[0]};
}
/// Lane l of x and y is the point p[2l], p[2l + 1] (interleaved x, y pairs, as vec2 arrays).
inline void load_xy(const float* p, F1& x, F1& y) {
    x.v = p[0];
    y.v = p[1];
}
/// The inverse of load_xy.
inline void store_xy(float* p, F1 x, F1 y) {
    p[0] = x.v;
    p[1] = y.v;
}
/// m ? a : b per lane, bitwise (m a mask).
inline F1 select(F1 m, F1 a, F1 b) {
    return {std::bit_cast<float>((bits(m) & bits(a)) | (~bits(m) & bits(b)))};
}

#if SKIDPAD_WIDE_SSE
// ---- F4: four lanes (SSE2) ------------------------------------------------------

struct F4 {
    static constexpr int lanes = 4;
    __m128 v;
};

inline F4 operator+(F4 a, F4 b) {
    return {_mm_add_ps(a.v, b.v)};
}
inline F4 operator-(F4 a, F4 b) {
    return {_mm_sub_ps(a.v, b.v)};
}
inline F4 operator*(F4 a, F4 b) {
    return {_mm_mul_ps(a.v, b.v)};
}
inline F4 operator/(F4 a, F4 b) {
    return {_mm_div_ps(a.v, b.v)};
}
inline F4 splat(F4, float s) {
    return {_mm_set1_ps(s)};
}
inline F4 sqrt(F4 a) {
    return {_mm_sqrt_ps(a.v)};
}
inline F4 operator&(F4 a, F4 b) {
    return {_mm_and_ps(a.v, b.v)};
}
inline F4 operator|(F4 a, F4 b) {
    return {_mm_or_ps(a.v, b.v)};
}
inline F4 abs(F4 a) {
    return {_mm_and_ps(a.v, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)))};
}
inline F4 max(F4 a, F4 b) {
    return {_mm_max_ps(a.v, b.v)};
}
inline F4 min(F4 a, F4 b) {
    return {_mm_min_ps(a.v, b.v)};
}
inline F4 next_lanes(F4 a, float last) {
    const __m128 h = _mm_shuffle_ps(a.v, _mm_set1_ps(last), _MM_SHUFFLE(0, 0, 3, 3));  // a3 a3 l l
    return {_mm_shuffle_ps(a.v, h, _MM_SHUFFLE(2, 0, 2, 1))};                          // a1 a2 a3 l
}
inline F4 rotate_lanes(F4 a) {
    return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(0, 3, 2, 1))};
}
// Min and max are exact, so the pairwise order gives the in-order answer
// (signed zeros aside).
inline float reduce_min(F4 a) {
    const __m128 m = _mm_min_ps(a.v, _mm_movehl_ps(a.v, a.v));
    return _mm_cvtss_f32(_mm_min_ss(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 1, 1, 1))));
}
inline float reduce_max(F4 a) {
    const __m128 m = _mm_max_ps(a.v, _mm_movehl_ps(a.v, a.v));
    return _mm_cvtss_f32(_mm_max_ss(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 1, 1, 1))));
}
inline F4 gt(F4 a, F4 b) {
    return {_mm_cmpgt_ps(a.v, b.v)};
}
inline F4 ge(F4 a, F4 b) {
    return {_mm_cmpge_ps(a.v, b.v)};
}
inline F4 le(F4 a, F4 b) {
    return {_mm_cmple_ps(a.v, b.v)};
}
inline F4 eq(F4 a, F4 b) {
    return {_mm_cmpeq_ps(a.v, b.v)};
}
inline int movemask(F4 a) {
    return _mm_movemask_ps(a.v);
}
inline void store(float* p, F4 a) {
    _mm_storeu_ps(p, a.v);
}
// Four 16-byte loads and a 4×4 transpose: the lanes are filled in registers
// (no scalar stores read back as vectors, which the CPU cannot forward).
inline void load_rows(const float* const* p, F4 (&r)[4]) {
    __m128 a0 = _mm_loadu_ps(p[0]), a1 = _mm_loadu_ps(p[1]);
    __m128 a2 = _mm_loadu_ps(p[2]), a3 = _mm_loadu_ps(p[3]);
    _MM_TRANSPOSE4_PS(a0, a1, a2, a3);
    r[0].v = a0, r[1].v = a1, r[2].v = a2, r[3].v = a3;
}
inline void store_rows(const F4 (&r)[4], float* const* p, int skip) {
    __m128 a0 = r[0].v, a1 = r[1].v, a2 = r[2].v, a3 = r[3].v;
    _MM_TRANSPOSE4_PS(a0, a1, a2, a3);
    const __m128 row[4] = {a0, a1, a2, a3};
    for (int l = 0; l < 4; ++l) {
        if (!(skip & (1 << l))) _mm_storeu_ps(p[l], row[l]);
    }
}
inline F4 gather(F4, const float* base, const std::uint32_t* idx) {
    return {_mm_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]])};
}
inline F4 load(F4, const float* p) {
    return {_mm_loadu_ps(p)};
}
inline void load_xy(const float* p, F4& x, F4& y) {
    const __m128 a = _mm_loadu_ps(p), b = _mm_loadu_ps(p + 4);
    x.v = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    y.v = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}
inline void store_xy(float* p, F4 x, F4 y) {
    _mm_storeu_ps(p, _mm_unpacklo_ps(x.v, y.v));
    _mm_storeu_ps(p + 4, _mm_unpackhi_ps(x.v, y.v));
}
inline F4 select(F4 m, F4 a, F4 b) {
    return {_mm_or_ps(_mm_and_ps(m.v, a.v), _mm_andnot_ps(m.v, b.v))};
}
#endif

#if SKIDPAD_WIDE_AVX2
// ---- F8: eight lanes (AVX2) -----------------------------------------------------

struct F8 {
    static constexpr int lanes = 8;
    __m256 v;
};

SKIDPAD_WIDE_AVX2_FN inline F8 operator+(F8 a, F8 b) {
    return {_mm256_add_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 operator-(F8 a, F8 b) {
    return {_mm256_sub_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 operator*(F8 a, F8 b) {
    return {_mm256_mul_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 operator/(F8 a, F8 b) {
    return {_mm256_div_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 splat(F8, float s) {
    return {_mm256_set1_ps(s)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 sqrt(F8 a) {
    return {_mm256_sqrt_ps(a.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 operator&(F8 a, F8 b) {
    return {_mm256_and_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 operator|(F8 a, F8 b) {
    return {_mm256_or_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 abs(F8 a) {
    return {_mm256_and_ps(a.v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)))};
}
SKIDPAD_WIDE_AVX2_FN inline F8 max(F8 a, F8 b) {
    return {_mm256_max_ps(a.v, b.v)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 gt(F8 a, F8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 ge(F8 a, F8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GE_OQ)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 le(F8 a, F8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
}
SKIDPAD_WIDE_AVX2_FN inline F8 eq(F8 a, F8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_EQ_OQ)};
}
SKIDPAD_WIDE_AVX2_FN inline int movemask(F8 a) {
    return _mm256_movemask_ps(a.v);
}
SKIDPAD_WIDE_AVX2_FN inline void store(float* p, F8 a) {
    _mm256_storeu_ps(p, a.v);
}

// 16 bytes from `lo` in the low half and from `hi` in the high half.
SKIDPAD_WIDE_AVX2_FN inline __m256 load_halves(const float* lo, const float* hi) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(lo)), _mm_loadu_ps(hi), 1);
}
// _MM_TRANSPOSE4_PS in each 128-bit half (its own inverse).
SKIDPAD_WIDE_AVX2_FN inline void transpose_halves(__m256& r0, __m256& r1, __m256& r2, __m256& r3) {
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpacklo_ps(r2, r3);
    const __m256 t2 = _mm256_unpackhi_ps(r0, r1), t3 = _mm256_unpackhi_ps(r2, r3);
    r0 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    r1 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    r2 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    r3 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}
// Rows l and l + 4 share a register (low and high half), so after the in-half
// transposes lane l holds row l.
SKIDPAD_WIDE_AVX2_FN inline void load_rows(const float* const* p, F8 (&r)[4]) {
    __m256 a0 = load_halves(p[0], p[4]), a1 = load_halves(p[1], p[5]);
    __m256 a2 = load_halves(p[2], p[6]), a3 = load_halves(p[3], p[7]);
    transpose_halves(a0, a1, a2, a3);
    r[0].v = a0, r[1].v = a1, r[2].v = a2, r[3].v = a3;
}
SKIDPAD_WIDE_AVX2_FN inline void store_rows(const F8 (&r)[4], float* const* p, int skip) {
    __m256 a0 = r[0].v, a1 = r[1].v, a2 = r[2].v, a3 = r[3].v;
    transpose_halves(a0, a1, a2, a3);
    const __m256 row[4] = {a0, a1, a2, a3};
    for (int l = 0; l < 4; ++l) {
        if (!(skip & (1 << l))) _mm_storeu_ps(p[l], _mm256_castps256_ps128(row[l]));
        if (!(skip & (16 << l))) _mm_storeu_ps(p[l + 4], _mm256_extractf128_ps(row[l], 1));
    }
}
SKIDPAD_WIDE_AVX2_FN inline F8 gather(F8, const float* base, const std::uint32_t* idx) {
    return {_mm256_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]], base[idx[4]],
                           base[idx[5]], base[idx[6]], base[idx[7]])};
}
#endif

}  // namespace skidpad::wide

namespace skidpad::soft_kernel {

// The particle kernels of the soft step, over points stored as interleaved
// x, y floats (SoftSolver's vec2 arrays) with one lane per particle. Each runs
// `W` over whole groups of W::lanes particles and one lane (F1) over the rest,
// so any count works and nothing is read or written past particle n − 1.

/// Verlet integration of particles [0, n): x' = x + (x − x_prev)·s and
/// x_prev' = x, m; particles with inverse mass w ≤ 0 (pinned) keep both.
template <class W>
void integrate_particles(float* __restrict x, float* __restrict xp, const float* __restrict w,
                         std::size_t n, float s) {
    const W S = splat(W{}, s), zero = splat(W{}, 0.0f);
    std::size_t i = 0;
    for (; i + W::lanes <= n; i += W::lanes) {
        W X, Y, PX, PY;
        load_xy(x + 2 * i, X, Y);
        load_xy(xp + 2 * i, PX, PY);
        const W pinned = le(load(W{}, w + i), zero);
        const W DX = (X - PX) * S, DY = (Y - PY) * S;
        store_xy(xp + 2 * i, select(pinned, PX, X), select(pinned, PY, Y));
        store_xy(x + 2 * i, select(pinned, X, X + DX), select(pinned, Y, Y + DY));
    }
    if constexpr (W::lanes > 1) {
        integrate_particles<wide::F1>(x + 2 * i, xp + 2 * i, w + i, n - i, s);
    }
}

/// Largest |x − x_prev|² (m²) over particles [0, n), 0 when none; a NaN never
/// wins. The maximum is exact and independent of order, so every W gives the
/// one-lane answer.
template <class W>
float max_travel2(const float* __restrict x, const float* __restrict xp, std::size_t n) {
    W M = splat(W{}, 0.0f);
    std::size_t i = 0;
    for (; i + W::lanes <= n; i += W::lanes) {
        W X, Y, PX, PY;
        load_xy(x + 2 * i, X, Y);
        load_xy(xp + 2 * i, PX, PY);
        const W DX = X - PX, DY = Y - PY;
        M = max(DX * DX + DY * DY, M);  // a > b ? a : b, as the scalar loop
    }
    float lane[W::lanes];
    store(lane, M);
    float m = 0.0f;
    for (float v : lane)
        m = v > m ? v : m;
    if constexpr (W::lanes > 1) {
        const float t = max_travel2<wide::F1>(x + 2 * i, xp + 2 * i, n - i);
        m = t > m ? t : m;
    }
    return m;
}

}  // namespace skidpad::soft_kernel
