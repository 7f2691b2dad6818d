// The mouse drag of the soft world: a dragged body follows a moving cursor closely
// and settles on it without swinging past, a crate and a heavy movable barrier alike,
// and the pull stays finite for any mass and any distance.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "skidpad/soft/soft_world.hpp"

using namespace skidpad;

namespace {

struct Follow {
    float worst_lag = 0.0f;  ///< m, largest distance to the cursor while it moves (after 0.25 s)
    float end_lag = 0.0f;    ///< m, distance 0.5 s after the cursor stops
    float overshoot = 0.0f;  ///< m, furthest past the stop point along the motion
    bool finite = true;
};

// The cursor starts on the body's centre, moves along +x at `speed` for 2 s, then stops.
Follow follow(SoftWorld& w, const SoftDef& def, BodyId id, float speed) {
    const float dt = 1.0f / 120.0f;
    const vec2 start = w.centre(id);
    Follow f;
    vec2 target = start;
    for (int i = 0; i < 360; ++i) {
        const float t = static_cast<float>(i) * dt;
        if (t < 2.0f) target = start + vec2(speed * t, 0.0f);
        w.set_drag(id, target);
        w.step(def, dt);
        const vec2 c = w.centre(id);
        f.finite = f.finite && std::isfinite(c.x) && std::isfinite(c.y);
        const float lag = std::hypot(c.x - target.x, c.y - target.y);
        if (t >= 0.25f && t < 2.0f) f.worst_lag = std::max(f.worst_lag, lag);
        if (t >= 2.0f) f.overshoot = std::max(f.overshoot, c.x - target.x);
        f.end_lag = lag;
    }
    std::printf("drag speed %.1f: worst lag %.3f m, end lag %.3f m, overshoot %.3f m\n",
                static_cast<double>(speed), static_cast<double>(f.worst_lag),
                static_cast<double>(f.end_lag), static_cast<double>(f.overshoot));
    return f;
}

}  // namespace

TEST_CASE("a dragged crate follows a moving cursor", "[soft][drag]") {
    SoftDef def;
    def.threads = 1;
    SoftWorld w;
    const BodyId crate = w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    const Follow f = follow(w, def, crate, 5.0f);
    CHECK(f.finite);
    // Moving at 5 m/s the crate stays within 10 cm of the cursor (ground friction
    // alone holds it back, about mu g / k = 3 cm); half a second after the cursor
    // stops it rests within 5 cm of it, having swung past by at most 25 cm (its own
    // 5 m/s stopped by the critically damped pull).
    CHECK(f.worst_lag < 0.10f);
    CHECK(f.end_lag < 0.05f);
    CHECK(f.overshoot < 0.25f);
}

TEST_CASE("a dragged heavy barrier follows a moving cursor", "[soft][drag]") {
    SoftDef def;
    def.threads = 1;
    SoftWorld w;
    const BodyId wall =
        w.add_box(BodyKind::Barrier, {0.0f, 0.0f}, {4.0f, 0.6f}, 0.0f, 2000.0f, 1.0f);
    const Follow f = follow(w, def, wall, 5.0f);
    CHECK(f.finite);
    // The pull is an acceleration: 2 t of barrier follow as closely as a 20 kg crate.
    CHECK(f.worst_lag < 0.10f);
    CHECK(f.end_lag < 0.05f);
    CHECK(f.overshoot < 0.25f);
}

TEST_CASE("a drag to a far cursor stays finite at any mass", "[soft][drag]") {
    SoftDef def;
    def.threads = 1;
    for (const float mass : {0.001f, 20.0f, 1.0e7f}) {
        INFO("mass " << mass);
        SoftWorld w;
        const BodyId box = w.add_box(BodyKind::Crate, {0.0f, 0.0f}, {1.0f, 1.0f}, 0.0f, mass, 1.0f);
        w.add_crate(def, {1.2f, 0.0f}, 0.0f);  // in the way
        float fastest = 0.0f;
        for (int i = 0; i < 240; ++i) {
            // The cursor jumps 10 km away every half second, to and fro.
            const float x = (i / 60) % 2 == 0 ? 1.0e4f : -1.0e4f;
            w.set_drag(box, {x, 0.0f});
            w.step(def, 1.0f / 120.0f);
            const vec2 c = w.centre(box);
            REQUIRE(std::isfinite(c.x));
            REQUIRE(std::isfinite(c.y));
            const vec2 v = w.velocity(box);
            fastest = std::max(fastest, std::hypot(v.x, v.y));
        }
        // Pulled at most 300 m/s^2 for half a second, the body never reaches 200 m/s
        // (the particle speed cap).
        CHECK(fastest < 160.0f);
        CHECK(w.speed_cap_events() == 0u);
    }
}

TEST_CASE("a drag replays to the same bits from a copy taken mid-drag", "[soft][drag]") {
    SoftDef def;
    def.threads = 1;
    SoftWorld w;
    const BodyId crate = w.add_crate(def, {0.0f, 0.0f}, 0.0f);
    w.add_crate(def, {3.0f, 0.2f}, 0.3f);
    // The cursor moves once every other step, as a 60 Hz frame over 120 Hz steps.
    const auto drive = [&](SoftWorld& world, int from, int to) {
        for (int i = from; i < to; ++i) {
            world.set_drag(crate, {0.05f * static_cast<float>(i / 2 * 2), 0.0f});
            world.step(def, 1.0f / 120.0f);
        }
    };
    drive(w, 0, 60);
    SoftWorld copy = w;  // mid-drag: the cursor's history goes with it
    drive(w, 60, 180);
    drive(copy, 60, 180);
    CHECK(copy.state_hash(1469598103934665603ull) == w.state_hash(1469598103934665603ull));
    CHECK(w.centre(crate).x > 3.5f);  // the crate was towed past the one in its way
}
