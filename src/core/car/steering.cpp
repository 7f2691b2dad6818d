// Speed-sensitive steering limit and Ackermann geometry.
#include "skidpad/car/steering.hpp"

#include <cmath>

#include "skidpad/math.hpp"

namespace skidpad {

double max_steer_at(double max_steer, const SteerDef& def, double speed) {
    const double vref = def.reduction_speed > 0.1 ? def.reduction_speed : 0.1;
    const double k = clamp(std::fabs(speed) / vref, 0.0, 1.0);
    return max_steer * (1.0 - clamp(def.speed_reduction, 0.0, 0.95) * k);
}

std::array<double, 2> ackermann_angles(double delta, double wheelbase, double track,
                                       double ackermann) {
    if (std::fabs(delta) < 1e-9) return {delta, delta};
    // Turn centre on the rear axle line at signed radius R = L / tan δ (+ = left).
    const double r = wheelbase / std::tan(delta);
    const double half = 0.5 * track;
    // atan2 keeps the angle on the right branch even when the centre falls between the
    // wheels (very short radius); the result is capped well short of 90°.
    double left = std::atan2(wheelbase, r - half);
    double right = std::atan2(wheelbase, r + half);
    if (delta < 0.0) {
        left -= kPi;
        right -= kPi;
    }
    const double cap = 1.4;
    left = clamp(left, -cap, cap);
    right = clamp(right, -cap, cap);
    const double a = clamp(ackermann, 0.0, 1.0);
    return {delta + a * (left - delta), delta + a * (right - delta)};
}

}  // namespace skidpad
