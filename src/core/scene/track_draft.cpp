// The track editor's model: its edits and history, and its track file in and out.
#include "skidpad/scene/track_draft.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

namespace skidpad {

using ojson = nlohmann::ordered_json;

dvec2 draft_snap(dvec2 p) {
    return {std::round(p.x * 100.0) / 100.0, std::round(p.y * 100.0) / 100.0};
}

double draft_width_at(const TrackDraftData& d, std::size_t i) {
    return i < d.stretches.size() && d.stretches[i].width > 0.0 ? d.stretches[i].width : d.width;
}

namespace {

/// Moves the listed spans' indices for a point inserted after `after`.
void spans_inserted(std::vector<DraftSpan>& spans, std::size_t after) {
    for (DraftSpan& s : spans) {
        if (s.from > after) ++s.from;
        if (s.to > after) ++s.to;
    }
}

/// Moves the listed spans' indices for point i deleted (`n`: points left): an end on
/// it moves to the next point.
void spans_deleted(std::vector<DraftSpan>& spans, std::size_t i, std::size_t n) {
    for (DraftSpan& s : spans) {
        if (s.from > i) --s.from;
        if (s.to > i) --s.to;
        if (n > 0) {
            s.from %= n;
            s.to %= n;
        }
    }
}

void lists_inserted(TrackDraftData& d, std::size_t after) {
    spans_inserted(d.kerbs, after);
    spans_inserted(d.runoff_zones, after);
    spans_inserted(d.kept_barriers, after);
}

}  // namespace

TrackDraft::TrackDraft(TrackDraftData data) : SnapshotDraft(std::move(data)) {
    data_.stretches.resize(data_.points.size());
}

void TrackDraft::commit(TrackDraftData next, bool merge, bool drag) {
    next.stretches.resize(next.points.size());
    SnapshotDraft::commit(std::move(next), merge, drag);
}

void TrackDraft::add_point(dvec2 p) {
    TrackDraftData next = data_;
    const DraftStretch s = next.stretches.empty() ? DraftStretch{next.road} : next.stretches.back();
    next.points.push_back(draft_snap(p));
    next.stretches.push_back(s);
    commit(std::move(next));
}

void TrackDraft::insert_point(std::size_t after, dvec2 p) {
    if (after >= data_.points.size()) return;
    TrackDraftData next = data_;
    const auto at = static_cast<std::ptrdiff_t>(after + 1);
    next.points.insert(next.points.begin() + at, draft_snap(p));
    DraftStretch s = next.stretches[after];
    // The new point's width lies between its neighbours'.
    const double wa = draft_width_at(next, after);
    const double wb = draft_width_at(next, (after + 1) % next.stretches.size());
    if (wa != next.width || wb != next.width) s.width = std::round(5.0 * (wa + wb)) / 10.0;
    next.stretches.insert(next.stretches.begin() + at, s);
    lists_inserted(next, after);
    commit(std::move(next));
}

void TrackDraft::move_point(std::size_t i, dvec2 p, bool continuing) {
    if (i >= data_.points.size()) return;
    TrackDraftData next = data_;
    next.points[i] = draft_snap(p);
    commit(std::move(next), continuing, true);  // the next continuing move joins this step
}

void TrackDraft::delete_point(std::size_t i) {
    if (i >= data_.points.size()) return;
    TrackDraftData next = data_;
    next.points.erase(next.points.begin() + static_cast<std::ptrdiff_t>(i));
    next.stretches.erase(next.stretches.begin() + static_cast<std::ptrdiff_t>(i));
    spans_deleted(next.kerbs, i, next.points.size());
    spans_deleted(next.runoff_zones, i, next.points.size());
    spans_deleted(next.kept_barriers, i, next.points.size());
    commit(std::move(next));
}

void TrackDraft::set_stretch(std::size_t i, const DraftStretch& s) {
    if (i >= data_.stretches.size() || data_.stretches[i] == s) return;
    TrackDraftData next = data_;
    next.stretches[i] = s;
    commit(std::move(next));
}

// ---- the file ---------------------------------------------------------------------------

namespace {

/// Runs of stretches for which `has` is true, as [from, to] control-point spans (`to` is
/// the point after the run's last stretch). A whole loop is written as two halves (a span
/// from a point to the same point covers only that point).
std::vector<std::pair<std::size_t, std::size_t>> runs(
    std::size_t n, const std::function<bool(std::size_t)>& has,
    const std::function<bool(std::size_t, std::size_t)>& same) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    if (n == 0) return out;
    auto joined = [&](std::size_t a, std::size_t b) { return has(a) && has(b) && same(a, b); };
    std::size_t k = 0;  // a stretch that starts a run (or any stretch where none wraps)
    while (k < n && joined((k + n - 1) % n, k))
        ++k;
    if (k == n) {
        if (has(0)) {
            out.push_back({0, n / 2});
            out.push_back({n / 2, 0});
        }
        return out;
    }
    std::size_t i = 0;
    while (i < n) {
        const std::size_t a = (k + i) % n;
        if (!has(a)) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j + 1 < n && joined((k + j) % n, (k + j + 1) % n))
            ++j;
        out.push_back({a, (k + j + 1) % n});
        i = j + 1;
    }
    return out;
}

