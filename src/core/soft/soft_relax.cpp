// Distance-constraint relaxation (docs/physics.md §11, Jakobsen): the scalar per-body
// loop with plasticity, and the box kernel of soft_relax_kernel.hpp (eight boxes
// at once: AVX2 where the CPU has it, checked at run time, else SSE2; all give
// relax_body's bits) for the crates, cones and shards.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "soft/soft_kinds.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_relax_kernel.hpp"
#include "soft/soft_wide.hpp"

namespace skidpad {

// Each constraint moves both ends along the edge by the length error split by
// inverse mass. Constraints never cross bodies, so bodies are relaxed in
// parallel without races. Plasticity: strain past dent_limit resets the rest
// length toward the current one (bounded by max_dent), and after the pass the
// body's rest shape follows and gives every rest length (reshape); past
// break_limit the edge breaks and the body is shattered after the step. Returns
// the largest strain seen (before correction).
float SoftSolver::relax_body(const SoftDef& def, std::size_t bi, vec2* x) {
    Body& b = bodies[bi];
    if (b.pinned) return 0.0f;
    const soft_kinds::Resolved m = soft_kinds::resolve(material(b.material, def));
    const float dent = m.dent;
    const float brk = m.brk;
    const float max_dent = static_cast<float>(clamp(def.max_dent, 0.0, 0.9));
    const bool can_dent = m.dents;
    const bool can_break = m.breaks;
    const float* __restrict w = inv_mass.data();
    Constraint* __restrict cs = constraints.data();
    const float* __restrict r0 = rest0.data();
    float max_s = 0.0f;
    bool yielded = false;
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
                yielded = true;
            }
        }
        if (abs_err > max_s * c.rest) max_s = abs_err / c.rest;  // rarely divides
        const float k = (len - c.rest) / (len * ws) * c.stiffness;
        x[c.i] += d * (w[c.i] * k);
        x[c.j] -= d * (w[c.j] * k);
    }
    // The pass above let each yielding edge give on its own; the rest lengths the
    // body keeps come from one dented shape (a broken body is cut up after the step).
    if (yielded && !b.broken) reshape(bi, max_dent);
    return max_s;
}

namespace {
// Signed area (m², CCW positive) of the polygon p[0..n).
float polygon_area(const vec2* p, std::uint32_t n) {
    float a = 0.0f;
    for (std::uint32_t k = 0; k < n; ++k) {
        const vec2 u = p[k], v = p[k + 1 < n ? k + 1 : 0];
        a += u.x * v.y - u.y * v.x;
    }
    return 0.5f * a;
}
}  // namespace

// The dent as a deformed rest shape: the pass set each yielding edge's rest length
// on its own, and such a set need not belong to any polygon (two sides of 0.65 m and
// a diagonal of 1.64 m). The rest shape is projected toward those lengths (Gauss-Seidel
// over the body's constraints, both ends moved equally; the edges that did not yield
// hold their old lengths), and every rest length is then read off the shape: one
// polygon, so all of them can be met at once and a dented body settles like an
// undented one. Consistent lengths are reached (to the sweeps' convergence); for
// inconsistent ones the shape is a compromise between them. Lengths alone do not
// keep a thin body (a plank) from a flat rest shape, so the shape keeps at least
// 1 − max_dent of its area as built: past that it moves only part of the way.
void SoftSolver::reshape(std::size_t bi, float max_dent) {
    const Body& b = bodies[bi];
    constexpr int kSweeps = 8;
    constexpr std::uint32_t kMaxKept = 16;  // bodies up to this many particles keep an area
    vec2* s = shape.data();
    Constraint* cs = constraints.data() + b.cfirst;
    vec2 before[kMaxKept];
    const bool keep_area = b.area0 > 0.0f && b.count >= 3 && b.count <= kMaxKept;
    if (keep_area) std::copy(s + b.first, s + b.first + b.count, before);
    for (int sweep = 0; sweep < kSweeps; ++sweep) {
        for (std::uint32_t k = 0; k < b.ccount; ++k) {
            const Constraint& c = cs[k];
            const vec2 d = s[c.j] - s[c.i];
            const float len = glm::length(d);
            if (len < 1e-6f) continue;
            const vec2 half = d * (0.5f * (len - c.rest) / len);
            s[c.i] += half;
            s[c.j] -= half;
        }
    }
    const float least = (1.0f - max_dent) * b.area0;
    if (keep_area && polygon_area(s + b.first, b.count) < least) {
        // The largest step from the shape before toward the projected one that keeps
        // the area (the shape before is where a dent started from: its area is kept,
        // or it is the built shape).
        vec2 after[kMaxKept], mid[kMaxKept];
        std::copy(s + b.first, s + b.first + b.count, after);
        float ok = 0.0f, bad = 1.0f;
        for (int i = 0; i < 12; ++i) {
            const float t = 0.5f * (ok + bad);
            for (std::uint32_t k = 0; k < b.count; ++k)
                mid[k] = before[k] + (after[k] - before[k]) * t;
            (polygon_area(mid, b.count) >= least ? ok : bad) = t;
        }
        for (std::uint32_t k = 0; k < b.count; ++k)
            s[b.first + k] = before[k] + (after[k] - before[k]) * ok;
    }
    for (std::uint32_t k = 0; k < b.ccount; ++k)
        cs[k].rest = glm::length(s[cs[k].j] - s[cs[k].i]);
}

