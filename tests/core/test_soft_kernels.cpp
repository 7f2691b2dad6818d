// The soft solver's wide kernels against their scalar reference, on random
// inputs: the box relaxation (soft_relax_kernel.hpp) for one lane, SSE2 and,
// where the CPU has it, AVX2; the particle integration and travel scan for one
// lane and SSE2, and a world of odd-sided tyres with soft.simd on and off; the
// broad phase's box scan and body bounds (soft_broad_kernel.hpp) for one lane
// and SSE2; and the worker pool's fork (every chunk once).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_broad_kernel.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_relax_kernel.hpp"
#include "soft/soft_sat4.hpp"
#include "soft/soft_wide.hpp"

using namespace skidpad;

namespace {

// Eight boxes laid out as SoftWorld lays them (four particles, the six
// constraints of kBoxI/kBoxJ, one inverse mass per box), each a unit square
// jittered by up to `jitter` m, with rest lengths off by up to `rest_jitter`
// (relative) and, with probability `p_broken`, a broken constraint.
struct BoxScene {
    std::vector<vec2> x;
    std::vector<float> w;
    std::vector<Constraint> cs;
    std::uint32_t fc[16];
};

BoxScene random_boxes(std::mt19937& rng, float jitter, float rest_jitter, float p_broken) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), u01(0.0f, 1.0f);
    BoxScene s;
    const vec2 corner[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (std::uint32_t b = 0; b < 8; ++b) {
        // Two spare particles and constraints between boxes, so the rows are
        // not contiguous (as in a world with other bodies).
        s.x.push_back({9.0f, 9.0f});
        s.w.push_back(0.5f);
        const std::uint32_t first = static_cast<std::uint32_t>(s.x.size());
        const float wb = 0.01f + u01(rng);
        const vec2 origin{3.0f * static_cast<float>(b), u(rng)};
        for (const vec2& c : corner) {
            s.x.push_back(origin + c + vec2(u(rng), u(rng)) * jitter);
            s.w.push_back(wb);
        }
        s.cs.push_back(Constraint{0, 0, 1.0f, 1.0f});
        const std::uint32_t cfirst = static_cast<std::uint32_t>(s.cs.size());
        for (int k = 0; k < 6; ++k) {
            Constraint c;
            c.i = first + SoftSolver::kBoxI[k];
            c.j = first + SoftSolver::kBoxJ[k];
            c.rest = glm::length(corner[SoftSolver::kBoxJ[k]] - corner[SoftSolver::kBoxI[k]]) *
                     (1.0f + rest_jitter * u(rng));
            c.stiffness = u01(rng) < p_broken ? 0.0f : 0.2f + 0.8f * u01(rng);
            s.cs.push_back(c);
        }
        s.fc[2 * b] = first;
        s.fc[2 * b + 1] = cfirst;
    }
    return s;
}

// SoftSolver::relax_body's arithmetic for one box without plastic events: the
// box is relaxed when every constraint is intact, non-degenerate and within
// `dent` strain as it is met; else it is left untouched (bad).
bool reference_box(BoxScene& s, int l, float dent, float& strain) {
    std::vector<vec2> x = s.x;
    float max_s = 0.0f;
    for (std::uint32_t ci = s.fc[2 * l + 1]; ci < s.fc[2 * l + 1] + 6; ++ci) {
        const Constraint& c = s.cs[ci];
        const vec2 d = x[c.j] - x[c.i];
        const float len = std::sqrt(d.x * d.x + d.y * d.y);
        const float ws = s.w[c.i] + s.w[c.j];
        const float err = len - c.rest;
        const float abs_err = std::abs(err);
        if (!(c.stiffness > 0.0f) || !(len >= 1e-6f) || !(ws > 0.0f) ||
            !(abs_err <= dent * c.rest)) {
            return false;
        }
        if (abs_err > max_s * c.rest) max_s = abs_err / c.rest;
        const float k = (len - c.rest) / (len * ws) * c.stiffness;
        x[c.i] += d * (s.w[c.i] * k);
        x[c.j] -= d * (s.w[c.j] * k);
    }
    s.x = x;
    strain = max_s;
    return true;
}

