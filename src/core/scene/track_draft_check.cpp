// The track editor's checks: each problem of a draft with the place it is at.
#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

#include "skidpad/scene/track_draft.hpp"

namespace skidpad {

namespace {

std::string metres(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string at(dvec2 p) {
    return "(" + metres(p.x) + ", " + metres(p.y) + ")";
}

int nearest_point(const std::vector<dvec2>& pts, dvec2 p) {
    int best = -1;
    double d2 = 1e300;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const double e = glm::dot(pts[i] - p, pts[i] - p);
        if (e < d2) {
            d2 = e;
            best = static_cast<int>(i);
        }
    }
    return best;
}

/// Where segments a0-a1 and b0-b1 cross (strictly inside both), if they do.
bool crossing(dvec2 a0, dvec2 a1, dvec2 b0, dvec2 b1, dvec2& where) {
    const dvec2 r = a1 - a0;
    const dvec2 s = b1 - b0;
    const double den = cross(r, s);
    if (std::fabs(den) < 1e-12) return false;
    const double t = cross(b0 - a0, s) / den;
    const double u = cross(b0 - a0, r) / den;
    if (t < 0.0 || t > 1.0 || u < 0.0 || u > 1.0) return false;
    where = a0 + r * t;
    return true;
}

/// Places where two non-adjacent segments of the closed polyline cross, one per crossing
/// pair of stretches (a grid of cells keeps it near linear in the samples).
std::vector<dvec2> crossings(const std::vector<dvec2>& p, double cell) {
    const std::size_t n = p.size();
    std::unordered_map<long long, std::vector<std::uint32_t>> grid;
    auto key = [](long long x, long long y) { return x * 1000003LL + y; };
    for (std::size_t i = 0; i < n; ++i) {
        const dvec2 a = p[i];
        const dvec2 b = p[(i + 1) % n];
        const auto x0 = static_cast<long long>(std::floor(std::min(a.x, b.x) / cell));
        const auto x1 = static_cast<long long>(std::floor(std::max(a.x, b.x) / cell));
        const auto y0 = static_cast<long long>(std::floor(std::min(a.y, b.y) / cell));
        const auto y1 = static_cast<long long>(std::floor(std::max(a.y, b.y) / cell));
        for (long long x = x0; x <= x1; ++x) {
            for (long long y = y0; y <= y1; ++y)
                grid[key(x, y)].push_back(static_cast<std::uint32_t>(i));
        }
    }
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    std::vector<dvec2> out;
    for (auto& [k, segs] : grid) {
        for (std::size_t u = 0; u < segs.size(); ++u) {
            for (std::size_t v = u + 1; v < segs.size(); ++v) {
                const std::size_t i = std::min(segs[u], segs[v]);
                const std::size_t j = std::max(segs[u], segs[v]);
                if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // neighbours share a point
                dvec2 w;
                if (!crossing(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n], w)) continue;
                pairs.push_back({i, j});
                out.push_back(w);
            }
        }
    }
    // The same crossing seen from several cells (or neighbouring segments): keep one per
    // place, in a fixed order.
    std::vector<std::size_t> order(out.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return pairs[a] < pairs[b]; });
    std::vector<dvec2> kept;
    for (std::size_t o : order) {
        bool near = false;
        for (const dvec2& k : kept)
            near = near || glm::length(k - out[o]) < 3.0 * cell;
        if (!near) kept.push_back(out[o]);
    }
    return kept;
}

}  // namespace

double draft_min_corner_radius(double width, double wheelbase, double max_steer) {
    const double turn = wheelbase / std::tan(std::clamp(max_steer, 0.05, 1.5));
    return std::max(0.5 * width / 0.95, turn);
}

