// How well an AI driver races: the share of the planner's limit speed it drives at, its
// braking-point error, reaction time and small mistakes, set by a difficulty level and
// changed by the driver's personality; and the named drivers of the AI field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skidpad {

enum class Difficulty { Novice, Club, Pro };
enum class Personality { Careful, Steady, Aggressive };

/// The skill of one driver. The default (pace 1, no error, no delay, no mistakes, a
/// steady temper) is the plain autopilot: a race entry without a skill drives like this.
struct DriverSkill {
    double pace = 1.0;          ///< share of the planner's limit speed it aims for (0.5..1)
    double brake_error = 0.0;   ///< ± share of the braking look-ahead, drawn per braking zone
    double reaction_s = 0.0;    ///< s before it moves off the grid or commits to a pass
    double mistake_rate = 0.0;  ///< small mistakes (wide exit, late brake, lift) per lap
    /// 0 careful .. 1 aggressive: how early it commits to a pass, how much room it leaves
    /// (never less than kMinClearance), whether it defends its line.
    double aggression = 0.5;
};

/// m between two cars side by side that even the most aggressive driver leaves.
inline constexpr double kMinClearance = 0.7;

/// The skill a difficulty level gives a driver of a personality.
DriverSkill driver_skill(Difficulty level, Personality personality);

/// "novice", "club", "pro".
const char* difficulty_name(Difficulty level);
/// Parses a difficulty name; false when it is none of them.
bool parse_difficulty(const std::string& text, Difficulty& level);
const char* personality_name(Personality p);

/// A named driver of the AI field: the car (a shipped preset's name) and a temper.
struct RaceDriver {
    std::string name;
    std::string preset;
    Personality personality = Personality::Steady;
};

/// The roster: at least eight drivers, cars and tempers mixed, in a fixed order.
const std::vector<RaceDriver>& race_drivers();

/// A small deterministic random source (splitmix64): a race's mistakes and grid draw
/// follow its seed only.
struct RaceRandom {
    std::uint64_t state = 0;
    std::uint64_t next();
    /// Uniform in [0, 1).
    double uniform();
};

}  // namespace skidpad
