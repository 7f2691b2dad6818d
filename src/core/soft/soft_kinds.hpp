// Private: a built-in kind's material from its row of the kind table
// (skidpad/soft/body_kinds.hpp) and the tunables, and a material as the step reads it.
#pragma once

#include <algorithm>

#include "skidpad/soft/body_kinds.hpp"

namespace skidpad::soft_kinds {

inline SoftMaterial material(BodyKind kind, const SoftDef& def) {
    const BodyKindRow& r = body_kind_row(kind);
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
