// Soft-body tunables: every SoftDef field, group "Soft bodies", keys soft.*.
// Ranges are chosen so any slider value keeps the simulation finite and bounded.
#include <thread>

#include "skidpad/tune/params.hpp"

namespace skidpad {

int soft_machine_threads() {
    const unsigned hw = std::thread::hardware_concurrency();
    if (hw == 0) return 1;
    return hw > static_cast<unsigned>(kMaxSoftThreads) ? kMaxSoftThreads : static_cast<int>(hw);
}

namespace {

// Car contacts (docs/physics.md §12): restitution and friction per contact material, and
// the car's crush zone. Kept in SoftDef, which holds the car coupling's settings.
void register_car_contact_params(ParamRegistry& r) {
    const char* g = "Car contacts";
    r.add("soft.car_e_crate", g, "", 0.0, 1.0, "Restitution of a car against a crate.",
          [](Settings& s) -> double& { return s.soft.car_e_crate; });
    r.add("soft.car_e_barrier", g, "", 0.0, 1.0, "Restitution of a car against a barrier.",
          [](Settings& s) -> double& { return s.soft.car_e_barrier; });
    r.add("soft.car_e_tyre", g, "", 0.0, 1.0, "Restitution of a car against a tyre stack.",
          [](Settings& s) -> double& { return s.soft.car_e_tyre; });
    r.add("soft.car_e_cone", g, "", 0.0, 1.0, "Restitution of a car against a cone.",
          [](Settings& s) -> double& { return s.soft.car_e_cone; });
    r.add("soft.car_e_shard", g, "", 0.0, 1.0,
          "Restitution of a car against a plank of a broken crate.",
          [](Settings& s) -> double& { return s.soft.car_e_shard; });
    r.add("soft.car_e_car", g, "", 0.0, 1.0, "Restitution of a car against another car.",
          [](Settings& s) -> double& { return s.soft.car_e_car; });
    r.add("soft.car_mu_barrier", g, "", 0.0, 2.0,
          "Friction of a car scraping along a barrier (crates, cones and shards use "
          "soft.car_friction).",
          [](Settings& s) -> double& { return s.soft.car_mu_barrier; });
    r.add("soft.car_mu_tyre", g, "", 0.0, 2.0, "Friction of a car against a tyre stack.",
          [](Settings& s) -> double& { return s.soft.car_mu_tyre; });
    r.add("soft.car_mu_car", g, "", 0.0, 2.0, "Friction of a car against another car.",
          [](Settings& s) -> double& { return s.soft.car_mu_car; });
    r.add("soft.car_crush_stiffness", g, "N/m", 1e5, 1e8,
          "Spring of the car's crumple zone against heavy bodies, at 0.5 m of crush (it "
          "stiffens as the square root of the crush): lower crushes deeper and longer.",
          [](Settings& s) -> double& { return s.soft.car_crush_stiffness; });
    r.add("soft.car_crush_depth", g, "m", 0.0, 1.0,
          "Deepest a heavy body may press into the car's crush zone before it stops it "
          "outright.",
          [](Settings& s) -> double& { return s.soft.car_crush_depth; });
}

}  // namespace

void register_soft_params(ParamRegistry& r) {
    const char* g = "Soft bodies";
    r.add("soft.substeps", g, "", 1, 16, "Minimum soft-body sub-steps per physics step.",
          [](Settings& s) -> int& { return s.soft.substeps; });
    r.add("soft.max_substeps", g, "", 1, 64,
          "Cap on sub-steps added for fast bodies (anti-tunnelling).",
          [](Settings& s) -> int& { return s.soft.max_substeps; });
    r.add("soft.max_travel", g, "m", 0.02, 0.5,
          "Fastest particle's travel per sub-step before another sub-step is added.",
          [](Settings& s) -> double& { return s.soft.max_travel; });
    r.add("soft.iterations", g, "", 1, 32, "Constraint + contact relaxation passes per sub-step.",
          [](Settings& s) -> int& { return s.soft.iterations; });
    r.add("soft.damping", g, "", 0.0, 0.2, "Fraction of particle velocity lost per sub-step.",
          [](Settings& s) -> double& { return s.soft.damping; });
    r.add("soft.gravity", g, "m/s^2", 0.0, 30.0,
          "Gravity for ground friction only (top-down); 0 = no ground friction.",
          [](Settings& s) -> double& { return s.soft.gravity; });
    r.add("soft.ground_mu", g, "", 0.0, 2.0, "Ground friction coefficient (Coulomb, per particle).",
          [](Settings& s) -> double& { return s.soft.ground_mu; });
    r.add("soft.max_speed", g, "m/s", 10.0, 1000.0,
          "Particle speed cap, a last line of defence well above any speed in the game (capped "
          "particles are counted).",
          [](Settings& s) -> double& { return s.soft.max_speed; });
    r.add("soft.contact_margin", g, "m", 0.0, 0.2, "Speculative contact distance.",
          [](Settings& s) -> double& { return s.soft.contact_margin; });
    r.add("soft.friction", g, "", 0.0, 2.0, "Body-body friction coefficient.",
          [](Settings& s) -> double& { return s.soft.friction; });
    r.add("soft.car_friction", g, "", 0.0, 2.0, "Car-body friction coefficient.",
          [](Settings& s) -> double& { return s.soft.car_friction; });
    r.add("soft.restitution", g, "", 0.0, 1.0, "Bounce of crates, barriers and cones.",
          [](Settings& s) -> double& { return s.soft.restitution; });
    r.add("soft.tyre_restitution", g, "", 0.0, 1.0, "Bounce of tyre stacks.",
          [](Settings& s) -> double& { return s.soft.tyre_restitution; });
    r.add("soft.bounce_threshold", g, "m/s", 0.0, 20.0, "Impacts slower than this do not bounce.",
          [](Settings& s) -> double& { return s.soft.bounce_threshold; });
    r.add("soft.cell_size", g, "m", 0.25, 20.0,
          "Broad-phase grid cell (bodies larger than it are handled as large bodies).",
          [](Settings& s) -> double& { return s.soft.cell_size; });
    r.add("soft.separation_speed", g, "m/s", 0.1, 20.0,
          "Fastest an overlap is pushed out: bodies that spawned into each other, and overlap a "
          "contact keeps from one sub-step to the next (soft contact).",
          [](Settings& s) -> double& { return s.soft.separation_speed; });
    r.add("soft.threads", g, "", 1, kMaxSoftThreads,
          "Worker threads for the parallel parts; at most the CPU cores run, and the slider stops "
          "there (results identical for any count).",
          [](Settings& s) -> int& { return s.soft.threads; })
        .slider_max = soft_machine_threads();
    r.add("soft.simd", g, "", 0, 1,
          "SIMD kernels for box relaxation (AVX2 where the CPU has it, else SSE2) and quad SAT; "
          "off runs the scalar code (results identical).",
          [](Settings& s) -> bool& { return s.soft.simd; });
    r.add("soft.plastic", g, "", 0, 1, "Edges strained past the dent limit take a new rest length.",
          [](Settings& s) -> bool& { return s.soft.plastic; });
    r.add("soft.dent_limit", g, "", 0.001, 0.5, "Strain past which an edge yields (dents).",
          [](Settings& s) -> double& { return s.soft.dent_limit; });
    r.add("soft.max_dent", g, "", 0.0, 0.9,
          "Largest fraction a rest length may drift from its original.",
          [](Settings& s) -> double& { return s.soft.max_dent; });
    r.add("soft.breakable", g, "", 0, 1, "Edges strained past the break limit break.",
          [](Settings& s) -> bool& { return s.soft.breakable; });
    r.add("soft.break_limit", g, "", 0.002, 2.0,
          "Strain past which an edge breaks and its crate comes apart.",
          [](Settings& s) -> double& { return s.soft.break_limit; });
    r.add("soft.crush", g, "", 0.0, 5.0,
          "Car hits push the touched particles in by crush * dv * h (drives dents).",
          [](Settings& s) -> double& { return s.soft.crush; });
    r.add("soft.max_pieces", g, "", 0, 100000,
          "Broken pieces kept; past it, the oldest fade out and are removed.",
          [](Settings& s) -> int& { return s.soft.max_pieces; });
    r.add("soft.piece_fade", g, "s", 0.0, 30.0,
          "Time a piece past soft.max_pieces takes to fade out (0 = removed at once).",
          [](Settings& s) -> double& { return s.soft.piece_fade; });
    r.add("soft.crate_size", g, "m", 0.2, 5.0, "Side of a crate.",
          [](Settings& s) -> double& { return s.soft.crate_size; });
    r.add("soft.crate_mass", g, "kg", 0.5, 2000.0, "Mass of a crate.",
          [](Settings& s) -> double& { return s.soft.crate_mass; });
    r.add("soft.crate_stiffness", g, "", 0.01, 1.0, "Crate constraint stiffness per pass.",
          [](Settings& s) -> double& { return s.soft.crate_stiffness; });
    r.add("soft.barrier_density", g, "kg/m^2", 0.0, 20000.0,
          "Barrier mass per area; 0 = pinned (immovable).",
          [](Settings& s) -> double& { return s.soft.barrier_density; });
    r.add("soft.tyre_radius", g, "m", 0.15, 2.0, "Radius of a tyre stack.",
          [](Settings& s) -> double& { return s.soft.tyre_radius; });
    r.add("soft.tyre_sides", g, "", 5, 16, "Polygon sides of a tyre stack.",
          [](Settings& s) -> int& { return s.soft.tyre_sides; });
    r.add("soft.tyre_mass", g, "kg", 1.0, 1000.0, "Mass of a tyre stack.",
          [](Settings& s) -> double& { return s.soft.tyre_mass; });
    r.add("soft.tyre_stiffness", g, "", 0.02, 1.0,
          "Tyre edge stiffness per pass (low = springy, bouncy).",
          [](Settings& s) -> double& { return s.soft.tyre_stiffness; });
    r.add("soft.cone_size", g, "m", 0.15, 1.5, "Base side of a cone.",
          [](Settings& s) -> double& { return s.soft.cone_size; });
    r.add("soft.cone_mass", g, "kg", 0.2, 50.0, "Mass of a cone.",
          [](Settings& s) -> double& { return s.soft.cone_mass; });
    r.add("soft.drag_stiffness", g, "1/s^2", 1.0, 2000.0, "Mouse spring pulling a dragged body.",
          [](Settings& s) -> double& { return s.soft.drag_stiffness; });
    r.add("soft.drag_damping", g, "1/s", 0.0, 200.0, "Damping of the mouse spring.",
          [](Settings& s) -> double& { return s.soft.drag_damping; });
    register_car_contact_params(r);
}

}  // namespace skidpad