bool same_bits(const std::vector<vec2>& a, const std::vector<vec2>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(a[i].x) != std::bit_cast<std::uint32_t>(b[i].x) ||
            std::bit_cast<std::uint32_t>(a[i].y) != std::bit_cast<std::uint32_t>(b[i].y)) {
            return false;
        }
    }
    return true;
}

struct KernelResult {
    std::vector<vec2> x;
    int bad = 0;
    float strain = 0.0f;
};

template <class W>
KernelResult run_kernel(BoxScene s, float dent, bool last) {
    KernelResult r;
    r.bad = soft_kernel::relax_boxes8<W>(s.fc, dent, last, s.x.data(), s.w.data(), s.cs.data(),
                                         r.strain);
    r.x = s.x;
    return r;
}

// Particles as SoftSolver stores them (interleaved x, y floats): positions
// within 50 m, sub-step travel up to 0.5 m, every fourth one pinned (inverse
// mass 0 or negative), the rest of inverse mass 0.01..1 1/kg.
struct Particles {
    std::vector<float> x, xp, w;
};

Particles random_particles(std::mt19937& rng, std::size_t n) {
    std::uniform_real_distribution<float> pos(-50.0f, 50.0f), step(-0.5f, 0.5f), u01(0.0f, 1.0f);
    Particles p;
    for (std::size_t i = 0; i < n; ++i) {
        for (int c = 0; c < 2; ++c) {
            const float v = pos(rng);
            p.x.push_back(v);
            p.xp.push_back(v - step(rng));
        }
        const float pick = u01(rng);
        p.w.push_back(pick < 0.125f ? 0.0f : pick < 0.25f ? -1.0f : 0.01f + u01(rng));
    }
    return p;
}

bool same_floats(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i])) return false;
    }
    return true;
}

// Particles [first, first + n) of p, integrated by the kernel on lanes W.
template <class W>
Particles integrated(Particles p, std::size_t first, std::size_t n, float s) {
    soft_kernel::integrate_particles<W>(p.x.data() + 2 * first, p.xp.data() + 2 * first,
                                        p.w.data() + first, n, s);
    return p;
}

// SoftWorld with tyre stacks of `sides` particles (odd counts leave a tail the
// wide kernels hand to one lane), some pinned, pushed into each other and
// dragged, stepped `steps` times; returns the state hash after each step.
std::vector<std::uint64_t> tyre_world_hashes(int sides, bool simd, int steps) {
    SoftDef def;
    def.tyre_sides = sides;
    def.simd = simd;
    def.threads = 1;
    SoftWorld w;
    BodyId dragged;
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j) {
            // 0.6 m apart with a 0.35 m radius: neighbours overlap and push apart.
            const vec2 c{0.6f * static_cast<float>(i), 0.6f * static_cast<float>(j)};
            const BodyId id = (i + j) % 5 == 4 ? w.add_ngon(BodyKind::Tyre, c, 0.35f, sides, 0.0f,
                                                            0.0f, 0.35f, 0.35f)
                                               : w.add_tyre(def, c);
            if (i == 2 && j == 3) dragged = id;
        }
    }
    w.add_crate(def, {-1.0f, 1.5f}, 0.3f);
    w.set_drag(dragged, {8.0f, 1.0f});
    std::vector<std::uint64_t> h;
    for (int k = 0; k < steps; ++k) {
        w.step(def, 1.0f / 120.0f);
        h.push_back(w.state_hash(1469598103934665603ull));
    }
    return h;
}

#if SKIDPAD_WIDE_AVX2
SKIDPAD_WIDE_AVX2_ENTRY KernelResult run_kernel_avx2(const BoxScene& s, float dent, bool last) {
    return run_kernel<wide::F8>(s, dent, last);
}
#endif
}  // namespace

