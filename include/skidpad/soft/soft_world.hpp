// Verlet soft bodies (docs/physics.md §8): particles in dense arrays, distance constraints
// relaxed a few times per sub-step, convex bodies colliding by SAT through a uniform
// grid broad phase. Deterministic: the same inputs give bit-identical positions, for
// any thread count.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <memory>
#include <span>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"
#include "skidpad/soft/soft_def.hpp"

namespace skidpad {

class WorkerPool;

/// Whether this CPU runs AVX2 (the soft solver picks its kernels by it; the
/// results do not depend on it).
bool cpu_has_avx2();

/// Owns the soft world's worker threads (started on first use). A copy starts
/// empty: threads belong to one world.
class PoolHandle {
public:
    PoolHandle();
    ~PoolHandle();
    PoolHandle(const PoolHandle&);
    PoolHandle& operator=(const PoolHandle&);
    PoolHandle(PoolHandle&&) noexcept;
    PoolHandle& operator=(PoolHandle&&) noexcept;
    WorkerPool& get();

private:
    std::unique_ptr<WorkerPool> pool_;
};

/// Handle to a soft body: slot index + generation. Default (generation 0) is none.
struct BodyId {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    explicit operator bool() const { return generation != 0; }
    friend bool operator==(BodyId, BodyId) = default;
};

enum class BodyKind : std::uint8_t { Crate, Barrier, Tyre, Cone, Shard };

/// Distance constraint (16 bytes, hot): keeps |x_j - x_i| near `rest`.
struct Constraint {
    std::uint32_t i = 0;
    std::uint32_t j = 0;
    float rest = 0.0f;       ///< m
    float stiffness = 1.0f;  ///< 0..1 per pass; 0 = broken
};

/// One vertex/edge contact found by SAT: particle `p` against the edge a→b.
struct Contact {
    std::uint32_t p = 0;
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    /// m/s, the separation speed the restitution pass aims for: e·|vn| of an
    /// impact closing faster than bounce_threshold (vn the normal velocity
    /// before the solve, e the bouncier body's restitution); 0 = no bounce.
    float bounce = 0.0f;
};
static_assert(sizeof(Contact) == 16, "narrow_phase stores contacts as 16-byte vectors");

/// Figures of the last step (for the lab, the overlay and tests).
struct SoftStats {
    int substeps = 0;           ///< sub-steps taken by the last step
    int contacts = 0;           ///< vertex/edge contacts of the last sub-step
    int pairs = 0;              ///< broad-phase pairs of the last sub-step
    float max_penetration = 0;  ///< m, deepest contact left after the last pass
    float max_strain = 0;       ///< largest |len - rest| / rest seen in the last pass
    int broken = 0;             ///< bodies that came apart in the last step
};

/// What SoftWorld::draw shows besides the bodies.
struct SoftDrawOptions {
    bool constraints = false;  ///< every unbroken constraint, green..red by strain
    bool contacts = false;     ///< contact normals of the last sub-step
    bool cells = false;        ///< occupied broad-phase cells
};

class SoftWorld {
public:
    // ---- building ----------------------------------------------------------
    /// A box of 4 particles, 4 sides + 2 diagonals. mass 0 = pinned.
    BodyId add_box(BodyKind kind, vec2 centre, vec2 size, float angle, float mass, float stiffness);
    /// A crate with the SoftDef defaults (size, mass, stiffness).
    BodyId add_crate(const SoftDef& def, vec2 centre, float angle);
    /// A pinned box (barrier) of the given size.
    BodyId add_barrier(vec2 centre, vec2 size, float angle);
    /// A regular n-gon (tyre stack, cone) with edges of `edge_stiffness` and chords
    /// across of `shape_stiffness`.
    BodyId add_ngon(BodyKind kind, vec2 centre, float radius, int sides, float angle, float mass,
                    float edge_stiffness, float shape_stiffness);
    BodyId add_tyre(const SoftDef& def, vec2 centre);
    BodyId add_cone(const SoftDef& def, vec2 centre, float angle);
    void remove(BodyId id);
    void clear();

