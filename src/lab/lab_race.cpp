// `skidpad lab race`: an AI-only race on a track, headless; overtakes, contacts, spread.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "data_dir.hpp"
#include "lab.hpp"
#include "skidpad/plan/race_run.hpp"
#include "skidpad/scene/preset.hpp"

namespace skidpad::lab {

namespace {

int whole(const Context& ctx, const std::string& name, int fallback, int lo, int hi) {
    const double v = ctx.number(name, fallback);
    if (v != std::floor(v) || v < lo || v > hi) {
        throw UsageError{"--" + name + " must be a whole number in [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "]"};
    }
    return static_cast<int>(v);
}

/// A driver's name as one key=value word.
std::string word(std::string s) {
    std::replace(s.begin(), s.end(), ' ', '_');
    return s;
}

int run_race(Context& ctx) {
    const std::string name = ctx.text("track", "club");
    if (name.empty()) {
        throw UsageError{
            "--track takes a track name (a file of assets/tracks without .json) or a file path"};
    }
    const int max_opponents = static_cast<int>(race_drivers().size()) - 1;
    const int opponents = whole(ctx, "opponents", 5, 1, max_opponents);
    const int laps = whole(ctx, "laps", 3, 1, 50);
    const double seed_v = ctx.number("seed", 1);
    if (seed_v != std::floor(seed_v) || seed_v < 0 || seed_v > 4294967295.0)
        throw UsageError{"--seed must be a whole number in [0, 4294967295]"};
    const std::string level_text = ctx.text("difficulty", "club");
    Difficulty level = Difficulty::Club;
    const bool mixed = level_text == "mixed";
    if (!mixed && !parse_difficulty(level_text, level))
        throw UsageError{"--difficulty takes novice, club, pro or mixed, not '" + level_text + "'"};

    TrackResult tr = load_track_file(track_arg_file(name));
    for (const std::string& w : tr.warnings)
        *ctx.err << "skidpad: lab race: warning: " << printable(w) << "\n";
    if (!tr.ok) {
        *ctx.err << "skidpad: lab race: " << printable(tr.error) << "\n";
        return 2;
    }
    // The field: drivers drawn from the roster by the seed, the grid in that draw.
    const auto seed = static_cast<std::uint64_t>(seed_v);
    const std::vector<RaceDriver> roster = race_field_draw(seed, opponents + 1);
    std::vector<RaceRunEntrant> field;
    for (int k = 0; k <= opponents; ++k) {
        const RaceDriver& d = roster[static_cast<std::size_t>(k)];
        Settings st = ctx.settings;
        const PresetResult r =
            load_preset_file(util::data_path("presets/" + d.preset + ".json"), st);
        if (!r.ok) {
            *ctx.err << "skidpad: lab race: preset " << d.preset << ": " << printable(r.error)
                     << "\n";
            return 2;
        }
        const Difficulty lv = mixed ? static_cast<Difficulty>(k % 3) : level;
        field.push_back({d.name, d.preset, st.car, driver_skill(lv, d.personality)});
    }
    RaceRunConfig cfg;
    cfg.laps = laps;
    cfg.seed = seed;
    const std::string log_text = ctx.text("contact-log", "off");
    if (log_text != "on" && log_text != "off")
        throw UsageError{"--contact-log takes on or off, not '" + log_text + "'"};
    const RaceRunResult r = run_ai_race(std::move(tr.track), ctx.settings, field, cfg);
    if (log_text == "on") {
        for (const RaceContact& c : r.contacts) {
            Line l;
            l.kv("contact_t", c.t, 2)
                .kv("behind", c.a + 1)
                .kv("ahead", c.b + 1)
                .kv("impulse_ns", c.impulse, 0)
                .kv("gap_m", c.ahead_m, 2)
                .kv("side_m", c.side_m, 2)
                .kv("v_behind", c.speed_a, 2)
                .kv("v_ahead", c.speed_b, 2)
                .kv("plan_behind", c.plan_a, 2)
                .kv("covered_m", c.covered_a, 0)
                .kv("behind_passing", c.a_passing ? 1 : 0)
                .kv("ahead_passing", c.b_passing ? 1 : 0)
                .kv("behind_spun", c.a_spun ? 1 : 0)
                .kv("ahead_spun", c.b_spun ? 1 : 0)
                .kv("brake_behind", c.brake_a, 2)
                .kv("brake_ahead", c.brake_b, 2);
            ctx.print(l);
        }
    }
    for (const RaceRunCar& c : r.cars) {
        Line l;
        l.kv("place", c.place)
            .kv("driver", word(c.name))
            .kv("car", c.car_name)
            .kv("grid", c.grid + 1)
            .kv("finished", c.finished ? "true" : "false")
            .kv("finish_s", c.finish_s, 3)
            .kv("best_lap_s", c.best_lap_s, 3)
            .kv("predicted_lap_s", c.predicted_lap_s, 3)
            .kv("overtakes", c.overtakes)
            .kv("mistakes", c.mistakes)
            .kv("time_off_track_s", c.time_off_track_s, 3);
        ctx.print(l);
    }
    Line sum;
    sum.kv("track", name)
        .kv("laps", laps)
        .kv("seed", static_cast<long long>(seed))
        .kv("difficulty", mixed ? "mixed" : difficulty_name(level))
        .kv("entrants", r.entrants)
        .kv("finished", r.finished)
        .kv("overtakes", r.overtakes)
        .kv("car_contacts", r.car_contacts)
        .kv("spread_s", r.spread_s, 3)
        .kv("winner", word(r.winner.empty() ? "none" : r.winner))
        .kv("winner_s", r.winner_s, 3)
        .kv("fastest_lap_s", r.fastest_lap_s, 3)
        .kv("fastest_lap_by", word(r.fastest_lap_by.empty() ? "none" : r.fastest_lap_by))
        .kv("mistakes", r.mistakes)
        .kv("worst_impulse_ns", r.worst_impulse, 1)
        .kv("contact_threshold_ns", kContactImpulse, 1)
        .kv("simulated_s", r.simulated_s, 3);
    if (!r.error.empty()) sum.kv("error", r.error);
    ctx.print(sum);
    return r.error.empty() ? 0 : 1;
}

}  // namespace

void register_race_experiments(Registry& r) {
    r.add({"race",
           "an AI-only race: named drivers of a difficulty on a track's grid (drawn by the "
           "seed); overtakes, car-car contacts, the spread and the fastest lap",
           {{"track", "NAME|FILE",
             "track name in assets/tracks without .json (default club), or a track file path"},
            {"opponents", "N", "AI cars besides the first (default 5: a six-car field)"},
            {"laps", "L", "laps of the race (default 3)"},
            {"seed", "K", "draws the field, the grid and the drivers' errors (default 1)"},
            {"difficulty", "LEVEL", "novice, club (default), pro or mixed (one of each in turn)"},
            {"contact-log", "on|off",
             "on: a line per car-car contact, where the two cars were and what they did "
             "(default off)"}},
           run_race});
}

}  // namespace skidpad::lab