TEST_CASE("box relaxation kernel, one lane: relax_body's arithmetic, bad boxes untouched",
          "[soft][kernel]") {
    std::mt19937 rng(7);
    const float dent = 0.05f;
    int relaxed = 0, skipped = 0;
    for (int round = 0; round < 200; ++round) {
        BoxScene s = random_boxes(rng, 0.01f, 0.03f, 0.02f);
        const KernelResult k = run_kernel<wide::F1>(s, dent, true);
        BoxScene ref = s;
        int bad = 0;
        float strain = 0.0f;
        for (int l = 0; l < 8; ++l) {
            float sl = 0.0f;
            if (reference_box(ref, l, dent, sl)) {
                strain = std::max(strain, sl);
                ++relaxed;
            } else {
                bad |= 1 << l;
                ++skipped;
            }
        }
        INFO("round " << round);
        CHECK(k.bad == bad);
        CHECK(same_bits(k.x, ref.x));
        CHECK(std::bit_cast<std::uint32_t>(k.strain) == std::bit_cast<std::uint32_t>(strain));
    }
    // The random scenes exercise both paths.
    INFO("relaxed " << relaxed << " skipped " << skipped);
    CHECK(relaxed > 800);
    CHECK(skipped > 100);
}

TEST_CASE("box relaxation kernel: SSE2 and AVX2 lanes give the one-lane bits", "[soft][kernel]") {
    std::mt19937 rng(11);
    int compared = 0;
    for (int round = 0; round < 300; ++round) {
        const bool last = round % 2 == 0;
        const BoxScene s = random_boxes(rng, 0.05f, 0.1f, 0.03f);
        const float dent = round % 3 == 0 ? 1.0f : 0.05f;
        const KernelResult ref = run_kernel<wide::F1>(s, dent, last);
        INFO("round " << round);
#if SKIDPAD_WIDE_SSE
        const KernelResult k4 = run_kernel<wide::F4>(s, dent, last);
        CHECK(k4.bad == ref.bad);
        CHECK(same_bits(k4.x, ref.x));
        CHECK(std::bit_cast<std::uint32_t>(k4.strain) == std::bit_cast<std::uint32_t>(ref.strain));
        ++compared;
#endif
#if SKIDPAD_WIDE_AVX2
        if (cpu_has_avx2()) {
            const KernelResult k8 = run_kernel_avx2(s, dent, last);
            CHECK(k8.bad == ref.bad);
            CHECK(same_bits(k8.x, ref.x));
            CHECK(std::bit_cast<std::uint32_t>(k8.strain) ==
                  std::bit_cast<std::uint32_t>(ref.strain));
        }
#endif
    }
#if SKIDPAD_WIDE_SSE
    CHECK(compared == 300);
#endif
}

TEST_CASE("particle integration: SSE2 lanes give the one-lane bits, odd counts and offsets",
          "[soft][kernel]") {
    std::mt19937 rng(23);
    int moved = 0, kept = 0;
    for (std::size_t n = 0; n < 40; ++n) {
        for (std::size_t first = 0; first < 3; ++first) {
            const Particles p = random_particles(rng, n + first + 2);
            const float s = first == 1 ? 1.0f : 0.97f;
            const Particles ref = integrated<wide::F1>(p, first, n, s);
            // The one lane is the step's scalar loop: movable particles advance,
            // pinned ones and those outside [first, first + n) keep their bits.
            for (std::size_t i = 0; i < p.w.size(); ++i) {
                const bool in = i >= first && i < first + n && p.w[i] > 0.0f;
                for (std::size_t c = 2 * i; c < 2 * i + 2; ++c) {
                    const float x = in ? p.x[c] + (p.x[c] - p.xp[c]) * s : p.x[c];
                    const float xp = in ? p.x[c] : p.xp[c];
                    REQUIRE(std::bit_cast<std::uint32_t>(ref.x[c]) ==
                            std::bit_cast<std::uint32_t>(x));
                    REQUIRE(std::bit_cast<std::uint32_t>(ref.xp[c]) ==
                            std::bit_cast<std::uint32_t>(xp));
                }
                if (i >= first && i < first + n) ++(in ? moved : kept);
            }
            const float t1 = soft_kernel::max_travel2<wide::F1>(p.x.data() + 2 * first,
                                                                p.xp.data() + 2 * first, n);
            float t = 0.0f;
            for (std::size_t i = first; i < first + n; ++i) {
                const float dx = p.x[2 * i] - p.xp[2 * i], dy = p.x[2 * i + 1] - p.xp[2 * i + 1];
                const float d2 = dx * dx + dy * dy;
                t = d2 > t ? d2 : t;
            }
            REQUIRE(std::bit_cast<std::uint32_t>(t1) == std::bit_cast<std::uint32_t>(t));
            if (n > 0) REQUIRE(t > 0.0f);
#if SKIDPAD_WIDE_SSE
            INFO("n " << n << " first " << first);
            const Particles k4 = integrated<wide::F4>(p, first, n, s);
            CHECK(same_floats(k4.x, ref.x));
            CHECK(same_floats(k4.xp, ref.xp));
            const float t4 = soft_kernel::max_travel2<wide::F4>(p.x.data() + 2 * first,
                                                                p.xp.data() + 2 * first, n);
            CHECK(std::bit_cast<std::uint32_t>(t4) == std::bit_cast<std::uint32_t>(t));
#endif
        }
    }
    INFO("moved " << moved << " kept " << kept);
    CHECK(moved > 1000);
    CHECK(kept > 200);
}

