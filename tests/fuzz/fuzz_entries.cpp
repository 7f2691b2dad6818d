#include "fuzz_entries.hpp"

#include <cmath>
#include <sstream>
#include <vector>

#include "input_bindings.hpp"
#include "lab.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

namespace skidpad::fuzz {

namespace {

constexpr std::string_view kSource = "fuzz-input";

/// "" when a message is one bounded line, else what is wrong with it.
std::string message_problem(const std::string& what, const std::string& text) {
    if (text.size() > kMaxMessageBytes) {
        return what + " is " + std::to_string(text.size()) + " bytes long (limit " +
               std::to_string(kMaxMessageBytes) + "): " + text.substr(0, 200) + "...";
    }
    return "";
}

/// What every entry checks of a parse's verdict: the error is one bounded line, and a
/// refusal has one. Returns true when the entry is done (a violation, or a refusal).
bool verdict(Outcome& o, bool ok, const std::string& error) {
    o.accepted = ok;
    if (std::string m = message_problem("the error", error); !m.empty()) {
        o.violation = m;
        return true;
    }
    if (!ok && error.empty()) o.violation = "refused without a message";
    return !ok;
}

/// The first tunable whose value differs between two settings, or "".
std::string first_difference(const Settings& a, const Settings& b) {
    for (const ParamDesc& p : param_registry().all()) {
        const double x = p.get(a), y = p.get(b);
        if (!(x == y)) return p.key;
    }
    return "";
}

/// The first tunable whose value its own range check refuses, or "".
std::string first_out_of_range(const Settings& s) {
    const ParamRegistry& reg = param_registry();
    for (const ParamDesc& p : reg.all()) {
        if (const ParamResult r = reg.check(p, p.get(s)); !r.ok) return r.error;
    }
    return "";
}

Outcome run_preset(std::string_view data) {
    Outcome o;
    const Settings before;
    Settings s = before;
    const PresetResult r = apply_preset_text(data, kSource, s);
    o.accepted = r.ok;
    if (std::string m = message_problem("the error", r.error); !m.empty())
        return o.violation = m, o;
    for (const std::string& w : r.warnings) {
        if (std::string m = message_problem("a warning", w); !m.empty()) return o.violation = m, o;
    }
    if (!r.ok) {
        if (r.error.empty()) o.violation = "refused without a message";
        if (const std::string k = first_difference(before, s); !k.empty())
            o.violation = "refused, but " + k + " was changed";
        return o;
    }
    if (const std::string e = first_out_of_range(s); !e.empty())
        return o.violation = "accepted a value outside its range: " + e, o;
    // What was accepted saves and loads back to the same values.
    Settings back;
    const PresetResult again =
        apply_preset_text(preset_to_text(s, r.name, false), "round-trip", back);
    if (!again.ok) return o.violation = "the saved copy is refused: " + again.error, o;
    if (const std::string k = first_difference(s, back); !k.empty())
        o.violation = "the saved copy loads a different " + k;
    return o;
}

bool finite(dvec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

int expanded_count(const Level& lv) {
    long long n = 0;
    for (const LevelBody& b : lv.bodies) {
        n += level_body_count(b);
    }
    return static_cast<int>(std::min<long long>(n, 1 << 30));
}

Outcome run_level(std::string_view data) {
    Outcome o;
    Level lv;
    lv.name = "untouched";
    const Level before = lv;
    const LevelResult r = parse_level_text(data, kSource, lv);
    if (verdict(o, r.ok, r.error)) {
        if (!r.ok && o.violation.empty() && !(lv == before))
            o.violation = "refused, but the caller's level was changed";
        return o;
    }
    const int bodies = expanded_count(lv);
    if (bodies > kMaxLevelBodies)
        return o.violation = "accepted " + std::to_string(bodies) + " bodies", o;
    const auto within = [](double v) { return std::isfinite(v) && std::fabs(v) <= 10000.0; };
    if (!within(lv.car_start.x) || !within(lv.car_start.y))
        return o.violation = "accepted a car start outside the coordinate limit", o;
    for (const LevelBody& b : lv.bodies) {
        if (!within(b.x) || !within(b.y) || !within(b.x1) || !within(b.y1))
            return o.violation = "accepted a body outside the coordinate limit", o;
    }
    // A small accepted level is built and stepped once: what the game does with it first.
    if (bodies <= 32) {
        const Settings s;
        World world(world_def(s));
        build_level(world, lv, s.car);
        world.step(1.0 / 120.0, InputState{});
        if (!finite(world.car(world.player()).position))
            return o.violation = "the car's position is not finite after one step", o;
        for (const vec2 p : world.soft().positions()) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y))
                return o.violation = "a particle is not finite after one step", o;
        }
    }
    return o;
}

