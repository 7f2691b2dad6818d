// Verlet soft bodies (docs/physics.md §11): convex bodies made of particles held by
// distance constraints, colliding by SAT. Deterministic: the same inputs give
// bit-identical positions, for any thread count.
//
// SoftWorld is the public face: bodies are created and removed by id, read through
// queries and read-only views, and changed only through methods. The solver's state
// (particle arrays, broad phase, kernels, worker threads) lives in a private
// SoftSolver (src/core/soft/soft_solver.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"
#include "skidpad/soft/soft_def.hpp"
#include "skidpad/soft/soft_material.hpp"

namespace skidpad {

class SoftSolver;
struct SoftAccess;

/// Handle to a soft body: slot index + generation. Default (generation 0) is none.
struct BodyId {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    explicit operator bool() const { return generation != 0; }
    friend bool operator==(BodyId, BodyId) = default;
};

/// Distance constraint (16 bytes): keeps |x_j - x_i| near `rest`. i and j index
/// SoftWorld::positions().
struct Constraint {
    std::uint32_t i = 0;
    std::uint32_t j = 0;
    float rest = 0.0f;       ///< m
    float stiffness = 1.0f;  ///< 0..1 per pass; 0 = broken
};

/// One vertex/edge contact found by SAT: particle `p` against the edge a→b
/// (indices into SoftWorld::positions()).
struct Contact {
    std::uint32_t p = 0;
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    /// m/s, the separation speed the restitution pass aims for: e·|vn| of an
    /// impact closing faster than bounce_threshold (vn the normal velocity
    /// before the solve, e the bouncier body's restitution); 0 = no bounce.
    float bounce = 0.0f;
};

/// Figures of the last step (for the lab, the overlay and tests).
struct SoftStats {
    int substeps = 0;  ///< sub-steps taken by the last step
    int contacts = 0;  ///< vertex/edge contacts of the last sub-step
    int pairs = 0;     ///< broad-phase pairs of the last sub-step
    /// Candidate pairs the broad phase skipped in the last sub-step to stay
    /// bounded where bodies pile on top of each other (0 in ordinary scenes).
    std::int64_t pairs_dropped = 0;
    float max_penetration = 0;  ///< m, deepest contact left after the last pass
    float max_strain = 0;       ///< largest |len - rest| / rest seen in the last pass
    int broken = 0;             ///< bodies that came apart in the last step
    int speed_capped = 0;       ///< particle sub-steps cut to soft.max_speed in the last step
    int settling = 0;           ///< bodies being pushed apart at soft.separation_speed
    int pieces = 0;             ///< broken pieces alive, fading ones included
    /// Breaks turned into dents in the last step (kept for the lab's figures: since
    /// pieces past soft.max_pieces fade out instead, always 0).
    int breaks_refused = 0;
    int fading = 0;  ///< pieces fading out (the oldest past soft.max_pieces)
    int faded = 0;   ///< pieces that finished fading and were removed in the last step
};

/// Milliseconds the last step spent in each stage of the soft solver, summed over its
/// sub-steps. Filled only while a stage clock is set (SoftWorld::set_stage_clock): the
/// core reads no clock of its own.
struct SoftStageTimes {
    double integrate_ms = 0;  ///< sub-step planning, integration and bounds, ground friction
    double broad_ms = 0;      ///< broad phase (grid, pairs) and the overlap check of new bodies
    double narrow_ms = 0;     ///< narrow phase (SAT, contacts)
    double solve_ms = 0;      ///< constraint relaxation, contact solve, restitution
    double other_ms = 0;      ///< after the sub-steps: settling, shattering, fading pieces
};

/// A clock in milliseconds, supplied by the caller for SoftStageTimes.
using SoftStageClock = double (*)();

/// What SoftWorld::draw_debug shows besides the bodies.
struct SoftDrawOptions {
    bool constraints = false;  ///< every unbroken constraint, green..red by strain
    bool contacts = false;     ///< contact normals of the last sub-step
    bool cells = false;        ///< occupied broad-phase cells
};

class SoftWorld {
public:
    SoftWorld();
    ~SoftWorld();
    /// A copy has the same bodies and state (and steps to the same bits); it
    /// starts its own worker threads.
    SoftWorld(const SoftWorld& other);
    SoftWorld& operator=(const SoftWorld& other);
    /// A moved-from world may only be assigned to or destroyed.
    SoftWorld(SoftWorld&&) noexcept;
    SoftWorld& operator=(SoftWorld&&) noexcept;

