// The player's progress kept between runs: medals won per track and car, cup results,
// and what they unlock (car presets, the next cup). `progress.json` in the preferences
// directory (`progress-NAME.json` for `--profile NAME`), versioned and written
// atomically; a file that cannot be read (corrupt, or written by a newer version) is
// renamed aside with a message and never overwritten silently.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/plan/medals.hpp"
#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

inline constexpr int kProgressVersion = 1;
inline constexpr std::size_t kMaxProgressBytes = 256 * 1024;
inline constexpr std::size_t kMaxProgressEntries = 1000;
inline constexpr std::size_t kMaxProfileName = 32;

/// The best a player did on one track with one car.
struct TrackMedal {
    std::string track;
    std::string car;  ///< the car's preset name ("custom" when none)
    Medal lap = Medal::None;
    Medal drift = Medal::None;
    double best_lap_s = 0.0;  ///< s, 0: none
    double best_drift = 0.0;  ///< points, 0: none
};

/// The best finish of a cup (1 = won it).
struct CupResult {
    std::string cup;
    int place = 0;
    int points = 0;
};

/// A cup under way: the rounds raced so far, each its finishing order (the cup's driver
/// indices, cup_run.hpp: 0 the player, then the roster), so quitting mid-cup resumes.
struct CupUnderWay {
    std::string cup;
    std::vector<std::vector<int>> rounds;
};
inline constexpr std::size_t kMaxCupRounds = 20;

struct Progress {
    std::vector<TrackMedal> medals;
    std::vector<CupResult> cups;
    /// Kept as the field "current_cup" (absent when none; a file without it is as before).
    std::optional<CupUnderWay> current_cup;
};

/// Parses progress text; "" or what is wrong and where (naming `source`). A version above
/// kProgressVersion is an error (`future` set): a newer game wrote it.
std::string parse_progress(std::string_view text, std::string_view source, Progress& out,
                           bool* future = nullptr);
std::string progress_text(const Progress& p);

/// True for a profile name: 1..32 letters, digits, '-' or '_'.
bool valid_profile_name(std::string_view name);
/// The progress file in `pref_dir` for `profile` ("" = the default one); "" when there is
/// no preferences directory or the name is not valid.
std::string progress_path(const std::string& pref_dir, const std::string& profile);

struct ProgressLoad {
    Progress progress;
    std::string message;    ///< "" or what happened (a file set aside, and where)
    std::string set_aside;  ///< the path a bad file was renamed to ("" none)
};
/// Reads the progress at `path`: none yet is empty progress without a message; a file
/// that cannot be parsed (or is from a newer version) is renamed to the first free
/// `PATH.bad-N` (`PATH.newer-N`) and the progress starts empty, with a message.
ProgressLoad load_progress(const std::string& path);
/// Writes the progress atomically (temp file, fsync, rename).
FileResult save_progress(const std::string& path, const Progress& p,
                         const FileOps& ops = default_file_ops());

/// Records a time-trial lap or drift score: the track and car's entry keeps the best of
/// each. Returns true when a medal was won or improved.
bool record_lap(Progress& p, const std::string& track, const std::string& car, double lap_s,
                const Medals& medals);
bool record_drift(Progress& p, const std::string& track, const std::string& car, double score,
                  const Medals& medals);
/// Records a cup's final place (the best is kept).
void record_cup(Progress& p, const std::string& cup, int place, int points);
const TrackMedal* find_medal(const Progress& p, std::string_view track, std::string_view car);

/// Medals won of each colour (a lap and a drift medal count separately).
int medal_count(const Progress& p, Medal at_least);
/// The car presets a player may pick: the hatch and the sports car from the start, the
/// rally car with any silver (or a podium in a cup), the drift car with any gold (or a
/// cup won).
std::vector<std::string> unlocked_presets(const Progress& p);
bool preset_unlocked(const Progress& p, std::string_view preset);
/// Cup k (0-based) is open: the first always, the next after a podium in the one before.
bool cup_unlocked(const Progress& p, const std::vector<std::string>& cup_ids, std::size_t k);

}  // namespace skidpad::app
