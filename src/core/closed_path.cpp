// A closed polyline with arc lengths (closed_path.hpp): projection, tangents, curvature, splines.
#include "skidpad/closed_path.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

ClosedPath make_closed_path(std::vector<dvec2> points) {
    ClosedPath p;
    p.points = std::move(points);
    p.s.assign(p.points.size(), 0.0);
    double acc = 0.0;
    for (std::size_t i = 0; i < p.points.size(); ++i) {
        p.s[i] = acc;
        acc += glm::length(p.points[p.next(i)] - p.points[i]);
    }
    p.length = acc;
    return p;
}

double path_wrap(const ClosedPath& path, double s) {
    if (!(path.length > 0.0) || !std::isfinite(s)) return 0.0;
    double w = std::fmod(s, path.length);
    if (w < 0.0) w += path.length;
    if (w >= path.length) w = 0.0;
    return w;
}

double path_delta(const ClosedPath& path, double s_from, double s_to) {
    double d = path_wrap(path, s_to) - path_wrap(path, s_from);
    if (d > 0.5 * path.length) d -= path.length;
    if (d <= -0.5 * path.length) d += path.length;
    return d;
}

namespace {

PathPoint project_segment(const ClosedPath& path, std::size_t i, dvec2 p, double& dist2) {
    const dvec2 a = path.points[i];
    const dvec2 b = path.points[path.next(i)];
    const dvec2 ab = b - a;
    const double len2 = glm::dot(ab, ab);
    const double t = len2 > 0.0 ? clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    PathPoint out;
    out.segment = i;
    out.position = a + ab * t;
    const double len = std::sqrt(len2);
    out.tangent = len > 0.0 ? ab / len : dvec2(1.0, 0.0);
    out.s = path_wrap(path, path.s[i] + t * len);
    const dvec2 d = p - out.position;
    out.offset = cross(out.tangent, d) >= 0.0 ? glm::length(d) : -glm::length(d);
    dist2 = glm::dot(d, d);
    return out;
}

}  // namespace

namespace {
// The nearest point to p on `count` segments starting at `first` (wrapping).
PathPoint nearest_on(const ClosedPath& path, dvec2 p, std::size_t first, std::size_t count) {
    PathPoint best;
    double best_d2 = INFINITY;
    std::size_t i = first;
    for (std::size_t k = 0; k < count; ++k, i = path.next(i)) {
        double d2 = 0.0;
        const PathPoint c = project_segment(path, i, p, d2);
        if (d2 < best_d2) {
            best_d2 = d2;
            best = c;
        }
    }
    return best;
}
}  // namespace

PathPoint path_project(const ClosedPath& path, dvec2 p) {
    if (path.size() == 0) return {};
    return nearest_on(path, p, 0, path.size());
}

PathPoint path_project_near(const ClosedPath& path, dvec2 p, std::size_t hint, std::size_t window) {
    const std::size_t n = path.size();
    if (n == 0) return {};
    if (2 * window + 1 >= n) return path_project(path, p);
    hint %= n;
    return nearest_on(path, p, (hint + n - window) % n, 2 * window + 1);
}

std::size_t path_segment_at(const ClosedPath& path, double s) {
    const double w = path_wrap(path, s);
    // s is sorted ascending: the last point with s[i] ≤ w.
    const auto it = std::upper_bound(path.s.begin(), path.s.end(), w);
    return it == path.s.begin() ? 0 : static_cast<std::size_t>(it - path.s.begin()) - 1;
}

dvec2 path_position_at(const ClosedPath& path, double s) {
    if (path.size() == 0) return {0.0, 0.0};
    const double w = path_wrap(path, s);
    const std::size_t i = path_segment_at(path, w);
    const dvec2 a = path.points[i];
    const dvec2 b = path.points[path.next(i)];
    const double len = glm::length(b - a);
    const double t = len > 0.0 ? clamp((w - path.s[i]) / len, 0.0, 1.0) : 0.0;
    return a + (b - a) * t;
}

dvec2 path_tangent_at(const ClosedPath& path, double s) {
    if (path.size() < 2) return {1.0, 0.0};
    const std::size_t i = path_segment_at(path, s);
    const dvec2 d = path.points[path.next(i)] - path.points[i];
    const double len = glm::length(d);
    return len > 0.0 ? d / len : dvec2(1.0, 0.0);
}

std::vector<double> path_curvature(const ClosedPath& path) {
    const std::size_t n = path.size();
    std::vector<double> k(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const dvec2 a = path.points[path.prev(i)];
        const dvec2 b = path.points[i];
        const dvec2 c = path.points[path.next(i)];
        // κ = 4·area / (|ab| |bc| |ca|) = 2 cross(ab, bc) / (|ab| |bc| |ca|).
        const double den = glm::length(b - a) * glm::length(c - b) * glm::length(c - a);
        k[i] = den > 0.0 ? 2.0 * cross(b - a, c - b) / den : 0.0;
    }
    return k;
}

