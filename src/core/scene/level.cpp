// Level loading: all-or-nothing, errors name file, element and field; unknown keys
// are ignored with a warning each.
#include "skidpad/scene/level.hpp"

#include <cmath>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "level_start.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/json_keys.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

using nlohmann::json;

namespace {

// Same text as assets/levels/arena.json (a test checks they agree).
constexpr std::string_view kArenaJson = R"JSON(
{
  "format": "skidpad-level",
  "version": 1,
  "name": "arena",
  "car_start": { "x": 0, "y": 0, "heading": 0 },
  "bodies": [
    { "type": "barrier", "x": 0, "y": 40.5, "w": 82, "h": 1 },
    { "type": "barrier", "x": 0, "y": -40.5, "w": 82, "h": 1 },
    { "type": "barrier", "x": 40.5, "y": 0, "w": 1, "h": 80 },
    { "type": "barrier", "x": -40.5, "y": 0, "w": 1, "h": 80 },
    { "type": "barrier", "x": -10, "y": 8, "w": 12, "h": 1, "angle": 0.7854 },
    { "type": "barrier", "x": 20, "y": -15, "w": 10, "h": 1.5, "pinned": false, "mass": 3000 },
    { "type": "crate_stack", "x": 15, "y": 15, "cols": 4, "rows": 4 },
    { "type": "crate_stack", "x": -20, "y": 20, "cols": 6, "rows": 2, "angle": 0.3 },
    { "type": "crate_stack", "x": 28, "y": -30, "cols": 3, "rows": 3 },
    { "type": "crate", "x": -5, "y": -25 },
    { "type": "crate", "x": -3.5, "y": -25, "angle": 0.4 },
    { "type": "crate", "x": -4.2, "y": -23.6, "size": 1.4, "mass": 40 },
    { "type": "tyre_wall", "x0": -39, "y0": 30, "x1": -30, "y1": 39, "count": 12 },
    { "type": "tyre_wall", "x0": 30, "y0": 39, "x1": 39, "y1": 30, "count": 12 },
    { "type": "tyre_wall", "x0": 30, "y0": -39, "x1": 39, "y1": -30, "count": 12 },
    { "type": "tyre", "x": 0, "y": 12 },
    { "type": "tyre", "x": 0.8, "y": 12 },
    { "type": "cone_line", "x0": -25, "y0": -10, "x1": -25, "y1": 10, "count": 6 },
    { "type": "cone", "x": 5, "y": -30 },
    { "type": "cone", "x": 8, "y": -30 }
  ],
  "patches": [
    { "surface": "ice", "x": -22, "y": -30, "w": 16, "h": 10 },
    { "surface": "gravel", "x": -33, "y": 0, "w": 8, "h": 16 }
  ]
}
)JSON";

struct Failure {
    std::string message;
};

// Tracks where the parser is (bodies[3].x) so a syntax error can name the element
// and field it broke in.
struct PathTracker {
    struct Frame {
        bool array = false;
        int index = 0;
        std::string key;
    };
    std::vector<Frame> stack;
    void element_done() {
        if (!stack.empty() && stack.back().array) stack.back().index += 1;
    }
    std::string path() const {
        std::string p;
        for (const Frame& f : stack) {
            if (f.array) {
                p += "[" + std::to_string(f.index) + "]";
            } else if (!f.key.empty()) {
                p += (p.empty() ? "" : ".") + f.key;
            }
        }
        return p;
    }
};

// Field readers: `ctx` is "bodies[3] (crate_stack)".
double need_number(const json& o, const std::string& ctx, const char* key, double lo, double hi,
                   const double* fallback) {
    if (!o.contains(key)) {
        if (fallback) return *fallback;
        throw Failure{ctx + ": field '" + key + "' is missing"};
    }
    const json& v = o.at(key);
    if (!v.is_number()) {
        throw Failure{ctx + ": field '" + key + "' must be a number, got " + json_quote(v)};
    }
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi) {
        std::ostringstream m;
        m << ctx << ": field '" << key << "' = " << json_quote(v) << " is outside [" << lo << ", "
          << hi << "]";
        throw Failure{m.str()};
    }
    return d;
}

