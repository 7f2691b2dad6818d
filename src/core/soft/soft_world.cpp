// SoftSolver bookkeeping (adding and removing bodies, ids) and the Verlet
// integrator. Collision lives in soft_broad.cpp, soft_narrow.cpp and
// soft_contact.cpp, relaxation in soft_relax.cpp, drawing in soft_draw.cpp and
// building bodies from shapes in soft_world_api.cpp.
#include "soft/soft_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "soft/soft_kinds.hpp"
#include "soft/soft_parallel.hpp"
#include "soft/soft_wide.hpp"
#include "state_hash.hpp"

namespace skidpad {

namespace {

/// m/s, fastest cursor the drag follows; m, the reach of the pull's spring; m/s^2, the
/// pull's strongest acceleration (about 30 g): together they keep a grab of any body,
/// to any point, finite.
constexpr float kDragMaxSpeed = 40.0f;
constexpr float kDragReach = 2.0f;
constexpr float kDragMaxAccel = 300.0f;

/// The mouse pull as an acceleration (the same for every mass): a spring of
/// soft.drag_stiffness k on the distance `to` the cursor (at most kDragReach) and a
/// damper on the velocity `slip` relative to the cursor, soft.drag_damping but never
/// below critical (2 sqrt k), so the body settles on the cursor without swinging past
/// and a moving cursor pulls it along at its own speed; at most kDragMaxAccel.
vec2 drag_pull(const SoftDef& def, vec2 to, vec2 slip) {
    const float k = static_cast<float>(std::max(def.drag_stiffness, 0.0));
    const float c =
        std::max(static_cast<float>(std::max(def.drag_damping, 0.0)), 2.0f * std::sqrt(k));
    const float d = std::sqrt(to.x * to.x + to.y * to.y);
    if (d > kDragReach) to *= kDragReach / d;
    vec2 a = k * to + c * slip;
    const float m = std::sqrt(a.x * a.x + a.y * a.y);
    if (!(m <= kDragMaxAccel)) a = std::isfinite(m) ? a * (kDragMaxAccel / m) : vec2(0.0f, 0.0f);
    return a;
}

}  // namespace

// ---- building -----------------------------------------------------------------

BodyId SoftSolver::add_body(SoftMaterialId material, std::span<const vec2> pts, float mass) {
    classified_ = false;
    owner_valid_ = false;
    fresh_pending_ = true;
    Body b;
    b.first = static_cast<std::uint32_t>(pos.size());
    b.count = static_cast<std::uint32_t>(pts.size());
    b.cfirst = static_cast<std::uint32_t>(constraints.size());
    b.material = material.index;
    b.origin = material.index;
    b.pinned = !(mass > 0.0f);
    const float w = b.pinned ? 0.0f : static_cast<float>(pts.size()) / mass;
    for (std::size_t k = 0; k < pts.size(); ++k) {
        const vec2 p = pts[k], q = pts[(k + 1) % pts.size()];
        b.area0 += 0.5f * (p.x * q.y - p.y * q.x);
    }
    for (const vec2& p : pts) {
        pos.push_back(p);
        prev.push_back(p);
        shape.push_back(p);
        inv_mass.push_back(w);
    }
    std::uint32_t slot = 0;
    if (!free_slots_.empty()) {
        slot = free_slots_.back();
        free_slots_.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(slots_.size());
        slots_.emplace_back();
    }
    Slot& s = slots_[slot];
    s.generation += 1;
    s.alive = true;
    s.dense = static_cast<std::uint32_t>(bodies.size());
    b.slot = slot;
    bodies.push_back(b);
    return BodyId{slot, s.generation};
}

void SoftSolver::add_constraint(std::uint32_t a, std::uint32_t b, float stiffness) {
    Constraint c;
    c.i = a;
    c.j = b;
    c.rest = glm::length(pos[b] - pos[a]);
    c.stiffness = clamp(stiffness, 0.0f, 1.0f);
    constraints.push_back(c);
    rest0.push_back(c.rest);
    bodies.back().ccount += 1;
}

void SoftSolver::add_box_constraints(std::uint32_t first, float stiffness) {
    for (std::uint32_t k = 0; k < 6; ++k)
        add_constraint(first + kBoxI[k], first + kBoxJ[k], stiffness);
}

// Removes bodies (dense indices, ascending) and compacts every array: O(total size),
// fine for sandbox clicks and for the batch of crates that broke in one step.
void SoftSolver::remove_dense(std::span<const std::size_t> dense_sorted) {
    if (dense_sorted.empty()) return;
    classified_ = false;
    owner_valid_ = false;
    std::vector<std::uint32_t> pmap(pos.size(), 0);
    std::vector<char> drop(bodies.size(), 0);
    for (std::size_t d : dense_sorted)
        drop[d] = 1;
    std::uint32_t np = 0, nc = 0, nb = 0;
    for (std::size_t bi = 0; bi < bodies.size(); ++bi) {
        Body b = bodies[bi];
        if (drop[bi]) {
            slots_[b.slot].alive = false;
            free_slots_.push_back(b.slot);
            continue;
        }
        for (std::uint32_t k = 0; k < b.count; ++k) {
            pmap[b.first + k] = np + k;
            pos[np + k] = pos[b.first + k];
            prev[np + k] = prev[b.first + k];
            shape[np + k] = shape[b.first + k];
            inv_mass[np + k] = inv_mass[b.first + k];
        }
        for (std::uint32_t k = 0; k < b.ccount; ++k) {
            Constraint c = constraints[b.cfirst + k];
            c.i = pmap[c.i];
            c.j = pmap[c.j];
            rest0[nc + k] = rest0[b.cfirst + k];
            constraints[nc + k] = c;
        }
        b.first = np;
        b.cfirst = nc;
        np += b.count;
        nc += b.ccount;
        slots_[b.slot].dense = nb;
        bodies[nb++] = b;
    }
    pos.resize(np);
    prev.resize(np);
    shape.resize(np);
    inv_mass.resize(np);
    constraints.resize(nc);
    rest0.resize(nc);
    bodies.resize(nb);
    drop_contacts();
    if (settling_ > 0) {
        settling_ = 0;
        for (const Body& b : bodies)
            settling_ += b.settle > 0 ? 1 : 0;
    }
    if (drag_body_ && !valid(drag_body_)) drag_body_ = BodyId{};
}

// Contacts refer to particle indices: after bodies change they are stale until
// the next narrow phase rebuilds them.
void SoftSolver::drop_contacts() {
    contacts_.clear();
    for (auto& v : band_contacts_)
        v.clear();
    contact_count_ = 0;
    flat_dirty_ = false;
}

void SoftSolver::clear() {
    pos.clear();
    prev.clear();
    shape.clear();
    inv_mass.clear();
    constraints.clear();
    rest0.clear();
    bodies.clear();
    classified_ = false;
    owner_valid_ = false;
    fresh_pending_ = false;
    settling_ = 0;
    for (std::uint32_t s = 0; s < slots_.size(); ++s) {
        if (slots_[s].alive) {
            slots_[s].alive = false;
            free_slots_.push_back(s);
        }
    }
    drop_contacts();
    for (auto& v : band_pairs_)
        v.clear();
    drag_body_ = BodyId{};
    stats_ = SoftStats{};
}

// ---- queries ------------------------------------------------------------------

bool SoftSolver::valid(BodyId id) const {
    return id.generation != 0 && id.index < slots_.size() && slots_[id.index].alive &&
           slots_[id.index].generation == id.generation;
}

std::size_t SoftSolver::dense(BodyId id) const {
    assert(valid(id));
    return slots_[id.index].dense;
}

BodyId SoftSolver::id_of(std::size_t dense_index) const {
    const std::uint32_t s = bodies[dense_index].slot;
    return BodyId{s, slots_[s].generation};
}

vec2 SoftSolver::centre(BodyId id) const {
    const Body& b = bodies[dense(id)];
    vec2 c{0.0f, 0.0f};
    for (std::uint32_t k = 0; k < b.count; ++k)
        c += pos[b.first + k];
    return c / static_cast<float>(b.count);
}

vec2 SoftSolver::velocity(BodyId id) const {
    const Body& b = bodies[dense(id)];
    vec2 p{0.0f, 0.0f};
    float m = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float w = inv_mass[b.first + k];
        if (w <= 0.0f) continue;
        p += particle_velocity(b.first + k) / w;
        m += 1.0f / w;
    }
    return m > 0.0f ? p / m : vec2(0.0f, 0.0f);
}

