// Lab experiments of the plan module (docs/physics.md §10): braking-model, corner-speed.
#include <charconv>
#include <cmath>
#include <string>

#include "lab.hpp"
#include "skidpad/math.hpp"
#include "skidpad/plan/braking.hpp"
#include "skidpad/plan/lap_run.hpp"
#include "skidpad/plan/plan_car.hpp"

namespace skidpad::lab {

namespace {

// Distances always carry 6 decimals (the contract asks for at least 4; plain_number
// would trim trailing zeros).
std::string fixed6(double v) {
    if (!std::isfinite(v)) return plain_number(v);
    char buf[400];  // 309 digits before the point at most
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 6);
    return std::string(buf, r.ptr);
}

int whole_number(const Context& ctx, const std::string& name, int fallback, int lo, int hi) {
    const double v = ctx.number(name, fallback);
    if (v != std::floor(v) || v < lo || v > hi) {
        throw UsageError{"--" + name + " must be a whole number in [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "]"};
    }
    return static_cast<int>(v);
}

void print_braking(const Context& ctx, const char* model, const BrakingResult& r,
                   int intervals = 0) {
    Line line;
    line.kv("model", model);
    if (intervals > 0) line.kv("intervals", intervals);
    if (r.ok) {
        line.kv("distance_m", fixed6(r.distance_m));
    } else {
        line.kv("refused", r.reason);
    }
    ctx.print(line);
}

int run_braking_model(Context& ctx) {
    const double v_in = ctx.number("v-in", 30.0);
    const double v_out = ctx.number("v-out", 0.0);
    Decel d;
    d.a0 = ctx.number("a0", kGravity);
    d.b = ctx.number("b", 0.0);
    const int n = whole_number(ctx, "intervals", 8, 1, kMaxBrakingIntervals);
    ctx.print(Line()
                  .kv("params", "used")
                  .kv("v_in_mps", v_in)
                  .kv("v_out_mps", v_out)
                  .kv("a0_mps2", d.a0)
                  .kv("b_per_m", d.b, 12)
                  .kv("intervals", n));
    print_braking(ctx, "no-aero", braking_no_aero(v_in, v_out, d));
    print_braking(ctx, "aero-bound", braking_aero_bound(v_in, v_out, d));
    print_braking(ctx, "aero-numerical", braking_aero_numerical(v_in, v_out, d, n), n);
    print_braking(ctx, "aero-analytical", braking_aero_analytical(v_in, v_out, d));
    return 0;
}

int run_corner_speed(Context& ctx) {
    const double radius = ctx.number("radius", 50.0);
    const double mu = ctx.number("mu", 1.0);
    const double mass = ctx.number("mass", ctx.settings.car.mass);
    const double kl = ctx.number("kl", 0.0);
    const double bound = ctx.number("bound", ctx.settings.plan.speed_bound);
    ctx.print(Line()
                  .kv("params", "used")
                  .kv("radius_m", radius)
                  .kv("mu", mu)
                  .kv("mass_kg", mass)
                  .kv("kl_kg_per_m", kl)
                  .kv("bound_mps", bound));
    const CornerSpeed c = corner_speed(radius, mu, mass, kl, bound);
    Line line;
    line.kv("speed_mps", c.speed_mps).kv("case", corner_case_name(c.which));
    if (mu > 0.0 && radius > 0.0) line.kv("no_aero_mps", std::sqrt(mu * kGravity * radius));
    if (kl > 0.0 && mu > 0.0) line.kv("unbounded_radius_m", mass / (mu * kl));
    if (kl < 0.0) line.kv("lift_off_mps", lift_off_speed(mass, kl));
    ctx.print(line);
    return 0;
}

int run_lap(Context& ctx) {
    const std::string name = ctx.text("track", "oval");
    if (name.empty()) {
        throw UsageError{
            "--track takes a track name (a file of assets/tracks without .json) or a file path"};
    }
    const int laps = whole_number(ctx, "laps", 3, 1, 100);
    const std::string path = track_arg_file(name);
    TrackResult tr = load_track_file(path);
    for (const std::string& w : tr.warnings)
        *ctx.err << "skidpad: lab lap: warning: " << printable(w) << "\n";
    if (!tr.ok) {
        *ctx.err << "skidpad: lab lap: " << printable(tr.error) << "\n";
        return 2;
    }
    ctx.print_params({"car.", "plan.", "sim."});
    const Settings& st = ctx.settings;
    LapRun run = run_autopilot_laps(std::move(tr.track), st, laps);
    ctx.print(Line()
                  .kv("track", name)
                  .kv("length_m", run.track_length_m, 3)
                  .kv("line_length_m", run.line_length_m, 3)
                  .kv("width_m", run.width_m, 3));
    for (std::size_t i = 0; i < run.lap_times.size(); ++i) {
        ctx.print(Line().kv("lap", static_cast<int>(i + 1)).kv("lap_time_s", run.lap_times[i], 3));
    }
    Line sum;
    sum.kv("laps_completed", static_cast<int>(run.lap_times.size()))
        .kv("best_lap_s", run.best_lap_s, 3)
        .kv("predicted_lap_s", run.predicted_lap_s, 3)
        .kv("predicted_standing_lap_s", run.predicted_standing_lap_s, 3)
        .kv("best_vs_predicted_pct", run.best_vs_predicted_pct, 2)
        .kv("stayed_on_track", run.stayed_on_track ? "true" : "false")
        .kv("max_wheel_offset_m", run.max_wheel_offset_m, 3)
        .kv("edge_m", run.edge_m, 3)
        .kv("time_off_track_s", run.time_off_track_s, 3)
        .kv("simulated_s", run.simulated_s, 3)
        .kv("off_track_s", run.off_track_s, 3)
        .kv("valid_laps", run.valid_laps);
    if (!run.error.empty()) sum.kv("error", run.error);
    ctx.print(sum);
    return run.error.empty() ? 0 : 1;
}

}  // namespace

void register_plan_experiments(Registry& r) {
    r.add({"braking-model",
           "braking distance v_in -> v_out for a(v) = a0 + b v^2 by the four models of "
           "docs/physics.md §10",
           {{"v-in", "V1", "initial speed, m/s (default 30)"},
            {"v-out", "V2", "final speed, m/s (default 0)"},
            {"a0", "A0", "speed-independent deceleration mu g, m/s^2 (default 9.81)"},
            {"b", "B", "aero deceleration coefficient (mu k_L + k_D)/m, 1/m (default 0)"},
            {"intervals", "N", "pieces of the aero-numerical model (default 8)"}},
           run_braking_model});
    r.add({"corner-speed",
           "steady cornering speed limit with downforce/lift, docs/physics.md §10",
           {{"radius", "R", "corner radius, m (default 50)"},
            {"mu", "MU", "tyre friction coefficient (default 1)"},
            {"mass", "M", "car mass, kg (default car.mass)"},
            {"kl", "KL", "downforce coefficient k_L, kg/m; negative = lift (default 0)"},
            {"bound", "V", "search bound returned when unbounded, m/s (default plan.speed_bound)"}},
           run_corner_speed});
    r.add({"lap",
           "the autopilot drives laps of a track; lap times vs the planner's prediction",
           {{"track", "NAME|FILE",
             "track name in assets/tracks without .json (default oval), or a track file path"},
            {"laps", "N", "laps to drive (default 3)"}},
           run_lap});
}

}  // namespace skidpad::lab
