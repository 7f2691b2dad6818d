// A cup raced in the game (cup_run.hpp).
#include "cup_run.hpp"

#include <algorithm>

#include "skidpad/plan/driver_skill.hpp"

namespace skidpad::app {

namespace {
constexpr int kMaxField = 7;
}

CupRun cup_run_start(int k) {
    const Cup& cup = cups()[static_cast<std::size_t>(k)];
    std::vector<std::string> drivers = {"You"};
    const int n = std::min({cup.opponents, kMaxField, static_cast<int>(race_drivers().size())});
    for (int i = 0; i < n; ++i)
        drivers.push_back(race_drivers()[static_cast<std::size_t>(i)].name);
    return CupRun{k, Championship(cup, drivers), false};
}

CupUnderWay cup_run_saved(const CupRun& run) {
    return CupUnderWay{run.champ.cup().id, run.champ.results()};
}

std::string cup_run_resume(const CupUnderWay& saved, CupRun& out) {
    const std::vector<std::string> ids = cup_ids();
    const auto it = std::find(ids.begin(), ids.end(), saved.cup);
    if (it == ids.end()) return "no cup '" + saved.cup + "'";
    CupRun run = cup_run_start(static_cast<int>(it - ids.begin()));
    if (saved.rounds.size() > static_cast<std::size_t>(run.champ.rounds()))
        return "more rounds than the " + run.champ.cup().title + " has";
    for (const std::vector<int>& r : saved.rounds)
        if (const std::string e = run.champ.record(r); !e.empty()) return e;
    out = std::move(run);
    return "";
}

ModeOptions cup_round_options(const CupRun& run, const std::string& profile) {
    const Cup& cup = run.champ.cup();
    ModeOptions mo;
    mo.track = run.champ.next_track();
    mo.opponents = static_cast<int>(run.champ.drivers().size()) - 1;
    mo.rules = RaceRules{cup.laps, RaceLevel{cup.difficulty, false}};
    // After the first round the grid is the standings reversed (the leader last); the
    // first round's is the race's own (by predicted lap, the player at the back).
    if (run.champ.round() > 0) {
        const int n = mo.opponents;
        for (const int d : run.champ.grid())  // cup driver 0 is the player, d the roster's d−1
            mo.rules.grid.push_back(d == 0 ? n : d - 1);
    }
    mo.profile = profile;
    return mo;
}

std::vector<int> cup_finishing_order(const Championship& c,
                                     const std::vector<std::string>& entry_names,
                                     const std::vector<std::size_t>& order) {
    std::vector<int> out;
    const std::vector<std::string>& drivers = c.drivers();
    for (std::size_t e : order) {
        if (e >= entry_names.size()) continue;
        const auto it = std::find(drivers.begin(), drivers.end(), entry_names[e]);
        if (it == drivers.end()) continue;
        const int d = static_cast<int>(it - drivers.begin());
        if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
    }
    return out;
}

}  // namespace skidpad::app
