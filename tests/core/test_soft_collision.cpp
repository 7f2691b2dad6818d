// Soft-body collision: momentum, separation, tunnelling, a settling pile.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/soft/soft_world.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {
// Largest penetration of any vertex of body a into convex body b (0 when apart).
float overlap_depth(const SoftWorld& w, std::size_t a, std::size_t b) {
    const std::span<const vec2> A = w.points(w.id_of(a));
    const std::span<const vec2> B = w.points(w.id_of(b));
    float worst = 0.0f;
    for (const vec2 p : A) {
        float inside = 1e9f;
        for (std::size_t k = 0; k < B.size(); ++k) {
            const vec2 e0 = B[k], e1 = B[(k + 1) % B.size()];
            const vec2 n = glm::normalize(vec2(e1.y - e0.y, e0.x - e1.x));
            inside = std::min(inside, -glm::dot(p - e0, n));
        }
        worst = std::max(worst, inside);
    }
    return worst;
}
}  // namespace

TEST_CASE("head-on crates conserve momentum within 1 percent and separate without overlap",
          "[soft]") {
    SoftDef def;
    def.gravity = 0.0;  // no ground friction and no damping (external drags):
    def.damping = 0.0;  // momentum is then an invariant of the collision
    SoftWorld w;
    const BodyId a = w.add_crate(def, {-2.0f, 0.0f}, 0.0f);
    const BodyId b = w.add_crate(def, {2.0f, 0.1f}, 0.0f);
    w.set_velocity(a, {12.0f, 0.0f}, 0.0f);
    w.set_velocity(b, {-5.0f, 0.0f}, 0.0f);
    const dvec2 p0 = w.momentum();
    const double scale = 20.0 * 12.0;  // largest single momentum, kg m/s
    for (int i = 0; i < 120; ++i)
        w.step(def, 1.0f / 120.0f);
    const dvec2 p1 = w.momentum();
    CHECK(std::abs(p1.x - p0.x) < 0.01 * scale);
    CHECK(std::abs(p1.y - p0.y) < 0.01 * scale);
    CHECK(w.velocity(b).x > w.velocity(a).x);  // moving apart
    CHECK(overlap_depth(w, 0, 1) <= 0.0f);
    CHECK(overlap_depth(w, 1, 0) <= 0.0f);
}

TEST_CASE("a crate at 100 m/s from 100 random angles and offsets never ends past a barrier",
          "[soft]") {
    SoftDef def;
    std::uint64_t s = 12345;
    auto rnd = [&s] {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<float>(s >> 40) / static_cast<float>(1u << 24);
    };
    int passed = 0;
    for (int trial = 0; trial < 100; ++trial) {
        SoftWorld w;
        w.add_barrier({0.0f, 0.0f}, {1.0f, 10.0f}, 0.0f);  // occupies x in [-0.5, 0.5]
        const float dir = (rnd() - 0.5f) * 1.2f;           // up to ±0.6 rad from +x
        const float y = (rnd() - 0.5f) * 6.0f;
        const BodyId c = w.add_crate(def, {-3.0f, y - 3.0f * std::tan(dir)}, rnd() * 6.28f);
        w.set_velocity(c, vec2(std::cos(dir), std::sin(dir)) * 100.0f, (rnd() - 0.5f) * 10.0f);
        for (int i = 0; i < 60; ++i)
            w.step(def, 1.0f / 120.0f);
        if (!w.valid(c)) {
            // It broke apart: no piece may be past the barrier.
            for (std::size_t k = 4; k < w.particle_count(); ++k)
                passed += w.positions()[k].x > 0.5f ? 1 : 0;
            continue;
        }
        passed += w.centre(c).x > 0.0f ? 1 : 0;
    }
    CHECK(passed == 0);
}

TEST_CASE("the car at 80 m/s into a pinned barrier never passes it", "[soft][car]") {
    for (double heading : {0.0, 0.3, -0.6}) {
        World w;
        w.soft().add_barrier({12.0f, 0.0f}, {1.0f, 40.0f}, 0.0f);
        const CarId car = w.add_car({0.0, 0.0}, heading, CarDef{});
        w.car(car).velocity = dvec2(80.0 * std::cos(heading), 80.0 * std::sin(heading));
        double max_x = 0.0;
        for (int i = 0; i < 120; ++i) {
            w.step(1.0 / 120.0);
            for (const dvec2& c : car_corners(w.car(car), w.car_def(car)))
                max_x = std::max(max_x, c.x);
        }
        INFO("heading " << heading << " front-most corner x " << max_x);
        // The car's crush zone takes the hit: its rectangle may press into the barrier
        // by soft.car_crush_depth (the crumpled front), never further.
        CHECK(max_x < 11.5 + w.def().soft.car_crush_depth + 0.05);
        CHECK(w.car(car).position.x < 11.5);
    }
}

TEST_CASE("a pile of 1000 crates settles under ground friction below 1e-3 J within 10 s",
          "[soft]") {
    World world;  // game defaults, ground friction on
    const BenchScene scene = make_bench_scene(1000, 7);
    build_bench_scene(world.soft(), scene);
    const double dt = 1.0 / 120.0;
    double ke = 0.0;
    int settled_at = -1;
    for (int i = 0; i < 1200; ++i) {
        world.step(dt);
        ke = world.soft().kinetic_energy();
        REQUIRE(std::isfinite(ke));
        if (ke < 1e-3) {
            settled_at = i;
            break;
        }
    }
    INFO("kinetic energy " << ke);
    CHECK(settled_at > 0);
    // No crate overlaps another by more than 2 cm; nothing left the arena.
    SoftWorld& w = world.soft();
    float worst = 0.0f;
    for (std::size_t a = 4; a < w.body_count(); ++a) {
        for (std::size_t b = 4; b < w.body_count(); ++b) {
            if (a == b || glm::length(w.centre(w.id_of(a)) - w.centre(w.id_of(b))) > 1.6f) continue;
            worst = std::max(worst, overlap_depth(w, a, b));
        }
    }
    CHECK(worst < 0.02f);
    const std::span<const vec2> pos = w.positions();
    for (std::size_t i = 16; i < pos.size(); ++i) {  // crates (the 4 walls come first)
        CHECK(pos[i].x > -0.02f);
        CHECK(pos[i].y > -0.02f);
        CHECK(pos[i].x < scene.inner_width + 0.02f);
        CHECK(pos[i].y < scene.inner_height + 0.02f);
    }
}
