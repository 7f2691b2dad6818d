// Championships: three cups of rising difficulty, each a series of races on the shipped
// tracks; points 25-18-15-12-10-8-6-4-2-1 for the first ten, standings after every round
// (points, then wins, then the better finishes), the first round's grid by qualifying
// order given, every later round's grid the standings reversed. No window: the menus
// and the headless tests drive it alike.
#pragma once

#include <string>
#include <vector>

#include "skidpad/plan/driver_skill.hpp"

namespace skidpad::app {

struct Cup {
    std::string id;     ///< "bronze-cup", ... (its key in the progress file)
    std::string title;  ///< "Bronze Cup"
    Difficulty difficulty = Difficulty::Novice;
    std::vector<std::string> tracks;  ///< shipped track names, one per round
    int laps = 3;
    int opponents = 5;
};

/// The three cups, easiest first.
const std::vector<Cup>& cups();
/// The cups' ids, in order (for cup_unlocked).
std::vector<std::string> cup_ids();
/// Points for a finishing place (1-based): 25, 18, 15, 12, 10, 8, 6, 4, 2, 1, then 0.
int points_for_place(int place);

struct CupStanding {
    int driver = 0;  ///< index into the championship's drivers
    int points = 0;
    int wins = 0;
};

class Championship {
public:
    /// `drivers`: the player's name first, then the AI drivers'.
    Championship(Cup cup, std::vector<std::string> drivers);

    const Cup& cup() const { return cup_; }
    const std::vector<std::string>& drivers() const { return drivers_; }
    int rounds() const { return static_cast<int>(cup_.tracks.size()); }
    /// Rounds raced so far.
    int round() const { return static_cast<int>(results_.size()); }
    bool finished() const { return round() >= rounds(); }
    /// The track of the next round ("" when finished).
    std::string next_track() const;

    /// The next round's grid (driver indices, pole first): the first round in `qualifying`
    /// order (empty or the wrong size: the AI drivers in order, the player at the back),
    /// every later round the standings reversed (the leader starts last).
    std::vector<int> grid(const std::vector<int>& qualifying = {}) const;

    /// Records a round: every driver index once, winner first. "" or what is wrong.
    std::string record(const std::vector<int>& finishing_order);

    /// The standings now: points, then wins, then the count of each better place.
    std::vector<CupStanding> standings() const;
    /// The player's place in the standings (1-based).
    int player_place() const;
    int player_points() const;
    /// A round's finishing order.
    const std::vector<std::vector<int>>& results() const { return results_; }

private:
    Cup cup_;
    std::vector<std::string> drivers_;
    std::vector<std::vector<int>> results_;
};

}  // namespace skidpad::app
