// Best laps of time trial, per track and car, kept in the preferences directory as
// best_laps.json (an index) beside one replay per best lap (the session up to the end
// of that lap; the lap is its steps start_step..end_step) and one ghost file of the lap's
// frames (optional in the index: older ones have none). The index is written
// atomically; a malformed index is reported, read as empty and left as it is until a
// new best lap replaces it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../preset_store.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

inline constexpr std::size_t kMaxBestLapsBytes = 256 * 1024;
inline constexpr std::size_t kMaxBestLaps = 1000;
inline constexpr std::size_t kMaxBestLapName = 200;  ///< chars of a track, car or file name

struct BestLap {
    std::string track;             ///< track name (assets/tracks/NAME.json)
    std::string car;               ///< the car preset's name ("custom" when none)
    std::string car_hash;          ///< 16 hex digits over every car.* value
    double lap_s = 0.0;            ///< s
    std::uint64_t start_step = 0;  ///< the replay's step count when the lap began
    std::uint64_t end_step = 0;    ///< ... and when it ended
    std::string replay;            ///< file name of the replay, in the same directory
    /// File name of the lap's ghost (best_lap_ghost.hpp), in the same directory; "" in an
    /// index written before ghosts had files (the ghost is then made from the replay).
    std::string ghost;
};

struct BestLapsLoad {
    std::vector<BestLap> laps;
    std::string error;  ///< "" or what is wrong and where (the laps are then empty)
};

/// Parses an index; `source` names it in errors.
BestLapsLoad parse_best_laps(std::string_view text, std::string_view source);
/// Reads the index at `path`: a missing file is an empty list without an error.
BestLapsLoad load_best_laps(const std::string& path);
std::string best_laps_text(const std::vector<BestLap>& laps);
/// Writes the index atomically (write_file_atomic).
FileResult save_best_laps(const std::string& path, const std::vector<BestLap>& laps);

/// The stored best of this track and car (nullptr if none).
const BestLap* find_best_lap(const std::vector<BestLap>& laps, std::string_view track,
                             std::string_view car_hash);
/// Replaces (or adds) the entry of `lap`'s track and car.
void set_best_lap(std::vector<BestLap>& laps, const BestLap& lap);

/// 16 hex digits of an FNV-1a hash over every car.* value: a car tuned away from its
/// preset is another car.
std::string car_hash(const Settings& settings);
/// The name of the car `settings` drive, for the time trial's title and its best laps:
/// the preset last loaded when the car is still that preset's, else the first preset
/// (shipped, then the player's) that sets car values and gives the same car, else
/// "custom".
std::string car_label(const Settings& settings, const std::vector<PresetEntry>& presets,
                      const std::string& current_preset);
/// The replay's file name for a best lap: letters, digits and '-' only.
std::string best_lap_file_name(std::string_view track, std::string_view car_hash);

}  // namespace skidpad::app
