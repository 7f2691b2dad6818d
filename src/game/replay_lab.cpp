// The lab's replay experiments: compare and replay-bench (see replay_lab.hpp).
#include "replay_lab.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "lab.hpp"
#include "replay_player.hpp"
#include "skidpad/tune/params.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

bool parse_positive(const std::string& text, double max, double& out) {
    double v = 0.0;
    if (!util::parse_number(text, v) || v <= 0.0 || v > max) return false;
    out = v;
    return true;
}

/// What one run of a comparison measures of the player car.
struct Track {
    double distance = 0.0;  ///< m travelled (a reset's jump not counted)
    double vmax = 0.0;      ///< m/s in the segment
    std::vector<double> laps;
    int seen_laps = 0;
};

const Car* player_car(const Scene& s) {
    const World& w = s.world;
    return w.valid(w.player()) ? &w.car(w.player()) : nullptr;
}

void observe(Track& t, const Scene& s, dvec2& last, bool reset) {
    const Car* c = player_car(s);
    if (!c) return;
    if (!reset) t.distance += glm::length(c->position - last);
    last = c->position;
    t.vmax = std::max(t.vmax, glm::length(c->velocity));
    if (const RaceEntry* e = s.race.entry(s.world.player()); e && e->timer.laps > t.seen_laps) {
        t.seen_laps = e->timer.laps;
        t.laps.push_back(e->timer.last_lap);
    }
}

std::string changed_params(const Settings& a, const Settings& b) {
    std::string out;
    const ParamRegistry& reg = param_registry();
    for (const ParamDesc& p : reg.all()) {
        const double va = p.get(a), vb = p.get(b);
        if (va == vb) continue;
        if (!out.empty()) out += ",";
        out += p.key + ":" + reg.format(p, va) + "->" + reg.format(p, vb);
    }
    return out.empty() ? "none" : out;
}

