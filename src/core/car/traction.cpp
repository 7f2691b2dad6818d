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

/// How much a driven rear's slip angle counts in its traction-control target at speed:
/// the drive may use only the part of the friction circle that leaves the side slip room
/// to grow by half again, so the target is down to its floor by α*/1.5 instead of α*
/// (docs/physics.md §6.3). At α = 0 (a straight launch) it is the full peak. Below
/// 15 m/s (fully below 10 m/s) it fades to 1: there a rear's slip angle is mostly the
/// tight circle's geometry rather than a slide, and the drive is what takes the car off a
/// full-lock circle (§17.2).
constexpr double kRearSideReserve = 1.5;

double tc_target_slip(const TyreDef& tyre, const AssistDef& assists, bool rear, double alpha,
                      double speed) {
    const double k_pure = tyre_peak_slip_ratio(tyre) * clamp(assists.tc_slip, 0.1, 3.0);
    // Below the lateral peak: the friction-circle peak √(κ_p² − (s α)²), side grip first
    // (the rears with their reserve). Past it a rear keeps the floor (its drive would only
    // swing the tail further), while the steered fronts are let up to the slip ratio at
    // which their drive force peaks at this slip angle, blended in between α* and 2α*:
    // their drive pulls the nose along the wheels, so a front-drive car pulls itself
    // straight (docs/physics.md §17.5).
    const double at_speed = clamp((std::fabs(speed) - 10.0) / 5.0, 0.0, 1.0);
    const double counted = rear ? (1.0 + at_speed * (kRearSideReserve - 1.0)) * alpha : alpha;
    double kappa = std::fmax(0.25 * k_pure, tyre_combined_peak_slip(tyre, rear, k_pure, counted));
    if (!rear) {
        const double a_peak = tyre_peak_slip_angle(tyre, false);
        const double w = clamp((std::fabs(alpha) - a_peak) / a_peak, 0.0, 1.0);
        if (w > 0.0) {
            const double k_drive =
                clamp(assists.tc_slip, 0.1, 3.0) * tyre_drive_peak_slip(tyre, false, alpha);
            kappa = std::fmax(kappa, w * k_drive);
        }
    }
    return kappa;
}

}  // namespace skidpad::detail