std::optional<double> opt_number(const json& o, const std::string& ctx, const char* key, double lo,
                                 double hi) {
    if (!o.contains(key)) return std::nullopt;
    return need_number(o, ctx, key, lo, hi, nullptr);
}

int need_int(const json& o, const std::string& ctx, const char* key, int lo, int hi) {
    if (!o.contains(key)) throw Failure{ctx + ": field '" + key + "' is missing"};
    const json& v = o.at(key);
    if (!v.is_number_integer()) {
        throw Failure{ctx + ": field '" + key + "' must be a whole number, got " + json_quote(v)};
    }
    const long long n = v.get<long long>();
    if (n < lo || n > hi) {
        throw Failure{ctx + ": field '" + key + "' = " + json_quote(v) + " is outside [" +
                      std::to_string(lo) + ", " + std::to_string(hi) + "]"};
    }
    return static_cast<int>(n);
}

constexpr double kCoord = 10000.0;  ///< m, |x|, |y| limit
constexpr double kAngle = 1000.0;   ///< rad

/// A tyre_wall or cone_line places `count` bodies evenly from (x0, y0) to (x1, y1); they
/// must not overlap: the gap between centres is at least a body's size (a tyre's
/// diameter from its radius or the default soft.tyre_radius, the default soft.cone_size).
void check_line_spacing(const LevelBody& b, const std::string& ctx) {
    const SoftDef def;
    const bool tyres = b.kind == BodyKind::Tyre;
    const double size = tyres ? 2.0 * b.radius.value_or(def.tyre_radius) : def.cone_size;
    const double length = std::hypot(b.x1 - b.x, b.y1 - b.y);
    const double gap = length / (b.count - 1);
    if (gap < size * (1.0 - 1e-9)) {
        std::ostringstream m;
        m << ctx << ": " << b.count << " " << body_kind_row(b.kind).name << "s along " << length
          << " m are " << gap << " m apart, closer than their size of " << size
          << " m: they would lie on top of each other (at most " << 1 + std::floor(length / size)
          << " fit)";
        throw Failure{m.str()};
    }
}

/// Warns for each key the element's type does not read (the header lists them).
void check_body_keys(const json& o, const std::string& ctx, const LevelBody& b,
                     UnknownKeys& unknown) {
    std::vector<std::string_view> keys = {"type"};
    const auto add = [&keys](std::initializer_list<const char*> more) {
        keys.insert(keys.end(), more.begin(), more.end());
    };
    if (b.group == LevelGroup::Line) {
        add({"x0", "y0", "x1", "y1", "count"});
    } else {
        add({"x", "y"});
        if (b.kind != BodyKind::Tyre) add({"angle"});
    }
    if (b.group == LevelGroup::Grid) add({"cols", "rows", "gap"});
    switch (b.kind) {
        case BodyKind::Barrier:
            add({"w", "h", "pinned", "mass"});
            break;
        case BodyKind::Crate:
            add({"size", "mass"});
            break;
        case BodyKind::Tyre:
            add({"radius"});
            break;
        case BodyKind::Cone:
        case BodyKind::Shard:
            break;
    }
    unknown.check(o, ctx, keys);
}

/// The kinds' level names in table order: "crate, crate_stack, barrier, ...".
std::string level_type_list() {
    std::string out;
    for (const BodyKindRow& r : kBodyKinds) {
        for (const char* n : {r.level_name, r.level_group_name}) {
            if (n == nullptr) continue;
            if (!out.empty()) out += ", ";
            out += n;
        }
    }
    return out;
}

