// Soft-body materials: a body defined only by a SoftMaterial row and a SoftBodyDef
// behaves per its material; the built-in kinds' materials follow the tunables.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_access.hpp"

using namespace skidpad;

namespace {
SoftMaterial rubber() {
    SoftMaterial m;
    m.restitution = 0.8f;
    m.dents = false;
    m.breaks = false;
    m.fill = rgba(30, 30, 30);
    m.effect = SoftEffect::Rubber;
    return m;
}

// A free 0.8 m, 10 kg block of `material` (the crate row when null) moving at v0
// (m/s, +x) toward a pinned wall; no ground friction and no damping, so only the
// impact changes its velocity. The wall's 4 particles come first.
struct Shot {
    SoftDef def;
    SoftWorld world;
    BodyId block;
};

Shot fire(const SoftMaterial* material, float v0) {
    Shot s;
    s.def.gravity = 0.0;
    s.def.damping = 0.0;
    s.world.add_barrier({0.0f, 0.0f}, {1.0f, 6.0f}, 0.0f);
    SoftBodyDef d;
    d.size = {0.8f, 0.8f};
    d.mass = 10.0f;
    d.position = {-2.0f, 0.0f};
    if (material) d.material = s.world.add_material(*material);
    s.block = s.world.create_body(d);
    s.world.set_velocity(s.block, {v0, 0.0f}, 0.0f);
    return s;
}

// The block's x velocity one second after firing (m/s, negative = rebounding);
// `rest_drift` receives how far each of its rest lengths moved (m).
float rebound(const SoftMaterial* material, float v0, std::vector<float>* rest_drift) {
    Shot s = fire(material, v0);
    const auto fresh = s.world.constraints(s.block);
    const std::vector<Constraint> before(fresh.begin(), fresh.end());
    for (int i = 0; i < 120; ++i)
        s.world.step(s.def, 1.0f / 120.0f);
    for (std::size_t k = 0; rest_drift && k < before.size(); ++k)
        rest_drift->push_back(std::abs(s.world.constraints(s.block)[k].rest - before[k].rest));
    return s.world.velocity(s.block).x;
}

// Restitution acts per contact on the touching particles (docs/physics.md §11): in
// the step of the impact the block's front particles leave the wall at e·v0,
// e the larger restitution of the pair (the wall is a barrier, e = soft.restitution
// = 0.2). Returns that speed (m/s).
float impact_speed_out(const SoftMaterial* material, float v0) {
    Shot s = fire(material, v0);
    for (int i = 0; i < 120; ++i) {
        s.world.step(s.def, 1.0f / 120.0f);
        float vx = 0.0f;
        for (std::size_t k = 4; k < 8; ++k)
            vx = std::min(vx, soft_solver(s.world).particle_velocity(k).x);
        if (vx < 0.0f) return -vx;
    }
    return 0.0f;
}
}  // namespace

TEST_CASE("a rubber block defined by a material row leaves a pinned wall at its restitution",
          "[soft][material]") {
    const SoftMaterial r = rubber();
    const float v0 = 8.0f;
    // e·v0 within 1 %: rubber 0.8 (its row), a crate 0.2 (the soft.restitution row).
    CHECK(impact_speed_out(&r, v0) == Approx(0.8 * v0).epsilon(0.01));
    CHECK(impact_speed_out(nullptr, v0) == Approx(0.2 * v0).epsilon(0.01));
    // The whole block keeps less (the rear particles still move in), more for rubber.
    const float body_rubber = -rebound(&r, v0, nullptr);
    const float body_crate = -rebound(nullptr, v0, nullptr);
    INFO("block rebound: rubber " << body_rubber << " m/s, crate " << body_crate << " m/s");
    CHECK(body_rubber > 2.0f * body_crate);
}

TEST_CASE("a material row with a built-in kind's values moves exactly as that kind",
          "[soft][material]") {
    SoftDef def;
    SoftWorld a, b;
    for (SoftWorld* w : {&a, &b})
        w->add_barrier({0.0f, 0.0f}, {1.0f, 6.0f}, 0.0f);
    SoftBodyDef d = soft_kind_def(BodyKind::Crate, def);
    d.position = {-2.0f, 0.3f};
    d.angle = 0.2f;
    const BodyId crate = a.create_body(d);
    d.material = b.add_material(b.material(SoftMaterialId::of(BodyKind::Crate), def));
    const BodyId copy = b.create_body(d);
    a.set_velocity(crate, {30.0f, 0.0f}, 2.0f);  // hard enough to dent
    b.set_velocity(copy, {30.0f, 0.0f}, 2.0f);
    for (int i = 0; i < 60; ++i) {
        a.step(def, 1.0f / 120.0f);
        b.step(def, 1.0f / 120.0f);
    }
    // Same positions, velocities and rest lengths; only the material index differs.
    const auto pa = a.positions(), pb = b.positions();
    REQUIRE(pa.size() == pb.size());
    for (std::size_t k = 0; k < pa.size(); ++k) {
        REQUIRE(pa[k].x == pb[k].x);
        REQUIRE(pa[k].y == pb[k].y);
    }
    bool dented = false;
    for (std::size_t k = 0; k < a.constraints().size(); ++k) {
        REQUIRE(a.constraints()[k].rest == b.constraints()[k].rest);
        dented = dented || a.constraints()[k].rest != soft_solver(a).rest0[k];
    }
    CHECK(dented);
}

TEST_CASE("a material that does not dent keeps its rest lengths where a crate dents",
          "[soft][material]") {
    const SoftMaterial r = rubber();
    std::vector<float> rubber_drift, crate_drift;
    rebound(&r, 40.0f, &rubber_drift);
    rebound(nullptr, 40.0f, &crate_drift);
    float crate_max = 0.0f;
    for (float x : crate_drift)
        crate_max = std::max(crate_max, x);
    CHECK(crate_max > 0.005f);  // the crate row dents (5 mm and more)
    for (float x : rubber_drift)
        CHECK(x == 0.0f);
}

TEST_CASE("built-in kinds' materials follow the tunables", "[soft][material]") {
    SoftDef def;
    def.tyre_restitution = 0.9;
    def.plastic = false;
    SoftWorld w;
    const SoftMaterial tyre = w.material(SoftMaterialId::of(BodyKind::Tyre), def);
    CHECK(tyre.restitution == 0.9f);
    const SoftMaterial crate = w.material(SoftMaterialId::of(BodyKind::Crate), def);
    CHECK(crate.restitution == static_cast<float>(def.restitution));
    CHECK_FALSE(crate.dents);  // plasticity off
    CHECK(crate.breaks);
    CHECK_FALSE(w.material(SoftMaterialId::of(BodyKind::Shard), def).breaks);
    const BodyId cone = w.add_cone(def, {0.0f, 0.0f}, 0.0f);
    CHECK(w.material(cone) == SoftMaterialId::of(BodyKind::Cone));
    CHECK(w.mass(cone) == Approx(def.cone_mass).epsilon(1e-6));
}