std::vector<SoftMaterial> SoftSolver::builtin_materials() {
    const SoftDef defaults;
    std::vector<SoftMaterial> m;
    for (std::uint8_t k = 0; k < kBodyKindCount; ++k)
        m.push_back(soft_kinds::material(static_cast<BodyKind>(k), defaults));
    return m;
}

SoftMaterial SoftSolver::material(std::uint8_t id, const SoftDef& def) const {
    if (id < kBodyKindCount) return soft_kinds::material(static_cast<BodyKind>(id), def);
    return materials[id];
}

std::uint64_t SoftSolver::state_hash(std::uint64_t seed) const {
    StateHash f{seed};
    f.add(h_);
    f.add(pos.size());
    f.add_all(std::span<const vec2>(pos));
    f.add_all(std::span<const vec2>(prev));
    f.add_all(std::span<const float>(inv_mass));
    for (const Constraint& c : constraints) {
        f.add(c.i);
        f.add(c.j);
        f.add(c.rest);
        f.add(c.stiffness);
    }
    for (const Body& b : bodies) {
        f.add(b.first);
        f.add(b.count);
        f.add(b.material);
        if (b.fading) f.add(b.alpha);  // a state without fading pieces hashes as before
        // A dented body's rest shape (an undented one's is where it was built).
        bool dented = false;
        for (std::uint32_t k = 0; k < b.ccount && !dented; ++k)
            dented = constraints[b.cfirst + k].rest != rest0[b.cfirst + k];
        if (dented) f.add_all(std::span<const vec2>(shape).subspan(b.first, b.count));
    }
    return f.h;
}

