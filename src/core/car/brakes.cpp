// Coulomb brake friction on a wheel's spin.
#include "skidpad/car/brakes.hpp"

#include <cmath>

namespace skidpad {

double apply_brake(double spin_free, double max_drop, bool& locked) {
    // Friction opposes the spin the wheel would have without it; when it could remove
    // all of that spin this step, static friction holds the wheel at exactly 0.
    locked = false;
    if (max_drop <= 0.0) return spin_free;
    if (std::fabs(spin_free) <= max_drop) {
        locked = true;
        return 0.0;
    }
    return spin_free > 0.0 ? spin_free - max_drop : spin_free + max_drop;
}

}  // namespace skidpad