const char* barrier_name(DraftBarrier b) {
    return b == DraftBarrier::Wall ? "wall" : "tyres";
}

const char* side_name(TrackSide s) {
    return s == TrackSide::Left ? "left" : s == TrackSide::Right ? "right" : "both";
}

DraftStretch stretch_of(const TrackDraftData& d, std::size_t i) {
    return i < d.stretches.size() ? d.stretches[i] : DraftStretch{d.road};
}

/// The barriers the stretches make: runs of the same kind on each side, all at the
/// track's barrier distance.
std::vector<DraftSpan> stretch_barriers(const TrackDraftData& d) {
    std::vector<DraftSpan> out;
    const std::size_t n = d.points.size();
    for (int side = 0; side < 2; ++side) {
        auto kind = [&](std::size_t i) {
            return side == 0 ? stretch_of(d, i).left : stretch_of(d, i).right;
        };
        for (const auto& [a, b] : runs(
                 n, [&](std::size_t i) { return kind(i) != DraftBarrier::None; },
                 [&](std::size_t x, std::size_t y) { return kind(x) == kind(y); })) {
            DraftSpan sp;
            sp.from = a;
            sp.to = b;
            sp.side = side == 0 ? TrackSide::Left : TrackSide::Right;
            sp.width = d.barrier_offset;
            sp.barrier = kind(a);
            out.push_back(sp);
        }
    }
    return out;
}

/// True when the kept barriers still say what the stretches say (kinds per stretch and
/// side, the barrier distance as loaded).
bool kept_barriers_current(const TrackDraftData& d) {
    if (d.kept_barriers.empty() || d.barrier_offset != d.kept_barrier_offset) return false;
    const std::size_t n = d.points.size();
    if (n == 0) return false;
    std::vector<DraftBarrier> left(n, DraftBarrier::None), right(n, DraftBarrier::None);
    for (const DraftSpan& sp : d.kept_barriers) {
        for (std::size_t i = sp.from % n; i != sp.to % n; i = (i + 1) % n)
            (sp.side == TrackSide::Left ? left : right)[i] = sp.barrier;
    }
    for (std::size_t i = 0; i < n; ++i) {
        const DraftStretch st = stretch_of(d, i);
        if (st.left != left[i] || st.right != right[i]) return false;
    }
    return true;
}

ojson span_json(const DraftSpan& sp) {
    return {{"from", sp.from}, {"to", sp.to}};
}

}  // namespace

