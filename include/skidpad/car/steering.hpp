// Steering (docs/physics.md §8): the bicycle steer angle follows input.steer × max steer
// (reduced at speed) at a limited rate; the front wheels get Ackermann angles.
#pragma once

#include <array>

namespace skidpad {

struct SteerDef {
    double rate = 4.0;              ///< rad/s, fastest change of the steer angle (the rack)
    double ackermann = 1.0;         ///< 0 parallel steer .. 1 full Ackermann
    double speed_reduction = 0.5;   ///< fraction of max steer removed at reduction_speed
    double reduction_speed = 40.0;  ///< m/s where the speed-sensitive reduction is full
};

/// rad, largest bicycle steer angle at forward speed |v| (m/s).
double max_steer_at(double max_steer, const SteerDef& def, double speed);

/// Front wheel angles {left, right} (rad) for bicycle angle delta (rad), wheelbase and
/// track (m): the inner wheel turns more so both roll about one centre on the rear axle line.
std::array<double, 2> ackermann_angles(double delta, double wheelbase, double track,
                                       double ackermann);

}  // namespace skidpad