int run_compare(std::vector<std::string> args, std::ostream& out, std::ostream& err) {
    std::string path, segment_text = "5";
    std::vector<std::string> settings_args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "--replay" || args[i] == "--segment") && i + 1 < args.size()) {
            (args[i] == "--replay" ? path : segment_text) = args[i + 1];
            ++i;
        } else {
            settings_args.push_back(args[i]);
        }
    }
    if (path.empty()) {
        err << "usage: skidpad lab compare --replay FILE (--preset FILE | --set key=value)... "
               "[--segment S]\n";
        return 2;
    }
    double segment_s = 5.0;
    if (!parse_positive(segment_text, 3600.0, segment_s)) {
        err << "skidpad: --segment: '" << util::printable(segment_text)
            << "' is not a number of seconds in (0, 3600]\n";
        return 2;
    }
    ReplayParse parsed = load_replay_file(path);
    if (!parsed.ok) {
        err << "skidpad: " << util::printable(parsed.error) << "\n";
        return 2;
    }
    Replay a = std::move(parsed.replay);
    // Over where the replay starts (a restored last preset included): what the command
    // line sets wins, the rest is run A's.
    Settings start = replay_start_settings(a);
    const std::size_t given = settings_args.size();
    if (!lab::apply_settings_args(settings_args, start, err)) return 2;
    Replay b = replay_with_start(a, start);
    if (!settings_args.empty()) {
        err << "skidpad: lab compare: unknown option '" << util::printable(settings_args[0])
            << "'\n";
        return 2;
    }
    if (given == 0) {
        err << "skidpad: lab compare needs the other setup: --preset FILE or --set key=value\n";
        return 2;
    }
    ReplayPlayer pa, pb;
    Scene sa, sb;
    for (auto [p, s, r] : {std::tuple{&pa, &sa, &a}, std::tuple{&pb, &sb, &b}}) {
        if (const std::string why = replay_open(*p, *s, *r); !why.empty()) {
            err << "skidpad: replay '" << util::printable(path) << "': " << why << "\n";
            return 1;
        }
    }
    util::Line head;
    head.kv("replay", path).kv("changed", changed_params(replay_start_settings(a), start));
    out << head.str() << "\n";

    const auto seg_steps = static_cast<std::uint64_t>(
        std::max(1.0, std::round(segment_s * a.header.settings.sim.physics_hz)));
    Track ta, tb, total_a, total_b;
    dvec2 la = player_car(sa) ? player_car(sa)->position : dvec2(0.0);
    dvec2 lb = player_car(sb) ? player_car(sb)->position : dvec2(0.0);
    int segment = 0;
    double t0_a = 0.0;
    while (!pa.at_end()) {
        const bool reset = a.input_at(pa.cursor.step).reset;
        replay_step(pa, sa);
        replay_step(pb, sb);
        observe(ta, sa, la, reset);
        observe(tb, sb, lb, reset);
        if (pa.cursor.step % seg_steps == 0 || pa.at_end()) {
            const Car* ca = player_car(sa);
            const Car* cb = player_car(sb);
            util::Line l;
            l.kv("segment", ++segment).kv("t0", t0_a, 3).kv("t1", sa.world.time(), 3);
            l.kv("dist_a", ta.distance, 3).kv("dist_b", tb.distance, 3);
            l.kv("dist_diff", tb.distance - ta.distance, 3);
            l.kv("vmax_a", ta.vmax, 3).kv("vmax_b", tb.vmax, 3);
            if (ca && cb) l.kv("gap_m", glm::length(cb->position - ca->position), 3);
            out << l.str() << "\n";
            total_a.distance += ta.distance;
            total_b.distance += tb.distance;
            ta.distance = tb.distance = ta.vmax = tb.vmax = 0.0;
            t0_a = sa.world.time();
        }
    }
    replay_finish(pa, sa);
    replay_finish(pb, sb);
    const std::size_t laps = std::max(ta.laps.size(), tb.laps.size());
    for (std::size_t i = 0; i < laps; ++i) {
        util::Line l;
        l.kv("lap", static_cast<int>(i + 1));
        if (i < ta.laps.size()) l.kv("time_a", ta.laps[i], 3);
        if (i < tb.laps.size()) l.kv("time_b", tb.laps[i], 3);
        if (i < ta.laps.size() && i < tb.laps.size()) l.kv("diff", tb.laps[i] - ta.laps[i], 3);
        out << l.str() << "\n";
    }
    util::Line sum;
    sum.kv("compare", "total").kv("steps", static_cast<long long>(pa.cursor.step));
    sum.kv("seconds_a", sa.world.time(), 3).kv("seconds_b", sb.world.time(), 3);
    sum.kv("dist_a", total_a.distance, 3).kv("dist_b", total_b.distance, 3);
    sum.kv("laps_a", static_cast<int>(ta.laps.size()))
        .kv("laps_b", static_cast<int>(tb.laps.size()));
    sum.kv("hash_a", std::to_string(sa.world.state_hash()));
    sum.kv("replay_hash_match", sa.world.state_hash() == a.final_hash ? "true" : "false");
    sum.kv("hash_b", std::to_string(sb.world.state_hash()));
    out << sum.str() << "\n";
    return 0;
}

/// A drive like a keyboard player's: throttle on and off, steer ramping to full lock
/// and back at input.steer_rate, now and then the brake; it changes most steps.
InputState bench_input(std::uint64_t step, double dt, InputState prev) {
    const double t = static_cast<double>(step) * dt;
    const int phase = static_cast<int>(t / 1.7) % 6;
    InputState in;
    in.throttle = phase == 4 ? 0.0 : 1.0;
    in.brake = phase == 4 ? 1.0 : 0.0;
    const double target = phase == 1 ? 1.0 : phase == 3 ? -1.0 : 0.0;
    const double rate = 3.0 * dt;
    in.steer = prev.steer + std::clamp(target - prev.steer, -rate, rate);
    return in;
}

