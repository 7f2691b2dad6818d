// Private: the car coupling's state (world_contacts.cpp) and the soft bodies a pinned
// one holds, directly or through the bodies they touch, with how such a body gives
// when the car hits it (world_touch.cpp, docs/physics.md §13).
#pragma once

#include <vector>

#include "car_contact.hpp"
#include "skidpad/world.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad::detail {

/// Constants of one car sub-step's coupling.
struct Coupling {
    const SoftDef& def;
    float margin = 0.0f;  ///< m, contact margin
    float hs = 0.0f;      ///< s, the soft solver's sub-step (Verlet velocities)
    float tau = 0.0f;     ///< s, from the step's start to the end of this car sub-step
    double h = 0.0;       ///< s, the car sub-step
    /// Pinned bodies among the candidates (dense indices): particles pressed against
    /// one are held there during the coupling (docs/physics.md §13).
    const std::vector<std::uint32_t>* pinned = nullptr;
    SoftTouchGraph* touch = nullptr;  ///< bodies touching (world_touch.cpp)
};

/// A contact recorded by the first position pass.
struct Hit {
    vec2 q{0.0f, 0.0f};
    vec2 n{0.0f, 0.0f};          ///< the soft body moves along +n
    std::uint32_t i = 0, j = 0;  ///< soft particles touched (i == j for a vertex)
    float t = 0.0f;              ///< weight of j
    float depth = 0.0f;          ///< m, overlap when recorded (< 0: within the margin)
};

/// One candidate body moved to τ: where its particles were (x0), are (y0) and how
/// fast they move (vel), for the body being coupled; reused across bodies.
struct BodyAtTau {
    std::vector<vec2> x0, y0, vel;
    std::vector<Hit> hits;
    std::vector<float> jn;            ///< accumulated normal impulse per hit
    std::vector<float> jt;            ///< friction impulse per hit
    std::vector<float> target;        ///< separating speed a rigid impact aims for per hit
    std::vector<std::uint32_t> held;  ///< particles held against a pinned body
    std::vector<float> held_w;        ///< their inverse masses, restored after
};

/// Rebuilds `g` from the soft solver's contacts of its last sub-step: two bodies touch
/// when a particle of one lies inside an edge of the other or within `reach` of it.
/// Empty (and cheap) when no body is pinned.
void build_touch_graph(const SoftSolver& sw, float reach, SoftTouchGraph& g);

/// Whether body `bi`, pushed along the unit direction `n`, is held by a pinned body
/// through other bodies: one is reached from it through at least one touching body, each
/// lying within 60° of n from the last (at most kMaxBackingSearch bodies are looked at).
/// A pinned body `bi` touches itself does not count: that body is crushed against it
/// (the coupling holds only its particles near the pinned body).
bool backed_along(const SoftSolver& sw, SoftTouchGraph& g, std::uint32_t bi, vec2 n);

inline constexpr std::size_t kMaxBackingSearch = 256;

/// Thin barriers (docs/physics.md §13): a particle of the body at τ inside a pinned
/// candidate or within `reach` of one is held in place for this coupling (its inverse
/// mass is 0 until `release_held`), so the car cannot push it into or through the
/// barrier; the body then answers the car as an immovable one. A body `backed` by a
/// pinned one through the bodies it touches has all its particles held. Returns whether
/// any was.
bool hold_against_pinned(SoftSolver& sw, const SoftSolver::Body& b, bool backed, const Coupling& cp,
                         BodyAtTau& at);
void release_held(SoftSolver& sw, const BodyAtTau& at);

/// A body held against a pinned one gives by denting and breaking: the car, stopped on
/// it by `impulse` (N s, along the body's push direction n at q), has lost the energy
/// E = J² w / 2 (w: the car's inverse effective mass there), and the touched particles
/// that are not held are pushed in as a free body of the same mass would be by a hit
/// taking the same energy, Δv = J √(w / m): by soft.crush·Δv·h, at most 40 % of the
/// body's thickness along n; the body is then relaxed with its held particles fixed, so
/// past soft.break_limit it breaks. Then every particle the coupling moved (pushed out
/// of the car, relaxed, crushed; a body held whole included) loses the part of its
/// velocity against that move: the write-back keeps a held body's own velocities, so a
/// body the car pressed on would otherwise keep what the soft step gave it each step
/// while the coupling put it back, and gain speed step after step.
/// Before `release_held`.
void crush_held(SoftSolver& sw, std::size_t bi, const CarBody& car, const Coupling& cp,
                BodyAtTau& at, double impulse, vec2 q, vec2 n);

}  // namespace skidpad::detail