void SoftSolver::set_drag(BodyId id, vec2 target) {
    const BodyId next = valid(id) ? id : BodyId{};
    if (next != drag_body_) drag_seen_n_ = 0;  // a new grab: the cursor starts at rest
    drag_body_ = next;
    drag_target_ = target;
}

// ---- stepping -----------------------------------------------------------------

// The particle kernels (soft_wide.hpp) on a range of the solver's arrays: `W`
// is the step's lanes (F4 with SSE2) or one lane when soft.simd is off; both
// give the same bits.
namespace {
#if SKIDPAD_WIDE_SSE
using ParticleLanes = wide::F4;
#else
using ParticleLanes = wide::F1;
#endif
static_assert(sizeof(vec2) == 2 * sizeof(float), "the kernels read vec2 arrays as floats");

template <class W>
void integrate_range(SoftSolver& sv, std::size_t begin, std::size_t end, float s) {
    soft_kernel::integrate_particles<W>(reinterpret_cast<float*>(sv.pos.data() + begin),
                                        reinterpret_cast<float*>(sv.prev.data() + begin),
                                        sv.inv_mass.data() + begin, end - begin, s);
}

template <class W>
float travel_range(const SoftSolver& sv, std::size_t begin, std::size_t end) {
    return soft_kernel::max_travel2<W>(reinterpret_cast<const float*>(sv.pos.data() + begin),
                                       reinterpret_cast<const float*>(sv.prev.data() + begin),
                                       end - begin);
}
}  // namespace

// Largest |x − x_prev|² (m²) over particles [begin, end), on the step's lanes.
float SoftSolver::max_travel2(std::size_t begin, std::size_t end) const {
    return travel_range<ParticleLanes>(*this, begin, end);
}

int SoftSolver::plan_substeps(const SoftDef& def, float dt) const {
    WorkerContext* ctx = ensure_workers(def.threads);
    for (WorkerContext& c : workers_)
        c.max_travel2 = 0.0f;
    parallel_for_indexed(pool_.get(), def.threads, pos.size(),
                         [&, simd = def.simd](int worker, std::size_t begin, std::size_t end) {
                             ctx[worker].max_travel2 =
                                 simd ? max_travel2(begin, end)
                                      : travel_range<wide::F1>(*this, begin, end);
                         });
    float max_d2 = 0.0f;
    for (const WorkerContext& c : workers_)
        max_d2 = c.max_travel2 > max_d2 ? c.max_travel2 : max_d2;
    const float speed = std::sqrt(max_d2) / h_;  // m/s
    float travel = static_cast<float>(std::max(def.max_travel, 0.01));
    // Thin barriers (§13): no particle crosses 40 % of the thinnest pinned body in a
    // sub-step, so it meets the near face first.
    if (thin_ > 0.0f) travel = std::min(travel, std::max(0.4f * thin_, 0.01f));
    const int lo = std::max(def.substeps, 1);
    const int hi = std::max(def.max_substeps, lo);
    const float need = std::ceil(speed * dt / travel);
    const int n = need > static_cast<float>(hi) ? hi : static_cast<int>(need);
    return clamp(n, lo, hi);
}

