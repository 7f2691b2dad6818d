// The built-in kinds' materials and spawn defs (the kind table is soft_kinds.hpp).
#include "soft/soft_kinds.hpp"

namespace skidpad {

SoftMaterial soft_kind_material(BodyKind kind, const SoftDef& def) {
    return soft_kinds::material(kind, def);
}

const char* soft_kind_name(BodyKind kind) {
    return soft_kinds::kRows[static_cast<std::size_t>(kind)].name;
}

SoftBodyDef soft_kind_def(BodyKind kind, const SoftDef& def) {
    SoftBodyDef d = soft_kinds::kRows[static_cast<std::size_t>(kind)].spawn(def);
    d.material = SoftMaterialId::of(kind);
    return d;
}

}  // namespace skidpad
