// The replay file's strict reader: every record checked against the limits (docs/replays.md).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "replay/replay_codec.hpp"
#include "replay/replay_wire.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "skidpad/tune/params.hpp"
#include "util_text.hpp"

namespace skidpad {

using namespace detail;

namespace {

struct Parser {
    ByteReader in;
    Replay out;
    std::vector<int> param_map;             ///< file's param index -> registry index
    std::size_t spawns = 0;                 ///< Spawn events read
    std::size_t seat_records = 0;           ///< Seats records read
    std::size_t seat_tunables = 0;          ///< their car tunables, all seats
    std::vector<std::uint64_t> seat_steps;  ///< per further seat: steps its runs hold
    std::vector<InputState> seat_bases;     ///< per further seat: its last run's input

    explicit Parser(std::string_view b) : in(b) {}

    void header() {
        char magic[8] = {};
        for (char& c : magic)
            c = static_cast<char>(in.u8("the magic"));
        if (!in.ok()) return;
        if (std::memcmp(magic, kMagic, sizeof kMagic) != 0)
            return in.fail("not a Skidpad replay (no SKIDRPLY magic)", 0);
        const std::size_t vat = in.offset();
        const std::uint16_t version = in.u16("the version");
        if (in.ok() && version < kReplayVersion) {
            return in.fail("version " + std::to_string(version) +
                               ": recorded on an older physics model that this build no longer "
                               "reproduces (this build reads version " +
                               std::to_string(kReplayVersion) + ")",
                           vat);
        }
        if (in.ok() && version != kReplayVersion) {
            return in.fail("version " + std::to_string(version) + " (this build reads version " +
                               std::to_string(kReplayVersion) + ")",
                           vat);
        }
        const std::size_t fat = in.offset();
        const std::uint16_t flags = in.u16("the flags");
        if (in.ok() && (flags & ~kFlagPlayers) != 0) return in.fail("unknown flags", fat);
        settings();
        const std::size_t sat = in.offset();
        const std::uint8_t scene = in.u8("the scene kind");
        if (in.ok() && scene > 1) return in.fail("scene kind " + std::to_string(scene), sat);
        out.header.scene = static_cast<ReplayScene>(scene);
        out.header.level = in.str("the level path", kReplayMaxString);
        const std::size_t tat = in.offset();
        out.header.track = in.str("the track name", kMaxNameLength);
        if (in.ok() && (out.header.scene == ReplayScene::Track) == out.header.track.empty())
            return in.fail("the track name does not match the scene kind", tat);
        if (flags & kFlagPlayers) {
            const std::size_t pat = in.offset();
            const int players = in.u8("the player count");
            if (!in.ok()) return;  // cut short: nothing to size the seats by
            if (players < 2 || players > kReplayMaxPlayers)
                return in.fail("player count " + std::to_string(players) + " (2.." +
                                   std::to_string(kReplayMaxPlayers) + ")",
                               pat);
            out.header.players = players;
            out.seat_runs.resize(static_cast<std::size_t>(players - 1));
            seat_steps.assign(static_cast<std::size_t>(players - 1), 0);
            seat_bases.assign(static_cast<std::size_t>(players - 1), InputState{});
        }
    }

    void settings() {
        const ParamRegistry& reg = param_registry();
        const auto n = static_cast<std::size_t>(in.varint("the tunable count", kReplayMaxParams));
        std::vector<bool> seen(reg.all().size(), false);
        for (std::size_t i = 0; i < n && in.ok(); ++i) {
            const std::size_t at = in.offset();
            const std::string key = in.str("a tunable's key", kMaxNameLength);
            const double value = in.f64("a tunable's value");
            if (!in.ok()) return;
            const ParamDesc* p = reg.find(key);
            if (!p)
                return in.fail("unknown tunable '" + util::printable(key.substr(0, 80)) + "'", at);
            const std::size_t idx = reg.index(*p);
            if (seen[idx]) return in.fail("tunable '" + key + "' given twice", at);
            seen[idx] = true;
            const ParamResult ok = reg.check(*p, value);
            if (!ok.ok) return in.fail(ok.error, at);
            p->set_raw(out.header.settings, value);
            param_map.push_back(static_cast<int>(idx));
        }
    }

    bool check_unit(double v, double lo, double hi, const char* what, std::size_t at) {
        if (std::isfinite(v) && v >= lo && v <= hi) return true;
        in.fail(std::string(what) + " outside [" + std::to_string(static_cast<int>(lo)) + ", " +
                    std::to_string(static_cast<int>(hi)) + "]",
                at);
        return false;
    }

