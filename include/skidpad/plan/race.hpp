// A race on one track: the track, its racing line and speed profile for a car, and for
// every car taking part its autopilot state, lap timer and track-limit record. The app
// and the lab both drive cars through this, so what `lab lap` measures is what the
// game shows.
//
//   race.set_track(track, plan_car, plan);   // builds line + profile
//   race.join(world, id, /*autopilot*/ true);
//   each step: race.drive(world); world.step(dt); race.observe(world);
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/plan/autopilot.hpp"
#include "skidpad/plan/driver_skill.hpp"
#include "skidpad/plan/lap_timer.hpp"
#include "skidpad/plan/racing_line.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

/// A car's own plan: another preset's limits, driven at a fraction of them.
struct EntryPlan {
    PlanCar car;
    double skill = 1.0;  ///< fraction of the planned speed the autopilot aims for (0.5..1)
    SpeedProfile profile;
};

/// m of covered distance between two progress marks (gaps are read from them).
inline constexpr double kRaceMarkSpacing = 20.0;

/// One car taking part.
struct RaceEntry {
    CarId car;
    bool autopilot = false;  ///< the race drives it (World::set_input) in drive()
    AutopilotState ap;       ///< also updated for human-driven cars (HUD: s, target)
    LapTimer timer;
    InputState last_input;          ///< what drive() gave it last
    double max_wheel_offset = 0.0;  ///< m, largest |offset| of any wheel from the centre line
    bool left_track = false;        ///< a wheel went beyond the kerbs' outer edge
    double time_off_track = 0.0;    ///< s with a wheel beyond the kerbs

    // Lap validity: a lap stops counting when all four wheels are beyond the kerbs at
    // once, or when the car is respawned during it.
    bool all_off = false;         ///< all four wheels beyond the kerbs after the last step
    double time_all_off = 0.0;    ///< s with all four wheels beyond the kerbs
    bool lap_valid = true;        ///< the lap under way still counts
    bool last_lap_valid = false;  ///< the last completed lap counted
    int valid_laps = 0;
    double best_valid_lap = 0.0;  ///< s, 0 before the first valid lap
    double last_on_s = -1.0;  ///< m on the centre line, last seen with all wheels on (< 0: never)

    dvec2 grid_position{0.0, 0.0};  ///< where it joined (a restart puts it back there)
    double grid_heading = 0.0;
    std::shared_ptr<const EntryPlan> own;  ///< its own plan; none: the race's
    double finish_time = -1.0;             ///< s, crossed the line after the race's laps
    std::vector<float> marks;  ///< s of world time its covered distance passed k·kRaceMarkSpacing

    // Racecraft of an autopilot car (race_craft.cpp): the lane it drives (ap.lane) moves
    // toward lane_target, its grid lane off the start, beside a slower car while passing.
    double lane_target = 0.0;     ///< m, + left of the racing line
    CarId passing;                ///< the car it is passing (none: not passing)
    int pass_side = 0;            ///< +1 passing on the left, −1 on the right
    double pass_started_s = 0.0;  ///< m covered when the pass began
    bool squeezed = false;        ///< no room beside a car alongside: lifts to drop behind it
    double grid_lane = 0.0;  ///< m left of the centre line: its grid column, held off the start

    // The driver (race_driver.cpp): none for a plain autopilot entry, which drives as
    // the autopilot does with the racecraft above.
    bool has_skill = false;
    DriverSkill skill;
    RaceRandom rng;                 ///< its mistakes and braking errors, from the race's seed
    double launch_left_s = 0.0;     ///< s it still waits before moving off (its reaction)
    double pass_wait_s = 0.0;       ///< s a pass it wants has been on offer
    double brake_factor = 1.0;      ///< share of the braking look-ahead for this braking zone
    bool braking = false;           ///< braked on the last step
    double next_mistake_m = 1e300;  ///< covered m at which its next small mistake comes
    int mistake = 0;                ///< 0 none, 1 wide exit, 2 late brake, 3 lift
    double mistake_left_s = 0.0;    ///< s the mistake still lasts
    double mistake_side = 0.0;      ///< m added to its lane while running wide
    int mistakes = 0;               ///< mistakes made so far
    CarId defending;                ///< the car it is defending against (once per pass)
};

/// A car's place in the running order.
struct Standing {
    std::size_t entry = 0;  ///< index into Race::entries()
    double covered_m = 0.0;
    double gap_s = 0.0;  ///< behind the leader (0 for the leader)
    bool finished = false;
};

class Race {
public:
    /// Sets the track and plans for the given car (line + profile).
    void set_track(Track track, const PlanCar& car, const PlanDef& plan);
    bool has_track() const { return track_.has_value(); }
    /// Re-plans after the car or plan tunables changed (keeps the entries).
    void replan(const PlanCar& car, const PlanDef& plan);
    void clear();

