// Private: the soft-body solver behind SoftWorld (include/skidpad/soft/soft_world.hpp).
// Particles in dense structure-of-arrays vectors, the body records, the broad-phase
// scratch, the band lists and the kernel entry points. Only the soft solver's own
// sources, the car coupling (through soft_access.hpp) and tests of solver internals
// include this header; everything else uses SoftWorld.
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
#include "skidpad/soft/soft_material.hpp"
#include "skidpad/soft/soft_world.hpp"

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

static_assert(sizeof(Contact) == 16, "narrow_phase stores contacts as 16-byte vectors");

/// The soft-body state and its step. SoftWorld builds bodies through the
/// building blocks below and reads the arrays; the step, the contact lists and
/// the worker threads are the solver's own.
class SoftSolver {
public:
    // ---- building blocks (SoftWorld's add_* and shatter_broken) --------------
    /// Appends a body of the CCW particles `pts` sharing `mass` (kg) equally;
    /// mass 0 = pinned. Its constraints follow through add_constraint.
    BodyId add_body(SoftMaterialId material, std::span<const vec2> pts, float mass);
    /// A constraint of the last body added, at the particles' current distance.
    void add_constraint(std::uint32_t a, std::uint32_t b, float stiffness);
    /// The six box constraints (kBoxI/kBoxJ) from particle `first` of the last body.
    void add_box_constraints(std::uint32_t first, float stiffness);
    /// Removes bodies (dense indices, ascending) and compacts every array.
    void remove_dense(std::span<const std::size_t> dense_sorted);
    void clear();

    // ---- ids and per-body figures (the step, SoftWorld, the car coupling) ----
    bool valid(BodyId id) const;
    /// Dense index of a live body (bodies[dense(id)]).
    std::size_t dense(BodyId id) const;
    /// Id of the dense body `dense_index`.
    BodyId id_of(std::size_t dense_index) const;
    vec2 centre(BodyId id) const;    ///< m, mean of its particles
    vec2 velocity(BodyId id) const;  ///< m/s, mass-weighted mean
    /// Particle velocity (m/s) implied by the Verlet state.
    vec2 particle_velocity(std::size_t i) const { return (pos[i] - prev[i]) / h_; }
    /// Seconds per sub-step that (pos - prev) is measured in.
    float substep_time() const { return h_; }
    /// SoftWorld::state_hash: FNV-1a over the whole state, continuing from `seed`.
    std::uint64_t state_hash(std::uint64_t seed) const;
    /// The material `id` as the step uses it: a built-in kind's values come from
    /// `def` (soft_kinds.hpp), an added one's from `materials`.
    SoftMaterial material(std::uint8_t id, const SoftDef& def) const;
    /// The drag spring's body and target (SoftWorld::set_drag).
    void set_drag(BodyId id, vec2 target);

    // ---- stepping and drawing ------------------------------------------------
    void step(const SoftDef& def, float dt);
    int plan_substeps(const SoftDef& def, float dt) const;
    /// Relaxes one body's constraints once on the points `x` (indexed like pos),
    /// with plasticity. Returns the largest strain seen. (Also used by the car coupling.)
    float relax_body(const SoftDef& def, std::size_t dense_index, vec2* x);
    void draw(DrawList& out) const;
    void draw_debug(DrawList& out, const SoftDrawOptions& options) const;
    const SoftStats& stats() const { return stats_; }
    void set_stage_clock(SoftStageClock clock) { clock_ = clock; }
    const SoftStageTimes& stage_times() const { return times_; }
    std::uint64_t speed_cap_events() const { return speed_cap_events_; }
    void allow_avx2(bool allow) { use_avx2_ = allow && cpu_has_avx2(); }
    /// Lets the step fork onto up to n workers, more than the machine's cores if asked
    /// (tests: the result must not change).
    void allow_workers(int n);
    bool uses_avx2() const { return use_avx2_; }
    /// Contacts of the last sub-step (flattened from the bands on demand).
    const std::vector<Contact>& contacts() const;
    /// Entries reserved in the pair and contact lists (their memory bound, for tests).
    std::size_t pair_capacity() const;
    std::size_t contact_capacity() const;

