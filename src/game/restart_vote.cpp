// A race's restart vote between the human players (see restart_vote.hpp).
#include "restart_vote.hpp"

#include <algorithm>

namespace skidpad::app {

VoteStep restart_vote_frame(RestartVote& v, const std::vector<bool>& holding, double elapsed) {
    const std::size_t n = holding.size();
    v.held.resize(n, 0.0);
    v.voted.resize(n, false);
    v.counted.resize(n, false);
    VoteStep s;
    const double dt = elapsed > 0.0 ? elapsed : 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        if (!holding[k]) {
            v.held[k] = 0.0;
            v.counted[k] = false;
            continue;
        }
        v.held[k] += dt;
        if (v.held[k] >= kVoteHoldS && !v.counted[k]) {
            v.counted[k] = true;
            if (!v.voted[k]) {
                v.voted[k] = true;
                s.new_vote = static_cast<int>(k);
            }
        }
    }
    s.votes = static_cast<int>(std::count(v.voted.begin(), v.voted.end(), true));
    if (s.votes > 0) v.age += dt;
    if (n > 0 && s.votes == static_cast<int>(n)) {
        s.restart = true;
    } else if (s.votes > 0 && v.age > kVoteLapseS) {
        s.lapsed = true;
    }
    if (s.restart || s.lapsed) {
        std::fill(v.voted.begin(), v.voted.end(), false);
        v.age = 0.0;
    }
    return s;
}

std::string restart_vote_text(const VoteStep& s, int seats) {
    if (s.restart) return "Everyone voted: restarting";
    if (s.lapsed) return "Restart vote lapsed";
    if (s.new_vote < 0) return "";
    return "P" + std::to_string(s.new_vote + 1) + " votes to restart (" + std::to_string(s.votes) +
           "/" + std::to_string(seats) + "): hold reset to agree";
}

}  // namespace skidpad::app