int run_replay_bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    double minutes = 10.0;
    if (!(args.empty() || (args.size() == 2 && args[0] == "--minutes" &&
                           parse_positive(args[1], 600.0, minutes)))) {
        err << "usage: skidpad lab replay-bench [--minutes M]   (M in (0, 600], default 10)\n";
        return 2;
    }
    // Record a drive on the arena.
    const Settings settings;
    Scene scene;
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(scene, "", settings, warning, skipped);
    ReplayRecorder rec;
    ReplayHeader header;
    header.settings = settings;
    rec.begin(header);
    const double dt = replay_dt(scene);
    const auto steps = static_cast<std::uint64_t>(std::llround(minutes * 60.0 / dt));
    InputState in;
    const Clock::time_point rec_t0 = Clock::now();
    for (std::uint64_t i = 0; i < steps; ++i) {
        in = bench_input(i, dt, in);
        in.reset = i % 2400 == 2399;  // back to the start every 20 s: stay in the arena
        rec.step(in);
        scene.world.step(dt, in);
    }
    const double record_ms = ms_since(rec_t0);
    const std::string bytes = encode_replay(rec.snapshot(scene.world.state_hash()));
    const ReplayParse parsed = parse_replay(bytes);
    if (!parsed.ok) {
        err << "skidpad: replay-bench: " << parsed.error << "\n";
        return 1;
    }
    ReplayPlayer p;
    Scene ps;
    if (const std::string why = replay_open(p, ps, parsed.replay); !why.empty()) {
        err << "skidpad: replay-bench: " << why << "\n";
        return 1;
    }
    const std::uint64_t middle = steps / 2;
    Clock::time_point t0 = Clock::now();
    replay_seek(p, ps, middle);  // from the start: plays half and keeps snapshots
    const double cold_ms = ms_since(t0);
    replay_seek(p, ps, steps);
    const std::uint64_t end_hash = ps.world.state_hash();
    // Warm: the snapshots exist. The middle itself, and the worst case just before the
    // next snapshot (restore, then snapshot_every - 1 steps).
    const std::uint64_t worst = std::min(steps, middle + p.snapshot_every - 1);
    std::vector<double> warm, warm_worst;
    for (int k = 0; k < 9; ++k) {
        replay_seek(p, ps, k % 2 ? 0 : steps);  // from either end
        t0 = Clock::now();
        replay_seek(p, ps, middle);
        warm.push_back(ms_since(t0));
        replay_seek(p, ps, k % 2 ? 0 : steps);
        t0 = Clock::now();
        replay_seek(p, ps, worst);
        warm_worst.push_back(ms_since(t0));
    }
    std::sort(warm.begin(), warm.end());
    std::sort(warm_worst.begin(), warm_worst.end());
    util::Line l;
    l.kv("minutes", minutes, 2).kv("steps", static_cast<long long>(steps));
    l.kv("bytes", static_cast<long long>(bytes.size()));
    l.kv("bytes_per_minute", static_cast<double>(bytes.size()) / minutes, 0);
    l.kv("input_runs", static_cast<long long>(parsed.replay.runs.size()));
    l.kv("record_ms", record_ms, 1);
    l.kv("seek_middle_cold_ms", cold_ms, 1);
    l.kv("seek_middle_warm_ms_median", warm[warm.size() / 2], 3);
    l.kv("seek_worst_warm_ms_median", warm_worst[warm_worst.size() / 2], 2);
    l.kv("snapshot_every_steps", static_cast<long long>(p.snapshot_every));
    l.kv("snapshots", static_cast<long long>(p.snapshots.size()));
    l.kv("hash_match", end_hash == parsed.replay.final_hash ? "true" : "false");
    out << l.str() << "\n";
    return 0;
}

}  // namespace

bool is_replay_lab(const std::vector<std::string>& args) {
    return !args.empty() && (args[0] == "compare" || args[0] == "replay-bench");
}

int run_replay_lab(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    return args[0] == "compare" ? run_compare(rest, out, err) : run_replay_bench(rest, out, err);
}

void list_replay_lab(std::ostream& out) {
    out << "experiment=compare  # a replay's inputs with another setup: per segment and lap\n"
        << "experiment=replay-bench  # replay file size per minute, seek time to the middle\n";
}

}  // namespace skidpad::app
