// A track file's optional fields: surfaces, run-off, kerbs, barriers, the grid, road zones
// and kerb gaps.
#include "track_extras.hpp"

#include <cmath>

#include "skidpad/scene/json_limits.hpp"

namespace skidpad {

using nlohmann::json;

namespace {

struct Bad {
    std::string text;  ///< "ELEMENT: problem"
};

std::string num(double v) {
    std::string s = std::to_string(v);
    while (!s.empty() && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

std::string field(const std::string& el, const char* key) {
    return el + ": field '" + key + "'";
}

double number(const json& o, const std::string& el, const char* key, double lo, double hi,
              const double* fallback) {
    if (!o.contains(key)) {
        if (fallback) return *fallback;
        throw Bad{field(el, key) + ": missing (a number in [" + num(lo) + ", " + num(hi) + "])"};
    }
    const json& v = o.at(key);
    if (!v.is_number()) throw Bad{field(el, key) + ": must be a number, got " + json_quote(v)};
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < lo || x > hi) {
        throw Bad{field(el, key) + ": " + num(x) + " is outside [" + num(lo) + ", " + num(hi) +
                  "]"};
    }
    return x;
}

SurfaceKind surface(const json& o, const std::string& el, const char* key, SurfaceKind fallback) {
    if (!o.contains(key)) return fallback;
    const json& v = o.at(key);
    SurfaceKind k = fallback;
    if (!v.is_string() || !surface_from_name(v.get<std::string>(), k)) {
        throw Bad{field(el, key) + ": must be one of " + surface_names() + ", got " +
                  json_quote(v)};
    }
    return k;
}

TrackSpan span(const json& o, const std::string& el, const std::vector<double>& cp_s,
               TrackSide fallback_side, bool sides_both) {
    TrackSpan sp;
    const auto last = static_cast<double>(cp_s.size() - 1);
    auto index = [&](const char* key) {
        const double v = number(o, el, key, 0.0, last, nullptr);
        if (v != std::floor(v)) {
            throw Bad{field(el, key) + ": must be a control-point index (a whole number)"};
        }
        return cp_s[static_cast<std::size_t>(v)];
    };
    sp.from_s = index("from");
    sp.to_s = index("to");
    sp.side = fallback_side;
    if (o.contains("side")) {
        const json& v = o.at("side");
        const std::string s = v.is_string() ? v.get<std::string>() : "";
        if (s == "left") {
            sp.side = TrackSide::Left;
        } else if (s == "right") {
            sp.side = TrackSide::Right;
        } else if (s == "both" && sides_both) {
            sp.side = TrackSide::Both;
        } else {
            throw Bad{field(el, "side") + ": must be " +
                      (sides_both ? "\"left\", \"right\" or \"both\"" : "\"left\" or \"right\"") +
                      ", got " + json_quote(v)};
        }
    } else if (!sides_both) {
        throw Bad{field(el, "side") + ": missing (\"left\" or \"right\")"};
    }
    return sp;
}

const json& array(const json& doc, const char* key) {
    const json& a = doc.at(key);
    const std::string el = std::string("\"") + key + "\"";
    if (!a.is_array()) throw Bad{el + ": must be an array of objects"};
    if (a.size() > static_cast<std::size_t>(kMaxTrackSpans)) {
        throw Bad{el + ": more than " + std::to_string(kMaxTrackSpans) + " elements; refused"};
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i].is_object()) {
            throw Bad{std::string(key) + "[" + std::to_string(i) + "]: must be an object, got " +
                      json_quote(a[i])};
        }
    }
    return a;
}

void parse(const json& doc, const std::vector<double>& cp_s, Track& t, TrackExtras& out,
           UnknownKeys& unknown) {
    if (doc.contains("surface")) {
        const json& v = doc.at("surface");
        if (!v.is_string() || !surface_from_name(v.get<std::string>(), t.road)) {
            throw Bad{std::string("\"surface\": must be one of ") + surface_names() + ", got " +
                      json_quote(v)};
        }
    }
    if (doc.contains("runoff")) {
        const json& r = doc.at("runoff");
        const std::string el = "runoff";
        if (!r.is_object()) throw Bad{"\"runoff\": must be an object {surface, width}"};
        unknown.check(r, el, {"surface", "width"});
        t.runoff = surface(r, el, "surface", t.runoff);
        t.runoff_width = number(r, el, "width", 0.0, kMaxRunoffWidth, &t.runoff_width);
    }
    if (doc.contains("runoff_zones")) {
        out.derive_zones = false;
        const json& a = array(doc, "runoff_zones");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "runoff_zones[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"from", "to", "side", "surface", "width"});
            RunoffZone z;
            z.span = span(a[i], el, cp_s, TrackSide::Both, true);
            z.surface = surface(a[i], el, "surface", SurfaceKind::Gravel);
            z.width = number(a[i], el, "width", 0.0, kMaxRunoffWidth, &t.runoff_width);
            t.zones.push_back(z);
        }
    }
    if (doc.contains("kerbs")) {
        out.derive_kerbs = false;
        const json& a = array(doc, "kerbs");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "kerbs[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"from", "to", "side"});
            t.kerbs.push_back(span(a[i], el, cp_s, TrackSide::Both, true));
        }
    }
    if (doc.contains("road_zones")) {
        const json& a = array(doc, "road_zones");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "road_zones[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"from", "to", "surface"});
            RoadZone z;
            z.span = span(a[i], el, cp_s, TrackSide::Both, true);
            if (!a[i].contains("surface")) throw Bad{field(el, "surface") + ": missing"};
            z.surface = surface(a[i], el, "surface", t.road);
            t.road_zones.push_back(z);
        }
    }
    if (doc.contains("kerb_gaps")) {
        const json& a = array(doc, "kerb_gaps");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "kerb_gaps[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"from", "to"});
            t.kerb_gaps.push_back(span(a[i], el, cp_s, TrackSide::Both, true));
        }
    }
    if (doc.contains("barriers")) {
        const json& a = array(doc, "barriers");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "barriers[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"type", "from", "to", "side", "offset"});
            TrackBarrier b;
            const json* type = a[i].contains("type") ? &a[i].at("type") : nullptr;
            const std::string ts = type && type->is_string() ? type->get<std::string>() : "";
            if (ts == "wall") {
                b.kind = TrackBarrierKind::Wall;
            } else if (ts == "tyres") {
                b.kind = TrackBarrierKind::Tyres;
            } else {
                throw Bad{field(el, "type") + ": must be \"wall\" or \"tyres\", got " +
                          (type ? json_quote(*type) : std::string("nothing"))};
            }
            b.span = span(a[i], el, cp_s, TrackSide::Left, false);
            b.offset = number(a[i], el, "offset", 0.5, kMaxRunoffWidth + 5.0, &t.runoff_width);
            t.barriers.push_back(b);
        }
    }
    if (doc.contains("patches")) {
        const json& a = array(doc, "patches");
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string el = "patches[" + std::to_string(i) + "]";
            unknown.check(a[i], el, {"surface", "x", "y", "w", "h", "angle"});
            SurfacePatch p;
            if (!a[i].contains("surface")) throw Bad{field(el, "surface") + ": missing"};
            p.kind = surface(a[i], el, "surface", p.kind);
            p.centre.x = number(a[i], el, "x", -kMaxTrackCoord, kMaxTrackCoord, nullptr);
            p.centre.y = number(a[i], el, "y", -kMaxTrackCoord, kMaxTrackCoord, nullptr);
            p.size.x = number(a[i], el, "w", 0.5, 500.0, nullptr);
            p.size.y = number(a[i], el, "h", 0.5, 500.0, nullptr);
            const double zero = 0.0;
            p.angle = number(a[i], el, "angle", -10.0, 10.0, &zero);
            t.patches.push_back(p);
        }
    }
    if (doc.contains("grid")) {
        const json& g = doc.at("grid");
        if (!g.is_object()) throw Bad{"\"grid\": must be an object {slots, spacing}"};
        unknown.check(g, "grid", {"slots", "spacing"});
        const double slots_default = out.grid_slots;
        const double slots = number(g, "grid", "slots", 1.0, kMaxGridSlots, &slots_default);
        if (slots != std::floor(slots)) throw Bad{"grid: field 'slots': must be a whole number"};
        out.grid_slots = static_cast<int>(slots);
        t.grid_spacing = number(g, "grid", "spacing", 6.0, 20.0, &t.grid_spacing);
    }
}

}  // namespace

std::string parse_track_extras(const json& doc, const std::vector<double>& cp_s, Track& t,
                               TrackExtras& out, UnknownKeys& unknown) {
    try {
        parse(doc, cp_s, t, out, unknown);
    } catch (const Bad& b) {
        return b.text;
    }
    return "";
}

}  // namespace skidpad
