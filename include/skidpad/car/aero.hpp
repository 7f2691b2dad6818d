// Body-level resistance and downforce (docs/physics.md §7, Marco Monster's model).
#pragma once

namespace skidpad {

struct AeroDef {
    double drag = 0.4257;  ///< kg/m, C_drag = ½ C_d A ρ (0.30 × 2.2 m² × 1.29 kg/m³ / 2)
    double rolling =
        0.0;  ///< kg/s, extra body resistance F = −C_rr v (the tyres' own is TyreDef::rolling)
    double downforce = 0.3;  ///< kg/m, k_L, F_L = k_L v² (negative = lift)
    double balance = 0.45;   ///< fraction of downforce on the front axle
};

}  // namespace skidpad
