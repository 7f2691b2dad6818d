// The test rigs, the lab made playable: a skidpad circle, a braking strip and a top-speed
// straight, each a clean scene (no bodies) with the car at its start. The predictions are
// the lab's closed forms for the car as tuned now (lab/car_runs.hpp); what the player
// does is measured after every physics step. Game layer only (the app's
// ui/hud/mode_rig_draw.cpp draws it), so tests drive it exactly as the game does.
#pragma once

#include <deque>
#include <string>

#include "skidpad/input.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

enum class RigKind { Skidpad, Braking, TopSpeed };

/// The names --rig takes, as a message lists them.
inline constexpr const char* kRigNames = "skidpad, braking, topspeed";
/// "skidpad" → Skidpad, ...; false for any other name.
bool rig_from_name(const std::string& name, RigKind& out);
const char* rig_name(RigKind kind);

// ---- layouts (m; the rig's ground is drawn from these) ------------------------------
inline constexpr double kSkidpadRadius = 40.0;     ///< m, the marked circle (centre at 0,0)
inline constexpr double kSkidpadLane = 4.0;        ///< m, half width of the lane around it
inline constexpr double kStripHalfWidth = 7.0;     ///< m, braking strip and straight
inline constexpr double kBrakingLength = 800.0;    ///< m, the braking strip from x = 0
inline constexpr double kStraightLength = 4000.0;  ///< m, the top-speed straight from x = 0

/// The rig's scene: no bodies, the car at the start (skidpad: on the circle, driving
/// counter-clockwise; the strips: at x = 10 m heading +x).
Level rig_level(RigKind kind);

// ---- predictions for the car as tuned now -------------------------------------------
/// m/s, the skidpad limit on a circle of `radius`: v = sqrt(μ g R / (1 − μ k_L R / m)),
/// held at the predicted top speed when the model has no finite limit.
double rig_limit_speed(const CarDef& def, double radius);
/// m, straight braking at the tyres' limit from v to rest, axle by axle (load transfer, the
/// tyres' load sensitivity, each axle's brake torque, drag and rolling resistance:
/// `predicted_full_m` of `lab brake`); 0 for v ≤ 0, negative when the car cannot slow.
double rig_stop_distance(const CarDef& def, double v);
/// m/s, the speed where drive force meets drag and rolling resistance (`lab topspeed`).
double rig_top_speed(const CarDef& def);

// ---- what the player did ---------------------------------------------------------------
enum class BrakePhase { Approach, Braking, Stopped };

struct RigState {
    RigKind kind = RigKind::Skidpad;
    dvec2 last_position{0.0, 0.0};
    bool placed = false;  ///< last_position is known (a jump means the car was put back)

    // skidpad
    double radius_now = 0.0;     ///< m, the car's distance from the circle's centre
    bool on_circle = false;      ///< within the lane
    double held_mps = 0.0;       ///< m/s, lowest speed of the last second on the circle
    double best_held_mps = 0.0;  ///< m/s, the best speed held for a second on the circle
    std::deque<std::pair<double, double>> window;  ///< (time s, speed m/s) on the circle
    double time_s = 0.0;

    // braking
    BrakePhase phase = BrakePhase::Approach;
    dvec2 live_stop{0.0, 0.0};  ///< where the car would stop if it braked now
    double live_stop_m = 0.0;
    dvec2 brake_start{0.0, 0.0};  ///< where the brake went on
    dvec2 brake_dir{1.0, 0.0};
    double brake_speed = 0.0;    ///< m/s when the brake went on
    double predicted_m = 0.0;    ///< m, predicted stop from brake_speed
    dvec2 stop_point{0.0, 0.0};  ///< where the car stopped (Stopped)
    double measured_m = 0.0;     ///< m, brake_start to stop_point
    bool has_result = false;     ///< the last braking run ended in a stop
    int stops = 0;               ///< braking runs measured so far
    double prev_speed = 0.0;
    dvec2 prev_pos{0.0, 0.0};

    // top speed
    double max_mps = 0.0;   ///< m/s, highest forward speed on this run
    double max_at_m = 0.0;  ///< m along the straight where it was reached
};

/// m/s at which a forward speed counts as stopped.
inline constexpr double kRigStopSpeed = 0.05;
/// Brake pedal from which a braking run starts (and below which it is abandoned: 0.1).
inline constexpr double kRigBrakeOn = 0.5;

void rig_start(RigState& rig, RigKind kind);
/// After each physics step: `input` is what the player car got for it.
void rig_observe(RigState& rig, const World& world, const InputState& input, double dt);

/// The measured stop over the predicted one, minus 1, in per cent (0 when nothing stopped).
double rig_stop_error_pct(const RigState& rig);

}  // namespace skidpad::app
