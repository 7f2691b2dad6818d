// Drift scoring: points from slip angle × speed × time while the car slides above the
// thresholds, gathered into combos. A combo's multiplier grows while the drift goes on;
// the combo banks (its points × multiplier go to the total) when the car has not drifted
// for the link time, and is lost (nothing banked) on contact, off track, in a spin or
// when the car is put back. Deterministic and independent of frame rate: it only sees
// the per-step samples it is given.
#pragma once

#include <cstdint>

#include "skidpad/world.hpp"

namespace skidpad {

struct Track;

/// The scoring rules (every figure in SI units; angles in degrees where named so).
struct DriftRules {
    double min_speed_mps = 8.0;       ///< m/s, no points below (29 km/h)
    double min_slip_deg = 12.0;       ///< degrees of body slip, no points below
    double max_slip_deg = 60.0;       ///< slip counted for points is capped here
    double spin_slip_deg = 110.0;     ///< beyond this (above min speed) the car has spun
    double points_per_deg_mps = 0.1;  ///< points per (degree × m/s × s)
    double link_s = 1.0;              ///< s without drifting before a combo banks
    double multiplier_step_s = 1.5;   ///< s of drifting in a combo per multiplier step
    int max_multiplier = 8;
};

/// What the scorer needs from one physics step.
struct DriftSample {
    double slip_rad = 0.0;   ///< body slip angle: between heading and velocity (signed)
    double speed_mps = 0.0;  ///< |velocity|
    bool off_track = false;  ///< the car's centre is off the track (never on the arena)
    bool contact = false;    ///< the car touched a body or a car this step
};

/// Why the last combo ended.
enum class DriftEnd : std::uint8_t { None, Banked, Contact, OffTrack, Spin, Reset };

/// "banked", "contact", "off track", "spin", "reset" ("" for None).
const char* drift_end_name(DriftEnd e);

struct DriftState {
    double total = 0.0;          ///< points banked so far
    double best_combo = 0.0;     ///< the largest single banked combo
    double combo_points = 0.0;   ///< raw points of the combo under way (before multiplier)
    double combo_drift_s = 0.0;  ///< s drifted in the combo under way
    double since_drift_s = 0.0;  ///< s since the car last drifted (combo under way)
    int multiplier = 1;          ///< of the combo under way
    bool in_combo = false;
    bool drifting = false;  ///< above both thresholds this step
    DriftEnd last_end = DriftEnd::None;
    double last_combo = 0.0;  ///< value of the combo that last ended (banked or lost)
    int combos_banked = 0;
    int combos_lost = 0;
};

class DriftScorer {
public:
    DriftScorer() = default;
    explicit DriftScorer(const DriftRules& rules) : rules_(rules) {}
    /// One physics step of dt seconds.
    void step(double dt, const DriftSample& sample);
    /// Ends the combo under way: Banked adds it to the total, anything else loses it.
    void end_combo(DriftEnd why);
    /// Points the combo under way is worth now (points × multiplier).
    double combo_value() const { return state_.combo_points * state_.multiplier; }
    /// Points per second a sample earns (0 below the thresholds or in a spin).
    double rate(const DriftSample& sample) const;
    const DriftState& state() const { return state_; }
    const DriftRules& rules() const { return rules_; }
    void clear() { state_ = DriftState{}; }

private:
    DriftRules rules_;
    DriftState state_;
};

/// The sample of car `id` after a World::step: slip and speed from its velocity and
/// heading, contact from World::events(), off track when `track` is given and the car's
/// centre lies outside its asphalt and kerbs.
DriftSample drift_sample(const World& world, CarId id, const Track* track);

}  // namespace skidpad