void SoftSolver::step(const SoftDef& def, float dt) {
    if (!(dt > 0.0f)) return;
    times_ = SoftStageTimes{};
    if (clock_ != nullptr) lap_at_ = clock_();
    if (!classified_) {
        classify_bodies();
        stats_.pieces = count_pieces();
        thin_ = thinnest_pinned();
    }
    track_drag_cursor(dt);
    const int n = plan_substeps(def, dt);
    lap(times_.integrate_ms);
    const float h = dt / static_cast<float>(n);
    stats_.broken = 0;
    stats_.speed_capped = 0;
    stats_.breaks_refused = 0;
    stats_.faded = 0;
    for (int s = 0; s < n; ++s)
        substep(def, h);
    stats_.substeps = n;
    end_settling_step();
    // Fading is a pass over every body: skipped when there is no piece (the count is
    // taken whenever bodies change, and a shatter makes new ones).
    const bool shattered = shatter_broken(def);
    if (shattered || stats_.pieces > 0) {
        fade_pieces(def, dt);
    } else {
        stats_.fading = 0;
    }
    stats_.settling = settling_;
    lap(times_.other_ms);
}

void SoftSolver::substep(const SoftDef& def, float h) {
    integrate(def, h);
    lap(times_.integrate_ms);
    broad_phase(def);
    lap(times_.broad_ms);
    narrow_phase(def);
    lap(times_.narrow_ms);
    if (fresh_pending_ || settling_ > 0) mark_overlaps();
    lap(times_.broad_ms);
    prepare_workers(def);
    const int iters = std::max(def.iterations, 1);
    for (int it = 0; it < iters; ++it) {
        const bool last = it + 1 == iters;
        solve_constraints(def, last);
        solve_contacts(def, last);
    }
    restitution_pass(def);
    lap(times_.solve_ms);
    if (settling_ > 0) clamp_settling(def, h);
    ground_friction(def, h);
    lap(times_.integrate_ms);
}

// Coulomb ground friction at the end of the sub-step, on the velocity only: the
// sub-step's displacement (x − x_prev) shrinks by at most μ g h² and a smaller one
// becomes zero, so a sliding crate stops instead of reversing and the solver's
// tiny corrections between resting bodies do not turn into motion. Then the speed
// cap (docs/physics.md §13): a displacement longer than soft.max_speed·h is cut to
// it along its direction, and counted.
void SoftSolver::ground_friction(const SoftDef& def, float h) {
    const float fric =
        static_cast<float>(std::max(def.ground_mu, 0.0) * std::max(def.gravity, 0.0)) * h * h;
    const bool friction = fric > 0.0f;
    const float cap = static_cast<float>(std::max(def.max_speed, 1.0)) * h;
    // Longer than this before friction means longer than the cap after it.
    const float reach = cap + (friction ? fric : 0.0f);
    const float reach2 = reach * reach;
    const vec2* __restrict x = pos.data();
    vec2* __restrict xp = prev.data();
    WorkerContext* ctx = ensure_workers(def.threads);
    for (WorkerContext& c : workers_)
        c.capped = 0;
    parallel_for_indexed(pool_.get(), def.threads, pos.size(),
                         [&](int worker, std::size_t begin, std::size_t end) {
                             int n = 0;
                             for (std::size_t i = begin; i < end; ++i) {
                                 const vec2 d = x[i] - xp[i];
                                 const float len2 = d.x * d.x + d.y * d.y;
                                 if (friction) {
                                     if (len2 <= fric * fric) {
                                         xp[i] = x[i];
                                         continue;
                                     }
                                     xp[i] += d * (fric / std::sqrt(len2));
                                 }
                                 if (!(len2 <= reach2)) {  // also catches a non-finite displacement
                                     const vec2 e = x[i] - xp[i];
                                     const float l = std::sqrt(e.x * e.x + e.y * e.y);
                                     if (!(l <= cap)) {
                                         xp[i] = std::isfinite(l) ? x[i] - e * (cap / l) : x[i];
                                         n += 1;
                                     }
                                 }
                             }
                             ctx[worker].capped += n;
                         });
    for (const WorkerContext& c : workers_) {
        stats_.speed_capped += c.capped;
        speed_cap_events_ += static_cast<std::uint64_t>(c.capped);
    }
}

