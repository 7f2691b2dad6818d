// Traction control's target slip ratio: the combined-slip peak at the wheel's slip angle.
#include <algorithm>
#include <cmath>

#include "car_internal.hpp"

namespace skidpad::detail {

namespace {

/// F_x / (μ F_z) of the tyre at slip ratio κ ≥ 0 and slip angle α (its own curve, no lag).
double drive_share(const TyreDef& def, bool rear, double kappa, double alpha) {
    constexpr double kV = 10.0;  // m/s, any speed above v_min gives the same slips
    TyreIn in;
    in.v_long = kV;
    in.v_lat = kV * std::tan(alpha);
    in.rim_speed = kV * (1.0 + kappa);
    in.load = 1.0;
    in.reference_load = 1.0;
    in.rear = rear;
    const TyreOut out = tyre_force(def, in);
    return out.grip_limit > 0.0 ? out.fx / out.grip_limit : 0.0;
}

}  // namespace

double tyre_drive_peak_slip(const TyreDef& def, bool rear, double slip_angle) {
    const double alpha = clamp(std::fabs(slip_angle), 0.0, 1.5);
    // A coarse scan for the largest drive force, then a golden-section search around it
    // (the curve's floor can make F_x rise again toward κ = 1, so no bisection).
    constexpr int kScan = 40;
    int best = 1;
    double best_f = -1.0;
    for (int i = 1; i <= kScan; ++i) {
        const double k = kMaxSlipRatio * i / kScan;
        const double f = drive_share(def, rear, k, alpha);
        if (f > best_f) {
            best_f = f;
            best = i;
        }
    }
    double lo = kMaxSlipRatio * (best - 1) / kScan;
    double hi = kMaxSlipRatio * std::min(best + 1, kScan) / kScan;
    constexpr double kGold = 0.6180339887498949;
    for (int i = 0; i < 30; ++i) {
        const double a = hi - kGold * (hi - lo);
        const double b = lo + kGold * (hi - lo);
        if (drive_share(def, rear, a, alpha) < drive_share(def, rear, b, alpha))
            lo = a;
        else
            hi = b;
    }
    return 0.5 * (lo + hi);
}

}  // namespace skidpad::detail
