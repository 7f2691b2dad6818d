// Dents (docs/physics.md §11): a crate's dented rest lengths are those of one real
// quadrilateral, so a crate dented hard comes to rest like an undented one.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {

constexpr float kDt = 1.0f / 120.0f;

// The crushes below strain edges past soft.break_limit: unbreakable, so that the
// crate dents as far as soft.max_dent lets it instead of shattering.
SoftDef unbreakable() {
    SoftDef d;
    d.breakable = false;
    return d;
}

// Moves every particle of `body` by `f` (relative to the body's centre) and steps
// once: the particles start the step at rest in the crushed shape, and the
// relaxation dents the edges strained past soft.dent_limit.
template <class F>
void crush(SoftWorld& w, const SoftDef& def, BodyId body, F f) {
    SoftSolver& s = soft_solver(w);
    const SoftSolver::Body& b = s.bodies[s.dense(body)];
    const vec2 c = w.centre(body);
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 p = f(s.pos[b.first + k] - c, k) + c;
        s.pos[b.first + k] = p;
        s.prev[b.first + k] = p;
    }
    w.step(def, kDt);
}

// Squashed across, then along, then sheared along a diagonal, twice over: each event
// dents a different set of edges as far as soft.max_dent allows.
void dent_hard(SoftWorld& w, const SoftDef& def, BodyId crate) {
    for (int round = 0; round < 2; ++round) {
        crush(w, def, crate, [](vec2 p, std::uint32_t) { return vec2(0.4f * p.x, p.y); });
        crush(w, def, crate, [](vec2 p, std::uint32_t) { return vec2(p.x, 0.4f * p.y); });
        crush(w, def, crate,
              [](vec2 p, std::uint32_t k) { return p * (k % 2 == 0 ? 1.7f : 0.5f); });
    }
}

// Largest particle speed (m/s) of the world.
float fastest(const SoftWorld& w) {
    float m = 0.0f;
    const SoftSolver& s = soft_solver(w);
    for (std::size_t i = 0; i < s.pos.size(); ++i)
        m = std::max(m, glm::length(s.particle_velocity(i)));
    return m;
}

float rest_of(const SoftWorld& w, BodyId body, std::uint32_t i, std::uint32_t j) {
    const SoftSolver& s = soft_solver(w);
    const SoftSolver::Body& b = s.bodies[s.dense(body)];
    for (std::uint32_t k = 0; k < b.ccount; ++k) {
        const Constraint& c = s.constraints[b.cfirst + k];
        if ((c.i == b.first + i && c.j == b.first + j) ||
            (c.i == b.first + j && c.j == b.first + i))
            return c.rest;
    }
    return -1.0f;
}

}  // namespace

TEST_CASE(
    "a hard-dented crate's rest lengths meet the triangle inequality in every triangle "
    "and close into one planar quadrilateral",
    "[soft][dent]") {
    const SoftDef def = unbreakable();
    SoftWorld w;
    const BodyId crate = w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    dent_hard(w, def, crate);
    REQUIRE(w.valid(crate));
    const SoftSolver& s = soft_solver(w);
    bool dented = false;
    for (std::size_t k = 0; k < s.constraints.size(); ++k)
        dented = dented || std::abs(s.constraints[k].rest - s.rest0[k]) > 0.05f * s.rest0[k];
    REQUIRE(dented);  // the events dented it by more than 5 %
    auto r = [&](std::uint32_t i, std::uint32_t j) { return rest_of(w, crate, i, j); };
    // The four triangles of the box's six constraints (four sides, two diagonals).
    const std::uint32_t tri[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 1, 3}, {1, 2, 3}};
    for (const auto& t : tri) {
        const float a = r(t[0], t[1]), b = r(t[1], t[2]), c = r(t[0], t[2]);
        INFO("triangle " << t[0] << t[1] << t[2] << ": " << a << " " << b << " " << c << " m");
        const float longest = std::max({a, b, c});
        CHECK(longest <= (a + b + c - longest) * (1.0f + 1e-5f));
    }
    // Four points in the plane have five free distances: the triangles 0-1-2 and
    // 0-2-3 fix the quadrilateral, and its diagonal 1-3 must be the sixth rest length
    // (to 1 mm; 3 may lie on either side of 0-2 in a dent that folded in).
    const float d01 = r(0, 1), d12 = r(1, 2), d02 = r(0, 2), d23 = r(2, 3), d30 = r(3, 0);
    const float x1 = (d01 * d01 - d12 * d12 + d02 * d02) / (2.0f * d02);
    const float y1 = std::sqrt(std::max(d01 * d01 - x1 * x1, 0.0f));
    const float x3 = (d30 * d30 - d23 * d23 + d02 * d02) / (2.0f * d02);
    const float y3 = std::sqrt(std::max(d30 * d30 - x3 * x3, 0.0f));
    const float across = std::hypot(x1 - x3, y1 + y3), same = std::hypot(x1 - x3, y1 - y3);
    const float d13 = r(1, 3);
    INFO("diagonal 1-3: rest " << d13 << " m, the quadrilateral's " << across << " or " << same
                               << " m");
    CHECK(std::min(std::abs(across - d13), std::abs(same - d13)) < 1e-3f);
}

