// Replays in the core: a run recorded with tuning changes and sandbox edits plays back
// to its own recorded hash bit for bit, a copy of the world taken mid-run (a seek
// snapshot) continues to the same state, and the reader refuses truncated, corrupt,
// wrong-version and out-of-range files with a message naming the byte.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <random>

#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr double kDt = 1.0 / 120.0;
constexpr int kSteps = 480;
/// The final state hash of the recorded drive below (record_drive). A golden like
/// kGoldenArenaDrive: it changes only when the car, the soft bodies or the replayed
/// events deliberately behave differently; say why in the commit message.
constexpr std::uint64_t kGoldenReplayDrive = 7066976056580166238ull;

InputState drive_input(int step) {
    const double t = step * kDt;
    InputState in;
    in.throttle = t < 2.5 ? 1.0 : 0.4;
    in.steer = t < 1.0 ? 0.0 : 0.35 * std::sin(1.3 * t);
    in.brake = t >= 3.0 && t < 3.4 ? 0.7 : 0.0;
    in.handbrake = t >= 2.0 && t < 2.2 ? 1.0 : 0.0;
    in.shift_down = step == 300;
    return in;
}

World arena() {
    World world{WorldDef{}};
    build_default_arena(world, CarDef{});
    return world;
}

std::uint16_t param(const char* key) {
    const ParamDesc* p = param_registry().find(key);
    REQUIRE(p != nullptr);
    return static_cast<std::uint16_t>(param_registry().index(*p));
}

/// The events of the drive, by the step before which each acts.
std::vector<ReplayEvent> events_before(int step, World& w) {
    std::vector<ReplayEvent> out;
    ReplayEvent e;
    if (step == 60) {
        e.op = ReplayOp::Tune;
        e.tune = TuneEvent{param("car.mass"), 1650.0};
        out.push_back(e);
        e.tune = TuneEvent{param("soft.friction"), 0.8};
        out.push_back(e);
    }
    if (step == 120) {
        e = ReplayEvent{};
        e.op = ReplayOp::Spawn;
        e.body_kind = BodyKind::Crate;
        const Car& c = w.car(w.player());
        e.x = static_cast<float>(c.position.x + 6.0);
        e.y = static_cast<float>(c.position.y);
        out.push_back(e);
    }
    if (step == 200 || step == 230) {
        e = ReplayEvent{};
        e.op = ReplayOp::Drag;
        e.body = w.soft().id_of(0);
        e.x = step == 200 ? 3.0f : 4.0f;
        e.y = 2.0f;
        out.push_back(e);
    }
    if (step == 260) {
        e = ReplayEvent{};
        e.op = ReplayOp::DragEnd;
        out.push_back(e);
        e.op = ReplayOp::Remove;
        e.body = w.soft().id_of(1);
        out.push_back(e);
    }
    if (step == 400) {
        e = ReplayEvent{};
        e.op = ReplayOp::CarReset;
        out.push_back(e);
    }
    return out;
}

/// Records the drive into `rec` and returns the world at its end.
World record_drive(ReplayRecorder& rec) {
    World w = arena();
    ReplayHeader h;
    rec.begin(h);
    for (int i = 0; i < kSteps; ++i) {
        for (const ReplayEvent& e : events_before(i, w)) {
            rec.event(e);
            apply_world_event(w, e);
        }
        const InputState in = drive_input(i);
        rec.step(in);
        w.step(kDt, in);
    }
    return w;
}

/// Plays steps [from, to) of `r` on `w` (events acting before each step first).
void play(World& w, const Replay& r, std::uint64_t from, std::uint64_t to) {
    std::size_t ev = r.first_event_at(from);
    for (std::uint64_t i = from; i < to; ++i) {
        for (; ev < r.events.size() && r.events[ev].step <= i; ++ev)
            apply_world_event(w, r.events[ev]);
        w.step(kDt, r.input_at(i));
    }
    if (to == r.steps)
        for (; ev < r.events.size(); ++ev)
            apply_world_event(w, r.events[ev]);
}