std::vector<dvec2> catmull_rom_closed(const std::vector<dvec2>& control, double spacing,
                                      std::vector<std::size_t>* first_sample) {
    const std::size_t n = control.size();
    std::vector<dvec2> out;
    if (first_sample) first_sample->assign(n, 0);
    if (n < 3 || !(spacing > 0.0)) return control;
    auto knot = [](dvec2 a, dvec2 b) {
        return std::max(std::sqrt(glm::length(b - a)), 1e-6);  // centripetal: |d|^0.5
    };
    for (std::size_t k = 0; k < n; ++k) {
        const dvec2 p0 = control[(k + n - 1) % n];
        const dvec2 p1 = control[k];
        const dvec2 p2 = control[(k + 1) % n];
        const dvec2 p3 = control[(k + 2) % n];
        const double t0 = 0.0;
        const double t1 = t0 + knot(p0, p1);
        const double t2 = t1 + knot(p1, p2);
        const double t3 = t2 + knot(p2, p3);
        // Evaluate densely, then place samples at equal arc length along the dense
        // polyline: the spline's parameter is not proportional to arc length.
        const int dense =
            std::max(8, static_cast<int>(std::ceil(8.0 * glm::length(p2 - p1) / spacing)));
        std::vector<dvec2> d(static_cast<std::size_t>(dense) + 1);
        std::vector<double> acc(d.size(), 0.0);
        for (int j = 0; j <= dense; ++j) {
            const double t = t1 + (t2 - t1) * (static_cast<double>(j) / dense);
            // Barry–Goldman pyramidal evaluation.
            const dvec2 a1 = p0 * ((t1 - t) / (t1 - t0)) + p1 * ((t - t0) / (t1 - t0));
            const dvec2 a2 = p1 * ((t2 - t) / (t2 - t1)) + p2 * ((t - t1) / (t2 - t1));
            const dvec2 a3 = p2 * ((t3 - t) / (t3 - t2)) + p3 * ((t - t2) / (t3 - t2));
            const dvec2 b1 = a1 * ((t2 - t) / (t2 - t0)) + a2 * ((t - t0) / (t2 - t0));
            const dvec2 b2 = a2 * ((t3 - t) / (t3 - t1)) + a3 * ((t - t1) / (t3 - t1));
            d[j] =
                j == 0
                    ? p1
                    : (j == dense ? p2 : b1 * ((t2 - t) / (t2 - t1)) + b2 * ((t - t1) / (t2 - t1)));
            if (j > 0) acc[j] = acc[j - 1] + glm::length(d[j] - d[j - 1]);
        }
        const double total = acc.back();
        const int pieces = std::max(1, static_cast<int>(std::ceil(total / spacing)));
        if (first_sample) (*first_sample)[k] = out.size();
        out.push_back(p1);
        std::size_t q = 0;
        for (int j = 1; j < pieces; ++j) {
            const double target = total * (static_cast<double>(j) / pieces);
            while (q + 1 < acc.size() && acc[q + 1] < target)
                ++q;
            const double seg = acc[q + 1] - acc[q];
            const double u = seg > 0.0 ? (target - acc[q]) / seg : 0.0;
            out.push_back(d[q] + (d[q + 1] - d[q]) * u);
        }
    }
    return out;
}

namespace {
bool segments_cross(dvec2 a, dvec2 b, dvec2 c, dvec2 d) {
    const double d1 = cross(b - a, c - a);
    const double d2 = cross(b - a, d - a);
    const double d3 = cross(d - c, a - c);
    const double d4 = cross(d - c, b - c);
    // Touching counts too (a loop through one of its own points is not a circuit); the
    // caller has already checked that the bounding boxes overlap, which settles the
    // collinear case.
    return d1 * d2 <= 0.0 && d3 * d4 <= 0.0;
}
}  // namespace

bool path_self_intersects(const ClosedPath& path) {
    const std::size_t n = path.size();
    for (std::size_t i = 0; i < n; ++i) {
        const dvec2 a = path.points[i];
        const dvec2 b = path.points[path.next(i)];
        const double minx = std::min(a.x, b.x), maxx = std::max(a.x, b.x);
        const double miny = std::min(a.y, b.y), maxy = std::max(a.y, b.y);
        for (std::size_t j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue;  // the closing segment touches segment 0
            const dvec2 c = path.points[j];
            const dvec2 d = path.points[path.next(j)];
            if (std::max(c.x, d.x) < minx || std::min(c.x, d.x) > maxx ||
                std::max(c.y, d.y) < miny || std::min(c.y, d.y) > maxy) {
                continue;
            }
            if (segments_cross(a, b, c, d)) return true;
        }
    }
    return false;
}

}  // namespace skidpad
