// Replays: a run is its starting settings, its scene, the player's input of every
// physics step and the timed events between steps (tuning changes, sandbox edits,
// scene changes). The core is deterministic, so playing these back rebuilds every
// state of the run; the file ends with the final state hash and step count it must
// reproduce.
//
// The file format (docs/replays.md) is a compact little-endian binary: a header
// (magic, version, the tunables by key and value, the scene), then records — runs of
// steps with one input (only the fields that changed from the run before are stored)
// and events — and a footer (step count, final hash, checksum). The reader checks
// every field and every limit below and names what is wrong and at which byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/input.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/soft/soft_world.hpp"
#include "skidpad/tune/tune_event.hpp"

namespace skidpad {

class World;

/// The file format's version, and with it the physics' : a replay plays back only on the
/// physics that recorded it, so a deliberate change of the model that moves the golden
/// hashes (tests/core/test_golden.cpp) bumps this too, and an older file is refused with
/// a message saying so instead of playing to a different end. 3: the crumple-zone crash
/// model and contacts at no less than sim.car_min_hz. 6: the default car's engine braking
/// (car.engine_brake 0.25) and a 1.5-way differential (car.lsd_coast).
inline constexpr std::uint16_t kReplayVersion = 6;
inline constexpr std::size_t kReplayMaxBytes = 64u << 20;     ///< 64 MiB
inline constexpr std::uint64_t kReplayMaxSteps = 36'000'000;  ///< 10 h at 1000 Hz
/// Input changes and events: a file at both limits parses within 256 MB (56 bytes a run
/// and 96 an event in memory) and 2 s.
inline constexpr std::size_t kReplayMaxRuns = 2'000'000;
inline constexpr std::size_t kReplayMaxEvents = 500'000;
/// Sandbox bodies a replay spawns (each a click in the window). Spawns on one spot pile
/// up: 500,000 of them fit in a 5 MB file and need over 1.2 GB, 20,000 take 20 s of
/// playback for 2 simulated seconds.
inline constexpr std::size_t kReplayMaxSpawns = 10'000;
inline constexpr std::size_t kReplayMaxParams = 4096;     ///< tunables in the header
inline constexpr std::size_t kReplayMaxString = 4096;     ///< level path, names
inline constexpr double kReplayMaxCoordinate = 10'000.0;  ///< m, sandbox edits
/// Human players a replay holds (seat 1 the player car, the others its further seats).
inline constexpr int kReplayMaxPlayers = 4;

enum class ReplayScene : std::uint8_t { Arena = 0, Track = 1 };

/// What the run started from.
struct ReplayHeader {
    Settings settings;  ///< every tunable at the start (defaults + preset + --set)
    ReplayScene scene = ReplayScene::Arena;
    std::string level;  ///< the arena's level file ("" = the shipped arena)
    std::string track;  ///< the track's name on a track (assets/tracks/NAME.json)
    /// Human players, 1..kReplayMaxPlayers: the player car and players - 1 further human
    /// cars, each with its own input (Replay::seat_runs). 1 writes the single-player file.
    int players = 1;
};

enum class ReplayOp : std::uint8_t {
    Tune = 0x10,        ///< tune: a tunable changed (World::apply, the app's settings)
    Spawn = 0x11,       ///< kind, x, y: a sandbox body added
    Remove = 0x12,      ///< body: a body deleted
    Drag = 0x13,        ///< body, x, y: a body pulled to a point (held until DragEnd)
    DragEnd = 0x14,     ///< the pull let go
    SceneReset = 0x15,  ///< Backspace: the scene from its start
    CarReset = 0x16,    ///< the player's car put back at once (a reset while paused)
    LoadArena = 0x17,   ///< the arena loaded
    LoadTrack = 0x18,   ///< name: a track loaded
    RaceStart = 0x19,   ///< opponents: a race's field of AI cars on the loaded track's grid
    /// laps, level: the rules of the RaceStart that follows (written only when they are not
    /// the default 3 laps at the club level, so older races are stored as before)
    RaceRules = 0x1A,
    /// seats: what each human seat chose on the join screen, its paint and its car
    /// (written only with several players, so a single-player file is stored as before)
    Seats = 0x1B,
    /// grid: the order on the grid of the RaceStart that follows (written only when it is
    /// not the usual one: a cup's later rounds start from the standings reversed)
    RaceGrid = 0x1C,
};

/// The most AI cars a RaceStart puts on the grid.
inline constexpr int kReplayMaxOpponents = 7;
/// The most laps a RaceRules sets; its levels are 0 novice, 1 club, 2 pro, 3 mixed.
inline constexpr int kReplayMaxLaps = 10;
inline constexpr int kReplayMaxLevel = 3;

/// One human seat of a Seats record: its paint (0: the one the world gives its car) and,
/// for a seat after the first, its car as the tunables whose values differ from the
/// defaults (Settings{}) in the settings its preset made (own_car false: the player
/// car's). The first seat's car is the settings' own (its preset's Tune events).
struct ReplaySeat {
    std::uint32_t paint = 0;
    bool own_car = false;
    std::vector<TuneEvent> car;  ///< index into param_registry().all(), value
    friend bool operator==(const ReplaySeat&, const ReplaySeat&) = default;
};

struct ReplayEvent {
    ReplayOp op = ReplayOp::Tune;
    std::uint64_t step = 0;  ///< steps taken before it acts (it acts before step `step`)
    TuneEvent tune;          ///< Tune: index into param_registry().all()
    /// Spawn: the kind (stored as its row's replay_code, skidpad/soft/body_kinds.hpp)
    BodyKind body_kind = BodyKind::Crate;
    float x = 0.0f, y = 0.0f;       ///< Spawn, Drag: world position (m)
    BodyId body;                    ///< Remove, Drag
    std::string name;               ///< LoadTrack
    std::uint8_t opponents = 0;     ///< RaceStart: 1..kReplayMaxOpponents
    std::uint8_t laps = 0;          ///< RaceRules: 1..kReplayMaxLaps
    std::uint8_t level = 0;         ///< RaceRules: 0..kReplayMaxLevel
    std::vector<ReplaySeat> seats;  ///< Seats: one per human seat, seat order
    /// RaceGrid, pole first: k < n the race's k-th AI driver (roster order), n the player;
    /// every one of 0..n once, n = the RaceStart's opponents.
    std::vector<std::uint8_t> grid;
    friend bool operator==(const ReplayEvent&, const ReplayEvent&) = default;
};

/// Steps from `first_step` until the next run's first step drive with `input`; its
/// edge commands (shift, manual toggle, reset) act on `first_step` only.
struct ReplayRun {
    std::uint64_t first_step = 0;
    InputState input;
};

struct Replay {
    ReplayHeader header;
    std::vector<ReplayRun> runs;      ///< ascending first_step
    std::vector<ReplayEvent> events;  ///< ascending step, in the order they acted
    /// The further human seats' inputs: seat_runs[k] is seat k + 2's (players - 1 lists,
    /// each covering every step from 0; empty with one player).
    std::vector<std::vector<ReplayRun>> seat_runs;
    std::uint64_t steps = 0;       ///< physics steps recorded
    std::uint64_t final_hash = 0;  ///< World::state_hash() after the last step and events