LevelBody parse_body(const json& o, int index, UnknownKeys& unknown) {
    std::string ctx = "bodies[" + std::to_string(index) + "]";
    if (!o.is_object()) throw Failure{ctx + ": must be an object, got " + json_quote(o)};
    if (!o.contains("type")) throw Failure{ctx + ": field 'type' is missing"};
    if (!o.at("type").is_string()) {
        throw Failure{ctx + ": field 'type' must be a string, got " + json_quote(o.at("type"))};
    }
    const std::string type = o.at("type").get<std::string>();
    LevelBody b;
    bool known = false;
    for (const BodyKindRow& r : kBodyKinds) {
        if (r.level_name != nullptr && type == r.level_name) {
            b.kind = r.kind;
            b.group = LevelGroup::None;
            known = true;
        } else if (r.level_group_name != nullptr && type == r.level_group_name) {
            b.kind = r.kind;
            b.group = r.level_group;
            known = true;
        }
    }
    if (!known) {
        throw Failure{ctx + ": field 'type': unknown body type " + json_quote(o.at("type")) + " (" +
                      level_type_list() + ")"};
    }
    ctx += " (" + type + ")";
    const double zero = 0.0;
    const bool line = b.group == LevelGroup::Line;
    check_body_keys(o, ctx, b, unknown);
    if (line) {
        b.x = need_number(o, ctx, "x0", -kCoord, kCoord, nullptr);
        b.y = need_number(o, ctx, "y0", -kCoord, kCoord, nullptr);
        b.x1 = need_number(o, ctx, "x1", -kCoord, kCoord, nullptr);
        b.y1 = need_number(o, ctx, "y1", -kCoord, kCoord, nullptr);
        b.count = need_int(o, ctx, "count", 1, kMaxLevelLineCount);
    } else {
        b.x = need_number(o, ctx, "x", -kCoord, kCoord, nullptr);
        b.y = need_number(o, ctx, "y", -kCoord, kCoord, nullptr);
    }
    if (b.kind != BodyKind::Tyre && !line) {
        b.angle = need_number(o, ctx, "angle", -kAngle, kAngle, &zero);
    }
    if (b.group == LevelGroup::Grid) {
        b.cols = need_int(o, ctx, "cols", 1, 1000);
        b.rows = need_int(o, ctx, "rows", 1, 1000);
        const double gap = 0.05;
        b.gap = need_number(o, ctx, "gap", 0.0, 10.0, &gap);
    }
    switch (b.kind) {
        case BodyKind::Barrier:
            b.w = need_number(o, ctx, "w", 0.05, 10000.0, nullptr);
            b.h = need_number(o, ctx, "h", 0.05, 10000.0, nullptr);
            if (o.contains("pinned")) {
                if (!o.at("pinned").is_boolean()) {
                    throw Failure{ctx + ": field 'pinned' must be true or false, got " +
                                  json_quote(o.at("pinned"))};
                }
                b.pinned = o.at("pinned").get<bool>();
            }
            b.mass = opt_number(o, ctx, "mass", 1.0, 1e7);
            if (!b.pinned && !b.mass)
                throw Failure{ctx + ": field 'mass' is needed when pinned is false"};
            break;
        case BodyKind::Crate:
            b.size = opt_number(o, ctx, "size", 0.2, 5.0);
            b.mass = opt_number(o, ctx, "mass", 0.5, 2000.0);
            break;
        case BodyKind::Tyre:
            b.radius = opt_number(o, ctx, "radius", 0.15, 2.0);
            break;
        case BodyKind::Cone:
        case BodyKind::Shard:
            break;
    }
    if (line && b.count > 1) check_line_spacing(b, ctx);
    return b;
}

/// Centres of the bodies an element places (m), as build_level_bodies places them.
void body_centres(const LevelBody& b, std::vector<dvec2>& out) {
    out.clear();
    const dvec2 p(b.x, b.y);
    if (b.group == LevelGroup::Grid) {
        const double pitch = b.size.value_or(SoftDef{}.crate_size) + b.gap;
        const double c = std::cos(b.angle), s = std::sin(b.angle);
        for (int r = 0; r < b.rows; ++r) {
            for (int k = 0; k < b.cols; ++k) {
                const double lx = pitch * (k - 0.5 * (b.cols - 1));
                const double ly = pitch * (r - 0.5 * (b.rows - 1));
                out.push_back(p + dvec2(c * lx - s * ly, s * lx + c * ly));
            }
        }
    } else if (b.group == LevelGroup::Line) {
        const dvec2 q(b.x1, b.y1);
        for (int i = 0; i < b.count; ++i) {
            out.push_back(b.count == 1 ? p
                                       : p + (q - p) * (static_cast<double>(i) / (b.count - 1)));
        }
    } else if (!(b.kind == BodyKind::Barrier && b.pinned)) {
        out.push_back(p);  // pinned barriers may cross (corners, an X)
    }
}