TEST_CASE("a world of 7-sided tyres steps to the same bits with soft.simd on and off",
          "[soft][kernel]") {
    const std::vector<std::uint64_t> on = tyre_world_hashes(7, true, 120);
    const std::vector<std::uint64_t> off = tyre_world_hashes(7, false, 120);
    REQUIRE(on.size() == off.size());
    for (std::size_t k = 0; k < on.size(); ++k) {
        INFO("step " << k);
        REQUIRE(on[k] == off[k]);
    }
    // The bodies really move (the hash changes from step to step).
    CHECK(on.front() != on.back());
    CHECK(on[on.size() - 2] != on.back());
}

TEST_CASE("worker pool runs every chunk of every fork exactly once", "[soft][parallel]") {
    WorkerPool pool;
    constexpr std::size_t n = 10007;
    std::vector<std::atomic<int>> hits(n);
    for (int fork = 0; fork < 300; ++fork) {
        const int workers = 1 + fork % kMaxWorkers;
        std::atomic<int> calls{0};
        parallel_split(pool, workers, n, [&](int, std::size_t b, std::size_t e) {
            calls.fetch_add(1, std::memory_order_relaxed);
            for (std::size_t i = b; i < e; ++i)
                hits[i].fetch_add(1, std::memory_order_relaxed);
        });
        const int expect = static_cast<int>((n + split_chunk(pool, workers, n) - 1) /
                                            split_chunk(pool, workers, n));
        REQUIRE(calls.load() == expect);
    }
    for (std::size_t i = 0; i < n; ++i)
        REQUIRE(hits[i].load() == 300);
}

