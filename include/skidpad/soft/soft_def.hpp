// Soft-body (Verlet) settings, tunables "soft.*". PLACEHOLDER: the soft-body issue
// completes it.
#pragma once

namespace skidpad {

struct SoftDef {
    int iterations = 8;          ///< constraint relaxation iterations per sub-step
    double damping = 0.001;      ///< velocity damping fraction per sub-step
    double ground_mu = 0.5;      ///< ground friction coefficient for crates
};

}  // namespace skidpad