    /// The input of step `i` (< steps): the run holding it, edges on its first step only.
    InputState input_at(std::uint64_t i) const;
    /// The input of step `i` for human seat `seat` (0: the player, input_at; a seat the
    /// replay does not hold: no input).
    InputState seat_input_at(std::size_t seat, std::uint64_t i) const;
    /// Index of the first event acting at or after step `i` (binary search).
    std::size_t first_event_at(std::uint64_t i) const;
};

/// Same controls and edges, bit for bit (-0.0 and 0.0 differ).
bool same_input(const InputState& a, const InputState& b);

/// Builds a Replay as the run goes: events as they act, one input per step. Stops
/// taking steps and events at the format's limits (full() then says so).
class ReplayRecorder {
public:
    void begin(const ReplayHeader& header);
    /// Goes on from a recording (taking over a replay: its prefix up to now).
    void resume(Replay from);
    bool active() const { return active_; }
    void stop() { active_ = false; }
    void event(ReplayEvent e);
    void step(const InputState& input);
    /// After step(): human seat `seat`'s (1..players - 1) input of that same step.
    void seat_step(std::size_t seat, const InputState& input);
    bool full() const { return full_; }
    std::uint64_t steps() const { return replay_.steps; }
    /// The recording so far, sealed with the world's current hash.
    Replay snapshot(std::uint64_t final_hash) const;
    const Replay& replay() const { return replay_; }

private:
    Replay replay_;
    bool active_ = false;
    bool full_ = false;
    std::size_t spawns_ = 0;  ///< Spawn events recorded (kReplayMaxSpawns)
};

struct ReplayParse {
    bool ok = false;
    std::string error;  ///< "what at byte N" (the file name is added by load_replay_file)
    Replay replay;
};

/// The file's bytes.
std::string encode_replay(const Replay& replay);
/// Parses and checks every field: magic, version, tunables (known keys, values in their
/// ranges), the scene, inputs (finite, in range), events (param indices, body kinds,
/// coordinates), the step count and the checksum; never more than the limits above.
ReplayParse parse_replay(std::string_view bytes);
/// Reads (read_file_capped, kReplayMaxBytes) and parses a file; errors name the path.
ReplayParse load_replay_file(const std::string& path);
/// Writes atomically (write_file_atomic).
FileResult save_replay_file(const std::string& path, const Replay& replay);

/// Applies an event that only the World needs (Tune, Spawn, Remove, Drag, DragEnd,
/// CarReset) and returns true; scene events (SceneReset, LoadArena, LoadTrack) are the
/// caller's and return false. Removing or dragging a body that is gone does nothing.
bool apply_world_event(World& world, const ReplayEvent& e);

}  // namespace skidpad
