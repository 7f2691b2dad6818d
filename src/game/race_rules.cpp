// A race's laps and drivers' level (race_rules.hpp).
#include "race_rules.hpp"

namespace skidpad::app {

std::string race_level_name(const RaceLevel& l) {
    return l.mixed ? "mixed" : difficulty_name(l.level);
}

bool parse_race_level(const std::string& text, RaceLevel& out) {
    if (text == "mixed") {
        out = RaceLevel{Difficulty::Club, true};
        return true;
    }
    Difficulty d{};
    if (!parse_difficulty(text, d)) return false;
    out = RaceLevel{d, false};
    return true;
}

Difficulty race_level_of(const RaceLevel& l, int k) {
    return l.mixed ? static_cast<Difficulty>(((k % 3) + 3) % 3) : l.level;
}

ReplayEvent race_rules_event(const RaceRules& r) {
    ReplayEvent e;
    e.op = ReplayOp::RaceRules;
    e.laps = static_cast<std::uint8_t>(r.laps);
    e.level = static_cast<std::uint8_t>(r.level.mixed ? 3 : static_cast<int>(r.level.level));
    return e;
}

bool race_rules_of(const ReplayEvent& e, RaceRules& out) {
    if (e.op != ReplayOp::RaceRules || e.laps < 1 || e.laps > kReplayMaxLaps ||
        e.level > kReplayMaxLevel)
        return false;
    out.laps = e.laps;
    out.level = e.level == 3 ? RaceLevel{Difficulty::Club, true}
                             : RaceLevel{static_cast<Difficulty>(e.level), false};
    return true;
}

ReplayEvent race_grid_event(const std::vector<int>& grid) {
    ReplayEvent e;
    e.op = ReplayOp::RaceGrid;
    for (const int g : grid)
        e.grid.push_back(static_cast<std::uint8_t>(g));
    return e;
}

bool race_grid_of(const ReplayEvent& e, std::vector<int>& out) {
    if (e.op != ReplayOp::RaceGrid) return false;
    std::vector<int> g(e.grid.begin(), e.grid.end());
    if (!race_grid_valid(g, static_cast<int>(g.size()) - 1)) return false;
    out = std::move(g);
    return true;
}

bool race_grid_valid(const std::vector<int>& grid, int opponents) {
    if (opponents < 1 || grid.size() != static_cast<std::size_t>(opponents) + 1) return false;
    std::vector<bool> seen(grid.size(), false);
    for (const int g : grid) {
        if (g < 0 || g > opponents || seen[static_cast<std::size_t>(g)]) return false;
        seen[static_cast<std::size_t>(g)] = true;
    }
    return true;
}

}  // namespace skidpad::app