TEST_CASE(
    "broad-phase box scan: the one lane keeps exactly the overlapping candidates that are "
    "not both pinned, SSE2 lanes the same pairs",
    "[soft][kernel]") {
    std::mt19937 rng(31);
    std::uniform_real_distribution<float> u(0.0f, 4.0f), size(0.1f, 1.5f);
    constexpr std::uint32_t kBoxes = 48, kPad = 8;
    std::vector<float> lox(kBoxes + kPad), loy(kBoxes + kPad), hix(kBoxes + kPad),
        hiy(kBoxes + kPad), pin(kBoxes + kPad);
    std::vector<std::uint32_t> items(kBoxes + kPad);
    int kept_total = 0, pinned_pairs = 0;
    for (int round = 0; round < 400; ++round) {
        for (std::uint32_t k = 0; k < kBoxes + kPad; ++k) {
            lox[k] = u(rng);
            loy[k] = u(rng);
            hix[k] = lox[k] + size(rng);
            hiy[k] = loy[k] + size(rng);
            // Touching edges count as overlap: some boxes share an edge exactly.
            if (k > 0 && rng() % 8 == 0) lox[k] = hix[k - 1];
            pin[k] = rng() % 3 == 0 ? -0.0f : 0.0f;
            items[k] = static_cast<std::uint32_t>(rng() % 100000);
        }
        const soft_kernel::CellBoxes c{lox.data(), loy.data(), hix.data(),
                                       hiy.data(), pin.data(), items.data()};
        const std::uint32_t ia = static_cast<std::uint32_t>(rng() % kBoxes);
        const std::uint32_t b0 = static_cast<std::uint32_t>(rng() % kBoxes);
        const std::uint32_t b1 = b0 + static_cast<std::uint32_t>(rng() % (kBoxes - b0 + 1));
        std::vector<std::uint64_t> expect;
        for (std::uint32_t k = b0; k < b1; ++k) {
            const bool hit =
                lox[ia] <= hix[k] && lox[k] <= hix[ia] && loy[ia] <= hiy[k] && loy[k] <= hiy[ia];
            const bool both_pinned = std::signbit(pin[ia]) && std::signbit(pin[k]);
            pinned_pairs += hit && both_pinned ? 1 : 0;
            if (hit && !both_pinned) expect.push_back((std::uint64_t{items[ia]} << 32) | items[k]);
        }
        std::vector<std::uint64_t> o1(kBoxes + kPad, 0);
        const std::size_t m1 = soft_kernel::pair_scan<wide::F1>(c, ia, b0, b1, o1.data());
        REQUIRE(m1 == expect.size());
        for (std::size_t k = 0; k < m1; ++k)
            REQUIRE(o1[k] == expect[k]);
        kept_total += static_cast<int>(m1);
#if SKIDPAD_WIDE_SSE
        std::vector<std::uint64_t> o4(kBoxes + kPad, 0);
        const std::size_t m4 = soft_kernel::pair_scan<wide::F4>(c, ia, b0, b1, o4.data());
        REQUIRE(m4 == m1);
        for (std::size_t k = 0; k < m4; ++k)
            REQUIRE(o4[k] == o1[k]);
#endif
    }
    // The random scenes exercise both outcomes and the pinned rule.
    CHECK(kept_total > 300);
    CHECK(pinned_pairs > 50);
}

TEST_CASE(
    "body bounds and edge lengths: the one lane is the scalar loop, SSE2 lanes give its "
    "bits for quads and octagons",
    "[soft][kernel]") {
    std::mt19937 rng(37);
    std::uniform_real_distribution<float> u(-50.0f, 50.0f), jitter(-1.0f, 1.0f);
    for (int round = 0; round < 500; ++round) {
        const std::uint32_t n = round % 2 == 0 ? 4u : 8u;
        const vec2 c{u(rng), u(rng)};
        std::vector<vec2> pts(n);
        for (std::uint32_t k = 0; k < n; ++k)
            pts[k] = c + vec2(jitter(rng), jitter(rng));
        if (round % 5 == 0) {  // a degenerate edge: two coincident points
            pts[1] = pts[0];
        }
        const float margin = round % 7 == 0 ? 0.0f : 0.02f;
        // The scalar loop bound_body ran before the kernels.
        vec2 lo = pts[0], hi = pts[0];
        for (std::uint32_t k = 1; k < n; ++k) {
            lo = glm::min(lo, pts[k]);
            hi = glm::max(hi, pts[k]);
        }
        lo -= margin;
        hi += margin;
        std::vector<float> inv(n);
        for (std::uint32_t k = 0; k < n; ++k) {
            const vec2 d = pts[(k + 1) % n] - pts[k];
            const float l2 = d.x * d.x + d.y * d.y;
            inv[k] = l2 > 1e-12f ? 1.0f / std::sqrt(l2) : 0.0f;
        }
        const float* xy = &pts[0].x;
        float lo1[2], hi1[2];
        std::vector<float> inv1(n);
        soft_kernel::bound_polygon<wide::F1>(xy, n, margin, lo1, hi1, inv1.data());
        INFO("round " << round);
        REQUIRE(same_floats(std::vector<float>{lo1[0], lo1[1], hi1[0], hi1[1]},
                            std::vector<float>{lo.x, lo.y, hi.x, hi.y}));
        REQUIRE(same_floats(inv1, inv));
        if (round % 5 == 0) REQUIRE(inv1[0] == 0.0f);
#if SKIDPAD_WIDE_SSE
        float lo4[2], hi4[2];
        std::vector<float> inv4(n);
        soft_kernel::bound_polygon<wide::F4>(xy, n, margin, lo4, hi4, inv4.data());
        CHECK(same_floats(std::vector<float>{lo4[0], lo4[1], hi4[0], hi4[1]},
                          std::vector<float>{lo1[0], lo1[1], hi1[0], hi1[1]}));
        CHECK(same_floats(inv4, inv1));
#endif
    }
}

