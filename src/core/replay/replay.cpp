// The in-memory replay: looking up a step's input, recording, the events that
// act on the World alone, and reading and writing replay files.
#include <algorithm>

#include "replay/replay_codec.hpp"
#include "replay/replay_wire.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

namespace {
using detail::without_edges;
bool has_edges(const InputState& in) {
    return in.shift_up || in.shift_down || in.toggle_manual || in.reset;
}
}  // namespace

namespace {
InputState run_input_at(const std::vector<ReplayRun>& runs, std::uint64_t i) {
    auto it =
        std::upper_bound(runs.begin(), runs.end(), i,
                         [](std::uint64_t s, const ReplayRun& r) { return s < r.first_step; });
    if (it == runs.begin()) return InputState{};
    --it;
    return it->first_step == i ? it->input : without_edges(it->input);
}

/// Appends step `step`'s input to `runs` (a new run only where it changes); false when
/// the run limit is reached.
bool add_step(std::vector<ReplayRun>& runs, std::uint64_t step, const InputState& input) {
    const bool same =
        !runs.empty() && !has_edges(input) && same_input(without_edges(runs.back().input), input);
    if (same) return true;
    if (runs.size() >= kReplayMaxRuns) return false;
    runs.push_back({step, input});
    return true;
}
}  // namespace

namespace {
/// One more Seats record stays within the reader's limits (they are rare: counted here).
bool seats_fit(const std::vector<ReplayEvent>& events, const ReplayEvent& e) {
    std::size_t records = 1, tunables = 0;
    for (const ReplaySeat& s : e.seats)
        tunables += s.car.size();
    for (const ReplayEvent& r : events) {
        if (r.op != ReplayOp::Seats) continue;
        ++records;
        for (const ReplaySeat& s : r.seats)
            tunables += s.car.size();
    }
    return records <= detail::kReplayMaxSeatRecords && tunables <= detail::kReplayMaxSeatTunables;
}
}  // namespace

InputState Replay::input_at(std::uint64_t i) const {
    return run_input_at(runs, i);
}

InputState Replay::seat_input_at(std::size_t seat, std::uint64_t i) const {
    if (seat == 0) return input_at(i);
    if (seat > seat_runs.size()) return InputState{};
    return run_input_at(seat_runs[seat - 1], i);
}

std::size_t Replay::first_event_at(std::uint64_t i) const {
    return static_cast<std::size_t>(
        std::lower_bound(events.begin(), events.end(), i,
                         [](const ReplayEvent& e, std::uint64_t s) { return e.step < s; }) -
        events.begin());
}

void ReplayRecorder::begin(const ReplayHeader& header) {
    replay_ = Replay{};
    replay_.header = header;
    active_ = true;
    full_ = false;
    spawns_ = 0;
}

void ReplayRecorder::resume(Replay from) {
    replay_ = std::move(from);
    active_ = true;
    full_ = false;
    spawns_ = static_cast<std::size_t>(
        std::count_if(replay_.events.begin(), replay_.events.end(),
                      [](const ReplayEvent& e) { return e.op == ReplayOp::Spawn; }));
}

void ReplayRecorder::event(ReplayEvent e) {
    if (!active_ || full_) return;
    if (replay_.events.size() >= kReplayMaxEvents ||
        (e.op == ReplayOp::Spawn && spawns_ >= kReplayMaxSpawns)) {
        full_ = true;
        return;
    }
    if (e.op == ReplayOp::Seats && !seats_fit(replay_.events, e)) {
        full_ = true;
        return;
    }
    if (e.op == ReplayOp::Spawn) ++spawns_;
    e.step = replay_.steps;
    replay_.events.push_back(std::move(e));
}

void ReplayRecorder::step(const InputState& input) {
    if (!active_ || full_) return;
    if (replay_.steps >= kReplayMaxSteps) {
        full_ = true;
        return;
    }
    if (!add_step(replay_.runs, replay_.steps, input)) {
        full_ = true;
        return;
    }
    ++replay_.steps;
}

void ReplayRecorder::seat_step(std::size_t seat, const InputState& input) {
    const std::size_t players = static_cast<std::size_t>(replay_.header.players);
    if (!active_ || full_ || seat == 0 || seat >= players || replay_.steps == 0) return;
    replay_.seat_runs.resize(players - 1);
    if (!add_step(replay_.seat_runs[seat - 1], replay_.steps - 1, input)) full_ = true;
}

Replay ReplayRecorder::snapshot(std::uint64_t final_hash) const {
    Replay r = replay_;
    r.final_hash = final_hash;
    return r;
}

bool apply_world_event(World& world, const ReplayEvent& e) {
    SoftWorld& soft = world.soft();
    const vec2 at(e.x, e.y);
    switch (e.op) {
        case ReplayOp::Tune:
            world.apply(e.tune);
            return true;
        case ReplayOp::Spawn:
            soft.add_kind(e.body_kind, world.def().soft, at, 0.0f);
            return true;
        case ReplayOp::Remove:
            if (soft.valid(e.body)) soft.remove(e.body);
            return true;
        case ReplayOp::Drag:
            soft.set_drag(soft.valid(e.body) ? e.body : BodyId{}, at);
            return true;
        case ReplayOp::DragEnd:
            soft.set_drag(BodyId{}, at);
            return true;
        case ReplayOp::CarReset:
            if (world.valid(world.player())) world.reset_car(world.player());
            return true;
        default:
            return false;
    }
}

ReplayParse load_replay_file(const std::string& path) {
    std::string bytes;
    const FileResult f = read_file_capped(path, kReplayMaxBytes, bytes);
    ReplayParse r;
    if (!f.ok) {
        r.error = f.error;
        return r;
    }
    r = parse_replay(bytes);
    if (!r.ok) r.error = "replay '" + path + "': " + r.error;
    return r;
}

FileResult save_replay_file(const std::string& path, const Replay& replay) {
    return write_file_atomic(path, encode_replay(replay));
}

}  // namespace skidpad
