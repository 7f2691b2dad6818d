// Track files: the header read for the track list, the whole track built and checked.
#include "skidpad/scene/track.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "track_extras.hpp"

namespace skidpad {

using nlohmann::json;

double Track::start_heading() const {
    const dvec2 t = path_tangent_at(centre, 0.0);
    return std::atan2(t.y, t.x);
}

namespace {

std::string num(double v) {
    std::string s = std::to_string(v);
    while (!s.empty() && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

namespace {

/// A refusal of the part every track list reads: where ("file", "\"name\"") and why.
struct HeadProblem {
    std::string element;
    std::string what;
};

/// Parses `text` into `doc` and checks what a track list reads without building the
/// track: the size, nesting and keys of the text, a JSON object of the track format and
/// version, and the name (into `name`). Unknown top-level keys go to `unknown`.
std::optional<HeadProblem> parse_head(std::string_view text, json& doc, UnknownKeys& unknown,
                                      std::string& name) {
    if (text.size() > kMaxTrackBytes) return HeadProblem{"file", "larger than 1 MiB; refused"};
    if (std::string deep = json_depth_error(text, kMaxJsonDepth); !deep.empty()) {
        return HeadProblem{"file", deep};
    }
    if (std::string dup = json_duplicate_key_error(text); !dup.empty()) {
        return HeadProblem{"file", dup};
    }
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        return HeadProblem{"file", "not valid JSON (" + json_error_text(e.what()) + ")"};
    }
    if (!doc.is_object()) return HeadProblem{"file", "the top level must be a JSON object"};
    unknown.check(doc, "",
                  {"format", "version", "name", "width", "kerb_width", "spacing", "centre_line",
                   "start_index", "surface", "runoff", "runoff_zones", "kerbs", "barriers",
                   "patches", "grid", "author", "road_zones", "kerb_gaps", "widths"});
    if (!doc.contains("format") || !doc["format"].is_string() ||
        doc["format"].get<std::string>() != "skidpad-track") {
        return HeadProblem{"\"format\"", "must be \"skidpad-track\""};
    }
    if (doc.contains("version")) {
        if (std::string e = json_version_error(doc["version"], kTrackVersion); !e.empty()) {
            return HeadProblem{"\"version\"", e};
        }
    }
    if (doc.contains("name")) {
        if (!doc["name"].is_string()) return HeadProblem{"\"name\"", "must be a string"};
        name = doc["name"].get<std::string>();
        if (name.size() > kMaxNameBytes)
            return HeadProblem{"\"name\"", std::to_string(name.size()) + " bytes, longer than " +
                                               std::to_string(kMaxNameBytes) + "; refused"};
    }
    if (doc.contains("author")) {
        if (!doc["author"].is_string()) return HeadProblem{"\"author\"", "must be a string"};
        if (doc["author"].get<std::string>().size() > kMaxNameBytes)
            return HeadProblem{"\"author\"",
                               "longer than " + std::to_string(kMaxNameBytes) + " bytes; refused"};
    }
    return std::nullopt;
}

/// The file's text, or a result holding the read error in the "PATH: file: reason" form
/// of every track error.
bool read_track_text(const std::string& path, std::string& text, std::string& error) {
    if (const FileResult read = read_file_capped(path, kMaxTrackBytes, text); !read.ok) {
        error = read.error.rfind(path + ": ", 0) == 0
                    ? path + ": file: " + read.error.substr(path.size() + 2)
                    : read.error;
        return false;
    }
    return true;
}

/// Reads "widths" (one per control point, 4..60 m) into t.half_widths, eased between the
/// control points along the rotated centre line; t.width becomes the narrowest. Returns
/// "" or the problem.
std::string read_widths(const json& v, std::size_t n_control, const std::vector<std::size_t>& first,
                        std::size_t start, Track& t) {
    if (!v.is_array()) return "must be an array of widths (m), one per control point";
    if (v.size() != n_control) {
        return "has " + std::to_string(v.size()) + " widths for " + std::to_string(n_control) +
               " control points";
    }
    std::vector<double> w(n_control);
    for (std::size_t i = 0; i < n_control; ++i) {
        if (!v[i].is_number()) return "[" + std::to_string(i) + "] must be a number (m)";
        w[i] = v[i].get<double>();
        if (!std::isfinite(w[i]) || w[i] < 4.0 || w[i] > 60.0) {
            return "[" + std::to_string(i) + "] " + num(w[i]) + " is outside [4, 60]";
        }
    }
    const ClosedPath& c = t.centre;
    const std::size_t ns = c.size();
    t.half_widths.assign(ns, 0.5 * w[start]);
    auto rotated = [&](std::size_t k) { return (first[k] + ns - first[start]) % ns; };
    for (std::size_t m = 0; m < n_control; ++m) {
        const std::size_t a = (start + m) % n_control;
        const std::size_t b = (a + 1) % n_control;
        const std::size_t ra = rotated(a);
        const std::size_t rb = m + 1 == n_control ? ns : rotated(b);
        const double sa = c.s[ra];
        const double sb = rb == ns ? c.length : c.s[rb];
        for (std::size_t j = ra; j < rb && j < ns; ++j) {
            const double u = sb > sa ? std::clamp((c.s[j] - sa) / (sb - sa), 0.0, 1.0) : 0.0;
            const double e = u * u * (3.0 - 2.0 * u);  // eased: no kink in the edge at a point
            t.half_widths[j] = 0.5 * (w[a] + (w[b] - w[a]) * e);
        }
    }
    t.width = *std::min_element(w.begin(), w.end());
    return "";
}

}  // namespace

TrackHeaderResult read_track_header(const std::string& path) {
    TrackHeaderResult res;
    std::string text;
    if (!read_track_text(path, text, res.error)) return res;
    UnknownKeys unknown(path);
    json doc;
    if (std::optional<HeadProblem> p = parse_head(text, doc, unknown, res.header.name)) {
        res.error = path + ": " + p->element + ": " + p->what;
        return res;
    }
    res.ok = true;
    return res;
}

TrackResult parse_track_text(std::string_view text, std::string_view source, bool surfaces) {
    TrackResult res;
    const std::string where(source);
    UnknownKeys unknown(where);  // also reported with an error: "widht" for "width"
    auto fail = [&](const std::string& element, const std::string& msg) {
        res.warnings = unknown.warnings();
        res.ok = false;
        res.error = where + ": " + element + ": " + msg;
        return res;
    };
    json doc;
    Track t;
    if (std::optional<HeadProblem> p = parse_head(text, doc, unknown, t.name)) {
        return fail(p->element, p->what);
    }
    if (doc.contains("author")) t.author = doc["author"].get<std::string>();
    // Numbers with a range: missing optional fields keep their default.
    auto number = [&](const char* key, bool required, double lo, double hi, double& out,
                      std::string& err) {
        if (!doc.contains(key)) {
            if (required) err = "missing (a number in [" + num(lo) + ", " + num(hi) + "] m)";
            return;
        }
        const json& v = doc[key];
        if (!v.is_number()) {
            err = "must be a number, got " + json_quote(v);
            return;
        }
        const double x = v.get<double>();
        if (!std::isfinite(x) || x < lo || x > hi) {
            err = num(x) + " is outside [" + num(lo) + ", " + num(hi) + "]";
            return;
        }
        out = x;
    };
    std::string err;
    number("width", true, 4.0, 60.0, t.width, err);
    if (!err.empty()) return fail("\"width\"", err);
    number("kerb_width", false, 0.0, 3.0, t.kerb_width, err);
    if (!err.empty()) return fail("\"kerb_width\"", err);
    double spacing = 2.0;
    number("spacing", false, 0.5, 10.0, spacing, err);
    if (!err.empty()) return fail("\"spacing\"", err);

    if (!doc.contains("centre_line")) return fail("\"centre_line\"", "missing (array of [x, y])");
    const json& line = doc["centre_line"];
    if (!line.is_array()) return fail("\"centre_line\"", "must be an array of [x, y] points");
    if (line.size() < 4) {
        return fail("\"centre_line\"",
                    "needs at least 4 points, got " + std::to_string(line.size()));
    }
    if (line.size() > static_cast<std::size_t>(kMaxTrackControlPoints)) {
        return fail("\"centre_line\"",
                    "more than " + std::to_string(kMaxTrackControlPoints) + " points; refused");
    }
    std::vector<dvec2> control;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const json& p = line[i];
        const std::string el = "centre_line[" + std::to_string(i) + "]";
        if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
            return fail(el, "must be [x, y] with two numbers (m), got " + json_quote(p));
        }
        const dvec2 v(p[0].get<double>(), p[1].get<double>());
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || std::fabs(v.x) > kMaxTrackCoord ||
            std::fabs(v.y) > kMaxTrackCoord) {
            return fail(el, "coordinates must be finite and within ±" + num(kMaxTrackCoord) + " m");
        }
        if (!control.empty() && glm::length(v - control.back()) < 0.5) {
            return fail(el, "lies within 0.5 m of the previous point");
        }
        control.push_back(v);
    }
    if (glm::length(control.front() - control.back()) < 0.5) {
        return fail("centre_line[" + std::to_string(control.size() - 1) + "]",
                    "repeats the first point; the loop closes by itself");
    }
    long long start = 0;
    if (doc.contains("start_index")) {
        if (!doc["start_index"].is_number_integer()) {
            return fail("\"start_index\"", "must be an integer");
        }
        // An unsigned value above 2^63 would wrap to a negative long long: read it as -1.
        const json& si = doc["start_index"];
        start = si.is_number_unsigned() && si.get<unsigned long long>() > control.size()
                    ? -1
                    : si.get<long long>();
        if (start < 0 || start >= static_cast<long long>(control.size())) {
            return fail("\"start_index\"",
                        si.dump() + " is outside [0, " + std::to_string(control.size() - 1) + "]");
        }
    }
    // The spline through the points is at least as long as the polygon joining them, so
    // the polygon bounds the sample count before any resampling work.
    double polygon = 0.0;
    for (std::size_t i = 0; i < control.size(); ++i) {
        polygon += glm::length(control[(i + 1) % control.size()] - control[i]);
    }
    const auto too_long = [&](double length) {
        return fail("\"centre_line\"",
                    "the loop is " + num(std::round(length)) + " m long, more than " +
                        std::to_string(kMaxTrackSamples) + " samples at a spacing of " +
                        num(spacing) + " m (at most " + num(kMaxTrackSamples * spacing) +
                        " m); refused");
    };
    if (polygon / spacing > kMaxTrackSamples) return too_long(polygon);
    std::vector<std::size_t> first;
    std::vector<dvec2> samples = catmull_rom_closed(control, spacing, &first);
    if (samples.size() > static_cast<std::size_t>(kMaxTrackSamples)) {
        double length = 0.0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            length += glm::length(samples[(i + 1) % samples.size()] - samples[i]);
        }
        return too_long(length);
    }
    // Rotate so that the start/finish control point is sample 0.
    std::rotate(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(first[start]),
                samples.end());
    t.centre = make_closed_path(std::move(samples));
    if (path_self_intersects(t.centre)) return fail("\"centre_line\"", "the loop crosses itself");
    // Control point i's arc length on the rotated centre line.
    const std::size_t n_samples = t.centre.size();
    std::vector<double> cp_s(control.size());
    for (std::size_t i = 0; i < control.size(); ++i) {
        cp_s[i] =
            t.centre.s[(first[i] + n_samples - first[static_cast<std::size_t>(start)]) % n_samples];
    }
    if (doc.contains("widths")) {
        if (std::string e = read_widths(doc["widths"], control.size(), first,
                                        static_cast<std::size_t>(start), t);
            !e.empty()) {
            return fail("\"widths\"", e);
        }
    }
    // The inner edge folds over itself where the radius is below half the width.
    const std::vector<double> k = path_curvature(t.centre);
    for (std::size_t i = 0; i < k.size(); ++i) {
        if (std::fabs(k[i]) * t.half_width_at(i) > 0.95) {
            return fail("\"centre_line\"", "a bend near (" + num(t.centre.points[i].x) + ", " +
                                               num(t.centre.points[i].y) + ") has a radius of " +
                                               num(1.0 / std::fabs(k[i])) +
                                               " m, below half the width");
        }
    }
    TrackExtras extras;
    if (std::string e = parse_track_extras(doc, cp_s, t, extras, unknown); !e.empty()) {
        const std::size_t colon = e.find(": ");
        return fail(e.substr(0, colon), e.substr(colon + 2));
    }
    const double grid_reach = 6.0 + t.grid_spacing * (extras.grid_slots - 1);
    if (grid_reach > 0.5 * t.centre.length) {
        return fail("\"grid\"", std::to_string(extras.grid_slots) + " slots " +
                                    num(t.grid_spacing) + " m apart reach " + num(grid_reach) +
                                    " m back, more than half the loop (" +
                                    num(std::floor(0.5 * t.centre.length)) + " m)");
    }
    track_build(t, extras.derive_kerbs, extras.derive_zones, extras.grid_slots, surfaces);
    for (std::size_t i = 0; i < t.grid.size(); ++i) {
        if (!track_contains(t, t.grid[i].position)) {
            return fail("\"grid\"", "slot " + std::to_string(i) +
                                        " falls off the road (too many slots or too wide a "
                                        "spacing for this loop)");
        }
    }
    if (const long long bodies = track_barrier_body_count(t); bodies > kMaxTrackBodies) {
        return fail("\"barriers\"", "expand to " + std::to_string(bodies) + " bodies, more than " +
                                        std::to_string(kMaxTrackBodies) + "; refused");
    }
    res.ok = true;
    res.track = std::move(t);
    res.warnings = unknown.warnings();
    return res;
}

TrackResult load_track_file(const std::string& path) {
    std::string text;
    TrackResult res;
    if (!read_track_text(path, text, res.error)) return res;
    return parse_track_text(text, path);
}

}  // namespace skidpad