std::string recorded_file() {
    ReplayRecorder rec;
    const World w = record_drive(rec);
    return encode_replay(rec.snapshot(w.state_hash()));
}

/// Replaces the trailing checksum so that a deliberately edited file reaches the
/// field checks (FNV-1a 64 of every byte before it).
void reseal(std::string& b) {
    std::uint64_t h = 1469598103934665603ull;
    for (std::size_t i = 0; i + 8 < b.size(); ++i)
        h = (h ^ static_cast<std::uint8_t>(b[i])) * 1099511628211ull;
    for (int i = 0; i < 8; ++i)
        b[b.size() - 8 + static_cast<std::size_t>(i)] = static_cast<char>(h >> (8 * i));
}

}  // namespace

TEST_CASE("a recorded drive with tuning and sandbox edits replays to its own hash",
          "[replay][determinism]") {
    ReplayRecorder rec;
    const World recorded = record_drive(rec);
    const Replay original = rec.snapshot(recorded.state_hash());
    REQUIRE(original.steps == kSteps);
    REQUIRE(original.events.size() == 8);

    const ReplayParse parsed = parse_replay(encode_replay(original));
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    const Replay& r = parsed.replay;
    CHECK(r.steps == original.steps);
    CHECK(r.runs.size() == original.runs.size());
    CHECK(r.events == original.events);
    for (std::uint64_t i = 0; i < r.steps; ++i) {
        INFO("step " << i);
        REQUIRE(same_input(r.input_at(i), drive_input(static_cast<int>(i))));
    }

    World w = arena();
    play(w, r, 0, r.steps);
    CHECK(w.state_hash() == r.final_hash);
    CHECK(w.state_hash() == recorded.state_hash());
    // The same constant in every build (Release, ASan+UBSan, Debug: scripts/test
    // --debug-hashes), so a replay recorded by one build plays to its hash in another.
    CHECK(w.state_hash() == kGoldenReplayDrive);
    // The tuning change acted: the replayed car is the heavier one.
    CHECK(w.car_def(w.player()).mass == 1650.0);

    // Without the events the same inputs end elsewhere: the events are what made it.
    Replay bare = r;
    bare.events.clear();
    World b = arena();
    play(b, bare, 0, bare.steps);
    CHECK(b.state_hash() != r.final_hash);
}

TEST_CASE("seeking from a mid-run snapshot then playing equals playing from the start",
          "[replay][determinism]") {
    const ReplayParse p = parse_replay(recorded_file());
    REQUIRE(p.ok);
    const Replay& r = p.replay;
    World w = arena();
    play(w, r, 0, 250);  // past the drag start, before its end
    const World snapshot = w;
    play(w, r, 250, r.steps);
    World seeked = snapshot;
    play(seeked, r, 250, r.steps);
    CHECK(seeked.state_hash() == w.state_hash());
    CHECK(seeked.state_hash() == r.final_hash);
}

TEST_CASE("file size of a recorded drive: runs of equal input cost a few bytes", "[replay]") {
    ReplayRecorder rec;
    World w = arena();
    rec.begin(ReplayHeader{});
    InputState in;
    in.throttle = 1.0;
    for (int i = 0; i < 1200; ++i) {
        rec.step(in);
    }
    const std::string bytes = encode_replay(rec.snapshot(w.state_hash()));
    // Header (every tunable by key and value) plus one run and the footer.
    const std::string empty = encode_replay(Replay{});
    CHECK(bytes.size() - empty.size() < 16);
}

