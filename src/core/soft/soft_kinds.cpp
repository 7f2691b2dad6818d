// The built-in kinds' materials (the kind table is skidpad/soft/body_kinds.hpp).
#include "soft/soft_kinds.hpp"

namespace skidpad {

SoftMaterial soft_kind_material(BodyKind kind, const SoftDef& def) {
    return soft_kinds::material(kind, def);
}

}  // namespace skidpad