    // ---- queries -----------------------------------------------------------
    bool valid(BodyId id) const;
    BodyKind kind(BodyId id) const;
    std::size_t body_count() const { return bodies.size(); }
    std::size_t particle_count() const { return pos.size(); }
    std::size_t constraint_count() const;  ///< unbroken ones
    /// Id of the dense body `dense_index` (bodies[dense_index]).
    BodyId id_of(std::size_t dense_index) const;
    /// Dense index of a live body.
    std::size_t dense(BodyId id) const;
    /// The topmost body containing `point`, or none.
    BodyId body_at(vec2 point) const;
    vec2 centre(BodyId id) const;    ///< m, mean of its particles
    float mass(BodyId id) const;     ///< kg, 0 when pinned
    vec2 velocity(BodyId id) const;  ///< m/s, mass-weighted mean
    dvec2 momentum() const;          ///< kg m/s, every body
    double kinetic_energy() const;   ///< J
    /// Sets a body's linear and angular velocity (rad/s about its centre).
    void set_velocity(BodyId id, vec2 v, float omega);
    /// Particle velocity (m/s) implied by the Verlet state.
    vec2 particle_velocity(std::size_t i) const { return (pos[i] - prev[i]) / h_; }
    /// Largest |len - rest| / rest over unbroken constraints.
    float max_strain() const;
    /// Seconds per sub-step that (pos - prev) is measured in.
    float substep_time() const { return h_; }
    /// FNV-1a over the whole simulated state, continuing from `seed`: positions,
    /// previous positions (the Verlet velocities), inverse masses, every constraint's
    /// rest length and stiffness (dents and breaks), the bodies and the sub-step.
    std::uint64_t state_hash(std::uint64_t seed) const;

    // ---- sandbox -----------------------------------------------------------
    /// A spring pulls the body toward `target` while dragging; none releases it.
    void set_drag(BodyId id, vec2 target);

    // ---- stepping ----------------------------------------------------------
    /// Advances dt seconds in max(substeps, speed-driven) sub-steps.
    void step(const SoftDef& def, float dt);
    /// Sub-steps step() would take for dt given the current particle speeds.
    int plan_substeps(const SoftDef& def, float dt) const;

    /// Bodies as filled polygons (their particles, so dents show).
    void draw(DrawList& out) const;
    /// Debug views only (constraints coloured by strain, contact normals, cells).
    void draw_debug(DrawList& out, const SoftDrawOptions& options) const;

    const SoftStats& stats() const { return stats_; }
    /// Lets the solver use its AVX2 kernels where the CPU has them (the default)
    /// or keeps it to SSE2. The result is the same; tests compare the two.
    void allow_avx2(bool allow) { use_avx2_ = allow && cpu_has_avx2(); }
    bool uses_avx2() const { return use_avx2_; }
    /// Contacts of the last sub-step (flattened from the bands on demand).
    const std::vector<Contact>& contacts() const;

    /// Relaxes one body's constraints once on the points `x` (indexed like pos),
    /// with plasticity. Returns the largest strain seen. (Also used by the car coupling.)
    float relax_body(const SoftDef& def, std::size_t dense_index, vec2* x);

    // ---- hot data, structure of arrays ------------------------------------
    std::vector<vec2> pos;        ///< m
    std::vector<vec2> prev;       ///< m, position one sub-step ago
    std::vector<float> inv_mass;  ///< 1/kg, 0 = pinned
    std::vector<Constraint> constraints;
    std::vector<float> rest0;  ///< m, original rest length per constraint (cold)

    /// A convex CCW polygon of particles [first, first+count) with its constraints.
    struct Body {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
        std::uint32_t cfirst = 0;
        std::uint32_t ccount = 0;
        std::uint32_t slot = 0;
        BodyKind kind = BodyKind::Crate;
        bool pinned = false;
        bool broken = false;  ///< an edge broke this sub-step: shattered after the step
    };
    std::vector<Body> bodies;

