// A best lap's ghost on disk (best-TRACK-HASH.lap beside the lap's replay: its frames and
// gap marks, read without simulating) and the one-off conversion of a best lap saved
// before such files existed, played from its replay a few steps per frame.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ghost.hpp"
#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

inline constexpr std::size_t kMaxGhostLapBytes = 64u * 1024u * 1024u;
inline constexpr std::size_t kMaxGhostLapFrames = 1000000;

struct GhostLapFile {
    std::vector<GhostFrame> frames;  ///< one per step, the lap's first step's state first
    std::vector<float> marks;        ///< s of lap time every 5 m of lap progress
};

struct GhostLapLoad {
    GhostLapFile lap;
    std::string error;  ///< "" or what is wrong and where (the lap is then empty)
};

std::string ghost_lap_text(const GhostLapFile& lap);
/// Parses a lap file; `source` names it in errors (with the line).
GhostLapLoad parse_ghost_lap(std::string_view text, std::string_view source);
GhostLapLoad load_ghost_lap(const std::string& path);
/// Writes the lap file atomically.
FileResult save_ghost_lap(const std::string& path, const GhostLapFile& lap);
/// The lap file's name for a best lap's replay file name ("best-x.replay" -> "best-x.lap").
std::string ghost_lap_file_name(std::string_view replay_file);

/// A best lap's frames and marks made from its replay (the session up to the lap's end):
/// the replay played on its own scene, `steps` steps per call, never all at once.
struct GhostLapConversion {
    bool active = false;
    ReplayPlayer player;
    Scene scene;
    std::uint64_t start = 0, end = 0;  ///< the lap's steps in the replay
    GhostLapFile lap;
    Car car;  ///< the car at the lap's start (ghost_template)
    CarDef def;
    bool done() const { return active && player.cursor.step >= end; }
};

/// Opens the replay for a conversion of its steps start..end. "" or why not.
std::string ghost_conversion_open(GhostLapConversion& c, Replay replay, std::uint64_t start,
                                  std::uint64_t end);
/// Plays at most `steps` steps of the conversion, keeping the lap's frames and marks.
/// Returns the steps played.
int ghost_conversion_steps(GhostLapConversion& c, int steps);

}  // namespace skidpad::app
