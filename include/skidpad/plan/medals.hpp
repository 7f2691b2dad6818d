// Bronze, silver and gold for a track and car, derived from the speed planner's lap for
// that car (so any track, a user's too, has medals): lap times in time trial, and target
// scores for one lap's worth of drifting through the bends.
#pragma once

#include "skidpad/modes/drift_score.hpp"
#include "skidpad/plan/speed_profile.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"

namespace skidpad {

enum class Medal { None, Bronze, Silver, Gold };

/// A medal lap is the planner's flying lap times these (the planner's lap is the car's
/// limit on its line: a gold lap is within 4 % of it).
inline constexpr double kGoldLapShare = 1.04;
inline constexpr double kSilverLapShare = 1.10;
inline constexpr double kBronzeLapShare = 1.18;
/// A medal drift score is this share of the ideal lap's score (drift_ideal_score).
inline constexpr double kGoldDriftShare = 0.6;
inline constexpr double kSilverDriftShare = 0.35;
inline constexpr double kBronzeDriftShare = 0.15;
/// A bend, for the drift targets: curvature above this (1/m, radius under 150 m).
inline constexpr double kDriftBendCurvature = 1.0 / 150.0;
/// Slip angle (degrees) of the ideal drift.
inline constexpr double kIdealDriftSlipDeg = 35.0;

struct Medals {
    bool ok = false;
    double planner_lap_s = 0.0;  ///< s, the planner's flying lap
    double gold_s = 0.0, silver_s = 0.0, bronze_s = 0.0;
    double drift_ideal = 0.0;  ///< points of the ideal lap (drift_ideal_score)
    double drift_gold = 0.0, drift_silver = 0.0, drift_bronze = 0.0;
};

/// The points one lap scores sliding through every bend at kIdealDriftSlipDeg and the
/// planned speed, each bend one combo at the multiplier it reaches by its end.
double drift_ideal_score(const SpeedProfile& profile, const ClosedPath& line,
                         const DriftRules& rules);
/// Medals from the planner's profile on its line.
Medals medals_from_profile(const SpeedProfile& profile, const ClosedPath& line,
                           const DriftRules& rules = DriftRules{});
/// Medals of a track for the car of `settings` (its racing line and profile planned
/// with the settings' plan tunables, as the race plans them). Not ok when planning fails.
Medals track_medals(const Track& track, const Settings& settings);

/// The medal a lap time earns (None when slower than bronze or not positive).
Medal lap_medal(const Medals& m, double lap_s);
/// The medal a drift score earns.
Medal drift_medal(const Medals& m, double score);
/// "none", "bronze", "silver", "gold".
const char* medal_name(Medal m);

}  // namespace skidpad