    void run(InputState& base) { run_into(base, out.runs, out.steps); }

    void seat_run(std::size_t at) {
        const std::uint8_t seat = in.u8("a seat run's seat");
        if (!in.ok()) return;
        if (seat < 1 || seat >= out.header.players)
            return in.fail("seat run for seat " + std::to_string(seat) + " of a replay of " +
                               std::to_string(out.header.players) + " players",
                           at);
        const std::size_t k = static_cast<std::size_t>(seat - 1);
        run_into(seat_bases[k], out.seat_runs[k], seat_steps[k]);
    }

    void run_into(InputState& base, std::vector<ReplayRun>& runs, std::uint64_t& steps) {
        const std::size_t at = in.offset();
        const std::uint8_t mask = in.u8("an input run");
        if (!in.ok()) return;
        if (mask & ~(kThrottle | kBrake | kSteer | kHandbrake | kGear | kEdges))
            return in.fail("unknown input fields", at);
        InputState s = base;
        if (mask & kThrottle) s.throttle = in.f64("the throttle");
        if (mask & kBrake) s.brake = in.f64("the brake");
        if (mask & kSteer) s.steer = in.f64("the steer");
        if (mask & kHandbrake) s.handbrake = in.f64("the handbrake");
        if (mask & kGear) {
            const std::size_t gat = in.offset();
            const std::uint8_t g = in.u8("the gear request");
            if (g == kGearNone) {
                s.gear_request = -99;
            } else if (g <= kGearMax - kGearMin) {
                s.gear_request = static_cast<int>(g) + kGearMin;
            } else {
                return in.fail("gear request " + std::to_string(static_cast<int>(g) + kGearMin),
                               gat);
            }
        }
        if (mask & kEdges) {
            const std::size_t eat = in.offset();
            const std::uint8_t e = in.u8("the edge commands");
            if (e == 0 || e > 15) return in.fail("edge commands " + std::to_string(e), eat);
            s.shift_up = e & 1;
            s.shift_down = e & 2;
            s.toggle_manual = e & 4;
            s.reset = e & 8;
        }
        const std::size_t nat = in.offset();
        const std::uint64_t n = in.varint("the run length", kReplayMaxSteps);
        if (!in.ok()) return;
        if (!check_unit(s.throttle, 0, 1, "throttle", at) ||
            !check_unit(s.brake, 0, 1, "brake", at) || !check_unit(s.steer, -1, 1, "steer", at) ||
            !check_unit(s.handbrake, 0, 1, "handbrake", at))
            return;
        if (n == 0) return in.fail("empty input run", nat);
        if (steps + n > kReplayMaxSteps)
            return in.fail("more than " + std::to_string(kReplayMaxSteps) + " steps", nat);
        base = without_edges(s);
        const bool merge = !runs.empty() && (mask & kEdges) == 0 &&
                           same_input(without_edges(runs.back().input), s);
        if (!merge) {
            if (runs.size() >= kReplayMaxRuns)
                return in.fail("more than " + std::to_string(kReplayMaxRuns) + " input runs", at);
            runs.push_back({steps, s});
        }
        steps += n;
    }

    bool coordinate(float v, std::size_t at) {
        if (std::isfinite(v) && std::fabs(v) <= kReplayMaxCoordinate) return true;
        in.fail("coordinate outside +-10000 m", at);
        return false;
    }

    void body(ReplayEvent& e) {
        const std::size_t at = in.offset();
        e.body.index = static_cast<std::uint32_t>(in.varint("a body index", 0xffffffffu));
        e.body.generation = static_cast<std::uint32_t>(in.varint("a body generation", 0xffffffffu));
        if (in.ok() && e.body.generation == 0) in.fail("body generation 0", at);
    }

