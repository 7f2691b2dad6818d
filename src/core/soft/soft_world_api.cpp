// SoftWorld, the public face of the soft-body solver: building bodies from their
// shapes, and the queries and views the game, the lab and tests read. Stepping
// forwards to the SoftSolver (soft_solver.hpp), whose hot loops run on its own
// arrays.
#include "skidpad/soft/soft_world.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "soft/soft_solver.hpp"

namespace skidpad {

SoftWorld::SoftWorld() : solver_(std::make_unique<SoftSolver>()) {}
SoftWorld::~SoftWorld() = default;
SoftWorld::SoftWorld(const SoftWorld& other)
    : solver_(std::make_unique<SoftSolver>(*other.solver_)) {}
SoftWorld& SoftWorld::operator=(const SoftWorld& other) {
    if (this != &other) solver_ = std::make_unique<SoftSolver>(*other.solver_);
    return *this;
}
SoftWorld::SoftWorld(SoftWorld&&) noexcept = default;
SoftWorld& SoftWorld::operator=(SoftWorld&&) noexcept = default;

// ---- building -----------------------------------------------------------------

BodyId SoftWorld::create_body(const SoftBodyDef& def) {
    SoftSolver& s = *solver_;
    if (def.material.index >= s.materials.size())
        throw std::out_of_range("SoftBodyDef::material was not added to this world");
    const vec2 centre = def.position;
    const float angle = def.angle;
    if (def.shape == SoftShape::Box) {
        const vec2 h = def.size * 0.5f;
        const vec2 local[4] = {{h.x, h.y}, {-h.x, h.y}, {-h.x, -h.y}, {h.x, -h.y}};
        vec2 pts[4];
        for (int k = 0; k < 4; ++k)
            pts[k] = centre + rotate(local[k], angle);
        const BodyId id = s.add_body(def.material, pts, def.mass);
        s.add_box_constraints(s.bodies.back().first, def.edge_stiffness);
        return id;
    }
    const int n = clamp(def.sides, 3, 32);
    std::vector<vec2> pts(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        const float a =
            angle + static_cast<float>(2.0 * kPi) * static_cast<float>(k) / static_cast<float>(n);
        pts[static_cast<std::size_t>(k)] = centre + def.radius * vec2(std::cos(a), std::sin(a));
    }
    const BodyId id = s.add_body(def.material, pts, def.mass);
    const std::uint32_t f = s.bodies.back().first;
    const std::uint32_t un = static_cast<std::uint32_t>(n);
    for (std::uint32_t k = 0; k < un; ++k)
        s.add_constraint(f + k, f + (k + 1) % un, def.edge_stiffness);
    // Chords keep the shape: skip-one chords and the diameters.
    if (n > 3) {
        for (std::uint32_t k = 0; k < un; ++k) {
            s.add_constraint(f + k, f + (k + 2) % un, def.shape_stiffness);
        }
        for (std::uint32_t k = 0; k < un / 2; ++k) {
            s.add_constraint(f + k, f + k + un / 2, def.shape_stiffness);
        }
    }
    return id;
}

SoftMaterialId SoftWorld::add_material(const SoftMaterial& material) {
    std::vector<SoftMaterial>& table = solver_->materials;
    if (table.size() > 255) throw std::length_error("soft material table full (256 rows)");
    table.push_back(material);
    return SoftMaterialId{static_cast<std::uint8_t>(table.size() - 1)};
}

namespace {
SoftBodyDef kind_body(BodyKind kind, vec2 centre, float angle, float mass, float stiffness) {
    SoftBodyDef d;
    d.position = centre;
    d.angle = angle;
    d.mass = mass;
    d.edge_stiffness = stiffness;
    d.material = SoftMaterialId::of(kind);
    return d;
}
}  // namespace

BodyId SoftWorld::add_box(BodyKind kind, vec2 centre, vec2 size, float angle, float mass,
                          float stiffness) {
    SoftBodyDef d = kind_body(kind, centre, angle, mass, stiffness);
    d.size = size;
    return create_body(d);
}

BodyId SoftWorld::add_ngon(BodyKind kind, vec2 centre, float radius, int sides, float angle,
                           float mass, float edge_stiffness, float shape_stiffness) {
    SoftBodyDef d = kind_body(kind, centre, angle, mass, edge_stiffness);
    d.shape = SoftShape::Polygon;
    d.radius = radius;
    d.sides = sides;
    d.shape_stiffness = shape_stiffness;
    return create_body(d);
}

namespace {
SoftBodyDef placed(SoftBodyDef d, vec2 centre, float angle) {
    d.position = centre;
    d.angle = angle;
    return d;
}
}  // namespace

BodyId SoftWorld::add_kind(BodyKind kind, const SoftDef& def, vec2 centre, float angle) {
    return create_body(placed(soft_kind_def(kind, def), centre, angle));
}

BodyId SoftWorld::add_crate(const SoftDef& def, vec2 centre, float angle) {
    return create_body(placed(soft_kind_def(BodyKind::Crate, def), centre, angle));
}

BodyId SoftWorld::add_tyre(const SoftDef& def, vec2 centre) {
    return create_body(placed(soft_kind_def(BodyKind::Tyre, def), centre, 0.0f));
}

BodyId SoftWorld::add_cone(const SoftDef& def, vec2 centre, float angle) {
    return create_body(placed(soft_kind_def(BodyKind::Cone, def), centre, angle));
}

BodyId SoftWorld::add_barrier(vec2 centre, vec2 size, float angle) {
    return add_box(BodyKind::Barrier, centre, size, angle, 0.0f, 1.0f);
}

void SoftWorld::remove(BodyId id) {
    if (!valid(id)) return;
    const std::size_t d = solver_->dense(id);
    solver_->remove_dense(std::span<const std::size_t>(&d, 1));
}

void SoftWorld::clear() {
    solver_->clear();
}

// ---- queries ------------------------------------------------------------------

bool SoftWorld::valid(BodyId id) const {
    return solver_->valid(id);
}

SoftMaterialId SoftWorld::material(BodyId id) const {
    return SoftMaterialId{solver_->bodies[solver_->dense(id)].material};
}

SoftMaterial SoftWorld::material(SoftMaterialId id, const SoftDef& def) const {
    return solver_->material(id.index, def);
}

std::size_t SoftWorld::body_count() const {
    return solver_->bodies.size();
}

std::size_t SoftWorld::particle_count() const {
    return solver_->pos.size();
}

std::size_t SoftWorld::constraint_count() const {
    std::size_t n = 0;
    for (const Constraint& c : solver_->constraints)
        n += c.stiffness > 0.0f ? 1 : 0;
    return n;
}

BodyId SoftWorld::id_of(std::size_t n) const {
    return solver_->id_of(n);
}

BodyId SoftWorld::body_at(vec2 point) const {
    const SoftSolver& s = *solver_;
    for (std::size_t bi = s.bodies.size(); bi-- > 0;) {
        const SoftSolver::Body& b = s.bodies[bi];
        bool inside = true;
        for (std::uint32_t k = 0; k < b.count && inside; ++k) {
            const vec2 a = s.pos[b.first + k];
            const vec2 c = s.pos[b.first + (k + 1) % b.count];
            inside = cross(c - a, point - a) >= 0.0f;
        }
        if (inside) return s.id_of(bi);
    }
    return BodyId{};
}

vec2 SoftWorld::centre(BodyId id) const {
    return solver_->centre(id);
}

float SoftWorld::opacity(BodyId id) const {
    const SoftSolver::Body& b = solver_->bodies[solver_->dense(id)];
    return b.fading ? b.alpha : 1.0f;
}

float SoftWorld::mass(BodyId id) const {
    const SoftSolver& s = *solver_;
    const SoftSolver::Body& b = s.bodies[s.dense(id)];
    float m = 0.0f;
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const float w = s.inv_mass[b.first + k];
        m += w > 0.0f ? 1.0f / w : 0.0f;
    }
    return m;
}

