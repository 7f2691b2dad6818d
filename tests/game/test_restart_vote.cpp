// The race's restart vote: a seat votes by holding its reset key for a second, the race
// restarts only once every seat has voted, a tap or one seat alone does not, and a vote
// lapses when the others do not follow.
#include <catch2/catch.hpp>

#include "restart_vote.hpp"

using namespace skidpad::app;

TEST_CASE("restart vote: every seat holding reset restarts, one alone does not",
          "[game][seats][vote]") {
    RestartVote v;
    const double f = 0.125;  // exact in binary: 8 frames make the second
    // Seat 1 taps reset (a respawn, not a vote).
    for (int i = 0; i < 3; ++i)
        CHECK(restart_vote_frame(v, {true, false}, f).new_vote == -1);
    restart_vote_frame(v, {false, false}, f);
    // Seat 1 holds for a second: its vote.
    VoteStep s;
    int frames = 0;
    while (s.new_vote < 0 && frames < 50) {
        s = restart_vote_frame(v, {true, false}, f);
        ++frames;
    }
    CHECK(s.new_vote == 0);
    CHECK(frames == 8);
    CHECK(s.votes == 1);
    CHECK_FALSE(s.restart);
    CHECK(restart_vote_text(s, 2) == "P1 votes to restart (1/2): hold reset to agree");
    // Holding on counts once.
    for (int i = 0; i < 20; ++i)
        CHECK(restart_vote_frame(v, {true, false}, f).votes == 1);
    // Seat 2 holds: everyone voted.
    bool restarted = false;
    for (int i = 0; i < 12 && !restarted; ++i)
        restarted = restart_vote_frame(v, {false, true}, f).restart;
    CHECK(restarted);
    CHECK(restart_vote_frame(v, {false, false}, f).votes == 0);  // cleared
}

TEST_CASE("restart vote: a vote the others do not join lapses", "[game][seats][vote]") {
    RestartVote v;
    for (int i = 0; i < 8; ++i)  // seat 2 votes on the eighth frame of 0.125 s
        restart_vote_frame(v, {false, true, false}, 0.125);
    VoteStep s;
    int frames = 0;
    while (!s.lapsed && frames < 400) {
        s = restart_vote_frame(v, {false, false, false}, 0.125);
        ++frames;
    }
    CHECK(s.lapsed);
    CHECK(frames == 120);  // kVoteLapseS after the vote
    CHECK(restart_vote_text(s, 3) == "Restart vote lapsed");
    CHECK(restart_vote_frame(v, {false, false, false}, 0.125).votes == 0);
}
