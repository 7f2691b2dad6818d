// Crates squeezed between the car's nose and a wall, and crates hit while they rest
// against one (docs/physics.md §12, "Held against a barrier").
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <span>
#include <vector>

#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

/// What a run of the car into crates standing against a pinned wall showed.
struct WallRun {
    double body_max = 0.0;      ///< m/s, fastest crate (mass-weighted velocity)
    double particle_max = 0.0;  ///< m/s, fastest particle
    double car_max = 0.0;       ///< m/s, fastest the car went
    int broken = 0;             ///< crates that came apart
    float dent = 0.0f;          ///< m, largest change of a crate's rest length
    float past_face = -1e9f;    ///< m, farthest any particle got past the wall's near face
};

/// `abreast` crates side by side (2 cm apart) with their far faces 1 cm from a pinned
/// wall (or none), the car's nose `gap` m short of them at `v0` (its wheels rolling),
/// `throttle` held for `seconds`.
WallRun run_into_wall(int abreast, double v0, double throttle, double seconds, double gap,
                      bool wall = true) {
    World w;
    const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
    car_set_speed(w.car(car), w.car_def(car), v0);
    const SoftDef& d = w.def().soft;
    const float nose = static_cast<float>(w.car_def(car).length * 0.5);
    const float size = static_cast<float>(d.crate_size);
    const float pitch = size + 0.02f;
    const float cx = nose + static_cast<float>(gap) + 0.5f * size;
    std::vector<BodyId> crates;
    for (int r = 0; r < abreast; ++r) {
        const float y = (static_cast<float>(r) - 0.5f * static_cast<float>(abreast - 1)) * pitch;
        crates.push_back(w.soft().add_crate(d, {cx, y}, 0.0f));
    }
    std::vector<std::vector<Constraint>> fresh;
    for (const BodyId id : crates) {
        const std::span<const Constraint> c = w.soft().constraints(id);
        fresh.emplace_back(c.begin(), c.end());
    }
    const float face = cx + 0.5f * size + 0.01f;
    if (wall) {
        w.soft().add_barrier({face + 0.5f, 0.0f},
                             {1.0f, pitch * static_cast<float>(abreast) + 4.0f}, 0.0f);
    }
    InputState in;
    in.throttle = throttle;
    w.set_input(car, in);
    WallRun r;
    const int steps = static_cast<int>(std::lround(seconds * 120.0));
    for (int i = 0; i < steps; ++i) {
        w.step(1.0 / 120.0);
        r.particle_max =
            std::max(r.particle_max, static_cast<double>(w.soft().max_particle_speed()));
        for (std::size_t n = 0; n < w.soft().body_count(); ++n) {
            const BodyId id = w.soft().id_of(n);
            if (w.soft().mass(id) > 0.0f) {
                r.body_max =
                    std::max(r.body_max, static_cast<double>(glm::length(w.soft().velocity(id))));
                for (const vec2& p : w.soft().points(id))
                    r.past_face = std::max(r.past_face, p.x - face);
            }
        }
        r.car_max = std::max(r.car_max, glm::length(w.car(car).velocity));
    }
    for (std::size_t k = 0; k < crates.size(); ++k) {
        if (!w.soft().valid(crates[k])) {
            ++r.broken;
            continue;
        }
        const std::span<const Constraint> now = w.soft().constraints(crates[k]);
        for (std::size_t c = 0; c < now.size() && c < fresh[k].size(); ++c)
            r.dent = std::max(r.dent, std::abs(now[c].rest - fresh[k][c].rest));
    }
    return r;
}

}  // namespace

TEST_CASE(
    "crates squeezed between the car's nose and a wall at 1, 3 and 5 m/s move no faster "
    "than the car came in, their particles within soft.separation_speed of it",
    "[soft][bounds][car][squeeze]") {
    // One crate and three abreast (the nose covers the middle one and part of the two
    // beside it), the car 0.5 m short of them at v0 and full throttle held for 4 s: it
    // stops on the crates and keeps pushing. A crate touching the wall is held there
    // (its particles near the wall do not move) and takes the car's stop by denting
    // (docs/physics.md §12). Measured: fastest crate at most 0.31 m/s, fastest particle
    // at most 0.89 m/s, dents of 4 to 13 cm, none broken, at every v0 (before: the wall
    // was out of the car's reach, so nothing held the crates; squeezed by position into
    // the wall and pushed back out by the soft step, crates reached 9.1 m/s and
    // particles 13.7 m/s, and at 3 and 5 m/s crates broke).
    const double vs = SoftDef{}.separation_speed;
    for (const int abreast : {1, 3}) {
        for (const double v0 : {1.0, 3.0, 5.0}) {
            const WallRun r = run_into_wall(abreast, v0, 1.0, 4.0, 0.5);
            INFO(abreast << " crate(s) at " << v0 << " m/s: car at most " << r.car_max
                         << " m/s, fastest crate " << r.body_max << " m/s, fastest particle "
                         << r.particle_max << " m/s, broken " << r.broken << ", dent " << r.dent
                         << " m, " << r.past_face << " m past the wall's face");
            CHECK(r.body_max <= v0);
            CHECK(r.particle_max <= v0 + vs);
            // Slowly squeezed, the crates dent but hold (the energy the stop takes out of
            // the car stays below what breaks them: docs/physics.md §12).
            CHECK(r.broken == 0);
            // Nothing is pressed into the wall (the contact margin is 2 cm).
            CHECK(r.past_face < 0.02f);
        }
    }
}