// The cursor's velocity over the last kDragHistory steps: the target moves once a
// frame and a frame may hold several steps, so one step's change would come in bursts.
void SoftSolver::track_drag_cursor(float dt) {
    if (!drag_body_) {
        drag_seen_n_ = 0;
        drag_cursor_v_ = vec2(0.0f, 0.0f);
        return;
    }
    if (drag_seen_n_ == kDragHistory) {
        for (int i = 1; i < kDragHistory; ++i) {
            drag_seen_[static_cast<std::size_t>(i - 1)] = drag_seen_[static_cast<std::size_t>(i)];
            drag_dt_[static_cast<std::size_t>(i - 1)] = drag_dt_[static_cast<std::size_t>(i)];
        }
        drag_seen_n_ -= 1;
    }
    drag_seen_[static_cast<std::size_t>(drag_seen_n_)] = drag_target_;
    drag_dt_[static_cast<std::size_t>(drag_seen_n_)] = dt;
    drag_seen_n_ += 1;
    float span = 0.0f;
    for (int i = 0; i + 1 < drag_seen_n_; ++i)
        span += drag_dt_[static_cast<std::size_t>(i)];
    const vec2 moved = drag_target_ - drag_seen_[0];
    drag_cursor_v_ = span > 0.0f ? moved / span : vec2(0.0f, 0.0f);
    const float speed =
        std::sqrt(drag_cursor_v_.x * drag_cursor_v_.x + drag_cursor_v_.y * drag_cursor_v_.y);
    if (!(speed <= kDragMaxSpeed)) {
        drag_cursor_v_ =
            std::isfinite(speed) ? drag_cursor_v_ * (kDragMaxSpeed / speed) : vec2(0.0f, 0.0f);
    }
}

// Position Verlet with damping (ground friction acts after the solve). A sub-step
// length change rescales (x − x_prev) so the implied velocity is kept. Also
// bounds every body for the broad phase (bound_body).
void SoftSolver::integrate(const SoftDef& def, float h) {
    const float scale = h / h_;
    h_ = h;
    const float keep = 1.0f - clamp(static_cast<float>(def.damping), 0.0f, 1.0f);
    // Drag spring: an acceleration on every particle of the dragged body.
    std::size_t drag_first = 0, drag_count = 0;
    vec2 drag_acc{0.0f, 0.0f};
    if (drag_body_ && valid(drag_body_)) {
        const Body& b = bodies[dense(drag_body_)];
        const vec2 c = centre(drag_body_);
        if (b.pinned) {
            // Pinned bodies follow the cursor kinematically.
            const vec2 move = drag_target_ - c;
            for (std::uint32_t k = 0; k < b.count; ++k) {
                pos[b.first + k] += move;
                prev[b.first + k] += move;
            }
        } else {
            drag_first = b.first;
            drag_count = b.count;
            drag_acc = drag_pull(def, drag_target_ - c, drag_cursor_v_ - velocity(drag_body_));
        }
    }
    // One pass over the bodies: each body's particles, then (for the broad
    // phase) its bounds while they are in cache.
    const std::size_t nb = bodies.size();
    aabb_.resize(nb);
    edge_inv_len_.resize(pos.size());
    const float margin_all = static_cast<float>(std::max(def.contact_margin, 0.0)) * 0.5f;
    const float s_all = scale * keep;
    const vec2 drag_move_all = drag_acc * (h * h);
    parallel_for(pool_.get(), def.threads, nb, [&](std::size_t begin, std::size_t end) {
        // The worker's own copies: the calls below are opaque, and captures
        // re-read after them from the forking thread's stack can share a
        // cache line with its hot slots (see SoftSolver::WorkerContext).
        const float margin = margin_all, s = s_all;
        const vec2 drag_move = drag_move_all;
        const std::size_t drag_at = drag_first, drag_n = drag_count;
        const bool simd = def.simd;
        for (std::size_t bi = begin; bi < end; ++bi) {
            const Body& b = bodies[bi];
            if (simd) {
                integrate_particles(b.first, b.first + b.count, s);
            } else {
                integrate_range<wide::F1>(*this, b.first, b.first + b.count, s);
            }
            if (drag_n != 0 && b.first == drag_at) {
                for (std::size_t k = 0; k < drag_n; ++k)
                    pos[drag_at + k] += drag_move;
            }
            bound_body(bi, margin, simd);
        }
    });
}

// x' = x + (x − x_prev)·s, x_prev' = x for the movable particles of [begin, end)
// (pinned ones, inverse mass ≤ 0, stay), on the step's lanes.
void SoftSolver::integrate_particles(std::size_t begin, std::size_t end, float s) {
    integrate_range<ParticleLanes>(*this, begin, end, s);
}

}  // namespace skidpad