std::string track_draft_json(const TrackDraftData& d) {
    const std::size_t n = d.points.size();
    auto stretch = [&](std::size_t i) { return stretch_of(d, i); };
    ojson j;
    j["format"] = "skidpad-track";
    j["version"] = kTrackVersion;
    j["name"] = d.name;
    if (!d.author.empty()) j["author"] = d.author;
    j["width"] = d.width;
    j["kerb_width"] = d.kerb_width;
    j["spacing"] = d.spacing;
    j["start_index"] = 0;
    j["surface"] = surface_name(d.road);
    j["runoff"] = {{"surface", surface_name(d.runoff)}, {"width", d.runoff_width}};
    j["grid"] = {{"slots", d.grid_slots}, {"spacing", d.grid_spacing}};
    ojson zones = ojson::array();
    for (const auto& [a, b] : runs(
             n, [&](std::size_t i) { return stretch(i).surface != d.road; },
             [&](std::size_t x, std::size_t y) {
                 return stretch(x).surface == stretch(y).surface;
             })) {
        zones.push_back({{"from", a}, {"to", b}, {"surface", surface_name(stretch(a).surface)}});
    }
    if (!zones.empty()) j["road_zones"] = zones;
    ojson gaps = ojson::array();
    for (const auto& [a, b] : runs(
             n, [&](std::size_t i) { return !stretch(i).kerbs; },
             [](std::size_t, std::size_t) { return true; })) {
        gaps.push_back({{"from", a}, {"to", b}});
    }
    if (!gaps.empty()) j["kerb_gaps"] = gaps;
    if (d.kerbs_listed) {
        ojson kerbs = ojson::array();
        for (const DraftSpan& sp : d.kerbs) {
            ojson o = span_json(sp);
            o["side"] = side_name(sp.side);
            kerbs.push_back(o);
        }
        j["kerbs"] = kerbs;
    }
    if (d.zones_listed) {
        ojson zones_out = ojson::array();
        for (const DraftSpan& sp : d.runoff_zones) {
            ojson o = span_json(sp);
            o["side"] = side_name(sp.side);
            o["surface"] = surface_name(sp.surface);
            if (sp.width >= 0.0) o["width"] = sp.width;
            zones_out.push_back(o);
        }
        j["runoff_zones"] = zones_out;
    }
    ojson barriers = ojson::array();
    for (const DraftSpan& sp : kept_barriers_current(d) ? d.kept_barriers : stretch_barriers(d)) {
        barriers.push_back({{"type", barrier_name(sp.barrier)},
                            {"from", sp.from},
                            {"to", sp.to},
                            {"side", side_name(sp.side)},
                            {"offset", sp.width}});
    }
    if (!barriers.empty()) j["barriers"] = barriers;
    bool varies = false;
    for (std::size_t i = 0; i < n; ++i)
        varies = varies || draft_width_at(d, i) != d.width;
    if (varies) {
        ojson widths = ojson::array();
        for (std::size_t i = 0; i < n; ++i)
            widths.push_back(draft_width_at(d, i));
        j["widths"] = widths;
    }
    if (!d.patches.empty()) {
        ojson patches = ojson::array();
        for (const SurfacePatch& p : d.patches) {
            patches.push_back({{"surface", surface_name(p.kind)},
                               {"x", p.centre.x},
                               {"y", p.centre.y},
                               {"w", p.size.x},
                               {"h", p.size.y},
                               {"angle", p.angle}});
        }
        j["patches"] = patches;
    }
    ojson line = ojson::array();
    for (const dvec2& p : d.points)
        line.push_back({p.x, p.y});
    j["centre_line"] = line;
    // One point per line keeps a file of a few hundred points readable and diffable.
    std::string text = j.dump(2);
    return text + "\n";
}

namespace {

/// Marks stretches from..to-1 (wrapping; `to` == `from` marks none) with `mark`.
void mark_span(const nlohmann::json& o, std::size_t n, std::size_t start,
               const std::function<void(std::size_t)>& mark) {
    const auto from = (o.at("from").get<std::size_t>() + n - start) % n;
    const auto to = (o.at("to").get<std::size_t>() + n - start) % n;
    for (std::size_t i = from; i != to; i = (i + 1) % n)
        mark(i);
}

}  // namespace