std::vector<DraftProblem> track_draft_check(const TrackDraftData& d, double wheelbase,
                                            double max_steer, const TrackResult* built) {
    std::vector<DraftProblem> out;
    const std::vector<dvec2>& pts = d.points;
    const std::size_t n = pts.size();
    if (n < 4) {
        dvec2 mid(0.0);
        for (const dvec2& p : pts)
            mid += p / static_cast<double>(std::max<std::size_t>(n, 1));
        out.push_back({DraftProblemKind::TooFewPoints,
                       "a loop needs at least 4 points, it has " + std::to_string(n), mid,
                       n > 0 ? 0 : -1});
        return out;
    }
    double polygon = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double gap = glm::length(pts[(i + 1) % n] - pts[i]);
        polygon += gap;
        if (gap < 0.5) {
            out.push_back({DraftProblemKind::PointsTooClose,
                           "points " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                               " are closer than 0.5 m at " + at(pts[i]),
                           pts[i], static_cast<int>(i)});
        }
    }
    if (!out.empty()) return out;
    if (polygon / d.spacing > kMaxTrackSamples) {
        out.push_back({DraftProblemKind::Refused,
                       "the loop is " + metres(polygon) + " m long, more than the format's " +
                           std::to_string(kMaxTrackSamples) + " samples allow",
                       pts[0], 0});
        return out;
    }
    std::vector<std::size_t> first_sample;
    std::vector<dvec2> samples = catmull_rom_closed(pts, d.spacing, &first_sample);
    for (const dvec2& w : crossings(samples, std::max(4.0, 4.0 * d.spacing))) {
        out.push_back({DraftProblemKind::CrossesItself,
                       "the centre line crosses itself at " + at(w), w, nearest_point(pts, w)});
    }
    const ClosedPath centre = make_closed_path(samples);
    const std::vector<double> k = path_curvature(centre);
    // The road's half width at each sample (from the control points' widths).
    const std::size_t m = k.size();
    std::vector<double> half(m, 0.5 * d.width);
    bool varies = false;
    for (std::size_t i = 0; i < n; ++i)
        varies = varies || draft_width_at(d, i) != d.width;
    if (varies && first_sample.size() == n) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t a = first_sample[i];
            const std::size_t b = i + 1 == n ? m : first_sample[i + 1];
            const double wa = draft_width_at(d, i);
            const double wb = draft_width_at(d, (i + 1) % n);
            for (std::size_t j = a; j < b && j < m; ++j) {
                const double u = static_cast<double>(j - a) / static_cast<double>(b - a);
                half[j] = 0.5 * (wa + (wb - wa) * u * u * (3.0 - 2.0 * u));
            }
        }
    }
    std::vector<double> min_rs(m);
    for (std::size_t j = 0; j < m; ++j)
        min_rs[j] = draft_min_corner_radius(2.0 * half[j], wheelbase, max_steer);
    auto too_tight = [&](std::size_t j) { return std::fabs(k[j]) * min_rs[j] > 1.0; };
    // One problem per run of too-tight samples, at its tightest sample.
    std::size_t first = 0;
    while (first < m && too_tight(first))
        ++first;
    for (std::size_t step = 0; first < m && step < m;) {
        const std::size_t i = (first + step) % m;
        if (!too_tight(i)) {
            ++step;
            continue;
        }
        std::size_t tight = i;
        while (step < m && too_tight((first + step) % m)) {
            const std::size_t j = (first + step) % m;
            if (std::fabs(k[j]) > std::fabs(k[tight])) tight = j;
            ++step;
        }
        const dvec2 w = centre.points[tight];
        out.push_back({DraftProblemKind::CornerTooTight,
                       "the corner at " + at(w) + " has a radius of " +
                           metres(1.0 / std::fabs(k[tight])) + " m, tighter than " +
                           metres(min_rs[tight]) +
                           " m (the car's turning circle or half the width)",
                       w, nearest_point(pts, w)});
    }
    if (first == m) {
        out.push_back({DraftProblemKind::CornerTooTight,
                       "every part of the loop is tighter than " + metres(min_rs[0]) + " m", pts[0],
                       0});
    }
    const double reach = 6.0 + d.grid_spacing * (d.grid_slots - 1);
    if (reach > 0.5 * centre.length) {
        out.push_back({DraftProblemKind::GridDoesNotFit,
                       std::to_string(d.grid_slots) + " grid slots reach " + metres(reach) +
                           " m back from the start line, more than half the loop (" +
                           metres(0.5 * centre.length) + " m)",
                       pts[0], 0});
    } else {
        Track t;
        t.width = half.empty() ? d.width : 2.0 * *std::min_element(half.begin(), half.end());
        if (varies) t.half_widths = half;
        t.kerb_width = d.kerb_width;
        t.centre = centre;
        t.grid_spacing = d.grid_spacing;
        for (int i = 0; i < d.grid_slots; ++i) {
            const GridSlot g = track_grid_slot(t, i);
            if (track_contains(t, g.position)) continue;
            out.push_back({DraftProblemKind::GridDoesNotFit,
                           "grid slot " + std::to_string(i + 1) + " at " + at(g.position) +
                               " is off the road: the grid needs a longer run behind point 0",
                           g.position, nearest_point(pts, g.position)});
            break;
        }
    }
    if (!out.empty()) return out;
    // Whatever else the loader refuses (a bend the spline makes below half the width,
    // barriers of too many bodies).
    TrackResult own;
    if (!built) {
        own = track_draft_build(d);
        built = &own;
    }
    if (!built->ok) {
        const std::string& e = built->error;
        const std::size_t colon = e.find(": ");
        out.push_back({DraftProblemKind::Refused,
                       colon == std::string::npos ? e : e.substr(colon + 2), pts[0], 0});
    }
    return out;
}

}  // namespace skidpad
