// A race's restart vote between the human players: a seat votes by holding its reset
// key for kVoteHoldS; once every seat has voted the race starts again. A vote lapses
// after kVoteLapseS without the others. No SDL: the app says which seats hold the key.
#pragma once

#include <string>
#include <vector>

namespace skidpad::app {

inline constexpr double kVoteHoldS = 1.0;    ///< s a seat holds its reset key to vote
inline constexpr double kVoteLapseS = 15.0;  ///< s a vote waits for the others

struct RestartVote {
    std::vector<double> held;  ///< s each seat has held its reset key (a new press from 0)
    std::vector<bool> voted;
    std::vector<bool> counted;  ///< the hold under way has voted (a release needed)
    double age = 0.0;           ///< s since the first vote of the round
};

/// What a frame of `elapsed` s did to the vote of `holding.size()` seats.
struct VoteStep {
    int new_vote = -1;     ///< the seat that voted this frame (-1: none)
    int votes = 0;         ///< votes now
    bool restart = false;  ///< every seat voted: restart (the votes are cleared)
    bool lapsed = false;   ///< the round ran out before everyone voted (cleared)
};
VoteStep restart_vote_frame(RestartVote& v, const std::vector<bool>& holding, double elapsed);

/// "P2 votes to restart (1/2): hold reset to agree" for a step with a new vote.
std::string restart_vote_text(const VoteStep& s, int seats);

}  // namespace skidpad::app
