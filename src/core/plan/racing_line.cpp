// Racing line by curvature interpolation (the idea of Rémi Coulom's K1999 driver):
// at coarse-to-fine spacings, each point is moved sideways so that its curvature is
// the distance-weighted mean of its neighbours' curvatures. Curvature is spread as
// evenly as the track width allows, which lowers the peak curvature where the car
// must slow down, and the line uses the full width (outside–apex–outside).
#include "skidpad/plan/racing_line.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

namespace {

double menger(dvec2 a, dvec2 b, dvec2 c) {
    const double den = glm::length(b - a) * glm::length(c - b) * glm::length(c - a);
    return den > 0.0 ? 2.0 * cross(b - a, c - b) / den : 0.0;
}

struct Lane {
    const ClosedPath& centre;
    std::vector<dvec2> normal;
    std::vector<double> offset;
    double limit = 0.0;

    dvec2 at(std::size_t i) const { return centre.points[i] + normal[i] * offset[i]; }

    // Moves point i (between prev and next on the current level) to curvature target.
    void adjust(std::size_t prev, std::size_t i, std::size_t next, double target) {
        const dvec2 a = at(prev);
        const dvec2 b = at(next);
        const dvec2 chord = b - a;
        // Offset that puts point i on the chord a–b (zero curvature).
        const double den = cross(normal[i], chord);
        if (std::fabs(den) < 1e-9) return;
        const double on_chord = cross(a - centre.points[i], chord) / den;
        // Curvature grows ~linearly with the distance from the chord: one Newton step.
        const double h = 1e-3;  // m
        const dvec2 probe = centre.points[i] + normal[i] * (on_chord + h);
        const double slope = menger(a, probe, b) / h;  // (1/m) per m
        if (!(std::fabs(slope) > 1e-12)) return;
        offset[i] = clamp(on_chord + target / slope, -limit, limit);
    }
};

}  // namespace

RacingLine make_racing_line(const Track& track, double max_offset, int iterations) {
    const ClosedPath& c = track.centre;
    const std::size_t n = c.size();
    RacingLine line;
    line.offset.assign(n, 0.0);
    if (n < 16 || iterations <= 0) {
        line.path = c;
        return line;
    }
    Lane lane{c, std::vector<dvec2>(n), std::vector<double>(n, 0.0), std::max(0.0, max_offset)};
    for (std::size_t i = 0; i < n; ++i) {
        const dvec2 d = c.points[c.next(i)] - c.points[c.prev(i)];
        const double len = glm::length(d);
        lane.normal[i] = len > 0.0 ? perp(d / len) : dvec2(0.0, 1.0);
    }
    std::size_t top = 1;
    while (top * 16 <= n && top < 64)
        top *= 2;
    for (std::size_t step = top; step >= 1; step /= 2) {
        // The points of this level: every step-th index (the wrap gap may be longer).
        const std::size_t m = n / step;
        auto idx = [&](std::size_t k) { return (k % m) * step; };
        const int reps =
            iterations * std::max(1, static_cast<int>(std::lround(std::sqrt(double(step)))));
        for (int r = 0; r < reps; ++r) {
            for (std::size_t k = 0; k < m; ++k) {
                const std::size_t pp = idx(k + m - 2), p = idx(k + m - 1), i = idx(k);
                const std::size_t q = idx(k + 1), qq = idx(k + 2);
                const double k0 = menger(lane.at(pp), lane.at(p), lane.at(i));
                const double k1 = menger(lane.at(i), lane.at(q), lane.at(qq));
                const double l0 = glm::length(lane.at(i) - lane.at(p));
                const double l1 = glm::length(lane.at(q) - lane.at(i));
                const double target = l0 + l1 > 0.0 ? (l1 * k0 + l0 * k1) / (l0 + l1) : 0.0;
                lane.adjust(p, i, q, target);
            }
        }
        if (step == 1) break;
        // Fill the points between this level's points by linear interpolation of offsets.
        for (std::size_t k = 0; k < m; ++k) {
            const std::size_t i0 = idx(k);
            const std::size_t i1 = k + 1 < m ? idx(k + 1) : n;  // n wraps to 0
            const double o0 = lane.offset[i0];
            const double o1 = lane.offset[i1 % n];
            for (std::size_t i = i0 + 1; i < i1; ++i) {
                const double t = static_cast<double>(i - i0) / static_cast<double>(i1 - i0);
                lane.offset[i] = o0 + (o1 - o0) * t;
            }
        }
    }
    line.offset = lane.offset;
    std::vector<dvec2> p(n);
    for (std::size_t i = 0; i < n; ++i)
        p[i] = lane.at(i);
    line.path = make_closed_path(std::move(p));
    return line;
}

}  // namespace skidpad