Outcome run_track(std::string_view data) {
    Outcome o;
    // The track editor opens what the game loads and, to be fixed, unfinished tracks.
    const TrackDraftResult draft = track_draft_from_text(data, kSource);
    if (draft.ok) {
        if (draft.draft.stretches.size() != draft.draft.points.size())
            return o.violation = "the editor's draft has a stretch per point no more", o;
        for (const dvec2 p : draft.draft.points) {
            if (!finite(p) || std::fabs(p.x) > kMaxTrackCoord || std::fabs(p.y) > kMaxTrackCoord)
                return o.violation = "the editor opened a point out of range", o;
        }
    }
    const TrackResult r = parse_track_text(data, kSource);
    if (verdict(o, r.ok, r.error)) return o;
    const Track& t = r.track;
    const std::size_t n = t.centre.points.size();
    if (n < 4 || n > static_cast<std::size_t>(kMaxTrackSamples))
        return o.violation = "accepted a centre line of " + std::to_string(n) + " samples", o;
    for (const dvec2 p : t.centre.points) {
        if (!finite(p)) return o.violation = "a centre-line sample is not finite", o;
    }
    if (!(t.width >= 4.0 && t.width <= 60.0))
        return o.violation = "accepted a width of " + std::to_string(t.width), o;
    if (!std::isfinite(t.start_heading()))
        return o.violation = "the start heading is not finite", o;
    if (!track_contains(t, t.start_position()))
        return o.violation = "the start position is not on the track", o;
    DrawList draw;
    track_draw(t, draw);
    // Every file the game accepts opens in the editor with all its control points.
    if (!draft.ok || draft.draft.points.size() < 4)
        return o.violation = "the editor refused an accepted track: " + draft.error, o;
    return o;
}

Outcome run_input_script(std::string_view data) {
    Outcome o;
    const InputScriptResult r = parse_input_script(data, kSource);
    if (verdict(o, r.ok, r.error)) {
        if (!r.ok && o.violation.empty() && !r.script.rows.empty())
            o.violation = "refused, but rows were returned";
        return o;
    }
    if (r.script.rows.empty()) return o.violation = "accepted a script without rows", o;
    double last = -1.0;
    for (const InputScriptRow& row : r.script.rows) {
        const bool ok = std::isfinite(row.t) && row.t >= 0.0 && row.t > last &&
                        row.throttle >= 0.0 && row.throttle <= 1.0 && row.brake >= 0.0 &&
                        row.brake <= 1.0 && row.steer >= -1.0 && row.steer <= 1.0 &&
                        row.handbrake >= 0.0 && row.handbrake <= 1.0 &&
                        (row.gear == -99 || (row.gear >= -1 && row.gear <= 9));
        if (!ok) return o.violation = "accepted a row outside the format's ranges", o;
        last = row.t;
        const InputState in = r.script.at(row.t);
        if (in.throttle != row.throttle || in.steer != row.steer)
            return o.violation = "at(t) of a row's own t does not give that row", o;
    }
    return o;
}

/// Each line of the input is one `--set` value, as the command line passes them.
Outcome run_set(std::string_view data) {
    Outcome o;
    std::vector<std::string> args;
    std::size_t pos = 0;
    while (pos <= data.size() && args.size() < 32) {
        const std::size_t nl = data.find('\n', pos);
        const std::size_t end = nl == std::string_view::npos ? data.size() : nl;
        args.emplace_back("--set");
        args.emplace_back(data.substr(pos, end - pos));
        pos = end + 1;
    }
    const Settings before;
    Settings s = before;
    std::ostringstream err;
    std::vector<std::string> rest = args;
    o.accepted = lab::apply_settings_args(rest, s, err);
    if (!o.accepted) {
        if (err.str().empty()) o.violation = "refused without a message";
        if (const std::string k = first_difference(before, s); !k.empty())
            o.violation = "refused, but " + k + " was changed";
        return o;
    }
    if (!rest.empty()) return o.violation = "a --set value was left over as an argument", o;
    if (const std::string e = first_out_of_range(s); !e.empty())
        o.violation = "accepted a value outside its range: " + e;
    return o;
}