vec2 SoftWorld::velocity(BodyId id) const {
    return solver_->velocity(id);
}

dvec2 SoftWorld::momentum() const {
    const SoftSolver& s = *solver_;
    dvec2 p{0.0, 0.0};
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        if (s.inv_mass[i] > 0.0f)
            p += dvec2(s.particle_velocity(i)) / static_cast<double>(s.inv_mass[i]);
    }
    return p;
}

double SoftWorld::kinetic_energy() const {
    const SoftSolver& s = *solver_;
    double e = 0.0;
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        if (s.inv_mass[i] <= 0.0f) continue;
        const dvec2 v(s.particle_velocity(i));
        e += 0.5 * (v.x * v.x + v.y * v.y) / static_cast<double>(s.inv_mass[i]);
    }
    return e;
}

float SoftWorld::max_strain() const {
    const SoftSolver& s = *solver_;
    float m = 0.0f;
    for (const Constraint& c : s.constraints) {
        if (c.stiffness <= 0.0f || c.rest <= 0.0f) continue;
        const float e = std::abs(glm::length(s.pos[c.j] - s.pos[c.i]) - c.rest) / c.rest;
        m = e > m ? e : m;
    }
    return m;
}

float SoftWorld::substep_time() const {
    return solver_->substep_time();
}