namespace {

/// A file the game refuses but the editor can still open to be fixed (a draft saved with
/// a problem): the format's header, its control points and its plain fields, each in
/// its range. False when even that is not there.
bool read_unfinished(std::string_view text, TrackDraftData& d) {
    if (text.size() > kMaxTrackBytes) return false;
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception&) {
        return false;
    }
    if (!doc.is_object() || doc.value("format", nlohmann::json()) != "skidpad-track") return false;
    const auto line = doc.find("centre_line");
    if (line == doc.end() || !line->is_array() ||
        line->size() > static_cast<std::size_t>(kMaxTrackControlPoints))
        return false;
    for (const nlohmann::json& p : *line) {
        if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) return false;
        const dvec2 v(p[0].get<double>(), p[1].get<double>());
        if (!(std::fabs(v.x) <= kMaxTrackCoord && std::fabs(v.y) <= kMaxTrackCoord)) return false;
        d.points.push_back(draft_snap(v));
    }
    auto number = [&](const char* key, double lo, double hi, double& out) {
        const auto it = doc.find(key);
        if (it != doc.end() && it->is_number()) {
            const double x = it->get<double>();
            if (x >= lo && x <= hi) out = x;
        }
    };
    auto text_field = [&](const char* key, std::string& out) {
        const auto it = doc.find(key);
        if (it != doc.end() && it->is_string() && it->get<std::string>().size() <= 64)
            out = it->get<std::string>();
    };
    text_field("name", d.name);
    text_field("author", d.author);
    number("width", 4.0, 60.0, d.width);
    number("kerb_width", 0.0, 3.0, d.kerb_width);
    number("spacing", 0.5, 10.0, d.spacing);
    const auto road = doc.find("surface");
    if (road != doc.end() && road->is_string()) surface_from_name(road->get<std::string>(), d.road);
    const auto grid = doc.find("grid");
    if (grid != doc.end() && grid->is_object()) {
        double slots = d.grid_slots;
        const auto it = grid->find("slots");
        if (it != grid->end() && it->is_number_integer()) {
            slots =
                static_cast<double>(std::clamp<long long>(it->get<long long>(), 1, kMaxGridSlots));
        }
        d.grid_slots = static_cast<int>(slots);
        const auto sp = grid->find("spacing");
        if (sp != grid->end() && sp->is_number())
            d.grid_spacing = std::clamp(sp->get<double>(), 6.0, 20.0);
    }
    d.stretches.assign(d.points.size(), DraftStretch{d.road});
    const auto widths = doc.find("widths");
    if (widths != doc.end() && widths->is_array() && widths->size() == d.points.size()) {
        for (std::size_t i = 0; i < d.points.size(); ++i) {
            const nlohmann::json& w = (*widths)[i];
            if (w.is_number() && w.get<double>() >= 4.0 && w.get<double>() <= 60.0 &&
                w.get<double>() != d.width)
                d.stretches[i].width = w.get<double>();
        }
    }
    return true;
}

}  // namespace

