// The arena editor's model (level_draft.hpp): edits through a selection, their history,
// the checks and the level file it writes.
#include "level_draft.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

#include "skidpad/soft/soft_def.hpp"

namespace skidpad {

namespace {

dvec2 rotated(dvec2 v, double a) {
    const double c = std::cos(a), s = std::sin(a);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

bool is_line(const LevelBody& b) {
    return b.group == LevelGroup::Line;
}

/// The half size of one body of a line (a tyre's radius, a cone's half base).
double line_half(const LevelBody& b) {
    const SoftDef d;
    return b.kind == BodyKind::Tyre ? b.radius.value_or(d.tyre_radius) : 0.5 * d.cone_size;
}

/// The element's reference point: its centre, a line's midpoint.
dvec2 centre_of(const LevelBody& b) {
    return is_line(b) ? 0.5 * (dvec2(b.x, b.y) + dvec2(b.x1, b.y1)) : dvec2(b.x, b.y);
}

void place(LevelBody& b, dvec2 c) {
    const dvec2 by = c - centre_of(b);
    b.x += by.x;
    b.y += by.y;
    if (is_line(b)) {
        b.x1 += by.x;
        b.y1 += by.y;
    }
}

/// True when two boxes overlap by more than `slack` m (separating axes).
bool boxes_overlap(const BodyBox& a, const BodyBox& b, double slack) {
    const double ra = glm::length(a.half), rb = glm::length(b.half);
    if (glm::length(a.centre - b.centre) > ra + rb) return false;
    const dvec2 axes[4] = {rotated({1, 0}, a.angle), rotated({0, 1}, a.angle),
                           rotated({1, 0}, b.angle), rotated({0, 1}, b.angle)};
    const dvec2 d = b.centre - a.centre;
    for (const dvec2& ax : axes) {
        auto reach = [&](const BodyBox& x) {
            return x.half.x * std::fabs(glm::dot(rotated({1, 0}, x.angle), ax)) +
                   x.half.y * std::fabs(glm::dot(rotated({0, 1}, x.angle), ax));
        };
        if (std::fabs(glm::dot(d, ax)) >= reach(a) + reach(b) - slack) return false;
    }
    return true;
}

std::string at(dvec2 p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "(%.1f, %.1f)", p.x, p.y);
    return buf;
}

}  // namespace

BodyBox level_body_box(const LevelBody& b) {
    const SoftDef d;
    BodyBox box;
    box.centre = centre_of(b);
    box.angle = b.angle;
    if (is_line(b)) {
        const dvec2 v = dvec2(b.x1, b.y1) - dvec2(b.x, b.y);
        const double r = line_half(b);
        box.angle = std::atan2(v.y, v.x);
        box.half = {0.5 * glm::length(v) + r, r};
        return box;
    }
    switch (b.kind) {
        case BodyKind::Barrier:
            box.half = {0.5 * b.w, 0.5 * b.h};
            break;
        case BodyKind::Crate: {
            const double s = b.size.value_or(d.crate_size);
            if (b.group == LevelGroup::Grid) {
                const double pitch = s + b.gap;
                box.half = {0.5 * (b.cols * pitch - b.gap), 0.5 * (b.rows * pitch - b.gap)};
            } else {
                box.half = dvec2(0.5 * s);
            }
            break;
        }
        case BodyKind::Tyre:
            box.half = dvec2(b.radius.value_or(d.tyre_radius));
            box.angle = 0.0;
            break;
        case BodyKind::Cone:
        case BodyKind::Shard:
            box.half = dvec2(0.5 * d.cone_size);
            break;
    }
    return box;
}

LevelBody level_body_new(BodyKind kind, LevelGroup group, dvec2 at) {
    LevelBody b;
    b.kind = kind;
    b.group = group;
    b.x = at.x;
    b.y = at.y;
    if (group == LevelGroup::Line) {
        b.x = at.x - 4.0;
        b.x1 = at.x + 4.0;
        b.y1 = at.y;
        b.count = kind == BodyKind::Tyre ? 12 : 5;
    } else if (group == LevelGroup::Grid) {
        b.cols = 3;
        b.rows = 3;
    } else if (kind == BodyKind::Barrier) {
        b.w = 10.0;
        b.h = 1.0;
    }
    return b;
}

LevelDraft::LevelDraft(Level level) : SnapshotDraft(LevelDraftData{std::move(level), {}}) {}

dvec2 LevelDraft::snapped(dvec2 p) const {
    if (!(snap > 0.0)) return p;
    return {std::round(p.x / snap) * snap, std::round(p.y / snap) * snap};
}

void LevelDraft::add(LevelBody b) {
    LevelDraftData next = data_;
    place(b, snapped(centre_of(b)));
    next.level.bodies.push_back(b);
    next.selected = {next.level.bodies.size() - 1};
    commit(std::move(next), false, false);
}

void LevelDraft::select(std::size_t i, bool extend) {
    if (i >= data_.level.bodies.size()) return;
    std::vector<std::size_t>& s = data_.selected;
    const auto it = std::find(s.begin(), s.end(), i);
    if (!extend) {
        s = {i};
    } else if (it != s.end()) {
        s.erase(it);
    } else {
        s.insert(std::upper_bound(s.begin(), s.end(), i), i);
    }
    dragging_ = false;
    ++revision_;
}

void LevelDraft::select_all() {
    data_.selected.clear();
    for (std::size_t i = 0; i < data_.level.bodies.size(); ++i)
        data_.selected.push_back(i);
    ++revision_;
}

void LevelDraft::select_none() {
    data_.selected.clear();
    ++revision_;
}

int LevelDraft::body_at(dvec2 p) const {
    const std::vector<LevelBody>& bodies = data_.level.bodies;
    for (std::size_t k = bodies.size(); k-- > 0;) {
        const BodyBox box = level_body_box(bodies[k]);
        const dvec2 local = rotated(p - box.centre, -box.angle);
        if (std::fabs(local.x) <= box.half.x && std::fabs(local.y) <= box.half.y)
            return static_cast<int>(k);
    }
    return -1;
}

void LevelDraft::move_selected(dvec2 by, bool continuing) {
    if (data_.selected.empty()) return;
    LevelDraftData next = data_;
    const dvec2 c0 = centre_of(next.level.bodies[next.selected[0]]);
    const dvec2 step = snapped(c0 + by) - c0;
    if (step == dvec2(0.0)) {  // within the snap: a later step starts the undo step
        if (!continuing) dragging_ = false;
        return;
    }
    for (std::size_t i : next.selected) {
        LevelBody& b = next.level.bodies[i];
        place(b, centre_of(b) + step);
    }
    commit(std::move(next), continuing, true);
}

namespace {

dvec2 selection_centre(const LevelDraftData& d) {
    dvec2 c(0.0);
    for (std::size_t i : d.selected)
        c += centre_of(d.level.bodies[i]);
    return c / static_cast<double>(std::max<std::size_t>(d.selected.size(), 1));
}

}  // namespace

void LevelDraft::rotate_selected(double by, bool continuing) {
    if (data_.selected.empty()) return;
    LevelDraftData next = data_;
    const dvec2 pivot = selection_centre(next);
    for (std::size_t i : next.selected) {
        LevelBody& b = next.level.bodies[i];
        if (is_line(b)) {
            const dvec2 p = pivot + rotated(dvec2(b.x, b.y) - pivot, by);
            const dvec2 q = pivot + rotated(dvec2(b.x1, b.y1) - pivot, by);
            b.x = p.x;
            b.y = p.y;
            b.x1 = q.x;
            b.y1 = q.y;
            continue;
        }
        place(b, pivot + rotated(centre_of(b) - pivot, by));
        if (b.kind != BodyKind::Tyre)
            b.angle = std::remainder(b.angle + by, 2.0 * std::numbers::pi);
    }
    commit(std::move(next), continuing, true);
}

void LevelDraft::scale_selected(double factor, bool continuing) {
    if (data_.selected.empty() || !(factor > 0.0)) return;
    LevelDraftData next = data_;
    const dvec2 pivot = selection_centre(next);
    const SoftDef d;
    for (std::size_t i : next.selected) {
        LevelBody& b = next.level.bodies[i];
        if (is_line(b)) {
            const dvec2 p = pivot + (dvec2(b.x, b.y) - pivot) * factor;
            const dvec2 q = pivot + (dvec2(b.x1, b.y1) - pivot) * factor;
            b.x = p.x;
            b.y = p.y;
            b.x1 = q.x;
            b.y1 = q.y;
        } else {
            place(b, pivot + (centre_of(b) - pivot) * factor);
        }
        switch (b.kind) {
            case BodyKind::Barrier:
                b.w = std::clamp(b.w * factor, 0.05, 10000.0);
                b.h = std::clamp(b.h * factor, 0.05, 10000.0);
                break;
            case BodyKind::Crate:
                b.size = std::clamp(b.size.value_or(d.crate_size) * factor, 0.2, 5.0);
                break;
            case BodyKind::Tyre:
                b.radius = std::clamp(b.radius.value_or(d.tyre_radius) * factor, 0.15, 2.0);
                break;
            case BodyKind::Cone:
            case BodyKind::Shard:
                break;  // one size: only their spread scales
        }
    }
    commit(std::move(next), continuing, true);
}

void LevelDraft::delete_selected() {
    if (data_.selected.empty()) return;
    LevelDraftData next = data_;
    for (std::size_t k = next.selected.size(); k-- > 0;) {
        next.level.bodies.erase(next.level.bodies.begin() +
                                static_cast<std::ptrdiff_t>(next.selected[k]));
    }
    next.selected.clear();
    commit(std::move(next), false, false);
}

void LevelDraft::duplicate_selected(dvec2 offset) {
    if (data_.selected.empty()) return;
    LevelDraftData next = data_;
    std::vector<std::size_t> copies;
    for (std::size_t i : data_.selected) {
        LevelBody b = next.level.bodies[i];
        place(b, centre_of(b) + offset);
        next.level.bodies.push_back(b);
        copies.push_back(next.level.bodies.size() - 1);
    }
    next.selected = copies;
    commit(std::move(next), false, false);
}

void LevelDraft::set_car_start(dvec2 p, double heading, bool continuing) {
    LevelDraftData next = data_;
    next.level.car_start = snapped(p);
    next.level.car_heading = std::remainder(heading, 2.0 * std::numbers::pi);
    commit(std::move(next), continuing, true);
}

void LevelDraft::set_name(const std::string& name) {
    if (name == data_.level.name) return;
    LevelDraftData next = data_;
    next.level.name = name;
    commit(std::move(next), false, false);
}

void LevelDraft::set_author(const std::string& author) {
    if (author == data_.level.author) return;
    LevelDraftData next = data_;
    next.level.author = author;
    commit(std::move(next), false, false);
}

// ---- the file ---------------------------------------------------------------------------

std::string level_draft_json(const Level& level) {
    using ojson = nlohmann::ordered_json;
    ojson j;
    j["format"] = "skidpad-level";
    j["version"] = kLevelVersion;
    j["name"] = level.name;
    if (!level.author.empty()) j["author"] = level.author;
    j["car_start"] = {
        {"x", level.car_start.x}, {"y", level.car_start.y}, {"heading", level.car_heading}};
    ojson bodies = ojson::array();
    for (const LevelBody& b : level.bodies) {
        ojson o;
        o["type"] = level_type_name(b);
        if (is_line(b)) {
            o["x0"] = b.x;
            o["y0"] = b.y;
            o["x1"] = b.x1;
            o["y1"] = b.y1;
            o["count"] = b.count;
        } else {
            o["x"] = b.x;
            o["y"] = b.y;
            if (b.kind != BodyKind::Tyre && b.angle != 0.0) o["angle"] = b.angle;
        }
        if (b.group == LevelGroup::Grid) {
            o["cols"] = b.cols;
            o["rows"] = b.rows;
            o["gap"] = b.gap;
        }
        switch (b.kind) {
            case BodyKind::Barrier:
                o["w"] = b.w;
                o["h"] = b.h;
                if (!b.pinned) o["pinned"] = false;
                if (b.mass) o["mass"] = *b.mass;
                break;
            case BodyKind::Crate:
                if (b.size) o["size"] = *b.size;
                if (b.mass) o["mass"] = *b.mass;
                break;
            case BodyKind::Tyre:
                if (b.radius) o["radius"] = *b.radius;
                break;
            case BodyKind::Cone:
            case BodyKind::Shard:
                break;
        }
        bodies.push_back(o);
    }
    j["bodies"] = bodies;
    if (!level.patches.empty()) {
        ojson patches = ojson::array();
        for (const SurfacePatch& p : level.patches) {
            patches.push_back({{"surface", surface_name(p.kind)},
                               {"x", p.centre.x},
                               {"y", p.centre.y},
                               {"w", p.size.x},
                               {"h", p.size.y},
                               {"angle", p.angle}});
        }
        j["patches"] = patches;
    }
    return j.dump(2) + "\n";
}

FileResult level_draft_save(const Level& level, const std::string& path) {
    return write_file_atomic(path, level_draft_json(level));
}

std::vector<LevelProblem> level_draft_check(const Level& level) {
    std::vector<LevelProblem> out;
    const std::vector<LevelBody>& bodies = level.bodies;
    long long total = 0;
    for (const LevelBody& b : bodies)
        total += level_body_count(b);
    if (total > kMaxLevelBodies) {
        out.push_back({"the level places " + std::to_string(total) + " bodies, more than " +
                           std::to_string(kMaxLevelBodies),
                       level.car_start, -1});
        return out;
    }
    std::vector<BodyBox> boxes;
    for (const LevelBody& b : bodies)
        boxes.push_back(level_body_box(b));
    const bool pairs = bodies.size() <= 4000;  // quadratic: a huge level is left to the loader
    for (std::size_t i = 0; pairs && i < bodies.size() && out.size() < 50; ++i) {
        for (std::size_t k = i + 1; k < bodies.size() && out.size() < 50; ++k) {
            const bool both_walls = bodies[i].kind == BodyKind::Barrier && bodies[i].pinned &&
                                    bodies[k].kind == BodyKind::Barrier && bodies[k].pinned;
            if (both_walls || !boxes_overlap(boxes[i], boxes[k], 0.01)) continue;
            const dvec2 w = 0.5 * (boxes[i].centre + boxes[k].centre);
            out.push_back({"bodies " + std::to_string(i) + " (" + level_type_name(bodies[i]) +
                               ") and " + std::to_string(k) + " (" + level_type_name(bodies[k]) +
                               ") overlap at the start near " + at(w),
                           w, static_cast<int>(k)});
        }
    }
    // The car: about 4.6 m x 2 m at its start.
    const BodyBox car{level.car_start, {2.4, 1.1}, level.car_heading};
    for (std::size_t i = 0; i < bodies.size() && out.size() < 60; ++i) {
        if (!boxes_overlap(car, boxes[i], 0.0)) continue;
        out.push_back({"body " + std::to_string(i) + " (" + level_type_name(bodies[i]) +
                           ") stands on the car's start at " + at(level.car_start),
                       boxes[i].centre, static_cast<int>(i)});
    }
    if (!out.empty()) return out;
    Level parsed;
    const LevelResult r = parse_level_text(level_draft_json(level), "level", parsed);
    if (!r.ok) {
        const std::size_t colon = r.error.find(": ");
        out.push_back({colon == std::string::npos ? r.error : r.error.substr(colon + 2),
                       level.car_start, -1});
    }
    return out;
}

}  // namespace skidpad
