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