/// A replay file: a refusal names what and where in one bounded line; an accepted
/// replay encodes back to bytes that parse to the same encoding (nothing read is lost or
/// invented).
Outcome run_replay(std::string_view data) {
    Outcome o;
    const ReplayParse r = parse_replay(data);
    if (verdict(o, r.ok, r.error)) return o;
    const std::string bytes = encode_replay(r.replay);
    const ReplayParse again = parse_replay(bytes);
    if (!again.ok) return o.violation = "its own encoding is refused: " + again.error, o;
    if (encode_replay(again.replay) != bytes) o.violation = "the encoding does not round-trip";
    return o;
}

/// A bindings file: a refusal leaves the caller's bindings as they were; accepted
/// bindings give each input one job, keep a Menu key, hold only named keys and pad inputs
/// and steering values within the tunables' ranges, and save and load back the same.
Outcome run_bindings(std::string_view data) {
    Outcome o;
    Bindings b = default_bindings();
    b.keys[0][1] = 0;  // a caller's bindings that differ from the defaults
    const Bindings before = b;
    const BindingsResult r = parse_bindings_text(data, kSource, b);
    if (verdict(o, r.ok, r.error)) {
        if (!r.ok && o.violation.empty() && !(b == before))
            o.violation = "refused, but the caller's bindings were changed";
        return o;
    }
    for (int a = 0; a < kActionCount; ++a) {
        for (int i = 0; i < kBindingSlots; ++i) {
            const int k = b.keys[static_cast<std::size_t>(a)][static_cast<std::size_t>(i)];
            const PadInput p = b.pad[static_cast<std::size_t>(a)][static_cast<std::size_t>(i)];
            if (k != 0 && (key_name(k).empty() || !reserved_key(k).empty()))
                return o.violation = "accepted key code " + std::to_string(k), o;
            if (k != 0 && key_holder(b, k, a) >= 0)
                return o.violation = "accepted a key bound to two actions", o;
            if (!p.none() && pad_holder(b, p, a) >= 0)
                return o.violation = "accepted a pad input bound to two actions", o;
            if (!p.none() && pad_input_from_name(pad_input_name(p)) != p)
                return o.violation = "accepted a pad input without a name", o;
        }
    }
    if (b.keys[static_cast<std::size_t>(Action::Menu)][0] == 0)
        return o.violation = "accepted bindings without a Menu key", o;
    Bindings back = default_bindings();
    const BindingsResult again = parse_bindings_text(bindings_to_text(b), "round-trip", back);
    if (!again.ok) return o.violation = "the saved copy is refused: " + again.error, o;
    if (!(back == b)) o.violation = "the saved copy loads different bindings";
    Settings s;
    s.input.key_steer_sensitivity = b.steer.key_sensitivity;
    s.input.key_steer_linearity = b.steer.key_linearity;
    s.input.stick_steer_sensitivity = b.steer.stick_sensitivity;
    s.input.stick_steer_linearity = b.steer.stick_linearity;
    if (const std::string e = first_out_of_range(s); !e.empty())
        o.violation = "accepted a steering value outside its range: " + e;
    return o;
}

constexpr Target kTargets[] = {{"preset", run_preset},    {"level", run_level},
                               {"track", run_track},      {"input_script", run_input_script},
                               {"set", run_set},          {"replay", run_replay},
                               {"bindings", run_bindings}};

}  // namespace

std::span<const Target> targets() {
    return kTargets;
}

const Target* find_target(std::string_view name) {
    for (const Target& t : kTargets) {
        if (name == t.name) return &t;
    }
    return nullptr;
}

}  // namespace skidpad::fuzz
