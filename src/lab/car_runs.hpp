// Drive scenarios for the car and the analytic figures they are checked against
// (docs/physics.md §15). Shared by the lab experiments (lab_car.cpp) and the tests, so both
// exercise exactly the same code. Every run builds its own World from the Settings it is
// given (physics rate and sub-steps included) with one car at the origin heading +x.
#pragma once

#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad::lab {

// ---- predictions ---------------------------------------------------------------------

/// m/s where the drive force in `gear` (no wheel slip) equals C_drag v² + C_rr v + the tyres'
/// rolling resistance c_rr (m g + k_L v²); gear 0
/// follows the automatic: move up while the equilibrium rpm is above the upshift rpm.
/// `gear_used` (optional) receives the gear of the answer.
double predict_topspeed(const CarDef& def, int gear, int* gear_used = nullptr);
/// kg, m + Σ I_w / r² (the wheels spin down with the car).
double coast_effective_mass(const CarDef& def);
/// m/s after t seconds of m_eff dv/dt = −(C_drag v² + C_rr v) from v0 (closed form); the
/// tyres' rolling coefficient c_rr plus the surface's c (c = c_rr + c_surface) adds
/// −c (m g + k_L v²):
/// m_eff dv/dt = −((C_drag + c k_L) v² + C_rr v + c m g) (closed form through atan).
double predict_coastdown(const CarDef& def, double v0, double t, SurfaceProps ground = {});
/// m, straight braking at the friction limit from v1 to v2 (docs/physics.md §10.1 model 4) with
/// a0 = μ g, b = (μ k_L + k_D)/m, k_D = C_drag. μ is μ × grip + c_rr + c: the rolling
/// resistance (c_rr + c) F_z adds to the tyres' μ F_z. Negative when the model refuses.
double predict_brake_distance(const CarDef& def, double v1, double v2, SurfaceProps ground = {});
/// m, straight braking from v1 to v2 with each axle's force the smaller of its tyres'
/// limit μ F_z (static load + weight transfer at the deceleration + its share of the
/// downforce; μ with the tyre's load sensitivity at that load) and its brake torque / r,
/// plus drag and rolling resistance; the wheels'
/// own inertia is left out. Negative when the car cannot decelerate.
double predict_brake_full(const CarDef& def, double v1, double v2, SurfaceProps ground = {});
/// Brake torque over what locks the axle (its tyres' μ F_z × r) when both axles brake at
/// the tyre limit at speed v (m/s): > 1 means the brakes can lock that axle.
struct BrakeSpare {
    double front = 0.0;
    double rear = 0.0;
};
BrakeSpare brake_spare(const CarDef& def, double v);
/// m/s, v = sqrt(μ g R / (1 − μ k_L R / m)); `bound` when the model has no finite limit.
double predict_corner_speed(const CarDef& def, double radius, double bound);
/// m, low-speed turning radius of the rear axle centre R = L / tan δ.
double predict_turn_radius(const CarDef& def, double steer_rad);

// ---- runs ----------------------------------------------------------------------------

struct TopSpeedRun {
    double speed_mps = 0.0;  ///< forward speed at the end
    int gear = 0;            ///< gear at the end
    double rpm = 0.0;
};
/// Full throttle on a straight for `seconds`, starting at 0.9 × the predicted speed;
/// gear 0 = automatic, else manual in that gear.
TopSpeedRun run_topspeed(const Settings& settings, int gear, double seconds);

/// Neutral, no brake, from v0 for `seconds` on a ground of one kind: the forward speed at
/// the end.
double run_coastdown(const Settings& settings, double v0, double seconds,
                     SurfaceKind ground = SurfaceKind::Asphalt);

struct Shift {
    int from = 0;
    int to = 0;
    double time_s = 0.0;
    double speed_mps = 0.0;
    double rpm = 0.0;  ///< engine rpm just before the shift
};
struct AccelRun {
    bool reached = false;
    double seconds = 0.0;  ///< s from rest to the target speed (interpolated)
    std::vector<Shift> shifts;
};
/// From rest, full throttle, automatic, until forward speed ≥ target (or max_seconds).
AccelRun run_accel(const Settings& settings, double target_mps, double max_seconds = 60.0);

struct BrakeRun {
    bool reached = false;
    double distance_m = 0.0;  ///< m travelled from brake application to v2
    double seconds = 0.0;
    bool abs_seen = false;        ///< ABS was active at some point
    bool any_locked = false;      ///< some wheel locked at some point
    bool spin_reversed = false;   ///< some wheel turned backwards (must never happen)
    bool speed_reversed = false;  ///< the car moved backwards (must never happen)
};
/// Full brake in a straight line from v1 to v2 (neutral gear), ABS on or off, on a ground
/// of one kind.
BrakeRun run_brake(const Settings& settings, double v1, double v2, bool abs,
                   SurfaceKind ground = SurfaceKind::Asphalt);

/// Why `run_skidpad` ended: the time ran out, the driver found the limit and backed off
/// (the car still on the circle), or the car left the circle (6 × the tolerance off it or
/// its course 1.2 rad off the tangent).
enum class SkidpadEnd { Time, Limit, LeftCircle };
/// What told the driver the car could not hold the circle any faster: the fronts held at
/// their peak slip angle, the car running wide of the circle, the rears near their peak
/// (or oversteering), or full throttle without gaining speed.
enum class SkidpadLimit { None, FrontPeak, RunningWide, RearPeak, Power };
const char* skidpad_end_name(SkidpadEnd e);
const char* skidpad_limit_name(SkidpadLimit l);
/// deg, a rear slip angle past this is a spin (well past the rear tyres' peak).
inline constexpr double kSkidpadSpinDeg = 15.0;

struct SkidpadRun {
    double max_speed_mps = 0.0;  ///< highest speed held on the circle
    double predicted_mps = 0.0;
    double seconds = 0.0;             ///< simulated time
    double limit_speed_mps = 0.0;     ///< speed when the limit was recognised (0: never)
    double max_rear_slip_deg = 0.0;   ///< largest |rear axle slip angle| of the run
    double max_front_slip_deg = 0.0;  ///< largest |bicycle front slip angle| of the run
    bool spun = false;                ///< max_rear_slip_deg > kSkidpadSpinDeg
    SkidpadEnd ended = SkidpadEnd::Time;
    SkidpadLimit limit = SkidpadLimit::None;
};
/// A test driver on a circle of `radius` (counter-clockwise): steer from the curvature and
/// the car's steady state with yaw-rate, radial and course feedback (gains scaled with
/// speed), never past the fronts' peak slip angle; a slowly rising speed target; at the
/// limit the driver backs off. The answer is the highest speed at which the car stayed
/// within tolerance of the circle for the preceding 2 s (skidpad_run.cpp).
SkidpadRun run_skidpad(const Settings& settings, double radius);

struct TurnRun {
    double radius_m = 0.0;  ///< rear-axle-centre radius, |v_rear| / |ω|, averaged
    double speed_mps = 0.0;
};
/// Steady turn at bicycle steer angle `steer_rad` and speed `speed` (throttle control).
TurnRun run_turn(const Settings& settings, double steer_rad, double speed);

struct ParkRun {
    double max_speed_mps = 0.0;
    double displacement_m = 0.0;  ///< largest distance from the start point
};
/// A car parked with no input for `seconds`.
ParkRun run_park(const Settings& settings, double seconds);

}  // namespace skidpad::lab
