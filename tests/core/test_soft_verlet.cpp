// Verlet layer: constraint relaxation, pinned particles, ground friction.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {
float edge_error(const SoftWorld& w) {
    float e = 0.0f;
    const std::span<const vec2> pos = w.positions();
    for (const Constraint& c : w.constraints())
        e += std::abs(glm::length(pos[c.j] - pos[c.i]) - c.rest);
    return e;
}
}  // namespace

TEST_CASE("relaxed crate constraints converge: edge error falls with iterations", "[soft]") {
    SoftDef def;
    def.plastic = false;
    def.breakable = false;
    std::vector<float> errors;
    for (int iters : {1, 2, 4, 8, 16, 32}) {
        SoftWorld w;
        w.add_box(BodyKind::Crate, {0.0f, 0.0f}, {1.0f, 1.0f}, 0.0f, 20.0f, 1.0f);
        // Distort every particle by a fixed pattern (up to 15 % of the side).
        const vec2 kick[4] = {{0.15f, 0.02f}, {-0.05f, 0.12f}, {0.08f, -0.1f}, {-0.12f, -0.04f}};
        SoftSolver& solver = soft_solver(w);  // relax_body is the solver's own
        for (int k = 0; k < 4; ++k)
            solver.pos[static_cast<std::size_t>(k)] += kick[k];
        for (int i = 0; i < iters; ++i)
            solver.relax_body(def, 0, solver.pos.data());
        errors.push_back(edge_error(w));
    }
    for (std::size_t i = 1; i < errors.size(); ++i) {
        INFO("iteration step " << i << ": " << errors[i - 1] << " -> " << errors[i]);
        CHECK((errors[i] < errors[i - 1] || errors[i] < 1e-5f));  // until float round-off
    }
    CHECK(errors.back() < 1e-4f);
}

TEST_CASE("a pinned particle never moves while a crate is fired into its barrier", "[soft]") {
    SoftDef def;
    SoftWorld w;
    w.add_barrier({0.0f, 0.0f}, {1.0f, 6.0f}, 0.0f);
    const std::vector<vec2> before(w.positions().begin(), w.positions().end());
    const BodyId crate = w.add_crate(def, {-3.0f, 0.3f}, 0.2f);
    w.set_velocity(crate, {40.0f, 0.0f}, 3.0f);
    for (int i = 0; i < 240; ++i) {
        w.step(def, 1.0f / 120.0f);
        for (std::size_t k = 0; k < 4; ++k) {
            REQUIRE(w.positions()[k].x == before[k].x);
            REQUIRE(w.positions()[k].y == before[k].y);
        }
    }
}

TEST_CASE("ground friction stops a sliding crate at mu g within 2 percent without reversing it",
          "[soft]") {
    SoftDef def;
    def.plastic = false;
    def.damping = 0.0;  // damping is a separate drag; the analytic figure is friction only
    SoftWorld w;
    const BodyId id = w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    const float v0 = 10.0f;
    w.set_velocity(id, {v0, 0.0f}, 0.0f);
    const float dt = 1.0f / 120.0f;
    float prev_x = w.centre(id).x;
    int stopped_at = -1;
    for (int i = 0; i < 600; ++i) {
        w.step(def, dt);
        const float x = w.centre(id).x;
        REQUIRE(x >= prev_x);  // never slides back
        if (stopped_at < 0 && w.velocity(id).x == 0.0f) stopped_at = i + 1;
        prev_x = x;
    }
    REQUIRE(stopped_at > 0);
    // Analytic: t = v0 / (mu g), distance v0^2 / (2 mu g).
    const double a = def.ground_mu * def.gravity;
    CHECK(stopped_at * dt == Approx(v0 / a).epsilon(0.02));
    CHECK(w.centre(id).x == Approx(v0 * v0 / (2.0 * a)).epsilon(0.02));
}