    void event(std::uint8_t op, std::size_t at) {
        if (out.events.size() >= kReplayMaxEvents)
            return in.fail("more than " + std::to_string(kReplayMaxEvents) + " events", at);
        ReplayEvent e;
        e.op = static_cast<ReplayOp>(op);
        e.step = out.steps;
        const ParamRegistry& reg = param_registry();
        switch (e.op) {
            case ReplayOp::Tune: {
                const std::size_t i = static_cast<std::size_t>(
                    in.varint("a tuning event's tunable", kReplayMaxParams));
                const double v = in.f64("a tuning event's value");
                if (!in.ok()) return;
                if (i >= param_map.size())
                    return in.fail("tuning event names tunable " + std::to_string(i) + " of " +
                                       std::to_string(param_map.size()),
                                   at);
                const ParamDesc& p = reg.all()[static_cast<std::size_t>(param_map[i])];
                const ParamResult ok = reg.check(p, v);
                if (!ok.ok) return in.fail("tuning event: " + ok.error, at);
                e.tune = TuneEvent{static_cast<std::uint16_t>(param_map[i]), v};
                break;
            }
            case ReplayOp::Spawn: {
                const std::uint8_t k = in.u8("a spawn's body kind");
                e.x = in.f32("a spawn's x");
                e.y = in.f32("a spawn's y");
                if (!in.ok()) return;
                const BodyKindRow* row = body_kind_by_replay_code(k);
                if (row == nullptr) return in.fail("body kind " + std::to_string(k), at);
                e.body_kind = row->kind;
                if (!coordinate(e.x, at) || !coordinate(e.y, at)) return;
                if (++spawns > kReplayMaxSpawns)
                    return in.fail(
                        "more than " + std::to_string(kReplayMaxSpawns) + " spawned bodies", at);
                break;
            }
            case ReplayOp::Remove:
                body(e);
                break;
            case ReplayOp::Drag:
                body(e);
                e.x = in.f32("a drag's x");
                e.y = in.f32("a drag's y");
                if (!in.ok() || !coordinate(e.x, at) || !coordinate(e.y, at)) return;
                break;
            case ReplayOp::LoadTrack:
                e.name = in.str("a track name", kMaxNameLength);
                if (in.ok() && e.name.empty()) return in.fail("empty track name", at);
                break;
            case ReplayOp::RaceStart:
                e.opponents = in.u8("a race's opponents");
                if (in.ok() && (e.opponents < 1 || e.opponents > kReplayMaxOpponents))
                    return in.fail("race with " + std::to_string(e.opponents) + " opponents (1.." +
                                       std::to_string(kReplayMaxOpponents) + ")",
                                   at);
                break;
            case ReplayOp::RaceRules:
                e.laps = in.u8("a race's laps");
                e.level = in.u8("a race's level");
                if (in.ok() && (e.laps < 1 || e.laps > kReplayMaxLaps))
                    return in.fail("race of " + std::to_string(e.laps) + " laps (1.." +
                                       std::to_string(kReplayMaxLaps) + ")",
                                   at);
                if (in.ok() && e.level > kReplayMaxLevel)
                    return in.fail("race level " + std::to_string(e.level) + " (0.." +
                                       std::to_string(kReplayMaxLevel) + ")",
                                   at);
                break;
            case ReplayOp::Seats:
                seats(e, at);
                break;
            case ReplayOp::RaceGrid: {  // the field and the player, each once
                const int n = in.u8("a race grid's size"), most = kReplayMaxOpponents + 1;
                if (in.ok() && (n < 2 || n > most))
                    return in.fail("race grid of " + std::to_string(n) + " places (2.." +
                                       std::to_string(most) + ")",
                                   at);
                std::vector<bool> seen(n, false);
                for (int k = 0; k < n && in.ok(); ++k) {
                    const std::uint8_t g = in.u8("a race grid's place");
                    if (in.ok() && (g >= n || seen[g]))
                        return in.fail(
                            "race grid place " + std::to_string(g) + " out of range or given twice",
                            at);
                    seen[g] = true;
                    e.grid.push_back(g);
                }
                break;
            }
            case ReplayOp::DragEnd:
            case ReplayOp::SceneReset:
            case ReplayOp::CarReset:
            case ReplayOp::LoadArena:
                break;
            default:
                return in.fail("unknown record " + std::to_string(op), at);
        }
        if (in.ok()) out.events.push_back(std::move(e));
    }

