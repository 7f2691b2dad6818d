// A race's rules beside its field: the laps and the drivers' level (one for all, or mixed:
// novice, club and pro in turn down the roster). The default, 3 laps at the club level, is
// what a race was before it had rules; a replay stores other rules in a RaceRules record.
#pragma once

#include <string>
#include <vector>

#include "skidpad/plan/driver_skill.hpp"
#include "skidpad/replay/replay.hpp"

namespace skidpad::app {

/// The drivers' level of a race: one level for all, or mixed (novice, club, pro in turn).
struct RaceLevel {
    Difficulty level = Difficulty::Club;
    bool mixed = false;
    friend bool operator==(const RaceLevel&, const RaceLevel&) = default;
};
/// "novice", "club", "pro" or "mixed".
std::string race_level_name(const RaceLevel& l);
/// Reads "novice", "club", "pro" or "mixed"; false for anything else.
bool parse_race_level(const std::string& text, RaceLevel& out);
/// The level of the k-th AI driver (0-based) under `l`.
Difficulty race_level_of(const RaceLevel& l, int k);

struct RaceRules {
    int laps = 3;  ///< 1..kReplayMaxLaps
    RaceLevel level;
    /// The grid, pole first (empty: the AI drivers by predicted lap, the player at the
    /// back): k < n the k-th AI driver of the roster, n the player (n = the opponents).
    std::vector<int> grid = {};
    /// 3 laps at the club level (the grid is stored apart: race_grid_event).
    bool is_default() const { return laps == 3 && level == RaceLevel{}; }
    friend bool operator==(const RaceRules&, const RaceRules&) = default;
};

/// The replay record of `r` (ReplayOp::RaceRules), and back: false when the record's
/// values are out of range.
ReplayEvent race_rules_event(const RaceRules& r);
bool race_rules_of(const ReplayEvent& e, RaceRules& out);
/// The replay record of a grid (ReplayOp::RaceGrid), and back: false when the record is
/// not a grid of 0..n−1 each once.
ReplayEvent race_grid_event(const std::vector<int>& grid);
bool race_grid_of(const ReplayEvent& e, std::vector<int>& out);
/// True when `grid` orders n opponents and the player: every one of 0..n once.
bool race_grid_valid(const std::vector<int>& grid, int opponents);

}  // namespace skidpad::app