TEST_CASE("replay reader refuses wrong magic, version, truncation and bad fields by byte",
          "[replay][files]") {
    const std::string good = recorded_file();
    REQUIRE(parse_replay(good).ok);

    std::string b = good;
    b[0] = 'X';
    CHECK(parse_replay(b).error.find("not a Skidpad replay") != std::string::npos);

    b = good;
    b[8] = 5;  // version 5: the physics before the default car's engine braking of 0.25
               // and its 1.5-way differential
    CHECK(parse_replay(b).error ==
          "version 5: recorded on an older physics model that this build no longer reproduces "
          "(this build reads version 6) at byte 8");
    b[8] = 7;
    CHECK(parse_replay(b).error == "version 7 (this build reads version 6) at byte 8");

    for (std::size_t n = 0; n < good.size(); ++n) {
        const ReplayParse r = parse_replay(std::string_view(good).substr(0, n));
        INFO("truncated to " << n << " bytes: " << r.error);
        REQUIRE_FALSE(r.ok);
        REQUIRE(r.error.find(" at byte ") != std::string::npos);
    }

    b = good + "x";
    CHECK(parse_replay(b).error.find("bytes after the end") != std::string::npos);

    b = good;
    b[b.size() - 30] = static_cast<char>(b[b.size() - 30] ^ 1);  // inside the footer
    CHECK_FALSE(parse_replay(b).ok);

    // An unknown tunable key, resealed so that only the field check can refuse it.
    b = good;
    const std::size_t at = b.find("car.mass");
    REQUIRE(at != std::string::npos);
    b[at] = 'x';
    reseal(b);
    const ReplayParse unknown = parse_replay(b);
    CHECK(unknown.error.find("unknown tunable 'xar.mass' at byte") != std::string::npos);

    // A tuning event whose value is out of the registry's range.
    Replay r = parse_replay(good).replay;
    r.events[0].tune.value = 1e9;  // car.mass far above its maximum
    const ReplayParse range = parse_replay(encode_replay(r));
    CHECK_FALSE(range.ok);
    CHECK(range.error.find("tuning event") != std::string::npos);
    r = parse_replay(good).replay;
    r.events[0].tune.value = std::nan("");
    CHECK_FALSE(parse_replay(encode_replay(r)).ok);

    // Inputs out of range and non-finite coordinates.
    r = parse_replay(good).replay;
    r.runs[3].input.steer = 1.5;
    CHECK(parse_replay(encode_replay(r)).error.find("steer outside [-1, 1]") != std::string::npos);
    r = parse_replay(good).replay;
    r.events[2].x = std::numeric_limits<float>::infinity();
    CHECK(parse_replay(encode_replay(r)).error.find("coordinate") != std::string::npos);
}

TEST_CASE("a race start record round-trips and a field of 0 or 8 opponents is refused",
          "[replay][files]") {
    Replay r;
    r.steps = 0;
    ReplayEvent e;
    e.op = ReplayOp::RaceStart;
    e.opponents = 5;
    r.events.push_back(e);
    const std::string good = encode_replay(r);
    const ReplayParse p = parse_replay(good);
    INFO(p.error);
    REQUIRE(p.ok);
    REQUIRE(p.replay.events.size() == 1);
    CHECK(p.replay.events[0] == e);
    // The opponents byte is the one after the record's op (0x19), 10 bytes before the
    // footer's step count, hash and checksum (8 + 8 + 8 + the end record's op).
    const std::size_t at = good.size() - 26;
    REQUIRE(static_cast<unsigned char>(good[at - 1]) == 0x19);
    REQUIRE(static_cast<unsigned char>(good[at]) == 5);
    for (const int bad : {0, 8}) {
        std::string b = good;
        b[at] = static_cast<char>(bad);
        reseal(b);
        const ReplayParse q = parse_replay(b);
        CHECK(q.error == "race with " + std::to_string(bad) + " opponents (1..7) at byte " +
                             std::to_string(at - 1));
    }
}

