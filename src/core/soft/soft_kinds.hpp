// Private: the kind table (one row per BodyKind) and a material as the step reads
// it. A new built-in kind is a BodyKind value and one row here.
#pragma once

#include <algorithm>
#include <array>

#include "skidpad/soft/soft_material.hpp"

namespace skidpad::soft_kinds {

/// A body a kind spawns as: shape, mass and stiffness from the tunables.
inline SoftBodyDef box(double side, double mass, double stiffness) {
    SoftBodyDef d;
    d.size = vec2(static_cast<float>(side));
    d.mass = static_cast<float>(mass);
    d.edge_stiffness = static_cast<float>(stiffness);
    return d;
}

struct Row {
    const char* name;
    bool dents;   ///< yields past SoftDef::dent_limit while SoftDef::plastic is on
    bool breaks;  ///< breaks past SoftDef::break_limit while SoftDef::breakable is on
    double SoftDef::*restitution;  ///< the tunable its bounce follows
    Color fill, stroke, pinned_fill;
    SoftEffect effect;
    SoftBodyDef (*spawn)(const SoftDef&);  ///< soft_kind_def (its material is set after)
};

inline constexpr std::array<Row, kBodyKindCount> kRows = {{
    {"crate", true, true, &SoftDef::restitution, rgba(176, 128, 72), rgba(90, 60, 30), 0,
     SoftEffect::Wood,
     [](const SoftDef& d) { return box(d.crate_size, d.crate_mass, d.crate_stiffness); }},
    {"barrier", true, false, &SoftDef::restitution, rgba(150, 150, 165), rgba(40, 40, 45),
     rgba(120, 120, 130), SoftEffect::Concrete,
     [](const SoftDef&) { return box(1.0, 0.0, 1.0); }},  // 1 m square, pinned
    {"tyre", false, false, &SoftDef::tyre_restitution, rgba(35, 35, 38), rgba(90, 90, 95), 0,
     SoftEffect::Rubber,
     [](const SoftDef& d) {
         SoftBodyDef t;
         t.shape = SoftShape::Polygon;
         t.radius = static_cast<float>(d.tyre_radius);
         t.sides = d.tyre_sides;
         t.mass = static_cast<float>(d.tyre_mass);
         t.edge_stiffness = t.shape_stiffness = static_cast<float>(d.tyre_stiffness);
         return t;
     }},
    {"cone", true, true, &SoftDef::restitution, rgba(250, 120, 20), rgba(255, 240, 230), 0,
     SoftEffect::Plastic, [](const SoftDef& d) { return box(d.cone_size, d.cone_mass, 1.0); }},
    {"shard", true, false, &SoftDef::restitution, rgba(150, 105, 60), rgba(80, 50, 25), 0,
     SoftEffect::Wood,  // one plank of a broken crate (shatter_broken cuts the real ones)
     [](const SoftDef& d) { return box(0.12, d.crate_mass * 0.25, 1.0); }},
}};

inline SoftMaterial material(BodyKind kind, const SoftDef& def) {
    const Row& r = kRows[static_cast<std::size_t>(kind)];
    SoftMaterial m;
    m.restitution = static_cast<float>(def.*r.restitution);
    m.dent_limit = static_cast<float>(def.dent_limit);
    m.break_limit = static_cast<float>(def.break_limit);
    m.dents = def.plastic && r.dents;
    m.breaks = def.breakable && r.breaks;
    m.fill = r.fill;
    m.stroke = r.stroke;
    m.pinned_fill = r.pinned_fill;
    m.effect = r.effect;
    return m;
}

/// A material as relax_body and the narrow phase read it. Rounding to float is
/// monotonic, so these equal the same max/clamp taken on the SoftDef doubles.
struct Resolved {
    float restitution = 0.0f;  ///< clamped to 0..1
    float dent = 0.0f;         ///< strain past which an edge yields (>= 1e-4)
    float brk = 0.0f;          ///< strain past which it breaks (>= dent_limit)
    bool dents = false;
    bool breaks = false;
};

inline Resolved resolve(const SoftMaterial& m) {
    Resolved r;
    r.restitution = std::clamp(m.restitution, 0.0f, 1.0f);
    r.dent = std::max(m.dent_limit, static_cast<float>(1e-4));
    r.brk = std::max(m.break_limit, m.dent_limit);
    r.dents = m.dents;
    r.breaks = m.breaks;
    return r;
}

}  // namespace skidpad::soft_kinds