/// Refuses a level that places two bodies on top of each other (e.g. the same crate
/// repeated): the solver would have to push them apart with an unbounded impulse.
/// A hash grid of cell kMinLevelBodyDistance: O(bodies).
void check_no_coincident_bodies(const std::vector<LevelBody>& bodies) {
    const double cell = kMinLevelBodyDistance;
    std::unordered_map<std::uint64_t, std::vector<std::pair<dvec2, int>>> grid;
    const auto key = [](long long ix, long long iy) {
        return (static_cast<std::uint64_t>(ix) << 32) ^ static_cast<std::uint32_t>(iy);
    };
    std::vector<dvec2> centres;
    for (std::size_t e = 0; e < bodies.size(); ++e) {
        body_centres(bodies[e], centres);
        for (const dvec2 c : centres) {
            const auto ix = static_cast<long long>(std::floor(c.x / cell));
            const auto iy = static_cast<long long>(std::floor(c.y / cell));
            for (long long dx = -1; dx <= 1; ++dx) {
                for (long long dy = -1; dy <= 1; ++dy) {
                    const auto it = grid.find(key(ix + dx, iy + dy));
                    if (it == grid.end()) continue;
                    for (const auto& [other, index] : it->second) {
                        if (glm::length(other - c) >= cell) continue;
                        std::ostringstream m;
                        m << "bodies[" << e << "] (" << level_type_name(bodies[e])
                          << ") places a body at (" << c.x << ", " << c.y << "), within " << cell
                          << " m of one of bodies[" << index << "] ("
                          << level_type_name(bodies[static_cast<std::size_t>(index)])
                          << "): bodies on top of each other are refused";
                        throw Failure{m.str()};
                    }
                }
            }
        }
        // Added after the element's own bodies were checked: an element's bodies are
        // spaced by its own rule (stack pitch, line spacing).
        for (const dvec2 c : centres) {
            const auto ix = static_cast<long long>(std::floor(c.x / cell));
            const auto iy = static_cast<long long>(std::floor(c.y / cell));
            grid[key(ix, iy)].emplace_back(c, static_cast<int>(e));
        }
    }
}

