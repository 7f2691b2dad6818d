// A headless AI race (what `skidpad lab race` and the race tests run): a field of named
// drivers on a track's grid, raced to the flag at the settings' physics rate, with the
// overtakes (changes of order that hold) and car-car contacts counted.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "skidpad/car/car_def.hpp"
#include "skidpad/plan/driver_skill.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

/// s a change of order between two cars must hold to count as an overtake.
inline constexpr double kOvertakeHold = 3.0;
/// N·s: a car-car contact whose normal impulse over a step exceeds this counts (a touch
/// of about 0.1 m/s between two 1,200 kg cars; a brush of paint does not).
inline constexpr double kContactImpulse = 120.0;
/// s a pair of cars must be apart before their next touch counts as a new contact.
inline constexpr double kContactApart = 1.0;

/// Counts overtakes in a running order: for every pair of cars, a change of which is
/// ahead counts once it has held `hold_s` without a change back.
class OvertakeCounter {
public:
    explicit OvertakeCounter(double hold_s = kOvertakeHold) : hold_s_(hold_s) {}
    /// The running order now (car indices, leader first; every index 0..n−1 once).
    void update(const std::vector<int>& order, double now);
    int overtakes() const { return overtakes_; }
    /// Overtakes made by car i (it ended up ahead).
    int made_by(int car) const;

private:
    double hold_s_;
    int n_ = 0;
    int overtakes_ = 0;
    std::vector<int> made_;
    // Per pair (a < b): the counted order (a ahead?), the order now and since when.
    std::vector<char> counted_, now_;
    std::vector<double> since_;
};

/// One entrant of a headless race.
struct RaceRunEntrant {
    std::string name;
    std::string car_name;
    CarDef car;
    DriverSkill skill;
};

struct RaceRunConfig {
    int laps = 3;
    std::uint64_t seed = 1;  ///< the drivers' mistakes and braking errors
    /// Time limit: the slowest entrant's planned laps × 2 + 90 s.
    double contact_impulse = kContactImpulse;
    /// Called after every step with the world and the cars in grid order (tests watch).
    std::function<void(const World&, const std::vector<CarId>&)> each_step;
};

struct RaceRunCar {
    std::string name;
    std::string car_name;
    int grid = 0;   ///< 0 = pole
    int place = 0;  ///< 1 = winner (finishers by time, then by distance)
    bool finished = false;
    double finish_s = 0.0;    ///< s of race time, when finished
    double best_lap_s = 0.0;  ///< s, 0 when no lap was completed
    double predicted_lap_s = 0.0;
    int overtakes = 0;  ///< overtakes it made
    int mistakes = 0;
    double time_off_track_s = 0.0;
};

/// One counted car-car contact and the situation it came in (`lab race --contact-log`):
/// where the two cars were on the racing line relative to each other and what each was
/// doing, to tell a rear-end in a braking zone from a touch side by side or at the start.
struct RaceContact {
    double t = 0.0;        ///< s of race time
    int a = 0, b = 0;      ///< the cars' grid places (0 = pole); b is the one ahead
    double impulse = 0.0;  ///< N·s, the first step's normal impulse
    double ahead_m = 0.0;  ///< m along the racing line from a's centre to b's (≥ 0)
    double side_m = 0.0;   ///< m, b's cross-track offset less a's (+ b to the left)
    double speed_a = 0.0;  ///< m/s along each car's heading
    double speed_b = 0.0;
    double plan_a = 0.0;     ///< m/s, the speed a's plan aims for where it is
    double covered_a = 0.0;  ///< m a has covered since the start line (< 0: on the grid)
    bool a_passing = false;  ///< a was passing b (or b passing a: b_passing)
    bool b_passing = false;
    bool a_spun = false;  ///< a car facing more than 45° off the line or slower than 3 m/s
    bool b_spun = false;
    double brake_a = 0.0;  ///< the brake each was given on the step
    double brake_b = 0.0;
};

struct RaceRunResult {
    int entrants = 0;
    int finished = 0;
    int overtakes = 0;
    int car_contacts = 0;
    double worst_impulse = 0.0;  ///< N·s, the largest car-car impulse of one step
    double spread_s = 0.0;       ///< s between the first and the last finisher
    std::string winner;
    double winner_s = 0.0;
    double fastest_lap_s = 0.0;
    std::string fastest_lap_by;
    int mistakes = 0;
    double simulated_s = 0.0;
    std::vector<RaceRunCar> cars;       ///< in finishing order
    std::vector<RaceContact> contacts;  ///< every counted car-car contact, in order
    std::string error;                  ///< planning failed, or cars did not finish in time
};

/// The drivers of a `lab race` field of `count` drawn by `seed` from race_drivers(), in
/// grid order (pole first): the roster shuffled by the seed.
std::vector<RaceDriver> race_field_draw(std::uint64_t seed, int count);

/// Races `field` (in grid order, pole first) over `config.laps` laps of `track`.
RaceRunResult run_ai_race(Track track, const Settings& settings,
                          const std::vector<RaceRunEntrant>& field, const RaceRunConfig& config);

}  // namespace skidpad
