// A race on one track: the track, its racing line and speed profile for a car, and for
// every car taking part its autopilot state, lap timer and track-limit record. The app
// and the lab both drive cars through this, so what `lab lap` measures is what the
// game shows.
//
//   race.set_track(track, plan_car, plan);   // builds line + profile
//   race.join(world, id, /*autopilot*/ true);
//   each step: race.drive(world); world.step(dt); race.observe(world);
#pragma once

#include <optional>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/plan/autopilot.hpp"
#include "skidpad/plan/lap_timer.hpp"
#include "skidpad/plan/racing_line.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

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

    /// Grid slot k (0 = pole): on the racing line, 8 + 10·k m behind the start line.
    void grid_pose(int slot, dvec2& position, double& heading) const;

    /// Adds a car (already in the world) to the race.
    RaceEntry& join(CarId id, bool autopilot);
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
};

/// Colour for a speed between lo and hi (m/s): blue → green → yellow → red.
Color speed_colour(double v, double lo, double hi);

}  // namespace skidpad