Level parse_document(const json& doc, UnknownKeys& unknown) {
    if (!doc.is_object()) throw Failure{"the top level must be a JSON object"};
    unknown.check(doc, "",
                  {"format", "version", "name", "author", "car_start", "bodies", "patches"});
    if (!doc.contains("format") || !doc.at("format").is_string() ||
        doc.at("format").get<std::string>() != "skidpad-level") {
        throw Failure{"field 'format' must be \"skidpad-level\""};
    }
    if (doc.contains("version")) {
        if (std::string e = json_version_error(doc.at("version"), kLevelVersion); !e.empty()) {
            throw Failure{"field 'version' " + e};
        }
    }
    Level lv;
    if (doc.contains("name")) {
        if (!doc.at("name").is_string()) throw Failure{"field 'name' must be a string"};
        lv.name = doc.at("name").get<std::string>();
        if (lv.name.size() > kMaxNameBytes)
            throw Failure{"field 'name': " + std::to_string(lv.name.size()) +
                          " bytes, longer than " + std::to_string(kMaxNameBytes) + "; refused"};
    }
    if (doc.contains("author")) {
        if (!doc.at("author").is_string()) throw Failure{"field 'author' must be a string"};
        lv.author = doc.at("author").get<std::string>();
        if (lv.author.size() > kMaxNameBytes)
            throw Failure{"field 'author': " + std::to_string(lv.author.size()) +
                          " bytes, longer than " + std::to_string(kMaxNameBytes) + "; refused"};
    }
    if (doc.contains("car_start")) {
        const json& c = doc.at("car_start");
        if (!c.is_object()) throw Failure{"car_start: must be an object {x, y, heading}"};
        unknown.check(c, "car_start", {"x", "y", "heading"});
        const double zero = 0.0;
        lv.car_start.x = need_number(c, "car_start", "x", -kCoord, kCoord, nullptr);
        lv.car_start.y = need_number(c, "car_start", "y", -kCoord, kCoord, nullptr);
        lv.car_heading = need_number(c, "car_start", "heading", -kAngle, kAngle, &zero);
    }
    if (!doc.contains("bodies")) throw Failure{"field 'bodies' is missing"};
    const json& bodies = doc.at("bodies");
    if (!bodies.is_array()) throw Failure{"field 'bodies' must be an array"};
    long long total = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        LevelBody b = parse_body(bodies[i], static_cast<int>(i), unknown);
        total += level_body_count(b);
        if (total > kMaxLevelBodies) {
            throw Failure{"bodies[" + std::to_string(i) + "]: the level has more than " +
                          std::to_string(kMaxLevelBodies) +
                          " bodies (after expanding stacks and lines); refused"};
        }
        lv.bodies.push_back(std::move(b));
    }
    check_no_coincident_bodies(lv.bodies);
    if (std::string e = car_start_error(lv); !e.empty()) throw Failure{std::move(e)};
    if (doc.contains("patches")) {
        const json& patches = doc.at("patches");
        if (!patches.is_array()) throw Failure{"field 'patches' must be an array"};
        if (patches.size() > static_cast<std::size_t>(kMaxLevelPatches)) {
            throw Failure{"field 'patches': more than " + std::to_string(kMaxLevelPatches) +
                          " patches; refused"};
        }
        for (std::size_t i = 0; i < patches.size(); ++i) {
            const json& o = patches[i];
            const std::string ctx = "patches[" + std::to_string(i) + "]";
            if (!o.is_object()) throw Failure{ctx + ": must be an object, got " + json_quote(o)};
            unknown.check(o, ctx, {"surface", "x", "y", "w", "h", "angle"});
            SurfacePatch p;
            const json* kind = o.contains("surface") ? &o.at("surface") : nullptr;
            if (!kind || !kind->is_string() ||
                !surface_from_name(kind->get<std::string>(), p.kind)) {
                throw Failure{ctx + ": field 'surface' must be one of " +
                              std::string(surface_names()) + ", got " +
                              (kind ? json_quote(*kind) : std::string("nothing"))};
            }
            const double zero = 0.0;
            p.centre.x = need_number(o, ctx, "x", -kCoord, kCoord, nullptr);
            p.centre.y = need_number(o, ctx, "y", -kCoord, kCoord, nullptr);
            p.size.x = need_number(o, ctx, "w", 0.5, 500.0, nullptr);
            p.size.y = need_number(o, ctx, "h", 0.5, 500.0, nullptr);
            p.angle = need_number(o, ctx, "angle", -kAngle, kAngle, &zero);
            lv.patches.push_back(p);
        }
    }
    return lv;
}

}  // namespace

long long level_body_count(const LevelBody& b) {
    switch (b.group) {
        case LevelGroup::Grid:
            return static_cast<long long>(b.cols) * b.rows;
        case LevelGroup::Line:
            return b.count;
        case LevelGroup::None:
            break;
    }
    return 1;
}

const char* level_type_name(const LevelBody& b) {
    const BodyKindRow& r = body_kind_row(b.kind);
    const char* n = b.group == LevelGroup::None ? r.level_name : r.level_group_name;
    return n != nullptr ? n : "?";
}

std::string_view builtin_arena_json() {
    return kArenaJson;
}