TrackDraftResult track_draft_from_text(std::string_view text, std::string_view source) {
    TrackDraftResult res;
    TrackResult tr = parse_track_text(text, source);
    res.warnings = tr.warnings;
    if (!tr.ok) {
        // Saved unfinished: opened to be fixed, with the loader's refusal as a warning.
        if (read_unfinished(text, res.draft)) {
            res.ok = true;
            res.warnings.push_back(tr.error + " (opened as an unfinished track)");
            return res;
        }
        res.error = tr.error;
        return res;
    }
    // The loader accepted it: every field below is present in range where it is read.
    const nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end());
    const Track& t = tr.track;
    TrackDraftData& d = res.draft;
    d.name = t.name;
    d.author = t.author;
    d.width = doc.at("width").get<double>();  // t.width is the narrowest of "widths"
    d.kerb_width = t.kerb_width;
    d.spacing = doc.value("spacing", 2.0);
    d.road = t.road;
    d.runoff = t.runoff;
    d.runoff_width = t.runoff_width;
    d.grid_slots = static_cast<int>(t.grid.size());
    d.grid_spacing = t.grid_spacing;
    d.patches = t.patches;
    const nlohmann::json& line = doc.at("centre_line");
    const std::size_t n = line.size();
    const std::size_t start = doc.value("start_index", std::size_t{0});
    for (std::size_t i = 0; i < n; ++i) {
        const nlohmann::json& p = line[(i + start) % n];
        d.points.push_back({p[0].get<double>(), p[1].get<double>()});
    }
    d.stretches.assign(n, DraftStretch{d.road});
    if (doc.contains("road_zones")) {
        for (const nlohmann::json& z : doc.at("road_zones")) {
            SurfaceKind k = d.road;
            surface_from_name(z.at("surface").get<std::string>(), k);
            mark_span(z, n, start, [&](std::size_t i) { d.stretches[i].surface = k; });
        }
    }
    if (doc.contains("kerb_gaps")) {
        for (const nlohmann::json& g : doc.at("kerb_gaps"))
            mark_span(g, n, start, [&](std::size_t i) { d.stretches[i].kerbs = false; });
    }
    auto listed = [&](const nlohmann::json& o, TrackSide fallback) {
        DraftSpan sp;
        sp.from = (o.at("from").get<std::size_t>() + n - start) % n;
        sp.to = (o.at("to").get<std::size_t>() + n - start) % n;
        sp.side = fallback;
        const std::string side = o.value("side", std::string());
        if (side == "left") sp.side = TrackSide::Left;
        if (side == "right") sp.side = TrackSide::Right;
        if (side == "both") sp.side = TrackSide::Both;
        return sp;
    };
    if (doc.contains("kerbs")) {
        d.kerbs_listed = true;
        for (const nlohmann::json& k : doc.at("kerbs"))
            d.kerbs.push_back(listed(k, TrackSide::Both));
    }
    if (doc.contains("runoff_zones")) {
        d.zones_listed = true;
        for (const nlohmann::json& z : doc.at("runoff_zones")) {
            DraftSpan sp = listed(z, TrackSide::Both);
            sp.surface = SurfaceKind::Gravel;
            if (z.contains("surface"))
                surface_from_name(z.at("surface").get<std::string>(), sp.surface);
            sp.width = z.contains("width") ? z.at("width").get<double>() : -1.0;
            d.runoff_zones.push_back(sp);
        }
    }
    std::vector<DraftSpan> file_barriers;
    if (doc.contains("barriers")) {
        bool first = true;
        for (const nlohmann::json& b : doc.at("barriers")) {
            const DraftBarrier kind = b.at("type").get<std::string>() == "wall"
                                          ? DraftBarrier::Wall
                                          : DraftBarrier::Tyres;
            const bool left = b.at("side").get<std::string>() == "left";
            mark_span(b, n, start, [&](std::size_t i) {
                (left ? d.stretches[i].left : d.stretches[i].right) = kind;
            });
            const double offset = b.value("offset", t.runoff_width);
            if (first) d.barrier_offset = offset;
            first = false;
            DraftSpan sp = listed(b, TrackSide::Left);
            sp.width = offset;
            sp.barrier = kind;
            file_barriers.push_back(sp);
        }
    }
    // Barriers the stretches cannot say (overlapping, at distances of their own, or split
    // where the editor would join them) are kept as the file lists them.
    if (file_barriers != stretch_barriers(d)) {
        d.kept_barriers = std::move(file_barriers);
        d.kept_barrier_offset = d.barrier_offset;
    }
    if (doc.contains("widths")) {
        const nlohmann::json& w = doc.at("widths");
        for (std::size_t i = 0; i < n; ++i) {
            const double x = w[(i + start) % n].get<double>();
            d.stretches[i].width = x == d.width ? 0.0 : x;
        }
    }
    res.ok = true;
    return res;
}

TrackDraftResult track_draft_load(const std::string& path) {
    TrackDraftResult res;
    std::string text;
    if (const FileResult r = read_file_capped(path, kMaxTrackBytes, text); !r.ok) {
        res.error = r.error;
        return res;
    }
    return track_draft_from_text(text, path);
}

FileResult track_draft_save(const TrackDraftData& d, const std::string& path) {
    return write_file_atomic(path, track_draft_json(d));
}

TrackResult track_draft_build(const TrackDraftData& d, bool surfaces) {
    return parse_track_text(track_draft_json(d), d.name.empty() ? "draft" : d.name, surfaces);
}

}  // namespace skidpad