bool SoftSolver::is_box(const Body& b) const {
    // Added materials relax on the scalar path: the kernels hand a lane to
    // relax_body at the tunables' dent limit, which need not be theirs.
    if (b.pinned || b.count != 4 || b.ccount != 6 || b.material >= kBodyKindCount) return false;
    for (std::uint32_t k = 0; k < 6; ++k) {
        const Constraint& c = constraints[b.cfirst + k];
        if (c.i != b.first + kBoxI[k] || c.j != b.first + kBoxJ[k]) return false;
    }
    // One inverse mass for the four particles (add_body gives every body one).
    const float w = inv_mass[b.first];
    return inv_mass[b.first + 1] == w && inv_mass[b.first + 2] == w && inv_mass[b.first + 3] == w;
}

bool cpu_has_avx2() {
#if SKIDPAD_WIDE_AVX2
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

#if SKIDPAD_WIDE_SSE
// The box kernel (soft_relax_kernel.hpp) as two groups of four SSE2 lanes.
int SoftSolver::relax_boxes8(const std::uint32_t* fc, float dent, bool last, vec2* x,
                             float& strain) const {
    return soft_kernel::relax_boxes8<wide::F4>(fc, dent, last, x, inv_mass.data(),
                                               constraints.data(), strain);
}
#endif

#if SKIDPAD_WIDE_AVX2
// The box kernel as one group of eight AVX2 lanes.
SKIDPAD_WIDE_AVX2_ENTRY int SoftSolver::relax_boxes8_avx2(const std::uint32_t* fc, float dent,
                                                          bool last, vec2* x, float& strain) const {
    return soft_kernel::relax_boxes8<wide::F8>(fc, dent, last, x, inv_mass.data(),
                                               constraints.data(), strain);
}
#endif

#if SKIDPAD_WIDE_SSE
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
    // Work items: groups of eight boxes, then the other movable bodies one each.
    // The group kPrefetchGroups ahead is prefetched (the box particles and
    // constraints are not in cache by the time a group's turn comes).
    for (WorkerContext& c : workers_) {
        c.last = last;
        c.max_strain = 0.0f;
    }
    const std::size_t items = workers_[0].groups + workers_[0].tail + others_.size();
    parallel_split(
        pool_.get(), worker_count(def.threads, bodies.size()), items,
        [ctx = workers_.data()](int worker, std::size_t begin, std::size_t end) {
            constexpr std::size_t kGroup = 8;
            [[maybe_unused]] constexpr std::size_t kPrefetchGroups = 4;
            // A copy on the worker's own stack: it stays in registers across the
            // opaque kernel calls, where fields read through a pointer are re-read.
            const WorkerContext c = ctx[worker];
            SoftSolver& sv = *c.solver;
            const SoftDef& d = *c.def;
            float max_s = 0.0f;
            for (std::size_t it = begin; it < end; ++it) {
                if (it < c.groups) {
                    const std::uint32_t* q = c.box + it * kGroup;
#if SKIDPAD_WIDE_SSE
                    if (c.simd) {
                        float s = 0.0f;
                        if (it + kPrefetchGroups < c.groups)
                            sv.prefetch_boxes8(it + kPrefetchGroups);
                        const std::uint32_t* g = c.fc + 2 * kGroup * it;
#if SKIDPAD_WIDE_AVX2
                        const int bad = c.avx2 ? sv.relax_boxes8_avx2(g, c.dent, c.last, c.x, s)
                                               : sv.relax_boxes8(g, c.dent, c.last, c.x, s);
#else
                        const int bad = sv.relax_boxes8(g, c.dent, c.last, c.x, s);
#endif
                        max_s = std::max(max_s, s);
                        for (int l = 0; bad != 0 && l < static_cast<int>(kGroup); ++l) {
                            if (bad & (1 << l))
                                max_s = std::max(max_s, sv.relax_body(d, q[l], c.x));
                        }
                        continue;
                    }
#endif
                    for (std::size_t l = 0; l < kGroup; ++l)
                        max_s = std::max(max_s, sv.relax_body(d, q[l], c.x));
                } else if (it < c.groups + c.tail) {
                    max_s = std::max(
                        max_s, sv.relax_body(d, c.box[c.groups * kGroup + (it - c.groups)], c.x));
                } else {
                    max_s = std::max(max_s, sv.relax_body(d, c.other[it - c.groups - c.tail], c.x));
                }
            }
            ctx[worker].max_strain = std::max(ctx[worker].max_strain, max_s);
        });
    if (last) {
        float m = 0.0f;
        for (const WorkerContext& c : workers_)
            m = std::max(m, c.max_strain);
        stats_.max_strain = m;
    }
}

}  // namespace skidpad