    // ---- building ----------------------------------------------------------
    /// A body of the def's shape, mass, stiffness and material (a built-in kind's
    /// or one add_material returned; throws std::out_of_range otherwise).
    BodyId create_body(const SoftBodyDef& def);
    /// Adds a row to the material table (256 rows in all, the first
    /// kBodyKindCount built in); throws std::length_error when it is full.
    SoftMaterialId add_material(const SoftMaterial& material);
    /// A box of 4 particles, 4 sides + 2 diagonals, of a built-in kind. mass 0 = pinned.
    BodyId add_box(BodyKind kind, vec2 centre, vec2 size, float angle, float mass, float stiffness);
    /// A regular n-gon of a built-in kind with edges of `edge_stiffness` and chords
    /// across of `shape_stiffness`.
    BodyId add_ngon(BodyKind kind, vec2 centre, float radius, int sides, float angle, float mass,
                    float edge_stiffness, float shape_stiffness);
    /// A built-in kind as soft_kind_def(kind, def) spawns it (its row of the kind
    /// table), centred at `centre`, turned by `angle`.
    BodyId add_kind(BodyKind kind, const SoftDef& def, vec2 centre, float angle);
    /// The same for one kind (a tyre is never turned).
    BodyId add_crate(const SoftDef& def, vec2 centre, float angle);
    BodyId add_tyre(const SoftDef& def, vec2 centre);
    BodyId add_cone(const SoftDef& def, vec2 centre, float angle);
    /// A pinned box (barrier) of the given size.
    BodyId add_barrier(vec2 centre, vec2 size, float angle);
    void remove(BodyId id);
    /// Removes every body (the added materials stay).
    void clear();

    // ---- queries -----------------------------------------------------------
    bool valid(BodyId id) const;
    SoftMaterialId material(BodyId id) const;
    /// Material `id` as the step uses it (a built-in kind's values from `def`).
    SoftMaterial material(SoftMaterialId id, const SoftDef& def) const;
    std::size_t body_count() const;
    std::size_t particle_count() const;
    std::size_t constraint_count() const;  ///< unbroken ones
    /// Id of body n, 0 <= n < body_count(), in storage order (the order draw()
    /// paints them; removing a body shifts the later ones down).
    BodyId id_of(std::size_t n) const;
    /// The topmost body containing `point`, or none.
    BodyId body_at(vec2 point) const;
    vec2 centre(BodyId id) const;    ///< m, mean of its particles
    float mass(BodyId id) const;     ///< kg, 0 when pinned
    vec2 velocity(BodyId id) const;  ///< m/s, mass-weighted mean
    dvec2 momentum() const;          ///< kg m/s, every body
    double kinetic_energy() const;   ///< J
    /// Largest |len - rest| / rest over unbroken constraints.
    float max_strain() const;
    /// Seconds per sub-step of the last step.
    float substep_time() const;
    /// Particle sub-steps cut to soft.max_speed since the world was made (a last line
    /// of defence: 0 in normal play; docs/physics.md §13).
    std::uint64_t speed_cap_events() const;
    /// m/s, the fastest movable particle's speed (its Verlet velocity).
    float max_particle_speed() const;
    /// 1 for a body in full view, falling to 0 while a broken piece fades out (the
    /// oldest pieces past soft.max_pieces; docs/physics.md §13).
    float opacity(BodyId id) const;
    /// FNV-1a over the whole simulated state, continuing from `seed`: positions,
    /// previous positions (the Verlet velocities), inverse masses, every constraint's
    /// rest length and stiffness (dents and breaks), the bodies and the sub-step.
    std::uint64_t state_hash(std::uint64_t seed) const;

    // ---- read-only views (valid until the bodies change) ---------------------
    /// m, every particle; a body's particles are contiguous, CCW.
    std::span<const vec2> positions() const;
    /// m, the particles of one body (its polygon, CCW).
    std::span<const vec2> points(BodyId id) const;
    /// Every constraint (broken ones have stiffness 0).
    std::span<const Constraint> constraints() const;
    /// The constraints of one body.
    std::span<const Constraint> constraints(BodyId id) const;
    /// Contacts of the last sub-step.
    std::span<const Contact> contacts() const;
    const SoftStats& stats() const;

    // ---- changing motion ---------------------------------------------------
    /// Sets a body's linear and angular velocity (rad/s about its centre).
    void set_velocity(BodyId id, vec2 v, float omega);
    /// A spring pulls the body toward `target` while dragging; none releases it.
    void set_drag(BodyId id, vec2 target);

    // ---- stepping ----------------------------------------------------------
    /// Advances dt seconds in max(substeps, speed-driven) sub-steps.
    void step(const SoftDef& def, float dt);
    /// Sub-steps step() would take for dt given the current particle speeds.
    int plan_substeps(const SoftDef& def, float dt) const;
    /// Lets the solver use its AVX2 kernels where the CPU has them (the default)
    /// or keeps it to SSE2. The result is the same; tests compare the two.
    void allow_avx2(bool allow);
    bool uses_avx2() const;
    /// Times each stage of every following step with `clock` (nullptr stops it);
    /// the figures are in stage_times(). For benchmarks: the result does not change.
    void set_stage_clock(SoftStageClock clock);
    const SoftStageTimes& stage_times() const;

    // ---- drawing -----------------------------------------------------------
    /// Bodies as filled polygons (their particles, so dents show); a fading piece's
    /// colours carry its opacity as alpha.
    void draw(DrawList& out) const;
    /// Debug views only (constraints coloured by strain, contact normals, cells).
    void draw_debug(DrawList& out, const SoftDrawOptions& options) const;

private:
    friend struct SoftAccess;  ///< the core's private path to the solver (soft_access.hpp)
    std::unique_ptr<SoftSolver> solver_;
};

}  // namespace skidpad
