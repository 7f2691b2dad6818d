// Championship cups, points and standings (see championship.hpp).
#include "championship.hpp"

#include <algorithm>

namespace skidpad::app {

const std::vector<Cup>& cups() {
    static const std::vector<Cup> all = {
        {"bronze-cup", "Bronze Cup", Difficulty::Novice, {"club", "oval", "rally"}, 3, 5},
        {"silver-cup",
         "Silver Cup",
         Difficulty::Club,
         {"oval", "technical", "club", "rally"},
         3,
         6},
        {"gold-cup",
         "Gold Cup",
         Difficulty::Pro,
         {"technical", "rally", "club", "oval", "technical"},
         4,
         7},
    };
    return all;
}

std::vector<std::string> cup_ids() {
    std::vector<std::string> ids;
    for (const Cup& c : cups())
        ids.push_back(c.id);
    return ids;
}

int points_for_place(int place) {
    static constexpr int kPoints[10] = {25, 18, 15, 12, 10, 8, 6, 4, 2, 1};
    return place >= 1 && place <= 10 ? kPoints[place - 1] : 0;
}

Championship::Championship(Cup cup, std::vector<std::string> drivers)
    : cup_(std::move(cup)), drivers_(std::move(drivers)) {}

std::string Championship::next_track() const {
    return finished() ? "" : cup_.tracks[static_cast<std::size_t>(round())];
}

std::vector<int> Championship::grid(const std::vector<int>& qualifying) const {
    const int n = static_cast<int>(drivers_.size());
    std::vector<int> out;
    if (round() == 0) {
        if (static_cast<int>(qualifying.size()) == n) return qualifying;
        // No qualifying: the AI drivers in their order, the player at the back.
        for (int i = 1; i < n; ++i)
            out.push_back(i);
        if (n > 0) out.push_back(0);
        return out;
    }
    const std::vector<CupStanding> st = standings();
    for (auto it = st.rbegin(); it != st.rend(); ++it)
        out.push_back(it->driver);
    return out;
}

std::string Championship::record(const std::vector<int>& order) {
    if (finished()) return "the cup is over";
    const int n = static_cast<int>(drivers_.size());
    if (static_cast<int>(order.size()) != n)
        return "a result needs all " + std::to_string(n) + " drivers";
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    for (const int d : order) {
        if (d < 0 || d >= n || seen[static_cast<std::size_t>(d)])
            return "driver " + std::to_string(d) + " is not in the field once";
        seen[static_cast<std::size_t>(d)] = 1;
    }
    results_.push_back(order);
    return "";
}

std::vector<CupStanding> Championship::standings() const {
    const int n = static_cast<int>(drivers_.size());
    std::vector<CupStanding> st(static_cast<std::size_t>(n));
    // places[d][k]: how often driver d finished (k+1)-th.
    std::vector<std::vector<int>> places(static_cast<std::size_t>(n),
                                         std::vector<int>(static_cast<std::size_t>(n), 0));
    for (int d = 0; d < n; ++d)
        st[static_cast<std::size_t>(d)].driver = d;
    for (const std::vector<int>& r : results_) {
        for (std::size_t k = 0; k < r.size(); ++k) {
            CupStanding& s = st[static_cast<std::size_t>(r[k])];
            s.points += points_for_place(static_cast<int>(k) + 1);
            s.wins += k == 0 ? 1 : 0;
            places[static_cast<std::size_t>(r[k])][k] += 1;
        }
    }
    std::stable_sort(st.begin(), st.end(), [&](const CupStanding& a, const CupStanding& b) {
        if (a.points != b.points) return a.points > b.points;
        // Count-back: more wins, then more seconds, ...
        const auto& pa = places[static_cast<std::size_t>(a.driver)];
        const auto& pb = places[static_cast<std::size_t>(b.driver)];
        for (std::size_t k = 0; k < pa.size(); ++k)
            if (pa[k] != pb[k]) return pa[k] > pb[k];
        return false;
    });
    return st;
}

int Championship::player_place() const {
    const std::vector<CupStanding> st = standings();
    for (std::size_t k = 0; k < st.size(); ++k)
        if (st[k].driver == 0) return static_cast<int>(k) + 1;
    return 0;
}

int Championship::player_points() const {
    for (const CupStanding& s : standings())
        if (s.driver == 0) return s.points;
    return 0;
}

}  // namespace skidpad::app