namespace {

// A random CCW quad near `c`: a box of random size and angle with jittered
// corners (convex for the jitter used), sometimes with a degenerate edge.
std::vector<vec2> random_quad(std::mt19937& rng, vec2 c, bool degenerate) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), half(0.1f, 1.0f);
    const float a = 3.14159f * u(rng), hx = half(rng), hy = half(rng);
    const vec2 ax{std::cos(a), std::sin(a)}, ay{-ax.y, ax.x};
    std::vector<vec2> q = {c - ax * hx - ay * hy, c + ax * hx - ay * hy, c + ax * hx + ay * hy,
                           c - ax * hx + ay * hy};
    for (vec2& p : q)
        p += vec2(u(rng), u(rng)) * 0.03f;
    if (degenerate) q[2] = q[1];
    return q;
}

struct QuadVerdict {
    bool hit = false;
    soft_geo::Sat sat;
    int ref_mask = 0, other_mask = 0;
    float bounce[4] = {};
};

// The narrow phase's quad kernels (soft_narrow.cpp's collide_quads) on lanes W.
template <class W>
QuadVerdict quad_kernels(const std::vector<vec2>& a, const std::vector<vec2>& b,
                         const std::vector<vec2>& b_prev, const float* ia, const float* ib,
                         float margin) {
    QuadVerdict v;
    soft_geo::Axis sa, sb;
    if (!soft_geo::sat4_overlap<W>(a.data(), b.data(), margin, ia, ib, sa, sb)) return v;
    const soft_geo::Incident4 inc_a =
        soft_geo::incident4<W>(a[sa.edge], a[(sa.edge + 1) & 3], ia[sa.edge], b.data(), margin);
    const soft_geo::Incident4 inc_b =
        soft_geo::incident4<W>(b[sb.edge], b[(sb.edge + 1) & 3], ib[sb.edge], a.data(), margin);
    const soft_geo::QuadPick pick = soft_geo::sat4_pick(inc_a, inc_b, sa, sb);
    v.hit = true;
    v.sat = pick.sat;
    v.ref_mask = soft_geo::incident_mask4(*pick.ref, margin, true);
    v.other_mask = pick.other->mask;
    if (pick.sat.ref_is_a) {  // b is incident: its bounces against a's edge (a at rest)
        soft_geo::bounce4<W>(b.data(), b_prev.data(), *pick.ref, vec2(0.0f), vec2(0.0f), 120.0f,
                             0.2f, 1.0f, v.bounce);
    }
    return v;
}

std::uint32_t bits_of(float f) {
    return std::bit_cast<std::uint32_t>(f);
}

}  // namespace

