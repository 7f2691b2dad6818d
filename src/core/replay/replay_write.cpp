// The replay file's writer: the header, input runs split where events act, and the checksum.
#include <algorithm>
#include <vector>

#include "replay/replay_codec.hpp"
#include "replay/replay_wire.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad {

using namespace detail;

namespace {

void write_event(ByteWriter& w, const ReplayEvent& e) {
    w.u8(static_cast<std::uint8_t>(e.op));
    switch (e.op) {
        case ReplayOp::Tune:
            w.varint(e.tune.param);
            w.f64(e.tune.value);
            break;
        case ReplayOp::Spawn:
            w.u8(static_cast<std::uint8_t>(body_kind_row(e.body_kind).replay_code));
            w.f32(e.x);
            w.f32(e.y);
            break;
        case ReplayOp::Remove:
            w.varint(e.body.index);
            w.varint(e.body.generation);
            break;
        case ReplayOp::Drag:
            w.varint(e.body.index);
            w.varint(e.body.generation);
            w.f32(e.x);
            w.f32(e.y);
            break;
        case ReplayOp::LoadTrack:
            w.str(e.name);
            break;
        case ReplayOp::RaceStart:
            w.u8(e.opponents);
            break;
        case ReplayOp::RaceRules:
            w.u8(e.laps);
            w.u8(e.level);
            break;
        case ReplayOp::Seats:
            w.u8(static_cast<std::uint8_t>(e.seats.size()));
            for (const ReplaySeat& seat : e.seats) {
                w.u32(seat.paint);
                w.u8(seat.own_car ? 1 : 0);
                if (!seat.own_car) continue;
                w.varint(seat.car.size());
                for (const TuneEvent& t : seat.car) {
                    w.varint(t.param);
                    w.f64(t.value);
                }
            }
            break;
        case ReplayOp::RaceGrid:
            w.u8(static_cast<std::uint8_t>(e.grid.size()));
            for (const std::uint8_t g : e.grid)
                w.u8(g);
            break;
        default:
            break;
    }
}

void write_run(ByteWriter& w, const InputState& in, const InputState& base, std::uint64_t n,
               int seat = 0) {
    std::uint8_t mask = 0;
    if (!same_bits(in.throttle, base.throttle)) mask |= kThrottle;
    if (!same_bits(in.brake, base.brake)) mask |= kBrake;
    if (!same_bits(in.steer, base.steer)) mask |= kSteer;
    if (!same_bits(in.handbrake, base.handbrake)) mask |= kHandbrake;
    if (in.gear_request != base.gear_request) mask |= kGear;
    if (edge_bits(in) != 0) mask |= kEdges;
    if (seat == 0) {
        w.u8(kOpRun);
    } else {
        w.u8(kOpSeatRun);
        w.u8(static_cast<std::uint8_t>(seat));
    }
    w.u8(mask);
    if (mask & kThrottle) w.f64(in.throttle);
    if (mask & kBrake) w.f64(in.brake);
    if (mask & kSteer) w.f64(in.steer);
    if (mask & kHandbrake) w.f64(in.handbrake);
    if (mask & kGear)
        w.u8(in.gear_request == -99 ? kGearNone : static_cast<std::uint8_t>(in.gear_request + 1));
    if (mask & kEdges) w.u8(edge_bits(in));
    w.varint(n);
}

}  // namespace

bool same_input(const InputState& a, const InputState& b) {
    return same_bits(a.throttle, b.throttle) && same_bits(a.brake, b.brake) &&
           same_bits(a.steer, b.steer) && same_bits(a.handbrake, b.handbrake) &&
           a.gear_request == b.gear_request && edge_bits(a) == edge_bits(b);
}

std::string encode_replay(const Replay& r) {
    ByteWriter w;
    w.bytes.append(kMagic, sizeof kMagic);
    w.u16(kReplayVersion);
    w.u16(r.header.players > 1 ? kFlagPlayers : 0);
    const auto& params = param_registry().all();
    w.varint(params.size());
    for (const ParamDesc& p : params) {
        w.str(p.key);
        w.f64(p.get(r.header.settings));
    }
    w.u8(static_cast<std::uint8_t>(r.header.scene));
    w.str(r.header.level);
    w.str(r.header.track);
    if (r.header.players > 1) w.u8(static_cast<std::uint8_t>(r.header.players));

    // Runs split where events act, events written before the step they precede.
    InputState base;  // the previous run's input without its edges
    std::size_t ev = 0;
    for (std::size_t k = 0; k < r.runs.size(); ++k) {
        const std::uint64_t end = k + 1 < r.runs.size() ? r.runs[k + 1].first_step : r.steps;
        std::uint64_t at = r.runs[k].first_step;
        InputState in = r.runs[k].input;
        while (at < end) {
            while (ev < r.events.size() && r.events[ev].step <= at)
                write_event(w, r.events[ev++]);
            std::uint64_t stop = end;
            if (ev < r.events.size() && r.events[ev].step < end) stop = r.events[ev].step;
            write_run(w, in, base, stop - at);
            base = without_edges(in);
            in = base;
            at = stop;
        }
    }
    while (ev < r.events.size())
        write_event(w, r.events[ev++]);
    // The further human seats' runs, seat by seat, each from step 0 to the end.
    for (int seat = 1; seat < r.header.players; ++seat) {
        const std::size_t k = static_cast<std::size_t>(seat - 1);
        std::vector<ReplayRun> runs;
        if (k < r.seat_runs.size()) runs = r.seat_runs[k];
        if (runs.empty() || runs.front().first_step > 0) runs.insert(runs.begin(), ReplayRun{});
        InputState prev;  // the previous run's input without its edges
        for (std::size_t i = 0; i < runs.size() && runs[i].first_step < r.steps; ++i) {
            const std::uint64_t end =
                i + 1 < runs.size() ? std::min(runs[i + 1].first_step, r.steps) : r.steps;
            write_run(w, runs[i].input, prev, end - runs[i].first_step, seat);
            prev = without_edges(runs[i].input);
        }
    }
    w.u8(kOpEnd);
    w.u64(r.steps);
    w.u64(r.final_hash);
    w.u64(fnv1a(w.bytes));
    return std::move(w.bytes);
}

}  // namespace skidpad