    const Track& track() const { return *track_; }
    const RacingLine& line() const { return line_; }
    const SpeedProfile& profile() const { return profile_; }
    const PlanCar& plan_car() const { return car_; }
    const PlanDef& plan() const { return plan_; }

    /// Grid slot k (0 = pole): the track's grid box (track_grid_slot).
    void grid_pose(int slot, dvec2& position, double& heading) const;

    /// Adds a car (already in the world) to the race; its pose now is its grid slot.
    RaceEntry& join(const World& world, CarId id, bool autopilot);
    RaceEntry& join(CarId id, bool autopilot);
    /// Gives a car its own plan (the car's limits, aiming for `skill` of the planned
    /// speed); re-planned with the race. False (and the race's plan kept) if it fails.
    bool set_entry_plan(CarId id, const PlanCar& car, double skill);
    /// Gives an entry a driver: its plan at the skill's pace, its errors and temper,
    /// deterministic from `seed`. False when the plan fails (the entry stays plain).
    bool set_entry_driver(CarId id, const PlanCar& car, const DriverSkill& skill,
                          std::uint64_t seed);
    /// s, the flying lap the car's plan predicts.
    double predicted_lap(const RaceEntry& e) const;

    /// Laps of a race (0: no finish): a car finishes on completing them.
    void set_laps(int laps) { laps_ = laps; }
    int laps() const { return laps_; }
    /// m, distance a car has covered since its first crossing of the start line
    /// (negative before it: on the grid).
    double covered(const RaceEntry& e) const;
    /// The running order: finished cars by finishing time, then by distance covered;
    /// the gap is the time since the leader passed the same distance.
    std::vector<Standing> standings(double now) const;

    /// R: the car goes back to the centre line at the last point it had all four
    /// wheels on the track, facing forward (through World::set_start_pose, so call it
    /// before the step whose input resets the car); the lap under way is invalid.
    void respawn(World& world, CarId id);
    /// Restart: every car's reset pose is its grid slot again, its laps forgotten.
    void restart(World& world);
    void leave(CarId id);
    RaceEntry* entry(CarId id);
    const RaceEntry* entry(CarId id) const;
    std::vector<RaceEntry>& entries() { return entries_; }
    const std::vector<RaceEntry>& entries() const { return entries_; }

    /// The car was reset (teleported): its lap under way is not timed (lap_timer_abort)
    /// and its autopilot re-locates. Call before the step that resets it or right after
    /// World::reset_car.
    void abort_lap(CarId id);

    /// Sets the inputs of every autopilot car (call before World::step).
    void drive(World& world);
    /// Updates lap timers and track limits of every car (call after World::step).
    void observe(const World& world);

    /// Track (asphalt, kerbs, start line) and, if wanted, the racing line coloured by
    /// planned speed (blue slow → red fast) on layer 1.
    void draw(DrawList& out, bool racing_line) const;

private:
    std::optional<Track> track_;
    RacingLine line_;
    SpeedProfile profile_;
    PlanCar car_;
    PlanDef plan_;
    std::vector<RaceEntry> entries_;
    int laps_ = 0;

    // race_craft.cpp
    /// m each side of the racing line a car of half width `half_car` may drive over the
    /// next `reach` m from line segment `segment` (within the track, less the margin).
    void lane_room(std::size_t segment, double half_car, double reach, double& left,
                   double& right) const;
    /// m left of the centre line of the racing line's point `segment`.
    double line_offset(std::size_t segment) const;
    /// Sets e.ap.lane for this step: the grid lane off the start, passing a slower car.
    void steer_lane(const World& world, RaceEntry& e, double dt) const;
    /// 0 (none) .. 1 (full brake): how much e must give way to a car ahead in its path.
    double give_way(const World& world, const RaceEntry& e) const;
    /// Defends e's line once against a car starting to pass it (race_craft.cpp).
    void defend(const World& world, RaceEntry& e) const;
    /// m between e and a car beside it while passing (its temper; kPassClearance plain).
    double pass_clearance(const RaceEntry& e) const;

    // race_driver.cpp
    /// The driver's errors before the autopilot drives: a mistake starts or ends, the
    /// plan (braking look-ahead) it drives this step.
    PlanDef driver_plan(const World& world, RaceEntry& e, double dt) const;
    /// The driver's errors on the controls: the launch wait, a lift.
    void driver_input(RaceEntry& e, InputState& in, double dt) const;
};

/// Colour for a speed between lo and hi (m/s): blue → green → yellow → red.
Color speed_colour(double v, double lo, double hi);

}  // namespace skidpad
