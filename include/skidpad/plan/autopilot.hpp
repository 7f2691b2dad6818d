// The autopilot: drives a car along a racing line at the planned speed through the
// same InputState a player uses. Steering: the line's curvature as feed-forward plus
// feedback on the lateral offset and the course (velocity direction) error over a
// speed-dependent look length, and a yaw-rate damper. Speed: an acceleration command
// from the profile a short distance ahead, turned into throttle or brake with the car's
// drive force and grip, both capped by what the cornering leaves (friction circle).
#pragma once

#include <cstddef>

#include "skidpad/input.hpp"
#include "skidpad/plan/plan_def.hpp"
#include "skidpad/plan/speed_profile.hpp"

namespace skidpad {

struct Car;

/// Per-car controller state (owned by whoever drives the car: the app or the lab).
struct AutopilotState {
    bool located = false;       ///< segment is valid
    std::size_t segment = 0;    ///< last segment of the line the car was closest to
    double s = 0.0;             ///< m, arc length of the car on the line
    double cross_track = 0.0;   ///< m, + when the car is left of the line
    double target_speed = 0.0;  ///< m/s, what the speed controller aimed for
    double speed = 0.0;         ///< m/s, the car's forward speed
    /// m, + left: drive this far beside the line (0: on it; a race sets it to pass or to
    /// hold a grid lane). Off the line the planned speed is scaled by √(1 − κ·lane), the
    /// speed for the tighter (never the wider) radius there.
    double lane = 0.0;
};

/// One control step: reads the car's pose, returns the controls. PlanCar supplies the
/// wheelbase and the steer range; PlanDef the controller gains.
InputState autopilot_drive(AutopilotState& state, const Car& car, const PlanCar& plan_car,
                           const ClosedPath& line, const SpeedProfile& profile,
                           const PlanDef& plan);

}  // namespace skidpad
