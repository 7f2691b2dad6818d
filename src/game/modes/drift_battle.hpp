// A drift battle: the drift mode with several human players. Every seat's car scores
// its own slides (DriftScorer, as the lone player's), side by side, for kBattleSeconds of
// world time from the start; then each combo under way is banked and the highest total
// wins (a tie has no winner). The drift mode owns it (drift_rig.hpp); the app draws it.
#pragma once

#include <vector>

#include "skidpad/modes/drift_score.hpp"

namespace skidpad::app {

struct Scene;

inline constexpr double kBattleSeconds = 90.0;  ///< s of world time a battle lasts

struct DriftBattle {
    bool on = false;
    double start = 0.0;  ///< world time s the battle began
    double length = kBattleSeconds;
    std::vector<DriftScorer> seats;  ///< seat order
    std::vector<dvec2> last;         ///< each car's position after the last step
    std::vector<bool> placed;
    bool over = false;
    int winner = -1;  ///< seat with the highest total once over (-1: a tie)
};

/// A battle of `seats` players from world time `now`.
void drift_battle_start(DriftBattle& b, int seats, double now);
/// After each physics step of `dt` s: each human car's slides scored; at the end the
/// combos under way banked and the winner named.
void drift_battle_step(DriftBattle& b, const Scene& scene, double dt);
/// s of the battle left at world time `now` (0 once over).
double drift_battle_left(const DriftBattle& b, double now);
/// Seat `seat`'s points: the banked total (and, while running, the combo under way).
double drift_battle_points(const DriftBattle& b, int seat);

}  // namespace skidpad::app
