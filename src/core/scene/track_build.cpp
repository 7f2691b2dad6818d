// What a track derives from its centre line and fields: kerbs at the apexes, gravel outside
// the corners, the grid, the surface raster and the barrier bodies; and the queries.
#include <algorithm>
#include <cmath>

#include "skidpad/scene/track.hpp"

namespace skidpad {

namespace {

/// Corners: samples whose radius is below this get kerbs and gravel.
constexpr double kCornerRadius = 110.0;   // m
constexpr double kMinCornerLength = 8.0;  // m of centre line
constexpr double kRasterCell = 0.5;       // m
constexpr double kWallBlock = 4.0;        // m, length of one concrete block
constexpr double kWallThickness = 0.8;    // m

double wrap(double s, double length) {
    if (!(length > 0.0)) return 0.0;
    double w = std::fmod(s, length);
    if (w < 0.0) w += length;
    return w;
}

/// Left normal at sample i (the average of both neighbouring segment directions).
dvec2 normal_at(const ClosedPath& c, std::size_t i) {
    const dvec2 d = c.points[c.next(i)] - c.points[c.prev(i)];
    const double len = glm::length(d);
    return len > 0.0 ? perp(d / len) : dvec2(0.0, 1.0);
}

struct Corner {
    double from_s = 0.0;
    double to_s = 0.0;  ///< may exceed the length (wraps)
    TrackSide inside = TrackSide::Left;
};

std::vector<Corner> find_corners(const ClosedPath& c) {
    std::vector<Corner> out;
    const std::vector<double> k = path_curvature(c);
    const std::size_t n = k.size();
    if (n < 3) return out;
    auto curved = [&](std::size_t i) { return std::fabs(k[i]) * kCornerRadius > 1.0; };
    auto sign = [&](std::size_t i) { return k[i] > 0.0 ? 1 : -1; };
    // Start the scan on a straight sample (or anywhere on a loop that is all corner).
    std::size_t start = 0;
    while (start < n && curved(start))
        ++start;
    if (start == n) {
        out.push_back({0.0, c.length - 1e-6, k[0] > 0.0 ? TrackSide::Left : TrackSide::Right});
        return out;
    }
    std::size_t i = 0;
    while (i < n) {
        const std::size_t a = (start + i) % n;
        if (!curved(a)) {
            ++i;
            continue;
        }
        const int sg = sign(a);
        std::size_t j = i;
        while (j + 1 < n && curved((start + j + 1) % n) && sign((start + j + 1) % n) == sg)
            ++j;
        const std::size_t b = (start + j) % n;
        double from = c.s[a];
        double to = c.s[b];
        if (to < from) to += c.length;
        if (to - from >= kMinCornerLength) {
            out.push_back({from, to, sg > 0 ? TrackSide::Left : TrackSide::Right});
        }
        i = j + 1;
    }
    return out;
}

TrackSide other(TrackSide s) {
    return s == TrackSide::Left ? TrackSide::Right : TrackSide::Left;
}

TrackSpan make_span(double from, double to, TrackSide side, double length) {
    return {wrap(from, length), wrap(to, length), side};
}

/// Per sample: kerb on the left/right, the run-off zone (index or −1) on each side and
/// the road's surface.
struct SampleMarks {
    std::vector<std::uint8_t> kerb_left, kerb_right;
    std::vector<SurfaceKind> road;
    std::vector<int> zone_left, zone_right;
};

SampleMarks mark_samples(const Track& t) {
    const ClosedPath& c = t.centre;
    SampleMarks m;
    const std::size_t n = c.size();
    m.kerb_left.assign(n, 0);
    m.kerb_right.assign(n, 0);
    m.zone_left.assign(n, -1);
    m.zone_right.assign(n, -1);
    m.road.assign(n, t.road);
    for (std::size_t i = 0; i < n; ++i) {
        if (!t.road_zones.empty()) m.road[i] = track_road_at(t, c.s[i]);
        for (const TrackSpan& k : t.kerbs) {
            if (!k.covers(c.s[i], c.length)) continue;
            if (k.on(TrackSide::Left)) m.kerb_left[i] = 1;
            if (k.on(TrackSide::Right)) m.kerb_right[i] = 1;
        }
        for (std::size_t z = 0; z < t.zones.size(); ++z) {
            if (!t.zones[z].span.covers(c.s[i], c.length)) continue;
            if (t.zones[z].span.on(TrackSide::Left)) m.zone_left[i] = static_cast<int>(z);
            if (t.zones[z].span.on(TrackSide::Right)) m.zone_right[i] = static_cast<int>(z);
        }
        for (const TrackSpan& g : t.kerb_gaps) {
            if (!g.covers(c.s[i], c.length)) continue;
            if (g.on(TrackSide::Left)) m.kerb_left[i] = 0;
            if (g.on(TrackSide::Right)) m.kerb_right[i] = 0;
        }
    }
    return m;
}

void rasterise(Track& t) {
    const ClosedPath& c = t.centre;
    const std::size_t n = c.size();
    const double hw_max = t.max_half_width();
    const double kw = t.kerb_width;
    double zone_max = 0.0;
    for (const RunoffZone& z : t.zones)
        zone_max = std::max(zone_max, z.width);
    const double reach = hw_max + kw + zone_max + 1.0;
    dvec2 lo(1e300), hi(-1e300);
    for (const dvec2& p : c.points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    for (const SurfacePatch& p : t.patches) {
        const double r = 0.5 * glm::length(p.size);
        lo = glm::min(lo, p.centre - dvec2(r));
        hi = glm::max(hi, p.centre + dvec2(r));
    }
    lo -= dvec2(reach);
    hi += dvec2(reach);
    // Large loops get coarser cells: at most ~1.5 M cells to classify.
    const dvec2 span = hi - lo;
    const double cell_size = std::max(kRasterCell, std::sqrt(span.x * span.y / 1.5e6));
    SurfaceMap map(lo, hi, cell_size, t.runoff);
    const int nx = map.cols();
    const int ny = map.rows();
    const double cell = map.cell();
    const std::size_t cells = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    std::vector<float> best(cells, static_cast<float>(reach));
    std::vector<float> offset(cells, 0.0f);
    std::vector<std::uint32_t> sample(cells, 0xffffffffu);
    // Chords of about 2 m (every `stride` samples): a finely sampled loop would visit each
    // cell once per sample within reach.
    const std::size_t stride =
        std::max<std::size_t>(1, static_cast<std::size_t>(2.0 / std::max(c.length / n, 1e-3)));
    for (std::size_t i = 0; i < n; i += stride) {
        const std::size_t inext = i + stride < n ? i + stride : 0;
        const dvec2 a = c.points[i];
        const dvec2 b = c.points[inext];
        const dvec2 d = b - a;
        const double len2 = glm::dot(d, d);
        if (!(len2 > 0.0)) continue;
        const dvec2 bl = glm::min(a, b) - dvec2(reach) - map.origin();
        const dvec2 bh = glm::max(a, b) + dvec2(reach) - map.origin();
        const int x0 = std::max(0, static_cast<int>(bl.x / cell));
        const int y0 = std::max(0, static_cast<int>(bl.y / cell));
        const int x1 = std::min(nx - 1, static_cast<int>(bh.x / cell));
        const int y1 = std::min(ny - 1, static_cast<int>(bh.y / cell));
        const double len = std::sqrt(len2);
        for (int iy = y0; iy <= y1; ++iy) {
            for (int ix = x0; ix <= x1; ++ix) {
                const dvec2 p = map.cell_centre(ix, iy);
                const double u = std::clamp(glm::dot(p - a, d) / len2, 0.0, 1.0);
                const double dist = glm::length(p - (a + d * u));
                const std::size_t k = static_cast<std::size_t>(iy) * nx + ix;
                if (dist >= best[k]) continue;
                best[k] = static_cast<float>(dist);
                offset[k] = static_cast<float>(cross(d, p - a) / len);
                const auto along = static_cast<std::size_t>(u * static_cast<double>(stride));
                sample[k] = static_cast<std::uint32_t>(
                    inext == 0 && i + along >= n ? 0 : std::min(i + along, n - 1));
            }
        }
    }
    const SampleMarks m = mark_samples(t);
    for (int iy = 0; iy < ny; ++iy) {
        for (int ix = 0; ix < nx; ++ix) {
            const std::size_t k = static_cast<std::size_t>(iy) * nx + ix;
            if (sample[k] == 0xffffffffu) continue;
            const std::size_t i = sample[k];
            const double hw = t.half_width_at(i);
            const bool left = offset[k] >= 0.0f;
            const double a = std::fabs(static_cast<double>(offset[k]));
            SurfaceKind kind = t.runoff;
            if (a <= hw) {
                kind = m.road[i];
            } else if (a <= hw + kw) {
                const bool kerb = left ? m.kerb_left[i] != 0 : m.kerb_right[i] != 0;
                kind = kerb ? SurfaceKind::Kerb : m.road[i];
            } else {
                const int z = left ? m.zone_left[i] : m.zone_right[i];
                if (z >= 0 && a <= hw + kw + t.zones[static_cast<std::size_t>(z)].width) {
                    kind = t.zones[static_cast<std::size_t>(z)].surface;
                }
            }
            map.set_cell(ix, iy, kind);
        }
    }
    for (const SurfacePatch& p : t.patches)
        map.paint(p);
    t.surfaces = std::move(map);
}

/// The points of a barrier line: the centre line's samples in the span, moved out to
/// `lateral` m (+ left).
std::vector<dvec2> barrier_line(const Track& t, const TrackBarrier& b) {
    const ClosedPath& c = t.centre;
    const double sg = b.span.side == TrackSide::Right ? -1.0 : 1.0;
    std::vector<dvec2> out;
    for (std::size_t i = 0; i < c.size(); ++i) {
        // Walk from the span's start so that the line is in driving order.
        const std::size_t j = (path_segment_at(c, b.span.from_s) + i) % c.size();
        if (!b.span.covers(c.s[j], c.length)) {
            if (out.empty()) continue;
            break;
        }
        const double lateral = sg * (t.half_width_at(j) + t.kerb_width + b.offset);
        out.push_back(c.points[j] + normal_at(c, j) * lateral);
    }
    return out;
}

}  // namespace

double Track::half_width_at_s(double s) const {
    if (half_widths.size() != centre.size() || centre.size() < 2) return half_width();
    const double w = wrap(s, centre.length);
    const std::size_t i = path_segment_at(centre, w);
    const std::size_t j = centre.next(i);
    const double end = j == 0 ? centre.length : centre.s[j];
    const double u =
        end > centre.s[i] ? std::clamp((w - centre.s[i]) / (end - centre.s[i]), 0.0, 1.0) : 0.0;
    return half_widths[i] + (half_widths[j] - half_widths[i]) * u;
}

double Track::max_half_width() const {
    double m = half_width();
    for (const double h : half_widths)
        m = std::max(m, h);
    return m;
}

bool TrackSpan::covers(double s, double length) const {
    const double w = wrap(s, length);
    return from_s <= to_s ? (w >= from_s && w <= to_s) : (w >= from_s || w <= to_s);
}

void track_build(Track& t, bool derive_kerbs, bool derive_zones, int grid_slots, bool surfaces) {
    const double L = t.centre.length;
    if (derive_kerbs || derive_zones) {
        for (const Corner& k : find_corners(t.centre)) {
            const double len = k.to_s - k.from_s;
            if (derive_kerbs && t.kerb_width > 0.0) {
                // Inside along the apex, outside on the exit where the car runs wide.
                t.kerbs.push_back(make_span(k.from_s - 4.0, k.to_s + 4.0, k.inside, L));
                t.kerbs.push_back(
                    make_span(k.from_s + 0.55 * len, k.to_s + 14.0, other(k.inside), L));
            }
            if (derive_zones && t.runoff_width > 0.0) {
                t.zones.push_back(
                    {make_span(k.from_s + 0.2 * len, k.to_s + 30.0, other(k.inside), L),
                     SurfaceKind::Gravel, t.runoff_width});
            }
        }
    }
    t.grid.clear();
    for (int i = 0; i < grid_slots; ++i)
        t.grid.push_back(track_grid_slot(t, i));
    if (surfaces) rasterise(t);
}

std::vector<LevelBody> track_barrier_bodies(const Track& t) {
    std::vector<LevelBody> out;
    const double tyre_pitch = 0.75;  // m between tyre stacks (radius 0.35 m)
    for (const TrackBarrier& b : t.barriers) {
        const std::vector<dvec2> line = barrier_line(t, b);
        if (line.size() < 2) continue;
        if (b.kind == TrackBarrierKind::Tyres) {
            double carry = 0.0;
            for (std::size_t i = 0; i + 1 < line.size(); ++i) {
                const dvec2 d = line[i + 1] - line[i];
                const double len = glm::length(d);
                double at = carry;
                while (at < len) {
                    const dvec2 p = line[i] + d * (at / len);
                    LevelBody body;
                    body.kind = BodyKind::Tyre;
                    body.x = p.x;
                    body.y = p.y;
                    out.push_back(body);
                    if (out.size() > static_cast<std::size_t>(kMaxTrackBodies)) return out;
                    at += tyre_pitch;
                }
                carry = at - len;
            }
            continue;
        }
        // Concrete blocks from one point of the line to the first one kWallBlock away.
        std::size_t i = 0;
        while (i + 1 < line.size()) {
            std::size_t j = i + 1;
            while (j + 1 < line.size() && glm::length(line[j] - line[i]) < kWallBlock)
                ++j;
            const dvec2 d = line[j] - line[i];
            const double len = glm::length(d);
            if (len > 0.2) {
                LevelBody body;
                body.kind = BodyKind::Barrier;
                const dvec2 mid = 0.5 * (line[i] + line[j]);
                body.x = mid.x;
                body.y = mid.y;
                body.w = len + 0.3;  // blocks overlap a little: no gaps on the outside of a bend
                body.h = kWallThickness;
                body.angle = std::atan2(d.y, d.x);
                body.pinned = true;
                out.push_back(body);
                if (out.size() > static_cast<std::size_t>(kMaxTrackBodies)) return out;
            }
            i = j;
        }
    }
    return out;
}

long long track_barrier_body_count(const Track& t) {
    return static_cast<long long>(track_barrier_bodies(t).size());
}

SurfaceKind track_road_at(const Track& track, double s) {
    SurfaceKind k = track.road;
    for (const RoadZone& z : track.road_zones) {
        if (z.span.covers(s, track.centre.length)) k = z.surface;
    }
    return k;
}

bool track_kerb_at(const Track& track, double s, TrackSide side) {
    bool kerb = false;
    for (const TrackSpan& k : track.kerbs) {
        if (k.on(side) && k.covers(s, track.centre.length)) kerb = true;
    }
    if (!kerb) return false;
    for (const TrackSpan& g : track.kerb_gaps) {
        if (g.on(side) && g.covers(s, track.centre.length)) return false;
    }
    return true;
}

bool track_contains(const Track& track, dvec2 p) {
    const PathPoint pp = path_project(track.centre, p);
    const double hw = track.half_widths.empty() ? track.half_width() : track.half_width_at_s(pp.s);
    return std::fabs(pp.offset) <= hw + track.kerb_width;
}

SurfaceKind track_surface_at(const Track& track, dvec2 p) {
    return track.surfaces.at(p);
}

double track_progress(const Track& track, dvec2 p) {
    if (track.centre.size() < 2) return 0.0;
    return wrap(path_project(track.centre, p).s, track.centre.length);
}

TrackLine track_start_line(const Track& track) {
    if (track.centre.size() < 2) return {};
    const dvec2 p0 = track.centre.points[0];
    const dvec2 n = perp(path_tangent_at(track.centre, 0.0));
    const double hw = track.half_width_at(0);
    return {p0 + n * hw, p0 - n * hw};
}

GridSlot track_grid_slot(const Track& track, int slot) {
    GridSlot g;
    if (track.centre.size() < 2) return g;
    const int i = std::max(0, slot);
    const double s = -(6.0 + track.grid_spacing * i);
    const dvec2 tangent = path_tangent_at(track.centre, s);
    const double lateral = (i % 2 == 0 ? 1.0 : -1.0) * std::min(3.0, 0.25 * track.width);
    g.position = path_position_at(track.centre, s) + perp(tangent) * lateral;
    g.heading = std::atan2(tangent.y, tangent.x);
    return g;
}

}  // namespace skidpad