    /// A Seats record: a paint per player, after the first maybe a car's tunables.
    void seats(ReplayEvent& e, std::size_t at) {
        const int n = in.u8("a seats record's seat count");
        if (!in.ok()) return;
        if (++seat_records > detail::kReplayMaxSeatRecords)
            return in.fail(
                "more than " + std::to_string(detail::kReplayMaxSeatRecords) + " seats records",
                at);
        if (n != out.header.players)
            return in.fail("seats record for " + std::to_string(n) + " seats of a replay of " +
                               std::to_string(out.header.players) + " players",
                           at);
        const ParamRegistry& reg = param_registry();
        for (int k = 0; k < n && in.ok(); ++k) {
            ReplaySeat seat;
            seat.paint = in.u32("a seat's paint");
            const std::size_t cat = in.offset();
            const std::uint8_t own = in.u8("a seat's car flag");
            if (!in.ok()) return;
            if (own > 1 || (own == 1 && k == 0))
                return in.fail("seat " + std::to_string(k + 1) + "'s car flag " +
                                   std::to_string(own) + (k == 0 ? " (0: the settings' car)" : ""),
                               cat);
            seat.own_car = own == 1;
            if (seat.own_car) {
                const auto m =
                    static_cast<std::size_t>(in.varint("a seat's tunable count", param_map.size()));
                std::vector<bool> seen(param_map.size(), false);
                seat_tunables += m;
                if (seat_tunables > detail::kReplayMaxSeatTunables)
                    return in.fail("more than " + std::to_string(detail::kReplayMaxSeatTunables) +
                                       " seat car tunables",
                                   at);
                for (std::size_t i = 0; i < m && in.ok(); ++i) {
                    const std::size_t tat = in.offset();
                    const auto f = static_cast<std::size_t>(
                        in.varint("a seat car's tunable", kReplayMaxParams));
                    const double v = in.f64("a seat car's value");
                    if (!in.ok()) return;
                    if (f >= param_map.size())
                        return in.fail("seat car names tunable " + std::to_string(f) + " of " +
                                           std::to_string(param_map.size()),
                                       tat);
                    if (seen[f]) return in.fail("seat car gives a tunable twice", tat);
                    seen[f] = true;
                    const ParamDesc& p = reg.all()[static_cast<std::size_t>(param_map[f])];
                    const ParamResult ok = reg.check(p, v);
                    if (!ok.ok) return in.fail("seat car: " + ok.error, tat);
                    seat.car.push_back(TuneEvent{static_cast<std::uint16_t>(param_map[f]), v});
                }
            }
            e.seats.push_back(std::move(seat));
        }
    }

    void body_records() {
        InputState base;
        // A run takes at least 3 bytes, an event 2: room for as many as the rest of the file
        // can hold (pages only touched as they fill), so the vectors never grow by copying
        // and a file at the limits peaks at what it holds, not half as much again.
        out.runs.reserve(std::min<std::size_t>(kReplayMaxRuns, in.left() / 3));
        out.events.reserve(std::min<std::size_t>(kReplayMaxEvents, in.left() / 2));
        while (in.ok()) {
            const std::size_t at = in.offset();
            const std::uint8_t op = in.u8("the records (no end record)");
            if (!in.ok()) return;
            if (op == kOpEnd) return;
            if (op == kOpRun) {
                run(base);
            } else if (op == kOpSeatRun) {
                seat_run(at);
            } else {
                event(op, at);
            }
        }
    }

    void footer(std::string_view bytes) {
        const std::size_t at = in.offset();
        const std::uint64_t steps = in.u64("the step count");
        out.final_hash = in.u64("the final hash");
        const std::size_t cat = in.offset();
        const std::uint64_t sum = in.u64("the checksum");
        if (!in.ok()) return;
        if (steps != out.steps) {
            return in.fail("step count " + std::to_string(steps) + " but the runs hold " +
                               std::to_string(out.steps),
                           at);
        }
        for (std::size_t k = 0; k < seat_steps.size(); ++k) {
            if (seat_steps[k] != steps)
                return in.fail("seat " + std::to_string(k + 1) + "'s runs hold " +
                                   std::to_string(seat_steps[k]) + " steps of " +
                                   std::to_string(steps),
                               at);
        }
        if (in.left() != 0) return in.fail("bytes after the end", in.offset());
        if (sum != fnv1a(bytes.substr(0, cat))) in.fail("checksum mismatch (corrupt file)", cat);
    }
};

}  // namespace

ReplayParse parse_replay(std::string_view bytes) {
    ReplayParse r;
    if (bytes.size() > kReplayMaxBytes) {
        r.error = "larger than " + std::to_string(kReplayMaxBytes >> 20) + " MiB";
        return r;
    }
    Parser p(bytes);
    p.header();
    p.body_records();
    if (p.in.ok()) p.footer(bytes);
    if (!p.in.ok()) {
        r.error = p.in.error();
        return r;
    }
    r.ok = true;
    r.replay = std::move(p.out);
    return r;
}

}  // namespace skidpad
