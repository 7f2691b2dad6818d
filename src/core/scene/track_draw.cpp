// A track as a player reads it: grass and gravel run-off, the road with white edge lines,
// red and white kerbs at the apexes, friction patches, the chequered start/finish line and
// the grid boxes.
#include <algorithm>
#include <cmath>

#include "skidpad/scene/track.hpp"

namespace skidpad {

namespace {

dvec2 normal_at(const ClosedPath& c, std::size_t i) {
    const dvec2 d = c.points[c.next(i)] - c.points[c.prev(i)];
    const double len = glm::length(d);
    return len > 0.0 ? perp(d / len) : dvec2(0.0, 1.0);
}

vec2 f(dvec2 v) {
    return vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

Color ground_colour(SurfaceKind k) {
    return surface_row(k).colour;
}

Color road_colour(SurfaceKind k) {
    const SurfaceRow& r = surface_row(k);
    return r.road != 0 ? r.road : r.colour;
}

/// A lateral offset (m, + left) measured from one edge of the road: ea * (the half width
/// there) + a, where ea is +1 (the left edge), -1 (the right edge) or 0 (the centre line).
struct Lateral {
    double ea = 0.0;
    double a = 0.0;
    double at(const Track& t, std::size_t i) const { return ea * t.half_width_at(i) + a; }
};

/// A band from sample i to sample j between lateral offsets a and b.
void band(const Track& t, std::size_t i, std::size_t j, Lateral a, Lateral b, Color col,
          std::uint8_t layer, DrawList& out) {
    const ClosedPath& c = t.centre;
    const dvec2 ni = normal_at(c, i);
    const dvec2 nj = normal_at(c, j);
    const dvec2 pi = c.points[i];
    const dvec2 pj = c.points[j];
    const vec2 q[4] = {f(pi + ni * a.at(t, i)), f(pj + nj * a.at(t, j)), f(pj + nj * b.at(t, j)),
                       f(pi + ni * b.at(t, i))};
    out.polygon(q, col, 0, 0.0f, layer);
}

/// The zone on one side at s, or nullptr.
const RunoffZone* zone_at(const Track& t, double s, TrackSide side) {
    const RunoffZone* z = nullptr;
    for (const RunoffZone& r : t.zones) {
        if (r.span.on(side) && r.span.covers(s, t.centre.length)) z = &r;
    }
    return z;
}

void draw_grid_box(const GridSlot& g, DrawList& out) {
    const dvec2 t = direction(g.heading);
    const dvec2 n = perp(t);
    const Color white = rgba(235, 235, 235);
    // A bracket ahead of and beside the car: the front line and two short side lines.
    const dvec2 front = g.position + t * 2.8;
    const double hw = 1.3;
    out.segment(f(front + n * hw), f(front - n * hw), white, 0.2f, 1);
    out.segment(f(front + n * hw), f(front + n * hw - t * 1.6), white, 0.2f, 1);
    out.segment(f(front - n * hw), f(front - n * hw - t * 1.6), white, 0.2f, 1);
}

}  // namespace

void track_draw(const Track& track, DrawList& out) {
    const ClosedPath& c = track.centre;
    const std::size_t n = c.size();
    if (n < 3) return;
    const double hw = track.half_width_at(0);
    const double kw = track.kerb_width;
    // Run-off first, then the road over it.
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = c.next(i);
        for (int side = 0; side < 2; ++side) {
            const TrackSide ts = side == 0 ? TrackSide::Left : TrackSide::Right;
            const double sg = side == 0 ? 1.0 : -1.0;
            if (track.runoff_width > 0.0) {
                band(track, i, j, {sg, sg * kw}, {sg, sg * (kw + track.runoff_width)},
                     ground_colour(track.runoff), 0, out);
            }
            if (const RunoffZone* z = zone_at(track, c.s[i], ts); z && z->width > 0.0) {
                band(track, i, j, {sg, sg * kw}, {sg, sg * (kw + z->width)},
                     ground_colour(z->surface), 0, out);
            }
        }
    }
    const Color line = rgba(236, 236, 230);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = c.next(i);
        const SurfaceKind here =
            track.road_zones.empty() ? track.road : track_road_at(track, c.s[i]);
        band(track, i, j, {-1.0, -kw}, {1.0, kw}, road_colour(here), 0, out);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = c.next(i);
        for (int side = 0; side < 2; ++side) {
            const TrackSide ts = side == 0 ? TrackSide::Left : TrackSide::Right;
            const double sg = side == 0 ? 1.0 : -1.0;
            if ((track.road_zones.empty() ? track.road : track_road_at(track, c.s[i])) ==
                SurfaceKind::Asphalt) {
                band(track, i, j, {sg, -sg * 0.45}, {sg, -sg * 0.2}, line, 0, out);
            }
            if (kw > 0.0 && track_kerb_at(track, c.s[i], ts)) {
                const bool red = static_cast<long long>(c.s[i] / 3.0) % 2 == 0;
                band(track, i, j, {sg, 0.0}, {sg, sg * kw},
                     red ? rgba(204, 38, 34) : rgba(240, 240, 240), 0, out);
            }
        }
    }
    for (const SurfacePatch& p : track.patches) {
        const dvec2 ax = direction(p.angle) * (0.5 * p.size.x);
        const dvec2 ay = perp(direction(p.angle)) * (0.5 * p.size.y);
        const vec2 q[4] = {f(p.centre - ax - ay), f(p.centre + ax - ay), f(p.centre + ax + ay),
                           f(p.centre - ax + ay)};
        out.polygon(q, ground_colour(p.kind), 0, 0.0f, 0);
    }
    // Start/finish line: a chequered band of two rows across the road.
    const dvec2 p0 = c.points[0];
    const dvec2 t = path_tangent_at(c, 0.0);
    const dvec2 nrm = perp(t);
    const int squares = std::max(2, static_cast<int>(2.0 * hw / 1.0));
    const double sq = 2.0 * hw / squares;
    for (int row = 0; row < 2; ++row) {
        for (int k = 0; k < squares; ++k) {
            const dvec2 a = p0 + nrm * (-hw + k * sq) + t * (row * sq - sq);
            const vec2 quad[4] = {f(a), f(a + t * sq), f(a + t * sq + nrm * sq), f(a + nrm * sq)};
            out.polygon(quad, (k + row) % 2 == 0 ? rgba(250, 250, 250) : rgba(20, 20, 20), 0, 0.0f,
                        1);
        }
    }
    for (const GridSlot& g : track.grid)
        draw_grid_box(g, out);
}

}  // namespace skidpad
