// Medal times and drift targets from the planner's lap (docs/modes.md, "Medals").
#include "skidpad/plan/medals.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"

namespace skidpad {

double drift_ideal_score(const SpeedProfile& profile, const ClosedPath& line,
                         const DriftRules& rules) {
    const std::size_t n = line.size();
    if (!profile.ok || n < 3 || profile.speed.size() != n || profile.curvature.size() != n)
        return 0.0;
    const double slip = std::min(kIdealDriftSlipDeg, rules.max_slip_deg);
    // Start where the line is straight, so that no bend is split at the wrap.
    std::size_t start = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (std::fabs(profile.curvature[i]) < kDriftBendCurvature) {
            start = i;
            break;
        }
    double total = 0.0;
    double combo_points = 0.0;
    double combo_s = 0.0;
    const auto bank = [&] {
        const int steps =
            rules.multiplier_step_s > 0.0 ? static_cast<int>(combo_s / rules.multiplier_step_s) : 0;
        const int mult = std::clamp(1 + steps, 1, std::max(1, rules.max_multiplier));
        total += combo_points * mult;
        combo_points = 0.0;
        combo_s = 0.0;
    };
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (start + k) % n;
        const std::size_t j = line.next(i);
        const double v = 0.5 * (profile.speed[i] + profile.speed[j]);
        const double ds = glm::length(line.points[j] - line.points[i]);
        const bool bend = std::fabs(profile.curvature[i]) >= kDriftBendCurvature;
        if (bend && v >= rules.min_speed_mps && v > 0.0) {
            const double dt = ds / v;
            combo_points += rules.points_per_deg_mps * slip * v * dt;
            combo_s += dt;
        } else if (combo_s > 0.0) {
            bank();
        }
    }
    if (combo_s > 0.0) bank();
    return total;
}

Medals medals_from_profile(const SpeedProfile& profile, const ClosedPath& line,
                           const DriftRules& rules) {
    Medals m;
    if (!profile.ok || profile.lap_time_s <= 0.0) return m;
    m.ok = true;
    m.planner_lap_s = profile.lap_time_s;
    m.gold_s = kGoldLapShare * profile.lap_time_s;
    m.silver_s = kSilverLapShare * profile.lap_time_s;
    m.bronze_s = kBronzeLapShare * profile.lap_time_s;
    m.drift_ideal = drift_ideal_score(profile, line, rules);
    m.drift_gold = std::round(kGoldDriftShare * m.drift_ideal);
    m.drift_silver = std::round(kSilverDriftShare * m.drift_ideal);
    m.drift_bronze = std::round(kBronzeDriftShare * m.drift_ideal);
    return m;
}

Medals track_medals(const Track& track, const Settings& settings) {
    Race race;
    race.set_track(track, plan_car_from_def(settings.car), settings.plan);
    return medals_from_profile(race.profile(), race.line().path);
}

Medal lap_medal(const Medals& m, double lap_s) {
    if (!m.ok || lap_s <= 0.0) return Medal::None;
    if (lap_s <= m.gold_s) return Medal::Gold;
    if (lap_s <= m.silver_s) return Medal::Silver;
    if (lap_s <= m.bronze_s) return Medal::Bronze;
    return Medal::None;
}

Medal drift_medal(const Medals& m, double score) {
    if (!m.ok || m.drift_ideal <= 0.0) return Medal::None;
    if (score >= m.drift_gold) return Medal::Gold;
    if (score >= m.drift_silver) return Medal::Silver;
    if (score >= m.drift_bronze) return Medal::Bronze;
    return Medal::None;
}

const char* medal_name(Medal m) {
    switch (m) {
        case Medal::None:
            return "none";
        case Medal::Bronze:
            return "bronze";
        case Medal::Silver:
            return "silver";
        case Medal::Gold:
            return "gold";
    }
    return "none";
}

}  // namespace skidpad
