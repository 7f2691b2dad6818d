// Driver aids that act on the wheels (docs/physics.md §3): traction control, the mirror
// of ABS. ABS itself lives with the brakes (brakes.hpp).
#pragma once

namespace skidpad {

struct AssistDef {
    /// Traction control: a driven wheel's drive torque is cut so its spin lands no further
    /// than the target slip ratio past the road speed (the combined-slip peak at its slip
    /// angle, so a sliding rear gets its side grip back).
    bool tc = true;
    double tc_slip = 1.0;  ///< TC target as a multiple of the tyre's peak slip ratio
};

}  // namespace skidpad
