// Drift scoring (see drift_score.hpp).
#include "skidpad/modes/drift_score.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/scene/track.hpp"

namespace skidpad {

namespace {
constexpr double kDegPerRad = 180.0 / kPi;
/// m/s: below this the slip angle of a nearly stopped car means nothing.
constexpr double kSlipMinSpeed = 0.5;
}  // namespace

const char* drift_end_name(DriftEnd e) {
    switch (e) {
        case DriftEnd::None:
            return "";
        case DriftEnd::Banked:
            return "banked";
        case DriftEnd::Contact:
            return "contact";
        case DriftEnd::OffTrack:
            return "off track";
        case DriftEnd::Spin:
            return "spin";
        case DriftEnd::Reset:
            return "reset";
    }
    return "";
}

double DriftScorer::rate(const DriftSample& sample) const {
    if (!std::isfinite(sample.slip_rad) || !std::isfinite(sample.speed_mps)) return 0.0;
    const double slip_deg = std::fabs(sample.slip_rad) * kDegPerRad;
    if (sample.speed_mps < rules_.min_speed_mps || slip_deg < rules_.min_slip_deg ||
        slip_deg > rules_.spin_slip_deg)
        return 0.0;
    return std::min(slip_deg, rules_.max_slip_deg) * sample.speed_mps * rules_.points_per_deg_mps;
}

void DriftScorer::end_combo(DriftEnd why) {
    DriftState& s = state_;
    if (!s.in_combo) return;
    const double value = combo_value();
    if (why == DriftEnd::Banked) {
        s.total += value;
        s.best_combo = std::max(s.best_combo, value);
        ++s.combos_banked;
    } else {
        ++s.combos_lost;
    }
    s.last_end = why;
    s.last_combo = value;
    s.in_combo = false;
    s.drifting = false;
    s.combo_points = 0.0;
    s.combo_drift_s = 0.0;
    s.since_drift_s = 0.0;
    s.multiplier = 1;
}

void DriftScorer::step(double dt, const DriftSample& sample) {
    if (!(dt > 0.0) || !std::isfinite(dt)) return;
    DriftState& s = state_;
    s.drifting = false;
    // Contact or leaving the track loses the combo; no points while either lasts.
    if (sample.contact || sample.off_track) {
        end_combo(sample.contact ? DriftEnd::Contact : DriftEnd::OffTrack);
        return;
    }
    const double slip_deg = std::fabs(sample.slip_rad) * kDegPerRad;
    if (sample.speed_mps >= rules_.min_speed_mps && slip_deg > rules_.spin_slip_deg) {
        end_combo(DriftEnd::Spin);
        return;
    }
    const double r = rate(sample);
    if (r > 0.0) {
        s.in_combo = true;
        s.drifting = true;
        s.combo_points += r * dt;
        s.combo_drift_s += dt;
        s.since_drift_s = 0.0;
        const double steps = std::floor(s.combo_drift_s / std::max(rules_.multiplier_step_s, 1e-3));
        s.multiplier = static_cast<int>(std::min<double>(rules_.max_multiplier, 1.0 + steps));
        return;
    }
    if (!s.in_combo) return;
    s.since_drift_s += dt;
    if (s.since_drift_s >= rules_.link_s) end_combo(DriftEnd::Banked);
}

DriftSample drift_sample(const World& world, CarId id, const Track* track) {
    DriftSample out;
    if (!world.valid(id)) return out;
    const Car& car = world.car(id);
    const dvec2 fwd(std::cos(car.heading), std::sin(car.heading));
    const dvec2 left(-fwd.y, fwd.x);
    const double v_long = car.velocity.x * fwd.x + car.velocity.y * fwd.y;
    const double v_lat = car.velocity.x * left.x + car.velocity.y * left.y;
    out.speed_mps = std::sqrt(v_long * v_long + v_lat * v_lat);
    out.slip_rad = out.speed_mps > kSlipMinSpeed ? std::atan2(v_lat, v_long) : 0.0;
    for (const ContactEvent& e : world.events().contacts) {
        if (e.car == id.index && e.impulse > 0.0) out.contact = true;
    }
    out.off_track = track != nullptr && !track_contains(*track, car.position);
    return out;
}

}  // namespace skidpad
