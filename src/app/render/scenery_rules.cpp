// Where marshal posts, the pit building, sheds, catch fences and tyre walls stand beside a
// track: rules on the centre line's corners and the start straight (see scenery.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "look.hpp"
#include "scenery.hpp"

namespace skidpad::app {

namespace {

constexpr double kFieldW = 96.0, kFieldH = 72.0;  // the landscape's fields (render.cpp)
constexpr double kTyreOffset = 0.6;               // m beyond the local run-off's edge: a tyre wall
constexpr double kFenceOffset = 1.8;    // m beyond the local run-off's edge: a catch fence
constexpr double kMarshalOffset = 4.5;  // m beyond the clearance: a hut's front
constexpr double kFencePitch = 4.0;     // m between a fence's posts
constexpr double kTyrePitch = 0.75;     // m between a tyre wall's stacks
constexpr std::size_t kMaxSheds = 8;

double distance_to_track(const Track& track, dvec2 p) {
    return glm::length(p - path_project(track.centre, p).position);
}

/// A stretch of the centre line that bends one way tighter than kCornerCurvature.
struct Corner {
    double from_s = 0.0, to_s = 0.0;  // arc length, to_s may pass the length (wrapped later)
    double apex_s = 0.0;
    double peak = 0.0;  // 1/m, the tightest curvature
    int turn = 1;       // +1 left, -1 right
};

/// The centre line's curvature smoothed over about 10 m either side (the samples are dense
/// and Menger curvature of neighbours is noisy).
std::vector<double> smooth_curvature(const ClosedPath& c) {
    const std::vector<double> k = path_curvature(c);
    const std::size_t n = k.size();
    std::vector<double> out(n, 0.0);
    if (n == 0) return out;
    const double step = c.length / static_cast<double>(n);
    const int w = std::max(1, static_cast<int>(10.0 / std::max(step, 1e-3)));
    for (std::size_t i = 0; i < n; ++i) {
        double sum = 0.0;
        for (int d = -w; d <= w; ++d)
            sum += k[(i + n + static_cast<std::size_t>(d + static_cast<int>(n))) % n];
        out[i] = sum / static_cast<double>(2 * w + 1);
    }
    return out;
}

std::vector<Corner> find_corners(const Track& track) {
    const ClosedPath& c = track.centre;
    const std::vector<double> k = smooth_curvature(c);
    const std::size_t n = k.size();
    std::vector<Corner> out;
    if (n < 3) return out;
    auto sign_at = [&](std::size_t i) {
        return std::fabs(k[i]) < kCornerCurvature ? 0 : (k[i] > 0.0 ? 1 : -1);
    };
    // Start the scan at a point outside any corner so none is split by the wrap.
    std::size_t first = 0;
    while (first < n && sign_at(first) != 0)
        ++first;
    if (first == n) return out;  // one endless bend (a circle): no corner to mark
    for (std::size_t m = 0; m < n;) {
        const std::size_t i = (first + m) % n;
        const int sg = sign_at(i);
        if (sg == 0) {
            ++m;
            continue;
        }
        Corner cn;
        cn.turn = sg;
        cn.from_s = c.s[i] + (i < first ? c.length : 0.0);
        std::size_t m2 = m;
        while (m2 < n && sign_at((first + m2) % n) == sg) {
            const std::size_t j = (first + m2) % n;
            if (std::fabs(k[j]) > cn.peak) {
                cn.peak = std::fabs(k[j]);
                cn.apex_s = c.s[j];
            }
            ++m2;
        }
        const std::size_t last = (first + m2 - 1) % n;
        cn.to_s = c.s[last];
        while (cn.to_s < cn.from_s)
            cn.to_s += c.length;
        if (cn.to_s - cn.from_s >= 8.0) out.push_back(cn);
        m = m2;
    }
    return out;
}

/// A point `d` m from the centre line at arc length s, on the outside of a corner.
dvec2 outside_at(const ClosedPath& c, double s, int turn, double d, dvec2* normal = nullptr) {
    const dvec2 nrm = perp(path_tangent_at(c, s)) * (turn > 0 ? -1.0 : 1.0);
    if (normal) *normal = nrm;
    return path_position_at(c, s) + nrm * d;
}

/// The side a barrier names for the outside of a corner turning `turn`.
TrackSide outside_side(int turn) {
    return turn > 0 ? TrackSide::Right : TrackSide::Left;
}

bool barrier_at(const Track& track, double s, TrackSide side) {
    for (const TrackBarrier& b : track.barriers) {
        if (b.span.on(side) && b.span.covers(s, track.centre.length)) return true;
    }
    return false;
}

/// How far from the centre line a car may run at each sample of it, on each side: half
/// the road there, the kerb band, and the run-off (its zones) or a barrier there.
struct LocalEdges {
    std::vector<double> left, right;
};

LocalEdges local_edges(const Track& track) {
    const ClosedPath& c = track.centre;
    LocalEdges e;
    e.left.resize(c.size());
    e.right.resize(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (const TrackSide side : {TrackSide::Left, TrackSide::Right}) {
            double beyond = track.runoff_width;
            for (const RunoffZone& z : track.zones) {
                if (z.span.on(side) && z.span.covers(c.s[i], c.length))
                    beyond = std::max(beyond, z.width);
            }
            for (const TrackBarrier& w : track.barriers) {
                if (w.span.on(side) && w.span.covers(c.s[i], c.length))
                    beyond = std::max(beyond, w.offset + 2.0);
            }
            (side == TrackSide::Left ? e.left : e.right)[i] =
                track.half_width_at(i) + track.kerb_width + beyond;
        }
    }
    return e;
}

/// The edge at arc length s on `side` (the nearest sample's).
double edge_at(const Track& track, const LocalEdges& e, double s, TrackSide side) {
    const ClosedPath& c = track.centre;
    const double w = path_wrap(c, s);
    const auto i =
        static_cast<std::size_t>(std::lower_bound(c.s.begin(), c.s.end(), w) - c.s.begin());
    const std::size_t at = i >= c.size() ? 0 : i;
    return (side == TrackSide::Left ? e.left : e.right)[at];
}

/// m by which p stands outside every stretch of the track's local edge (negative inside
/// one): against each sample of the centre line, on the side of it where p lies, so a
/// point beside one stretch is also kept off another stretch's wider run-off.
double outside_edges(const Track& track, const LocalEdges& e, dvec2 p) {
    const ClosedPath& c = track.centre;
    double least = 1e300;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const dvec2 d = p - c.points[i];
        const double len = glm::length(d);
        const dvec2 t = c.points[c.next(i)] - c.points[(i + c.size() - 1) % c.size()];
        const bool left = glm::dot(d, perp(t)) > 0.0;
        least = std::min(least, len - (left ? e.left[i] : e.right[i]));
    }
    return least;
}

vec2 corner(const SceneryBuilding& b, float u, float v) {
    return b.centre + b.along * (u * b.length) + b.away * (v * b.depth);
}

/// Every corner, edge middle and the centre of a building keep the clearance.
bool building_clear(const Track& track, const SceneryBuilding& b, double clearance) {
    for (const float u : {-0.5f, 0.0f, 0.5f}) {
        for (const float v : {-0.5f, 0.0f, 0.5f}) {
            if (distance_to_track(track, dvec2(corner(b, u, v))) < clearance) return false;
        }
    }
    return true;
}

bool overlaps(const Scenery& s, const SceneryBuilding& b) {
    const float reach = 0.5f * std::hypot(b.length, b.depth) + 1.0f;
    for (const float u : {-0.5f, 0.0f, 0.5f}) {
        for (const float v : {-0.5f, 0.0f, 0.5f}) {
            if (scenery_occupied(s, corner(b, u, v), 1.0f)) return true;
        }
    }
    // A small building wholly inside a bigger one's outline.
    for (const SceneryBuilding& o : s.buildings) {
        if (glm::length(o.centre - b.centre) < reach) return true;
    }
    return false;
}

bool near_lamp(const Scenery& s, vec2 p, float r) {
    for (const SceneryLamp& l : s.lamps) {
        if (glm::length(l.post - p) < r + 0.8f) return true;
    }
    return false;
}

/// The pit building: a long box with garage doors facing the track, beside the straight
/// nearest the start line, on whichever side the grandstands left free (none where no
/// straight is near the line).
void place_pits(const Track& track, Scenery& out) {
    const ClosedPath& c = track.centre;
    for (const double s0 : {-40.0, 40.0, -70.0, 70.0, 0.0, -100.0, 100.0}) {
        const double s = path_wrap(c, s0);
        // Only beside a straight: the road keeps its heading within 10 degrees along it.
        const dvec2 t = path_tangent_at(c, s);
        if (glm::dot(t, path_tangent_at(c, s - 29.0)) < 0.985 ||
            glm::dot(t, path_tangent_at(c, s + 29.0)) < 0.985)
            continue;
        for (const float side : {-1.0f, 1.0f}) {
            SceneryBuilding b;
            b.kind = BuildingKind::Pits;
            b.along = vec2(path_tangent_at(c, s));
            b.away = vec2(perp(path_tangent_at(c, s))) * side;
            b.length = 64.0f;
            b.depth = 13.0f;
            b.height = 7.0f;
            b.centre = vec2(path_position_at(c, s)) +
                       b.away * static_cast<float>(out.clearance + 2.5 + 0.5 * b.depth);
            if (building_clear(track, b, out.clearance) && !overlaps(out, b)) {
                out.buildings.push_back(b);
                return;
            }
        }
    }
}

/// Marshal posts outside each corner: one before its entry, then every kMarshalSpacing m.
void place_marshals(const Track& track, const std::vector<Corner>& corners, Scenery& out) {
    const ClosedPath& c = track.centre;
    for (const Corner& cn : corners) {
        for (double s = cn.from_s - 12.0; s <= cn.to_s; s += kMarshalSpacing) {
            SceneryBuilding b;
            b.kind = BuildingKind::Marshal;
            dvec2 nrm;
            const dvec2 front = outside_at(c, s, cn.turn, out.clearance + kMarshalOffset, &nrm);
            b.away = vec2(nrm);
            b.along = vec2(-nrm.y, nrm.x);
            b.length = 2.6f;
            b.depth = 2.0f;
            b.height = 2.6f;
            b.centre = vec2(front) + b.away * (0.5f * b.depth);
            b.shade = static_cast<std::uint8_t>(
                look_hash(static_cast<std::uint32_t>(std::llround(s + 1e6)), 17u) % 2u);
            if (!building_clear(track, b, out.clearance) || overlaps(out, b)) continue;
            bool crowded = false;  // two corners' posts side by side
            for (const SceneryBuilding& o : out.buildings) {
                crowded = crowded || (o.kind == BuildingKind::Marshal &&
                                      glm::length(o.centre - b.centre) < 30.0f);
            }
            if (!crowded) out.buildings.push_back(b);
        }
    }
}

/// Catch fences along the outside of the fast corners (and 20 m either side of them);
/// tyre walls outside the slow ones where the track has no barrier of its own. Both stand
/// just beyond the run-off there (not the widest run-off of the whole track).
void place_fences_and_tyres(const Track& track, const std::vector<Corner>& corners, Scenery& out) {
    const ClosedPath& c = track.centre;
    const LocalEdges edges = local_edges(track);
    for (const Corner& cn : corners) {
        if (cn.peak < kSlowCornerCurvature) {
            SceneryFence f;
            auto close = [&] {
                if (f.posts.size() >= 2) out.fences.push_back(f);
                f.posts.clear();
            };
            // Posts kFencePitch apart along the fence itself (longer than along the centre
            // line: the fence runs round the outside).
            for (double s = cn.from_s - 20.0; s <= cn.to_s + 20.0; s += 0.25) {
                const double edge = edge_at(track, edges, s, outside_side(cn.turn));
                const dvec2 p = outside_at(c, s, cn.turn, edge + kFenceOffset);
                if (!f.posts.empty() && glm::length(vec2(p) - f.posts.back()) < kFencePitch)
                    continue;
                // Broken where the post would stand near the run-off of another stretch of
                // the track, in a building or by a mast.
                if (outside_edges(track, edges, p) < 0.5 * kFenceOffset ||
                    scenery_occupied(out, vec2(p), 1.0f) || near_lamp(out, vec2(p), 0.2f)) {
                    close();
                    continue;
                }
                f.posts.push_back(vec2(p));
            }
            close();
            continue;
        }
        if (barrier_at(track, cn.apex_s, outside_side(cn.turn))) continue;
        const std::size_t first = out.tyres.size();
        for (double s = cn.from_s; s <= cn.to_s; s += 0.1) {
            const double edge = edge_at(track, edges, s, outside_side(cn.turn));
            const dvec2 p = outside_at(c, s, cn.turn, edge + kTyreOffset + kTyreRadius);
            if (out.tyres.size() > first && glm::length(vec2(p) - out.tyres.back()) < kTyrePitch)
                continue;
            if (outside_edges(track, edges, p) - kTyreRadius < 0.5 * kTyreOffset) continue;
            if (scenery_occupied(out, vec2(p), kTyreRadius) || near_lamp(out, vec2(p), kTyreRadius))
                continue;
            out.tyres.push_back(vec2(p));
        }
    }
}

/// A few sheds and barns in the fields near the track, at a corner of their field, set
/// square to the hedgerows.
void place_sheds(const Track& track, Scenery& out) {
    dvec2 lo = track.centre.points[0], hi = lo;
    for (const dvec2& p : track.centre.points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    lo -= dvec2(out.clearance + 120.0);
    hi += dvec2(out.clearance + 120.0);
    std::size_t sheds = 0;
    for (double fy = std::floor(lo.y / kFieldH); fy * kFieldH < hi.y; fy += 1.0) {
        for (double fx = std::floor(lo.x / kFieldW); fx * kFieldW < hi.x; fx += 1.0) {
            const auto ix = static_cast<std::uint32_t>(static_cast<std::int64_t>(fx));
            const auto iy = static_cast<std::uint32_t>(static_cast<std::int64_t>(fy));
            const std::uint32_t h = look_hash(ix + 4099u, iy + 7u);
            if (h % 5u != 0u) continue;
            SceneryBuilding b;
            b.kind = BuildingKind::Shed;
            const bool turned = (h >> 8) & 1u;
            b.along = turned ? vec2(0.0f, 1.0f) : vec2(1.0f, 0.0f);
            b.away = turned ? vec2(-1.0f, 0.0f) : vec2(0.0f, 1.0f);
            b.length = 9.0f + static_cast<float>((h >> 10) % 8u);
            b.depth = 6.0f + static_cast<float>((h >> 14) % 4u);
            b.height = 4.0f + static_cast<float>((h >> 17) % 3u);
            b.shade = static_cast<std::uint8_t>((h >> 20) % 4u);
            // Inside the field, 5 m from the corner's hedgerows.
            const float ex = turned ? b.depth : b.length, ey = turned ? b.length : b.depth;
            b.centre = vec2(static_cast<float>(fx * kFieldW) + 5.0f + 0.5f * ex,
                            static_cast<float>(fy * kFieldH) + 5.0f + 0.5f * ey);
            const double d = distance_to_track(track, dvec2(b.centre));
            if (d < out.clearance + 25.0 || d > out.clearance + 110.0) continue;
            if (!building_clear(track, b, out.clearance + 15.0) || overlaps(out, b)) continue;
            out.buildings.push_back(b);
            if (++sheds >= kMaxSheds) return;
        }
    }
}

}  // namespace

bool scenery_occupied(const Scenery& s, vec2 p, float margin) {
    for (const SceneryStand& st : s.stands) {
        const vec2 q = p - st.centre;
        if (std::fabs(glm::dot(q, st.along)) < 0.5f * st.length + margin &&
            std::fabs(glm::dot(q, st.away)) < 0.5f * st.depth + margin)
            return true;
    }
    for (const SceneryBuilding& b : s.buildings) {
        const vec2 q = p - b.centre;
        if (std::fabs(glm::dot(q, b.along)) < 0.5f * b.length + margin &&
            std::fabs(glm::dot(q, b.away)) < 0.5f * b.depth + margin)
            return true;
    }
    return false;
}

void place_track_furniture(const Track& track, Scenery& out) {
    if (track.centre.size() < 3) return;
    const std::vector<Corner> corners = find_corners(track);
    place_pits(track, out);
    place_marshals(track, corners, out);
    place_fences_and_tyres(track, corners, out);
    place_sheds(track, out);
}

}  // namespace skidpad::app