namespace {
/// The lowest of `speeds` (ascending) from which the car coasting into one crate breaks
/// it for every gap of 5, 10, 20 and 30 cm (the hit's phase within a step), or -1.
double break_speed(const std::vector<double>& speeds, bool wall) {
    for (const double v0 : speeds) {
        int broken = 0;
        for (const double gap : {0.05, 0.1, 0.2, 0.3})
            broken += run_into_wall(1, v0, 0.0, 0.5, gap, wall).broken;
        if (broken == 4) return v0;
    }
    return -1.0;
}
}  // namespace

TEST_CASE(
    "a crate against a wall breaks from the car speed that takes out the energy a free "
    "crate's break takes: v_wall = v_free sqrt(m/M)",
    "[soft][car][squeeze]") {
    // A free crate hit by the car takes on the car's speed: the hit dissipates about
    // m v^2 / 2, and from v_free on (52-56 m/s) that breaks it. Against a wall the crate
    // stops the car instead, M v^2 / 2, and is crushed as a free crate of its mass by a
    // hit dissipating the same energy: it breaks from v_free sqrt(m / M), 6.2 m/s for a
    // 20 kg crate and the 1500 kg car hit head-on (its effective mass at the middle of
    // its nose is M). Scanned in 0.5 m/s steps, each speed at four arrival phases.
    // Measured: v_free 55.5, v_wall 6.0 m/s, expected 6.41 (before: a crate against a wall was
    // held, the car stopped dead on it and it broke only when the hold missed the wall, at 20 m/s
    // in 10 of 40 phases, never at 40 or 45 m/s).
    const Settings s;
    std::vector<double> free_speeds, wall_speeds;
    for (double v = 40.0; v <= 70.0; v += 0.5)
        free_speeds.push_back(v);
    for (double v = 2.0; v <= 12.0; v += 0.5)
        wall_speeds.push_back(v);
    const double v_free = break_speed(free_speeds, false);
    const double v_wall = break_speed(wall_speeds, true);
    const double expected = v_free * std::sqrt(s.soft.crate_mass / s.car.mass);
    INFO("free crate breaks from " << v_free << " m/s, against the wall from " << v_wall
                                   << " m/s, expected " << expected << " m/s");
    REQUIRE(v_free > 0.0);
    REQUIRE(v_wall > 0.0);
    // The scan's step and the phases' spread: within 15 %.
    CHECK(v_wall == Approx(expected).epsilon(0.15));
    // Below it the crate dents and holds: at 5 m/s by more than 5 cm.
    const WallRun dented = run_into_wall(1, 5.0, 0.0, 0.5, 0.1);
    INFO("at 5 m/s: broken " << dented.broken << ", dent " << dented.dent << " m");
    CHECK(dented.broken == 0);
    CHECK(dented.dent > 0.05f);
}

TEST_CASE(
    "a crate resting against a barrier breaks when the car hits it at 20 to 50 m/s, "
    "however long it stood there",
    "[soft][car][squeeze]") {
    // The car coasting at v0 reaches the crate after `wait` steps (1 to 40: the crate
    // has stood against the barrier that long, and the hit falls at every phase of a
    // step). Before, the barrier joined the car's coupling only once it was within the
    // car's own reach: a hit where it was not yet threw the crate into the barrier (which
    // broke it or not), one where it was held the crate and stopped the car dead on it
    // whole (at 30 m/s 5 of 40 arrival steps, 15 and 16 among them, left it whole; at
    // 40 and 45 m/s every one).
    for (const double v0 : {20.0, 30.0, 40.0, 50.0}) {
        int whole = 0;
        for (int wait = 1; wait <= 40; ++wait) {
            const WallRun r = run_into_wall(1, v0, 0.0, (wait + 30) / 120.0, v0 * wait / 120.0);
            whole += r.broken == 0;
        }
        INFO(v0 << " m/s: " << whole << " of 40 arrival steps left the crate whole");
        CHECK(whole == 0);
    }
}