LevelResult parse_level_text(std::string_view text, std::string_view source, Level& out) {
    LevelResult res;
    const std::string file(source);
    if (text.size() > kMaxLevelBytes) {
        res.ok = false;
        res.error = file + ": larger than 8 MiB; refused";
        return res;
    }
    if (std::string deep = json_depth_error(text, kMaxJsonDepth); !deep.empty()) {
        res.ok = false;
        res.error = file + ": " + deep;
        return res;
    }
    if (const JsonCounts n = json_counts(text);
        n.containers > static_cast<std::size_t>(kMaxLevelContainers) ||
        n.values > static_cast<std::size_t>(kMaxLevelValues)) {
        res.ok = false;
        res.error =
            file + ": " +
            (n.containers > static_cast<std::size_t>(kMaxLevelContainers)
                 ? std::to_string(n.containers) + " JSON objects and arrays, more than " +
                       std::to_string(kMaxLevelContainers) +
                       " (one per body element and a few for the document)"
                 : "more than " + std::to_string(kMaxLevelValues) + " JSON values (20 per body)") +
            "; refused";
        return res;
    }
    if (std::string dup = json_duplicate_key_error(text); !dup.empty()) {
        res.ok = false;
        res.error = file + ": " + dup;
        return res;
    }
    PathTracker tracker;
    json doc;
    try {
        doc = json::parse(text.begin(), text.end(),
                          [&tracker](int, json::parse_event_t ev, json& parsed) {
                              using E = json::parse_event_t;
                              switch (ev) {
                                  case E::object_start:
                                      tracker.stack.push_back({false, 0, {}});
                                      break;
                                  case E::array_start:
                                      tracker.stack.push_back({true, 0, {}});
                                      break;
                                  case E::key:
                                      if (!tracker.stack.empty())
                                          tracker.stack.back().key = parsed.get<std::string>();
                                      break;
                                  case E::object_end:
                                  case E::array_end:
                                      if (!tracker.stack.empty()) tracker.stack.pop_back();
                                      tracker.element_done();
                                      break;
                                  case E::value:
                                      tracker.element_done();
                                      break;
                              }
                              return true;
                          });
    } catch (const json::exception& e) {
        // " in bodies[3] (field 'x')": where the parser stopped, if inside the document.
        const std::string path = text_quote(tracker.path());
        const std::string in = path.empty()
                                   ? std::string()
                                   : " in " + path + " (field '" +
                                         (tracker.stack.empty() || tracker.stack.back().array
                                              ? path
                                              : text_quote(tracker.stack.back().key)) +
                                         "')";
        res.ok = false;
        if (const auto* pe = dynamic_cast<const json::parse_error*>(&e)) {
            res.error = file + ": invalid JSON at " +
                        text_position(text, pe->byte == 0 ? 0 : pe->byte - 1) + in +
                        (pe->byte >= text.size() ? " (the file is truncated)" : "") + ": " +
                        json_error_text(e.what());
        } else {
            // e.g. out_of_range 406 for 1e999.
            res.error = file + ": invalid JSON" + in + ": " + json_error_text(e.what());
        }
        return res;
    }
    UnknownKeys unknown(file);
    try {
        Level lv = parse_document(doc, unknown);
        out = std::move(lv);
    } catch (const Failure& f) {
        res.ok = false;
        res.error = file + ": " + f.message;
    } catch (const json::exception& e) {
        res.ok = false;
        res.error = file + ": " + json_error_text(e.what());
    }
    // Also beside an error: "bodeis" explains "field 'bodies' is missing".
    res.warnings = unknown.warnings();
    return res;
}

LevelResult load_level_file(const std::string& path, Level& out) {
    std::string text;
    if (const FileResult read = read_file_capped(path, kMaxLevelBytes, text); !read.ok) {
        LevelResult r;
        r.ok = false;
        r.error = read.error;
        return r;
    }
    return parse_level_text(text, path, out);
}

LevelResult load_level_or_builtin(const std::string& path, Level& out) {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) {
        out = builtin_arena_level();
        LevelResult r;
        r.used_builtin = true;
        return r;
    }
    return load_level_file(path, out);
}

Level builtin_arena_level() {
    Level lv;
    const LevelResult r = parse_level_text(kArenaJson, "<built-in arena>", lv);
    (void)r;  // the built-in text is checked by a test
    return lv;
}

}  // namespace skidpad