TEST_CASE("replay reader survives 600 mutated files and refuses every changed one",
          "[replay][files][fuzz]") {
    const std::string good = recorded_file();
    std::mt19937 rng(1234);
    int refused = 0;
    for (int k = 0; k < 600; ++k) {
        std::string b = good;
        const int kind = k % 4;
        std::uniform_int_distribution<std::size_t> pos(0, b.size() - 1);
        if (kind == 0) {  // flip bits
            for (int j = 0; j < 1 + k % 5; ++j)
                b[pos(rng)] ^= static_cast<char>(1 << (rng() % 8));
        } else if (kind == 1) {  // random byte values
            b[pos(rng)] = static_cast<char>(rng());
        } else if (kind == 2) {  // insert junk
            b.insert(pos(rng), std::string(1 + rng() % 9, static_cast<char>(rng())));
        } else {  // delete a span
            const std::size_t at = pos(rng);
            b.erase(at, 1 + rng() % 16);
        }
        // Resealed half the time, so the field checks see the damage, not only the checksum.
        const bool resealed = k % 2 == 0 && b.size() > 8;
        if (resealed) reseal(b);
        const ReplayParse r = parse_replay(b);
        if (b == good) continue;
        if (!r.ok) {
            ++refused;
            CHECK(r.error.find(" at byte ") != std::string::npos);
        } else {
            // Only a resealed change can pass, and then as a well-formed replay (e.g. a
            // tunable's value changed within its range).
            CHECK(resealed);
            CHECK(r.replay.steps <= kReplayMaxSteps);
        }
    }
    INFO(refused << " of 600 refused");
    CHECK(refused >= 300);
}

TEST_CASE("replay reader refuses a file claiming more steps than the limit", "[replay][files]") {
    Replay r;
    r.steps = kReplayMaxSteps + 1;
    r.runs.push_back({0, InputState{}});
    const ReplayParse p = parse_replay(encode_replay(r));
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("above the limit") != std::string::npos);
}

TEST_CASE("the recorder stops at the step limit and says so", "[replay][files]") {
    ReplayRecorder rec;
    rec.begin(ReplayHeader{});
    InputState in;
    in.throttle = 0.5;
    for (std::uint64_t i = 0; i < kReplayMaxSteps; ++i)
        rec.step(in);
    CHECK_FALSE(rec.full());
    CHECK(rec.replay().runs.size() == 1);  // one run of equal input
    rec.step(in);
    CHECK(rec.full());
    CHECK(rec.steps() == kReplayMaxSteps);
    // At the limit the file is still valid.
    const ReplayParse p = parse_replay(encode_replay(rec.snapshot(0)));
    INFO(p.error);
    CHECK(p.ok);
}

TEST_CASE("the recorder stops at the spawn limit and the reader refuses one spawn more",
          "[replay][files]") {
    ReplayRecorder rec;
    rec.begin(ReplayHeader{});
    rec.step(InputState{});
    ReplayEvent spawn;
    spawn.op = ReplayOp::Spawn;
    spawn.x = 5.0f;
    for (std::size_t i = 0; i < kReplayMaxSpawns; ++i)
        rec.event(spawn);
    CHECK_FALSE(rec.full());
    ReplayEvent tune;
    tune.op = ReplayOp::Tune;
    tune.tune = TuneEvent{0, param_registry().all()[0].get(Settings{})};
    rec.event(tune);  // other events still fit
    CHECK_FALSE(rec.full());
    rec.event(spawn);
    CHECK(rec.full());
    CHECK(rec.replay().events.size() == kReplayMaxSpawns + 1);
    // At the limit the file is valid; one spawn more is refused by name.
    Replay r = rec.snapshot(0);
    ReplayParse p = parse_replay(encode_replay(r));
    INFO(p.error);
    CHECK(p.ok);
    r.events.push_back(r.events.front());
    p = parse_replay(encode_replay(r));
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("more than 10000 spawned bodies") != std::string::npos);
    // Taking over a replay counts the spawns it already holds.
    ReplayRecorder resumed;
    resumed.resume(rec.snapshot(0));
    resumed.event(spawn);
    CHECK(resumed.full());
}
