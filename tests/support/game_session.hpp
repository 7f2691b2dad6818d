// What the game-layer tests share: a session opened on the shipped arena (with N human
// seats), a replay's records of one kind counted, a replay sent through the file and played
// back, and each human seat's place and laps in a race.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "players.hpp"
#include "replay_player.hpp"
#include "session.hpp"
#include "skidpad/replay/replay.hpp"

namespace skidpad::test {

/// A session on the shipped arena from `settings`.
inline void open_arena(app::Session& s, const Settings& settings) {
    s.sim.tuner = Tuner(settings);
    std::string warning;
    std::vector<std::string> skipped;
    app::scene_open(s.sim.scene, "", settings, warning, skipped);
}

/// A session on the shipped arena with `players` human seats.
inline void open_players(app::Session& s, const Settings& settings, int players) {
    open_arena(s, settings);
    s.sim.scene.players = players;
    app::players_place(s.sim.scene);
}

/// A session on the shipped arena with `players` human seats and `mode` started with `mo`.
inline void start_players(app::Session& s, const Settings& settings, int players,
                          const std::string& mode, const app::ModeOptions& mo = {}) {
    open_players(s, settings, players);
    REQUIRE(s.apply(app::Event::start_mode(mode, mo)).empty());
}

/// A recorded race of 3 opponents on the oval with `rules`, on a session opened on the
/// shipped arena.
inline void start_oval_race(app::Session& s, const Settings& settings,
                            const app::RaceRules& rules) {
    open_arena(s, settings);
    s.record_begin(settings, "", false);
    app::ModeOptions mo;
    mo.track = "oval";
    mo.opponents = 3;
    mo.rules = rules;
    REQUIRE(s.apply(app::Event::start_mode("race", mo)).empty());
}

/// How many of `r`'s events are `op` records.
inline int count_events(const Replay& r, ReplayOp op) {
    int n = 0;
    for (const ReplayEvent& e : r.events)
        n += e.op == op ? 1 : 0;
    return n;
}

/// `r` written to a file's bytes and read back (the same events), then played from its
/// start to its end on `scene`: the replay as read.
inline Replay play_through_file(const Replay& r, app::Scene& scene) {
    const ReplayParse parsed = parse_replay(encode_replay(r));
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    CHECK(parsed.replay.events == r.events);
    app::ReplayPlayer p;
    REQUIRE(app::replay_open(p, scene, parsed.replay).empty());
    app::replay_play_all(p, scene);
    return parsed.replay;
}

/// A replay of two players, each with no input for `steps` steps.
inline Replay two_seat_replay(std::uint64_t steps) {
    Replay r;
    r.header.players = 2;
    r.steps = steps;
    r.runs.push_back({0, InputState{}});
    r.seat_runs.resize(1);
    r.seat_runs[0].push_back({0, InputState{}});
    return r;
}

/// Seat order of the race's running order: each human seat's place (1 = leading) and laps;
/// and the world's hash.
struct SeatResult {
    std::vector<int> place;
    std::vector<int> laps;
    std::uint64_t hash = 0;
};

inline SeatResult seat_result(const app::Scene& sc) {
    SeatResult r;
    const std::vector<Standing> order = sc.race.standings(sc.world.time());
    for (CarId id : app::player_cars(sc)) {
        const RaceEntry* e = sc.race.entry(id);
        REQUIRE(e != nullptr);
        r.laps.push_back(e->timer.laps);
        for (std::size_t i = 0; i < order.size(); ++i)
            if (sc.race.entries()[order[i].entry].car == id) r.place.push_back(int(i) + 1);
    }
    r.hash = sc.world.state_hash();
    return r;
}

}  // namespace skidpad::test
