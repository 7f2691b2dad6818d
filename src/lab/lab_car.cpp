// Lab experiments of the car module: each compares a simulated figure with its analytic
// prediction (docs/physics.md §15) and prints every parameter it used.
#include <cmath>
#include <string>

#include "car_runs.hpp"
#include "feel_runs.hpp"
#include "lab.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/math.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::lab {

namespace {

double error_pct(double simulated, double predicted) {
    return predicted != 0.0 ? 100.0 * (simulated - predicted) / predicted : 0.0;
}

/// The physical constants the analytic figures use, then every car tunable.
void print_used(const Context& ctx) {
    const CarDef& d = ctx.settings.car;
    Line line;
    line.kv("used", "car")
        .kv("mass_kg", d.mass)
        .kv("wheel_inertia_kgm2", d.wheel_inertia)
        .kv("wheel_radius_m", d.wheel_radius)
        .kv("m_eff_kg", coast_effective_mass(d))
        .kv("c_drag", d.aero.drag)
        .kv("c_rr", d.aero.rolling)
        .kv("tyre_rolling", d.tyre.rolling)
        .kv("mu", d.tyre.mu)
        .kv("k_l", d.aero.downforce)
        .kv("k_d", d.aero.drag)
        .kv("wheelbase_m", d.wheelbase)
        .kv("final_drive", d.gearbox.final_drive)
        .kv("efficiency", d.gearbox.efficiency)
        .kv("physics_hz", ctx.settings.sim.physics_hz)
        .kv("substeps", ctx.settings.sim.substeps)
        .kv("car_min_hz", ctx.settings.sim.car_min_hz);
    ctx.print(line);
    ctx.print_params({"car."});
}

double positive(const Context& ctx, const std::string& name, double fallback, double hi) {
    const double v = ctx.number(name, fallback);
    if (!(v > 0.0 && v <= hi)) {
        throw UsageError{"--" + name + " must be in (0, " + plain_number(hi) + "]"};
    }
    return v;
}

/// sim.weather as its name (dry, damp, wet).
std::string weather_text(Weather w) {
    const ParamDesc* p = param_registry().find("sim.weather");
    return p ? param_registry().format(*p, static_cast<double>(w)) : "dry";
}

/// --surface NAME (default asphalt).
SurfaceKind surface_option(const Context& ctx) {
    const std::string name = ctx.text("surface", "asphalt");
    SurfaceKind k = SurfaceKind::Asphalt;
    if (!surface_from_name(name, k)) {
        throw UsageError{std::string("--surface must be one of ") + surface_names() + ", got '" +
                         name + "'"};
    }
    return k;
}

}  // namespace

void register_car_bench(Registry& r);  // lab_car_bench.cpp