TEST_CASE(
    "a hard-dented crate left alone comes to rest like an undented one: every particle "
    "under 0.05 m/s within 3 s and its kinetic energy decays to zero",
    "[soft][dent]") {
    const SoftDef def = unbreakable();
    SoftWorld dented, plain;
    const BodyId crate = dented.add_crate(def, {0.0f, 0.0f}, 0.0f);
    plain.add_crate(def, {0.0f, 0.0f}, 0.0f);
    dent_hard(dented, def, crate);
    REQUIRE(dented.valid(crate));
    // The undented crate gets the same start: at rest after one step.
    plain.step(def, kDt);
    float fastest_dented = 0.0f, fastest_plain = 0.0f;
    double ke_first_second = 0.0;
    for (int i = 0; i < 6 * 120; ++i) {
        dented.step(def, kDt);
        plain.step(def, kDt);
        if (i < 120) ke_first_second = std::max(ke_first_second, dented.kinetic_energy());
        if (i >= 3 * 120) {
            fastest_dented = std::max(fastest_dented, fastest(dented));
            fastest_plain = std::max(fastest_plain, fastest(plain));
        }
    }
    INFO("fastest particle after 3 s: dented "
         << fastest_dented << " m/s, undented " << fastest_plain << " m/s; kinetic energy "
         << ke_first_second << " J in the first second, " << dented.kinetic_energy()
         << " J at 6 s");
    CHECK(fastest_plain < 0.05f);
    CHECK(fastest_dented < 0.05f);
    CHECK(dented.kinetic_energy() < 1e-6);
    CHECK(dented.max_strain() < def.dent_limit);
}

namespace {
// Fastest particle speed (m/s) relative to the body's rigid motion (its mean velocity
// and the spin that fits its particles best): how much its shape still moves.
float shape_speed(const SoftWorld& w, BodyId body) {
    const SoftSolver& s = soft_solver(w);
    const SoftSolver::Body& b = s.bodies[s.dense(body)];
    const vec2 c = w.centre(body), v = w.velocity(body);
    float num = 0.0f, den = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 r = s.pos[b.first + k] - c, u = s.particle_velocity(b.first + k) - v;
        num += r.x * u.y - r.y * u.x;
        den += r.x * r.x + r.y * r.y;
    }
    const float omega = den > 0.0f ? num / den : 0.0f;
    float m = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const vec2 r = s.pos[b.first + k] - c;
        const vec2 u = s.particle_velocity(b.first + k) - v - omega * vec2(-r.y, r.x);
        m = std::max(m, glm::length(u));
    }
    return m;
}
}  // namespace

TEST_CASE(
    "a hard-dented crate without ground friction stops changing shape: its particles "
    "move rigidly (under 0.05 m/s apart) within 3 s, its edges strained under 0.1 %",
    "[soft][dent]") {
    // No ground friction and no damping: nothing but the constraints acts on the crate,
    // so constraints that cannot all be met at once would keep it flexing.
    SoftDef def = unbreakable();
    def.gravity = 0.0;
    def.damping = 0.0;
    SoftWorld w;
    const BodyId crate = w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    dent_hard(w, def, crate);
    REQUIRE(w.valid(crate));
    float flex = 0.0f, strain = 0.0f;
    for (int i = 0; i < 6 * 120; ++i) {
        w.step(def, kDt);
        if (i >= 3 * 120) {
            flex = std::max(flex, shape_speed(w, crate));
            strain = std::max(strain, w.max_strain());
        }
    }
    INFO("after 3 s: particles move " << flex << " m/s apart, largest strain " << strain);
    CHECK(flex < 0.05f);
    CHECK(strain < 1e-3f);
}