    /// The constraint layout of a box (crate, cone, barrier, shard), relative to
    /// its first particle: the opposite sides 0-1 and 2-3, then 1-2 and 3-0, then
    /// the diagonals 0-2 and 1-3. The two of each pair share no particle, so one
    /// Gauss-Seidel pass over a box is a dependency chain three deep, not six.
    static constexpr std::uint32_t kBoxI[6] = {0, 2, 1, 3, 0, 1};
    static constexpr std::uint32_t kBoxJ[6] = {1, 3, 2, 0, 2, 3};

private:
    /// A growable array that keeps its storage between sub-steps and takes
    /// branch-free appends: reserve room, write candidates past the end, and
    /// advance `n` over the ones kept.
    template <typename T>
    struct GrowList {
        std::vector<T> buf;
        std::size_t n = 0;
        void clear() { n = 0; }
        std::size_t size() const { return n; }
        const T* begin() const { return buf.data(); }
        const T* end() const { return buf.data() + n; }
        const T& operator[](std::size_t i) const { return buf[i]; }
        void reserve(std::size_t need) {
            if (buf.size() < need) buf.resize(std::max(need, 2 * buf.size() + 64));
        }
        void push_back(const T& v) {
            reserve(n + 1);
            buf[n++] = v;
        }
    };
    /// Pairs (a << 32) | b of dense body indices (each pair once, in a fixed order).
    using PairList = GrowList<std::uint64_t>;
    using ContactList = GrowList<Contact>;
    struct Slot {
        std::uint32_t dense = 0;
        std::uint32_t generation = 0;
        bool alive = false;
    };
    BodyId add_body(BodyKind kind, std::span<const vec2> pts, float mass);
    void add_constraint(std::uint32_t a, std::uint32_t b, float stiffness);
    void add_box_constraints(std::uint32_t first, float stiffness);
    void remove_dense(std::span<const std::size_t> dense_sorted);
    void drop_contacts();
    void substep(const SoftDef& def, float h);
    void integrate(const SoftDef& def, float h);
    void integrate_particles(std::size_t begin, std::size_t end, float s);
    float max_travel2(std::size_t begin, std::size_t end) const;
    void bound_body(std::size_t bi, float margin, bool simd);
    void solve_constraints(const SoftDef& def, bool last);
    bool is_box(const Body& b) const;
    void classify_bodies();
    int relax_boxes8(const std::uint32_t* fc, float dent, bool last, vec2* x, float& strain) const;
    void prefetch_boxes8(std::size_t group) const;
    int relax_boxes8_avx2(const std::uint32_t* fc, float dent, bool last, vec2* x,
                          float& strain) const;
    void broad_phase(const SoftDef& def);
    void narrow_phase(const SoftDef& def);
    void pair_run(std::uint32_t ia, std::uint32_t b0, std::uint32_t b1, PairList& out) const;
    void solve_contacts(const SoftDef& def, bool last);
    void restitution_pass(const SoftDef& def);
    template <typename Ctx, typename F>
    void for_contact_bands(const SoftDef& def, const Ctx& ctx, F&& fn);
    void ground_friction(const SoftDef& def, float h);
    void shatter_broken();

    std::vector<Slot> slots_;
    mutable PoolHandle pool_;  ///< worker threads (const queries may fork too)
    // Movable bodies split for the relaxation (rebuilt when bodies change): boxes
    // with the add_box constraint layout and one inverse mass go through the SSE2
    // or AVX2 kernel eight at a time, the rest one by one.
    std::vector<std::uint32_t> boxes_, others_;
    std::vector<std::uint32_t> box_first_;  ///< per box in boxes_: first particle, first constraint
    bool use_avx2_ = cpu_has_avx2();        ///< the box relaxation may use 256-bit lanes
    bool classified_ = false;  ///< boxes_/others_ match bodies (cleared when bodies change)
    std::vector<std::uint32_t> free_slots_;
    float h_ = 1.0f / 120.0f;  ///< s, the sub-step (pos - prev) refers to

    // Drag spring (sandbox).
    BodyId drag_body_;
    vec2 drag_target_{0.0f, 0.0f};

    // Broad phase scratch (rebuilt every sub-step).
    struct Aabb {
        vec2 lo{0.0f, 0.0f};
        vec2 hi{0.0f, 0.0f};
    };
    std::vector<Aabb> aabb_;
    std::vector<float> edge_inv_len_;  ///< 1/|edge| per particle's outgoing edge
    std::vector<std::uint32_t> small_, large_;
    std::vector<std::uint32_t> cell_start_, cell_items_, cell_of_;
    std::vector<std::vector<std::uint32_t>>
        chunk_fill_;  ///< per sort chunk: count, then next slot per cell
    std::vector<float> cell_lox_, cell_loy_, cell_hix_, cell_hiy_;  ///< boxes in cell order
    std::vector<std::uint32_t> cell_pinned_;                        ///< 1 = pinned, cell order
    static constexpr std::uint32_t kCellPad = 4;  ///< padding of the cell-order arrays
    int grid_w_ = 0, grid_h_ = 0;
    float cell_ = 1.0f;
    vec2 grid_lo_{0.0f, 0.0f};
    // Pairs and contacts per band of kBandRows grid rows, then one serial list
    // (movable large bodies): bands two apart share no body, so even bands are
    // solved in parallel, then odd ones, then the serial list.
    static constexpr int kBandRows = 4;
    static constexpr int kBandGroup = 4;  ///< band lists a contact pass hands out at a time
    int bands_ = 0;
    std::vector<PairList> band_pairs_;  ///< per band + the serial list
    std::vector<ContactList> band_contacts_;
    std::size_t contact_count_ = 0;
    ContactList no_contacts_;  ///< stays empty (stands in for a band without a partner)
    mutable std::vector<Contact> contacts_;  ///< all lists, flat (built by contacts())
    mutable bool flat_dirty_ = false;
    std::vector<std::uint32_t> scratch_fill_;
    SoftStats stats_;
};

}  // namespace skidpad