void register_car_experiments(Registry& r) {
    r.add({"topspeed",
           "Full throttle on a long straight: simulated top speed vs the speed where drive "
           "force equals C_drag v^2 + C_rr v.",
           {{"gear", "G", "hold gear G in manual (default: automatic)"},
            {"seconds", "S", "simulated seconds (default 200)"}},
           [](Context& ctx) {
               const double gear_d = ctx.number("gear", 0.0);
               const int n = ctx.settings.car.gearbox.gears;
               if (gear_d != std::floor(gear_d) || gear_d < 0.0 || gear_d > n) {
                   throw UsageError{"--gear must be a whole number in 1.." + std::to_string(n)};
               }
               const int gear = static_cast<int>(gear_d);
               const double seconds = positive(ctx, "seconds", 200.0, 3600.0);
               int gear_used = 0;
               const double pred = predict_topspeed(ctx.settings.car, gear, &gear_used);
               const TopSpeedRun run = run_topspeed(ctx.settings, gear, seconds);
               Line line;
               line.kv("experiment", "topspeed")
                   .kv("gear", gear == 0 ? std::string("auto") : std::to_string(gear))
                   .kv("seconds", seconds)
                   .kv("simulated_mps", run.speed_mps)
                   .kv("predicted_mps", pred)
                   .kv("error_pct", error_pct(run.speed_mps, pred), 3)
                   .kv("simulated_kmh", run.speed_mps * 3.6, 2)
                   .kv("final_gear", run.gear)
                   .kv("predicted_gear", gear_used)
                   .kv("final_rpm", run.rpm, 1);
               ctx.print(line);
               print_used(ctx);
               return 0;
           }});
    r.add({"coastdown",
           "Neutral, no brake: speed after T seconds vs the closed form of "
           "m_eff dv/dt = -(C_drag v^2 + C_rr v), m_eff = m + sum(I_w)/r^2.",
           {{"from", "V", "initial speed in m/s (default 30)"},
            {"seconds", "T", "coasting time in s (default 20)"},
            {"surface", "NAME",
             "ground under the wheels: asphalt|kerb|grass|gravel|ice "
             "(default asphalt); its rolling resistance c adds c m g"}},
           [](Context& ctx) {
               const double v0 = positive(ctx, "from", 30.0, 150.0);
               const double seconds = positive(ctx, "seconds", 20.0, 3600.0);
               const SurfaceKind ground = surface_option(ctx);
               const SurfaceProps props = ctx.settings.sim.surface.of(ground);
               const double sim = run_coastdown(ctx.settings, v0, seconds, ground);
               const double pred = predict_coastdown(ctx.settings.car, v0, seconds, props);
               Line line;
               line.kv("experiment", "coastdown")
                   .kv("from_mps", v0)
                   .kv("seconds", seconds)
                   .kv("simulated_mps", sim)
                   .kv("predicted_mps", pred)
                   .kv("error_pct", error_pct(sim, pred), 3)
                   .kv("m_eff_kg", coast_effective_mass(ctx.settings.car))
                   .kv("surface", std::string(surface_name(ground)))
                   .kv("surface_rolling", props.rolling);
               ctx.print(line);
               print_used(ctx);
               return 0;
           }});
    r.add({"accel",
           "From rest, full throttle, automatic gearbox: time to reach V, with the shift points.",
           {{"to", "V", "target speed in m/s (default 27.7778 = 100 km/h)"}},
           [](Context& ctx) {
               const double v = positive(ctx, "to", 100.0 / 3.6, 150.0);
               const AccelRun run = run_accel(ctx.settings, v, 120.0);
               Line line;
               line.kv("experiment", "accel")
                   .kv("to_mps", v)
                   .kv("reached", run.reached ? 1LL : 0LL)
                   .kv("seconds", run.seconds, 4)
                   .kv("shifts", static_cast<long long>(run.shifts.size()));
               ctx.print(line);
               for (const Shift& s : run.shifts) {
                   Line sl;
                   sl.kv("shift_from", s.from)
                       .kv("shift_to", s.to)
                       .kv("time_s", s.time_s, 4)
                       .kv("speed_mps", s.speed_mps, 3)
                       .kv("rpm", s.rpm, 1);
                   ctx.print(sl);
               }
               print_used(ctx);
               return run.reached ? 0 : 1;
           }});
    r.add({"brake",
           "Full braking in a straight line from V1 to V2 (neutral): distance vs docs/physics.md "
           "section 10.1 model 4 (aero-analytical) with the car's own mu, k_L, k_D, m.",
           {{"from", "V1", "initial speed in m/s (default 30)"},
            {"to", "V2", "final speed in m/s (default 0)"},
            {"abs", "on|off", "ABS (default: the car's setting)"},
            {"surface", "NAME",
             "ground under the wheels: asphalt|kerb|grass|gravel|ice "
             "(default asphalt); the prediction uses mu x grip x the weather's grip "
             "(sim.weather) + rolling"}},
           [](Context& ctx) {
               const double v1 = positive(ctx, "from", 30.0, 150.0);
               const double v2 = ctx.number("to", 0.0);
               if (!(v2 >= 0.0 && v2 < v1)) throw UsageError{"--to must be in [0, --from)"};
               const std::string abs_text =
                   ctx.text("abs", ctx.settings.car.brakes.abs ? "on" : "off");
               if (abs_text != "on" && abs_text != "off")
                   throw UsageError{"--abs must be on or off"};
               const bool abs = abs_text == "on";
               const SurfaceKind ground = surface_option(ctx);
               const SurfaceProps dry = ctx.settings.sim.surface.of(ground);
               // The predictions use the grip the weather leaves (sim.weather).
               const double wgrip = weather_grip(ground, ctx.settings.sim.weather);
               const SurfaceProps props{dry.grip * wgrip, dry.rolling};
               const BrakeRun run = run_brake(ctx.settings, v1, v2, abs, ground);
               const double pred = predict_brake_distance(ctx.settings.car, v1, v2, props);
               Line line;
               line.kv("experiment", "brake")
                   .kv("from_mps", v1)
                   .kv("to_mps", v2)
                   .kv("abs", abs_text)
                   .kv("reached", run.reached ? 1LL : 0LL)
                   .kv("simulated_m", run.distance_m, 4)
                   .kv("predicted_analytical_m", pred, 4)
                   .kv("error_pct", error_pct(run.distance_m, pred), 3)
                   .kv("predicted_full_m", predict_brake_full(ctx.settings.car, v1, v2, props), 4);
               // The other three models of docs/physics.md §10 with the same μ, k_L, k_D, m
               // (upper bounds of the analytical distance when b ≥ 0).
               const CarDef& cd = ctx.settings.car;
               const Decel dec =
                   braking_decel(cd.tyre.mu * props.grip + props.rolling + cd.tyre.rolling, cd.mass,
                                 cd.aero.downforce, cd.aero.drag);
               const int n = ctx.settings.plan.numerical_intervals;
               auto model = [&](const char* key, const BrakingResult& r) {
                   if (r.ok) {
                       line.kv(key, r.distance_m, 4);
                   } else {
                       line.kv(key, std::string("refused:") + r.reason);
                   }
               };
               model("predicted_no_aero_m", braking_no_aero(v1, v2, dec));
               model("predicted_aero_bound_m", braking_aero_bound(v1, v2, dec));
               model("predicted_aero_numerical_m", braking_aero_numerical(v1, v2, dec, n));
               line.kv("numerical_intervals", n)
                   .kv("seconds", run.seconds, 4)
                   .kv("abs_active_seen", run.abs_seen ? 1LL : 0LL)
                   .kv("wheel_locked_seen", run.any_locked ? 1LL : 0LL)
                   .kv("wheel_reversed", run.spin_reversed ? 1LL : 0LL)
                   .kv("surface", std::string(surface_name(ground)))
                   .kv("surface_grip", dry.grip)
                   .kv("surface_rolling", props.rolling)
                   .kv("weather", weather_text(ctx.settings.sim.weather))
                   .kv("weather_grip", wgrip)
                   .kv("effective_grip", props.grip);
               ctx.print(line);
               print_used(ctx);
               return run.reached ? 0 : 1;
           }});
    r.add({"skidpad",
           "A test driver on a circle of radius R at a slowly rising speed who backs off at "
           "the limit: highest speed held vs v = sqrt(mu g R / (1 - mu k_L R / m)).",
           {{"radius", "R", "circle radius in m (default 40)"}},
           [](Context& ctx) {
               const double radius = positive(ctx, "radius", 40.0, 1000.0);
               const SkidpadRun run = run_skidpad(ctx.settings, radius);
               Line line;
               line.kv("experiment", "skidpad")
                   .kv("radius_m", radius)
                   .kv("simulated_max_mps", run.max_speed_mps)
                   .kv("predicted_mps", run.predicted_mps)
                   .kv("error_pct", error_pct(run.max_speed_mps, run.predicted_mps), 3)
                   .kv("simulated_lat_g", run.max_speed_mps * run.max_speed_mps / radius / kGravity,
                       4)
                   .kv("seconds", run.seconds, 2)
                   .kv("spun", run.spun ? 1LL : 0LL)
                   .kv("max_rear_slip_deg", run.max_rear_slip_deg, 3)
                   .kv("max_front_slip_deg", run.max_front_slip_deg, 3)
                   .kv("limit_speed_mps", run.limit_speed_mps)
                   .kv("limit", std::string(skidpad_limit_name(run.limit)))
                   .kv("ended", std::string(skidpad_end_name(run.ended)));
               ctx.print(line);
               print_used(ctx);
               return 0;
           }});
    r.add({"turn",
           "Low-speed steady turn: rear-axle radius vs R = L / tan(steer), the steer held "
           "within the speed-dependent lock (steer_applied_rad).",
           {{"steer", "RAD", "bicycle steer angle in rad (default 0.15)"},
            {"speed", "V", "speed in m/s (default 3)"}},
           [](Context& ctx) {
               const double steer = positive(ctx, "steer", 0.15, ctx.settings.car.max_steer);
               const double speed = positive(ctx, "speed", 3.0, 30.0);
               const TurnRun run = run_turn(ctx.settings, steer, speed);
               // The rack never turns further than the speed-dependent lock, so the
               // prediction is for the angle the car can have at this speed.
               const CarDef& car = ctx.settings.car;
               const double limit = max_steer_at(car.max_steer, car.steering, speed);
               const double applied = std::fmin(steer, limit);
               const double pred = predict_turn_radius(car, applied);
               Line line;
               line.kv("experiment", "turn")
                   .kv("steer_rad", steer)
                   .kv("steer_limit_rad", limit)
                   .kv("steer_applied_rad", applied)
                   .kv("speed_mps", run.speed_mps)
                   .kv("simulated_radius_m", run.radius_m)
                   .kv("predicted_radius_m", pred)
                   .kv("error_pct", error_pct(run.radius_m, pred), 3);
               ctx.print(line);
               print_used(ctx);
               return 0;
           }});
    r.add({"park",
           "A parked car with no input: largest speed and displacement over T seconds.",
           {{"seconds", "T", "simulated seconds (default 60)"}},
           [](Context& ctx) {
               const double seconds = positive(ctx, "seconds", 60.0, 3600.0);
               const ParkRun run = run_park(ctx.settings, seconds);
               Line line;
               line.kv("experiment", "park")
                   .kv("seconds", seconds)
                   .kv("max_speed_mps", run.max_speed_mps, 12)
                   .kv("displacement_m", run.displacement_m, 12);
               ctx.print(line);
               print_used(ctx);
               return 0;
           }});
    r.add({"feel",
           "Scripted driving-feel manoeuvre with digital inputs: donut (handbrake turn, "
           "recovery to 20 m/s), bend (full throttle, time on the limiter), spin (full throttle "
           "+ full steer at 10 m/s), brake-turn (ABS deceleration while turning), slalom "
           "(80 km/h, 0.5 s each way x6), launch (flooring it from rest: time to the launch "
           "rpm), drift (a pad player holding a power drift on a 40 m circle with analogue "
           "steer and throttle: seconds held), handbrake-turn (from rest: full throttle 3.2 s, "
           "full lock and handbrake 1 s, steer centred: seconds back to 20 m/s). Exit 1 when the "
           "manoeuvre misses its figure.",
           {{"script", "NAME",
             "donut|bend|spin|brake-turn|slalom|launch|drift|handbrake-turn (default donut)"},
            {"assists", "LEVEL",
             "sim|sport|arcade: set the aids of a level first (default: "
             "the car's own)"}},
           [](Context& ctx) {
               const std::string name = ctx.text("script", "donut");
               const std::string level_name = ctx.text("assists", "");
               if (!level_name.empty()) {
                   AssistLevel level = AssistLevel::Custom;
                   if (!parse_assist_level(level_name, level)) {
                       throw UsageError{"--assists must be sim, sport or arcade"};
                   }
                   apply_assist_level(ctx.settings.car, level);
               }
               bool known = false;
               for (const std::string& n : feel_scripts())
                   known = known || n == name;
               if (!known) {
                   throw UsageError{
                       "--script must be donut, bend, spin, brake-turn, slalom, launch, drift or "
                       "handbrake-turn"};
               }
               const FeelRun run = run_feel(ctx.settings, name);
               Line line;
               line.kv("experiment", "feel")
                   .kv("script", name)
                   .kv("assists", assist_level_name(assist_level_of(ctx.settings.car)))
                   .kv(run.figure_key, run.figure, 4)
                   .kv("ok", run.ok ? 1LL : 0LL)
                   .kv("seconds", run.seconds, 4)
                   .kv("max_rear_slip_deg", run.max_rear_slip_deg, 3)
                   .kv("max_limiter_s", run.max_limiter_s, 4)
                   .kv("heading_change_deg", run.heading_change_deg, 3)
                   .kv("final_speed_mps", run.final_speed_mps, 4)
                   .kv("final_gear", run.final_gear)
                   .kv("max_body_slip_deg", run.max_body_slip_deg, 3)
                   .kv("spun", run.spun ? 1LL : 0LL);
               if (name == "handbrake-turn")
                   line.kv("handbrake_turn_deg", run.handbrake_turn_deg, 3)
                       .kv("release_speed_mps", run.release_speed_mps, 4);
               ctx.print(line);
               print_used(ctx);
               return run.ok ? 0 : 1;
           }});
    register_car_bench(r);
}

}  // namespace skidpad::lab