    // ---- hot data, structure of arrays ------------------------------------
    std::vector<vec2> pos;        ///< m
    std::vector<vec2> prev;       ///< m, position one sub-step ago
    std::vector<float> inv_mass;  ///< 1/kg, 0 = pinned
    std::vector<Constraint> constraints;
    std::vector<float> rest0;  ///< m, original rest length per constraint (cold)
    /// m, per particle: its body's rest shape (cold), in the frame the body was built
    /// in. A body's rest lengths are its constraints' lengths in this shape, so they
    /// are always those of a real polygon; a dent deforms the shape (reshape).
    std::vector<vec2> shape;

    /// A convex CCW polygon of particles [first, first+count) with its constraints.
    struct Body {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
        std::uint32_t cfirst = 0;
        std::uint32_t ccount = 0;
        std::uint32_t slot = 0;
        std::uint8_t material = 0;  ///< row of `materials` (SoftMaterialId)
        bool pinned = false;
        bool broken = false;      ///< an edge broke this sub-step: shattered after the step
        bool fresh = true;        ///< added since the last step: checked for overlap (§13)
        std::uint8_t settle = 0;  ///< steps left at soft.separation_speed (§13)
        /// The material of the body a piece broke from (its own material otherwise):
        /// drawing only (a cone's pieces stay orange), never read by the physics.
        std::uint8_t origin = 0;
        /// A broken piece past soft.max_pieces fading out (the oldest go first); it
        /// collides as before and is removed when `alpha` reaches 0 (§13).
        bool fading = false;
        float alpha = 1.0f;  ///< opacity while fading, 1 → 0 over soft.piece_fade
        float area0 = 0.0f;  ///< m², its polygon's area as built (a dent keeps 1 − max_dent of it)
    };
    std::vector<Body> bodies;
    /// A body whose constraints no longer have their original rest lengths (dented).
    bool dented(const Body& b) const;
    /// The material table: one row per built-in kind (its colours and effect;
    /// its physics values follow the SoftDef, see material()), then the added ones.
    std::vector<SoftMaterial> materials = builtin_materials();

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
    /// One worker's step context: what a worker of the relaxation, the contact solve and
    /// the restitution pass reads, and its scratch (every fork's per-worker results go
    /// here, a cache line or more per worker). The forking thread fills every slot
    /// once per sub-step (prepare_workers; `last` and the scratch per pass), and a fork's
    /// lambda captures only the slots: the worker with chunk k uses slot k. Each slot has
    /// cache lines of its own, away from the forking thread's stack: the kernel calls in
    /// the loops are opaque, so what the loop reads is re-read after every call, and
    /// captures on the forking thread's stack could share a line with the slots that
    /// thread is busy writing (spills, return addresses), sending it between the cores.
    struct alignas(64) WorkerContext {
        SoftSolver* solver = nullptr;
        const SoftDef* def = nullptr;
        vec2* x = nullptr;                     ///< pos
        vec2* xp = nullptr;                    ///< prev
        const float* w = nullptr;              ///< inv_mass
        const std::uint32_t* box = nullptr;    ///< boxes_
        const std::uint32_t* other = nullptr;  ///< others_
        const std::uint32_t* fc = nullptr;     ///< box_first_
        std::size_t groups = 0;                ///< groups of eight boxes
        std::size_t tail = 0;                  ///< boxes after the groups
        float dent = 0.0f;                     ///< soft.dent_limit (at least 1e-4)
        float mu = 0.0f;                       ///< soft.friction
        float push = 0.0f;                     ///< m, soft.separation_speed · h
        float margin = 0.0f;                   ///< m, soft.contact_margin
        float h = 0.0f;                        ///< s, the sub-step
        bool last = false;                     ///< the sub-step's last pass
        bool simd = false;                     ///< soft.simd
        bool avx2 = false;                     ///< the box relaxation may use AVX2
        // Scratch, written by the worker, read by the forking thread after the fork.
        float max_strain = 0.0f;    ///< largest strain the worker's relaxation saw
        float max_depth2 = 0.0f;    ///< m², deepest contact left by the worker's solve
        float max_travel2 = 0.0f;   ///< m², plan_substeps: longest sub-step travel seen
        int capped = 0;             ///< ground_friction: displacements cut to the speed cap
        int found = 0;              ///< shatter_broken: broken bodies in the worker's chunk
        std::uint64_t dropped = 0;  ///< broad_phase: candidates crowded cells skipped
        std::size_t small = 0;      ///< broad_phase: small bodies of the worker's chunk
        vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};  ///< broad_phase: their lower corners' bounds
    };
    static std::vector<SoftMaterial> builtin_materials();
    void drop_contacts();
    void prepare_workers(const SoftDef& def);
    void substep(const SoftDef& def, float h);
    void integrate(const SoftDef& def, float h);
    void integrate_particles(std::size_t begin, std::size_t end, float s);
    float max_travel2(std::size_t begin, std::size_t end) const;
    void bound_body(std::size_t bi, float margin, bool simd);
    void solve_constraints(const SoftDef& def, bool last);
    bool is_box(const Body& b) const;
    /// After a relaxation pass in which an edge of body `bi` yielded: projects its
    /// rest shape toward the rest lengths the pass set (keeping at least 1 − max_dent
    /// of its area) and sets every rest length from the shape, so they stay those of
    /// one polygon (docs/physics.md §11).
    void reshape(std::size_t bi, float max_dent);
    void classify_bodies();
    int relax_boxes8(const std::uint32_t* fc, float dent, bool last, vec2* x, float& strain) const;
    void prefetch_boxes8(std::size_t group) const;
    int relax_boxes8_avx2(const std::uint32_t* fc, float dent, bool last, vec2* x,
                          float& strain) const;
    void broad_phase(const SoftDef& def);
    void narrow_phase(const SoftDef& def);
    template <class W>
    void pair_run(std::uint32_t ia, std::uint32_t b0, std::uint32_t b1, PairList& out) const;
    template <class W>
    std::uint64_t scan_band(int band);
    template <class W>
    std::uint64_t crowded_cell(std::uint32_t s0, std::uint32_t s1, std::uint32_t r0,
                               std::uint32_t u0, std::uint32_t u1, PairList& out) const;
    void solve_contacts(const SoftDef& def, bool last);
    void restitution_pass(const SoftDef& def);
    template <typename F>
    void for_contact_bands(const SoftDef& def, F&& fn);
    void ground_friction(const SoftDef& def, float h);
    /// Cuts the bodies that broke into pieces; false when none did.
    bool shatter_broken(const SoftDef& def);
    // Bounds (soft_bounds.cpp, docs/physics.md §13).
    void mark_overlaps();
    /// Every movable body of cell_items_[s0, s1) (a crowded cell: a pile of bodies on
    /// top of each other) separates at soft.separation_speed (§13).
    void settle_crowded(std::uint32_t s0, std::uint32_t s1);
    void clamp_settling(const SoftDef& def, float h);
    void end_settling_step();
    int count_pieces() const;
    /// After the step: the oldest pieces past soft.max_pieces start fading, and fading
    /// pieces fade by dt (removed when gone).
    void fade_pieces(const SoftDef& def, float dt);
    float thinnest_pinned() const;

    std::vector<Slot> slots_;
    mutable PoolHandle pool_;  ///< worker threads (const queries may fork too)
    /// One step context per worker (WorkerContext), as many as a fork with
    /// soft.threads uses on this machine (ensure_workers).
    mutable std::vector<WorkerContext> workers_;
    /// workers_ with a slot for every worker of a fork at `threads`; returns its data.
    WorkerContext* ensure_workers(int threads) const;
    // Movable bodies split for the relaxation (rebuilt when bodies change): boxes
    // with the add_box constraint layout and one inverse mass go through the SSE2
    // or AVX2 kernel eight at a time, the rest one by one.
    std::vector<std::uint32_t> boxes_, others_;
    std::vector<std::uint32_t> box_first_;  ///< per box in boxes_: first particle, first constraint
    bool use_avx2_ = cpu_has_avx2();        ///< the box relaxation may use 256-bit lanes
    bool classified_ = false;  ///< boxes_/others_ match bodies (cleared when bodies change)
    std::vector<std::uint32_t> free_slots_;
    float h_ = 1.0f / 120.0f;  ///< s, the sub-step (pos - prev) refers to

    // Drag spring (sandbox): the body, the cursor, and the cursor's last few
    // step-start positions and step lengths (its velocity, fed forward).
    BodyId drag_body_;
    vec2 drag_target_{0.0f, 0.0f};
    static constexpr int kDragHistory = 4;
    std::array<vec2, kDragHistory> drag_seen_{};
    std::array<float, kDragHistory> drag_dt_{};
    int drag_seen_n_ = 0;
    vec2 drag_cursor_v_{0.0f, 0.0f};  ///< m/s, the cursor's mean velocity over the history
    /// Step start: the cursor's velocity from drag_seen_ (none right after a grab).
    void track_drag_cursor(float dt);

    // Broad phase scratch (rebuilt every sub-step).
    struct Aabb {
        vec2 lo{0.0f, 0.0f};
        vec2 hi{0.0f, 0.0f};
    };
    std::vector<Aabb> aabb_;
    std::vector<float> edge_inv_len_;  ///< 1/|edge| per particle's outgoing edge
    std::vector<std::uint32_t> small_, large_;
    std::vector<std::uint32_t> cell_start_, cell_items_, cell_of_;
    std::vector<std::uint32_t> cell_count_;  ///< bodies per cell (all zero between sub-steps)
    std::vector<std::uint32_t> cell_fill_;   ///< next slot per cell while scattering
    std::vector<float> cell_lox_, cell_loy_, cell_hix_, cell_hiy_;  ///< boxes in cell order
    std::vector<float> cell_pinned_;  ///< -0.0f = pinned, +0.0f not (sign bit), cell order
    static constexpr std::uint32_t kCellPad = 4;  ///< padding of the cell-order arrays
    /// Candidates (bodies × run lengths) above which a cell takes the bounded
    /// path (crowded_cell): far above any cell of bodies that do not overlap.
    static constexpr std::uint64_t kMaxCellCandidates = 1u << 14;
    /// Candidates per run a body of a crowded cell scans.
    static constexpr std::uint32_t kCrowdedRun = 8;
    /// Pairs a large body (bigger than a cell) keeps per cell under it.
    static constexpr std::uint32_t kMaxLargeCellPairs = 256;
    /// Pairs a movable large body keeps with the large bodies after it in the sweep.
    static constexpr std::uint32_t kMaxLargePairs = 64;
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
    /// Per band: the [s0, s1) ranges of cell_items_ of its crowded cells this sub-step.
    std::vector<std::vector<std::uint32_t>> band_crowded_;
    std::vector<ContactList> band_contacts_;
    /// Per parity: contacts per band and the workers' band ranges (for_contact_bands).
    std::array<std::vector<std::size_t>, 2> band_weight_, band_bounds_;
    std::size_t contact_count_ = 0;
    ContactList no_contacts_;  ///< stays empty (stands in for a band without a partner)
    mutable std::vector<Contact> contacts_;  ///< all lists, flat (built by contacts())
    mutable bool flat_dirty_ = false;
    std::vector<std::uint32_t> scratch_fill_;
    std::vector<float> restitution_;  ///< per material row, clamped (narrow_phase)
    SoftStats stats_;
    SoftStageClock clock_ = nullptr;  ///< the caller's clock for times_ (none: not timed)
    SoftStageTimes times_;
    double lap_at_ = 0.0;  ///< ms, clock_'s reading at the end of the last timed stage
    /// Adds the clock's time since the last lap to `stage` (nothing without a clock).
    void lap(double& stage) {
        if (clock_ == nullptr) return;
        const double now = clock_();
        stage += now - lap_at_;
        lap_at_ = now;
    }
    // Bounds (docs/physics.md §13).
    bool fresh_pending_ = false;          ///< bodies were added since the last step
    int settling_ = 0;                    ///< bodies with settle > 0
    std::vector<std::uint32_t> owner_;    ///< dense body of each particle (mark_overlaps)
    bool owner_valid_ = false;            ///< owner_ matches the bodies
    float thin_ = 0.0f;                   ///< m, thinnest pinned body (0 = none; plan_substeps)
    std::uint64_t speed_cap_events_ = 0;  ///< SoftWorld::speed_cap_events
};

}  // namespace skidpad