TEST_CASE(
    "quad SAT kernels: the one lane reaches sat() and incident_vertices' verdicts, "
    "contacts and bounces, and SSE2 lanes reach the one lane's bits",
    "[soft][kernel]") {
    std::mt19937 rng(41);
    std::uniform_real_distribution<float> off(-2.2f, 2.2f), vel(-0.2f, 0.2f);
    int hits = 0, misses = 0, ref_b = 0, bounced = 0;
    for (int round = 0; round < 3000; ++round) {
        const std::vector<vec2> a = random_quad(rng, {0.0f, 0.0f}, round % 11 == 0);
        const std::vector<vec2> b = random_quad(rng, {off(rng), off(rng)}, round % 13 == 0);
        std::vector<vec2> b_prev = b;
        const vec2 travel{vel(rng), vel(rng)};
        for (vec2& p : b_prev)
            p -= travel;
        float ia[4], ib[4], lo[2], hi[2];
        soft_kernel::bound_polygon<wide::F1>(&a[0].x, 4, 0.0f, lo, hi, ia);
        soft_kernel::bound_polygon<wide::F1>(&b[0].x, 4, 0.0f, lo, hi, ib);
        const float margin = 0.02f;
        const QuadVerdict k1 = quad_kernels<wide::F1>(a, b, b_prev, ia, ib, margin);
        const soft_geo::Sat g = soft_geo::sat(a.data(), 4, b.data(), 4, margin, ia, ib);
        INFO("round " << round);
        REQUIRE(k1.hit == g.hit);
        if (g.hit) {
            ++hits;
            REQUIRE(k1.sat.ref_is_a == g.ref_is_a);
            REQUIRE(k1.sat.edge == g.edge);
            REQUIRE(bits_of(k1.sat.separation) == bits_of(g.separation));
            REQUIRE(k1.sat.other_edge == g.other_edge);
            REQUIRE(bits_of(k1.sat.other_separation) == bits_of(g.other_separation));
            ref_b += g.ref_is_a ? 0 : 1;
            // The reference edge's contacts as the generic narrow phase finds them.
            const std::vector<vec2>& R = g.ref_is_a ? a : b;
            const std::vector<vec2>& I = g.ref_is_a ? b : a;
            const vec2 e0 = R[g.edge], e1 = R[(g.edge + 1) & 3];
            int mask = 0;
            soft_geo::incident_vertices(
                e0, e1, I.data(), 4, margin, [&](int j) { mask |= 1 << j; }, true);
            REQUIRE(k1.ref_mask == mask);
            if (g.ref_is_a) {
                // Contact::bounce of each incident vertex of b, a at rest.
                const vec2 d = e1 - e0;
                const float il = 1.0f / std::sqrt(std::max(soft_geo::dot2(d, d), 1e-12f));
                const vec2 n = soft_geo::outward(e0, e1) * il;
                for (int j = 0; j < 4; ++j) {
                    if (!(mask & (1 << j))) continue;
                    const float t = clamp(soft_geo::dot2(b[j] - e0, d) * (il * il), 0.0f, 1.0f);
                    const vec2 rel = (b[j] - b_prev[j]) - (1.0f - t) * vec2(0.0f) - t * vec2(0.0f);
                    const float vn = soft_geo::dot2(rel, n) * 120.0f;
                    const float expect = vn < -1.0f ? -0.2f * vn : 0.0f;
                    REQUIRE(bits_of(k1.bounce[j]) == bits_of(expect));
                    bounced += expect > 0.0f ? 1 : 0;
                }
            }
        } else {
            ++misses;
        }
#if SKIDPAD_WIDE_SSE
        const QuadVerdict k4 = quad_kernels<wide::F4>(a, b, b_prev, ia, ib, margin);
        REQUIRE(k4.hit == k1.hit);
        if (k1.hit) {
            CHECK(k4.sat.ref_is_a == k1.sat.ref_is_a);
            CHECK(k4.sat.edge == k1.sat.edge);
            CHECK(bits_of(k4.sat.separation) == bits_of(k1.sat.separation));
            CHECK(k4.sat.other_edge == k1.sat.other_edge);
            CHECK(bits_of(k4.sat.other_separation) == bits_of(k1.sat.other_separation));
            CHECK(k4.ref_mask == k1.ref_mask);
            CHECK(k4.other_mask == k1.other_mask);
            for (int j = 0; j < 4; ++j) {
                if (k1.ref_mask & (1 << j)) CHECK(bits_of(k4.bounce[j]) == bits_of(k1.bounce[j]));
            }
        }
#endif
    }
    // The random pairs cover hits and misses, both reference choices and bounces.
    CHECK(hits > 300);
    CHECK(misses > 300);
    CHECK(ref_b > 50);
    CHECK(bounced > 20);
}
