// `skidpad track new --points "x,y;x,y;..." --width W [--surface KIND] --out FILE`.
#include "track_tool.hpp"

#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "skidpad/scene/track_draft.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {

using util::printable;

/// Parses "x,y;x,y;..." into points; "" and an error naming the bad entry on failure.
std::string parse_points(const std::string& text, std::vector<dvec2>& out) {
    std::size_t from = 0;
    int index = 0;
    while (from <= text.size()) {
        const std::size_t end = std::min(text.find(';', from), text.size());
        const std::string item = text.substr(from, end - from);
        from = end + 1;
        if (item.find_first_not_of(" \t") == std::string::npos) {
            if (end == text.size()) break;  // a trailing ';'
            return "--points: entry " + std::to_string(index) + " is empty";
        }
        std::istringstream is(item);
        double x = 0.0, y = 0.0;
        char comma = 0;
        std::string rest;
        if (!(is >> x >> comma >> y) || comma != ',' || (is >> rest) || !std::isfinite(x) ||
            !std::isfinite(y)) {
            return "--points: entry " + std::to_string(index) + " '" + item +
                   "' is not x,y (two numbers, m)";
        }
        if (std::fabs(x) > kMaxTrackCoord || std::fabs(y) > kMaxTrackCoord) {
            return "--points: entry " + std::to_string(index) + " lies beyond ±10000 m";
        }
        out.push_back(draft_snap({x, y}));
        ++index;
        if (index > kMaxTrackControlPoints) return "--points: more than 10000 points";
    }
    return "";
}

int usage(std::ostream& err, const std::string& message) {
    err << "skidpad: track: " << printable(message) << "\n";
    print_track_tool_usage(err);
    return 2;
}

}  // namespace

void print_track_tool_usage(std::ostream& os) {
    os << "usage: skidpad track new --points \"x,y;x,y;...\" --width W [--surface KIND]\n"
          "                         [--name NAME] [--author WHO] --out FILE\n"
          "  Writes a track file (docs/tracks.md) whose centre line is the closed loop\n"
          "  through the points (m, driving order; the start line crosses the first one).\n"
          "  KIND: "
       << surface_names()
       << " (default asphalt). An invalid loop prints its problems, writes nothing\n"
          "  and exits with 2.\n";
}

namespace {

struct NewArgs {
    bool help = false;
    std::string out;
    TrackDraftData draft;
};

/// Parses `track ARGS` into `a`; "" or the usage error.
std::string parse_new(const std::vector<std::string>& args, NewArgs& a) {
    if (args.empty()) return "which command? (new)";
    if (args[0] == "--help" || args[0] == "-h") {
        a.help = true;
        return "";
    }
    if (args[0] != "new") return "unknown command '" + args[0] + "' (new)";
    std::map<std::string, std::string> v;
    const char* known[] = {"points", "width", "surface", "name", "author", "out"};
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string flag = args[i];
        if (flag == "--help" || flag == "-h") {
            a.help = true;
            return "";
        }
        if (flag.rfind("--", 0) != 0) return "unexpected argument '" + flag + "'";
        std::string value;
        const std::size_t eq = flag.find('=');
        if (eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return flag + " needs a value";
        }
        const std::string name = flag.substr(2);
        bool ok = false;
        for (const char* k : known)
            ok = ok || name == k;
        if (!ok) return "unknown option '" + flag + "'";
        if (v.count(name)) return flag + " given twice";
        v[name] = value;
    }
    for (const char* required : {"points", "width", "out"}) {
        if (!v.count(required)) return std::string("--") + required + " is required";
    }
    TrackDraftData& d = a.draft;
    a.out = v["out"];
    d.name = v.count("name") ? v["name"] : "New track";
    d.author = v.count("author") ? v["author"] : "";
    if (d.name.size() > 64 || d.author.size() > 64)
        return "--name and --author take at most 64 bytes";
    if (const std::string e = parse_points(v["points"], d.points); !e.empty()) return e;
    if (!util::parse_number(v["width"], d.width) || !(d.width >= 4.0 && d.width <= 60.0))
        return "--width: '" + v["width"] + "' is not a width in [4, 60] m";
    if (v.count("surface") && !surface_from_name(v["surface"], d.road))
        return "--surface: '" + v["surface"] + "' is not one of " + surface_names();
    d.stretches.assign(d.points.size(), DraftStretch{d.road});
    return "";
}

}  // namespace

std::string check_track_tool_args(const std::vector<std::string>& args) {
    NewArgs a;
    return parse_new(args, a);
}

int run_track_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    NewArgs a;
    if (const std::string e = parse_new(args, a); !e.empty()) return usage(err, e);
    if (a.help) {
        print_track_tool_usage(out);
        return 0;
    }
    const TrackDraftData& d = a.draft;
    const std::vector<DraftProblem> problems = track_draft_check(d);
    if (!problems.empty()) {
        for (const DraftProblem& p : problems)
            err << "skidpad: track new: " << printable(p.message) << "\n";
        err << "skidpad: track new: not a valid track; nothing written\n";
        return 2;
    }
    const TrackResult built = track_draft_build(d);
    if (const FileResult w = track_draft_save(d, a.out); !w.ok) {
        err << "skidpad: track new: " << printable(w.error) << "\n";
        return 1;
    }
    out << util::Line()
               .kv("track", a.out)
               .kv("points", static_cast<long long>(d.points.size()))
               .kv("length_m", built.track.centre.length, 1)
               .str()
        << "\n";
    return 0;
}

}  // namespace skidpad::app