std::uint64_t SoftWorld::speed_cap_events() const {
    return solver_->speed_cap_events();
}

float SoftWorld::max_particle_speed() const {
    const SoftSolver& s = *solver_;
    float m2 = 0.0f;
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        if (s.inv_mass[i] <= 0.0f) continue;
        const vec2 v = s.particle_velocity(i);
        const float v2 = v.x * v.x + v.y * v.y;
        m2 = v2 > m2 || v2 != v2 ? v2 : m2;  // a NaN wins, so a test sees it
    }
    return std::sqrt(m2);
}

std::uint64_t SoftWorld::state_hash(std::uint64_t seed) const {
    return solver_->state_hash(seed);
}

// ---- read-only views ----------------------------------------------------------

std::span<const vec2> SoftWorld::positions() const {
    return solver_->pos;
}

std::span<const vec2> SoftWorld::points(BodyId id) const {
    const SoftSolver::Body& b = solver_->bodies[solver_->dense(id)];
    return std::span<const vec2>(solver_->pos).subspan(b.first, b.count);
}

std::span<const Constraint> SoftWorld::constraints() const {
    return solver_->constraints;
}

std::span<const Constraint> SoftWorld::constraints(BodyId id) const {
    const SoftSolver::Body& b = solver_->bodies[solver_->dense(id)];
    return std::span<const Constraint>(solver_->constraints).subspan(b.cfirst, b.ccount);
}

std::span<const Contact> SoftWorld::contacts() const {
    return solver_->contacts();
}

const SoftStats& SoftWorld::stats() const {
    return solver_->stats();
}

// ---- changing motion, stepping, drawing ---------------------------------------

void SoftWorld::set_velocity(BodyId id, vec2 v, float omega) {
    SoftSolver& s = *solver_;
    const SoftSolver::Body& b = s.bodies[s.dense(id)];
    if (b.pinned) return;
    const vec2 c = s.centre(id);
    const float h = s.substep_time();
    for (std::uint32_t k = 0; k < b.count; ++k) {
        const std::uint32_t i = b.first + k;
        s.prev[i] = s.pos[i] - (v + cross(omega, s.pos[i] - c)) * h;
    }
}

void SoftWorld::set_drag(BodyId id, vec2 target) {
    solver_->set_drag(id, target);
}

void SoftWorld::step(const SoftDef& def, float dt) {
    solver_->step(def, dt);
}

int SoftWorld::plan_substeps(const SoftDef& def, float dt) const {
    return solver_->plan_substeps(def, dt);
}

void SoftWorld::allow_avx2(bool allow) {
    solver_->allow_avx2(allow);
}

bool SoftWorld::uses_avx2() const {
    return solver_->uses_avx2();
}

void SoftWorld::set_stage_clock(SoftStageClock clock) {
    solver_->set_stage_clock(clock);
}

const SoftStageTimes& SoftWorld::stage_times() const {
    return solver_->stage_times();
}

void SoftWorld::draw(DrawList& out) const {
    solver_->draw(out);
}

void SoftWorld::draw_debug(DrawList& out, const SoftDrawOptions& options) const {
    solver_->draw_debug(out, options);
}

}  // namespace skidpad
