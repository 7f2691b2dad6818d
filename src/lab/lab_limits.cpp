// Lab experiments of the car at its limits (docs/physics.md §17; runs in limit_runs.cpp).
#include <cmath>
#include <string>

#include "lab.hpp"
#include "limit_runs.hpp"

namespace skidpad::lab {

namespace {

double in_range(const Context& ctx, const std::string& name, double fallback, double lo,
                double hi) {
    const double v = ctx.number(name, fallback);
    if (!(v >= lo && v <= hi)) {
        throw UsageError{"--" + name + " must be in [" + plain_number(lo) + ", " +
                         plain_number(hi) + "]"};
    }
    return v;
}

}  // namespace

void register_limit_experiments(Registry& r) {
    r.add({"lsd",
           "A steady tight circle with TC and ESC off: the limited-slip differential's "
           "torque difference T_slow - T_fast vs its locking torque preload + lock * "
           "|T_axle| (averaged over 1 s after 6 s, the steps where its clutch slips).",
           {{"throttle", "X", "throttle 0..1 (default 0.3)"},
            {"steer", "X", "steer -1..1 (default 1)"}},
           [](Context& ctx) {
               const double th = in_range(ctx, "throttle", 0.3, 0.0, 1.0);
               const double st = in_range(ctx, "steer", 1.0, -1.0, 1.0);
               const LsdRun run = run_lsd_circle(ctx.settings, th, st);
               Line line;
               line.kv("experiment", "lsd")
                   .kv("throttle", th, 4)
                   .kv("steer", st, 4)
                   .kv("t_slow_minus_fast_nm", run.t_slow_minus_fast, 4)
                   .kv("t_lock_predicted_nm", run.predicted, 4)
                   .kv("error_pct",
                       run.predicted != 0.0
                           ? 100.0 * (run.t_slow_minus_fast - run.predicted) / run.predicted
                           : 0.0,
                       3)
                   .kv("axle_torque_nm", run.axle_torque, 4)
                   .kv("slipping_fraction", run.slipping_fraction, 3)
                   .kv("speed_mps", run.speed_mps, 4);
               ctx.print(line);
               ctx.print_params({"car.diff", "car.lsd", "car.layout"});
               return 0;
           }});
    r.add({"full-lock",
           "Full throttle with the steer held from rest: speed after S seconds (ok: at least "
           "5 m/s, or spinning: yaw rate over 1.5 rad/s with the rears sliding past 20 deg).",
           {{"steer", "X", "steer -1..1 (default 1)"},
            {"seconds", "S", "simulated seconds (default 8)"}},
           [](Context& ctx) {
               const double st = in_range(ctx, "steer", 1.0, -1.0, 1.0);
               const double sec = in_range(ctx, "seconds", 8.0, 0.1, 120.0);
               const LaunchRun run = run_full_lock_launch(ctx.settings, st, sec);
               const bool ok = run.speed_mps >= 5.0 || run.spinning;
               Line line;
               line.kv("experiment", "full-lock")
                   .kv("steer", st, 4)
                   .kv("seconds", sec, 4)
                   .kv("speed_mps", run.speed_mps, 4)
                   .kv("spinning", run.spinning ? 1LL : 0LL)
                   .kv("turned_deg", run.turned_deg, 4)
                   .kv("max_rear_slip_deg", run.max_rear_slip_deg, 3)
                   .kv("rpm", run.rpm, 1)
                   .kv("gear", static_cast<long long>(run.gear))
                   .kv("ok", ok ? 1LL : 0LL);
               ctx.print(line);
               return ok ? 0 : 1;
           }});
    r.add({"lift-off",
           "Lift-off in a steady turn (TC, ESC and the steering assists off): held on a "
           "circle at the speed of the lateral acceleration for 10 s, then the throttle "
           "shut with the steer held for 3 s: the yaw rate's peak over its steady value.",
           {{"radius", "M", "circle radius in m (default 60)"},
            {"g", "A", "lateral acceleration in g (default 0.8)"}},
           [](Context& ctx) {
               const double radius = in_range(ctx, "radius", 60.0, 10.0, 500.0);
               const double a = in_range(ctx, "g", 0.8, 0.1, 1.5);
               const LiftOffRun run = run_lift_off(ctx.settings, radius, a);
               Line line;
               line.kv("experiment", "lift-off")
                   .kv("radius_m", radius, 4)
                   .kv("speed_mps", run.speed_mps, 4)
                   .kv("lateral_g_before", run.lateral_g_before, 4)
                   .kv("throttle_before", run.throttle_before, 4)
                   .kv("radius_error_m", run.radius_error_m, 4)
                   .kv("yaw_before_radps", run.yaw_before, 5)
                   .kv("yaw_peak_radps", run.yaw_peak, 5)
                   .kv("yaw_overshoot", run.overshoot, 4)
                   .kv("max_rear_slip_deg", run.max_rear_slip_deg, 3)
                   .kv("turned_deg", run.turned_deg, 4)
                   .kv("gear_before", run.gear_before)
                   .kv("rpm_before", run.rpm_before, 1)
                   .kv("decel_g", run.decel_g, 4);
               ctx.print(line);
               ctx.print_params({"car.layout", "car.cg_height", "car.engine_brake",
                                 "car.throttle_map", "car.lsd_coast"});
               return 0;
           }});
    r.add({"gearbox-abuse",
           "The automatic box with TC off: full throttle from rest on ice (highest gear, "
           "speed after 6 s), full braking from 34 m/s (upshifts while braking), and a "
           "throttle modulated between 1 and 0.35 every 0.75 s for 20 s from 12 m/s "
           "(shifts, and cycles: back to the gear just left with under 2 m/s gained). ok: "
           "1st on ice, no upshift braking, no cycle.",
           {},
           [](Context& ctx) {
               const GearboxAbuse g = run_gearbox_abuse(ctx.settings);
               const bool ok = g.ice_max_gear == 1 && g.brake_upshifts == 0 && g.mod_cycles == 0;
               Line line;
               line.kv("experiment", "gearbox-abuse")
                   .kv("ice_max_gear", static_cast<long long>(g.ice_max_gear))
                   .kv("ice_speed_mps", g.ice_speed_mps, 4)
                   .kv("ice_limiter_s", g.ice_limiter_s, 4)
                   .kv("brake_upshifts", static_cast<long long>(g.brake_upshifts))
                   .kv("brake_final_gear", static_cast<long long>(g.brake_final_gear))
                   .kv("mod_shifts", static_cast<long long>(g.mod_shifts))
                   .kv("mod_cycles", static_cast<long long>(g.mod_cycles))
                   .kv("mod_speed_mps", g.mod_speed_mps, 4)
                   .kv("ok", ok ? 1LL : 0LL);
               ctx.print(line);
               return ok ? 0 : 1;
           }});
    r.add({"lockup",
           "ABS, TC and ESC off: full braking with the steer held from V until the car "
           "stops. Heading change (+ toward the steer), the largest angle between a locked "
           "tyre's force and its sliding velocity's opposite, and the share of the stop "
           "with a front / rear wheel locked. ok: turned toward the steer (or < 1 deg), "
           "force within 2 deg, rears locked no longer than fronts.",
           {{"speed", "V", "m/s at the start (default 27.78, 100 km/h)"},
            {"steer", "X", "steer -1..1 (default 0.3)"}},
           [](Context& ctx) {
               const double v = in_range(ctx, "speed", 27.78, 1.0, 100.0);
               const double st = in_range(ctx, "steer", 0.3, -1.0, 1.0);
               const LockupRun run = run_lockup(ctx.settings, v, st);
               const bool ok = run.heading_change_deg > -1.0 && run.max_force_angle_deg <= 2.0 &&
                               run.rear_locked_fraction <= run.front_locked_fraction;
               Line line;
               line.kv("experiment", "lockup")
                   .kv("speed_mps", v, 4)
                   .kv("steer", st, 4)
                   .kv("heading_change_deg", run.heading_change_deg, 3)
                   .kv("max_force_angle_deg", run.max_force_angle_deg, 3)
                   .kv("front_locked_fraction", run.front_locked_fraction, 3)
                   .kv("rear_locked_fraction", run.rear_locked_fraction, 3)
                   .kv("stop_s", run.stop_s, 4)
                   .kv("ok", ok ? 1LL : 0LL);
               ctx.print(line);
               return ok ? 0 : 1;
           }});
}

}  // namespace skidpad::lab
