// Soft-body (Verlet) settings, tunables "soft.*" (group "Soft bodies").
// Every field is registered in src/core/soft/soft_params.cpp; the defaults here are
// the game's defaults and are what the `bench` lab experiment measures.
#pragma once

namespace skidpad {

/// The most soft.threads may be set to (the range settings, presets and replays are
/// checked against: the same on every machine). The solver runs at most as many
/// threads as the machine has (soft_machine_threads); the result is the same for any.
inline constexpr int kMaxSoftThreads = 256;

/// This machine's hardware threads (at least 1): soft.threads' slider maximum, and
/// what a larger value loaded from a preset is clamped to.
int soft_machine_threads();

struct SoftDef {
    // ---- integration ---------------------------------------------------------
    int substeps = 1;          ///< minimum soft sub-steps per physics step (typ. 1..4)
    int max_substeps = 16;     ///< cap on the adaptive sub-step count (anti-tunnelling)
    double max_travel = 0.15;  ///< m, fastest particle's travel per sub-step before another
                               ///< sub-step is added (keep below half the thinnest body)
    int iterations = 2;        ///< constraint + contact relaxation passes per sub-step
    double damping = 0.0002;   ///< fraction of particle velocity lost per sub-step
    double gravity = 9.81;     ///< m/s^2, only drives ground friction (top-down: 0 = ice/space)
    double ground_mu = 0.5;    ///< ground friction coefficient (Coulomb, μ g per particle)
    double max_speed = 200.0;  ///< m/s, particle speed cap (a last line of defence; events counted)

    // ---- collision -----------------------------------------------------------
    double contact_margin = 0.02;   ///< m, speculative contact distance (typ. 0.01..0.05)
    double friction = 0.3;          ///< body-body Coulomb coefficient (position based)
    double car_friction = 0.3;      ///< car-body Coulomb coefficient
    double restitution = 0.2;       ///< bounce of crates, barriers, cones (0 = dead, 1 = elastic)
    double tyre_restitution = 0.6;  ///< bounce of tyre stacks
    double bounce_threshold = 1.0;  ///< m/s, slower impacts do not bounce (keeps piles quiet)
    double cell_size = 1.5;         ///< m, broad-phase grid cell (grows to the largest small body)
    double separation_speed = 2.0;  ///< m/s, fastest an overlap is pushed out: spawned bodies,
                                    ///< and a contact's overlap kept from the last sub-step
                                    ///< (docs/physics.md §11, §13)
    int threads = 2;                ///< worker threads for the parallel parts (result identical)
    bool simd = true;               ///< SIMD box relaxation and quad SAT (result identical)

    // ---- plasticity ----------------------------------------------------------
    bool plastic = true;        ///< edges strained past dent_limit take a new rest length
    double dent_limit = 0.02;   ///< strain (|len-rest|/rest) past which an edge yields
    double max_dent = 0.35;     ///< largest fraction a rest length may drift from its original
    bool breakable = true;      ///< edges strained past break_limit break (crates come apart)
    double break_limit = 0.16;  ///< strain past which an edge breaks
    double crush = 1.5;         ///< car hits push the touched particles in by crush·Δv·h (m)
    int max_pieces = 2000;      ///< broken pieces kept; past it the oldest fade out
    double piece_fade = 1.5;    ///< s, how long a piece past max_pieces takes to fade out

    // ---- body defaults (levels and the sandbox spawner use them) -------------
    double crate_size = 1.0;       ///< m, crate side
    double crate_mass = 20.0;      ///< kg
    double crate_stiffness = 1.0;  ///< 0..1, constraint stiffness per relaxation pass
    double barrier_density = 0.0;  ///< kg/m^2, 0 = pinned barriers (immovable)
    double tyre_radius = 0.35;     ///< m, tyre stack radius
    int tyre_sides = 8;            ///< polygon sides of a tyre stack
    double tyre_mass = 40.0;       ///< kg, a stack of tyres
    double tyre_stiffness = 0.35;  ///< 0..1, springy edges make stacks bouncy
    double cone_size = 0.4;        ///< m, cone base side
    double cone_mass = 2.0;        ///< kg

    // ---- sandbox -------------------------------------------------------------
    double drag_stiffness = 150.0;  ///< 1/s^2, mouse spring pulling a dragged body
    double drag_damping = 15.0;     ///< 1/s, damping of the mouse spring

    // ---- car contacts (docs/physics.md §12): restitution and friction of a car
    // against each contact material (car_friction is the wood and plastic one:
    // crates, cones, shards), and the car's crush zone -------------------------
    double car_e_crate = 0.0;            ///< car against a crate (the crate's own give)
    double car_e_barrier = 0.2;          ///< car against a barrier (concrete)
    double car_e_tyre = 0.5;             ///< car against a tyre stack (rubber)
    double car_e_cone = 0.0;             ///< car against a cone
    double car_e_shard = 0.0;            ///< car against a plank of a broken crate
    double car_e_car = 0.2;              ///< car against car
    double car_mu_barrier = 0.4;         ///< car against a barrier: scraping friction
    double car_mu_tyre = 0.8;            ///< car against a tyre stack
    double car_mu_car = 0.3;             ///< car against car
    double car_crush_stiffness = 1.0e6;  ///< N/m at 0.5 m of crush, the crumple zone's spring
    double car_crush_depth = 0.9;        ///< m, deepest the crush zone lets a body in
};

}  // namespace skidpad
