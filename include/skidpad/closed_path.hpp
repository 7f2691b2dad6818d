// A closed polyline with arc lengths: the geometry shared by the track's centre line,
// the racing line, the speed profile, the autopilot and the lap timer.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/geometric.hpp>

#include "skidpad/math.hpp"

namespace skidpad {

/// Closed polyline; point i joins point i+1 and the last joins the first.
struct ClosedPath {
    std::vector<dvec2> points;  ///< m, world frame, no repeated closing point
    std::vector<double> s;      ///< m, arc length at each point, s[0] = 0
    double length = 0.0;        ///< m, total length including the closing segment

    std::size_t size() const { return points.size(); }
    std::size_t next(std::size_t i) const { return i + 1 == points.size() ? 0 : i + 1; }
    std::size_t prev(std::size_t i) const { return i == 0 ? points.size() - 1 : i - 1; }
};

/// Builds a path (arc lengths) from points. Needs ≥ 3 points.
ClosedPath make_closed_path(std::vector<dvec2> points);

/// Wraps an arc length into [0, length).
double path_wrap(const ClosedPath& path, double s);
/// Signed shortest arc distance from s_from to s_to, in (−length/2, length/2].
double path_delta(const ClosedPath& path, double s_from, double s_to);

/// Where a world point lies relative to the path.
struct PathPoint {
    std::size_t segment = 0;   ///< segment index (points[segment] → points[next(segment)])
    double s = 0.0;            ///< m, arc length of the closest point
    double offset = 0.0;       ///< m, signed lateral distance, + to the left of the direction
    dvec2 position{0.0, 0.0};  ///< m, closest point on the path
    dvec2 tangent{1.0, 0.0};   ///< unit direction of the path there
};

/// Closest point over the whole path (O(n)).
PathPoint path_project(const ClosedPath& path, dvec2 p);
/// Closest point searched only within `window` segments either side of `hint`
/// (O(window)); the usual call for a car that moves a little each step.
PathPoint path_project_near(const ClosedPath& path, dvec2 p, std::size_t hint, std::size_t window);

/// Point and unit tangent at arc length s (wrapped).
dvec2 path_position_at(const ClosedPath& path, double s);
dvec2 path_tangent_at(const ClosedPath& path, double s);
/// Index of the segment containing arc length s (wrapped).
std::size_t path_segment_at(const ClosedPath& path, double s);

/// Signed curvature (1/m, + turning left) at every point from the circle through
/// the point and its neighbours (Menger curvature).
std::vector<double> path_curvature(const ClosedPath& path);

/// Closed Catmull-Rom spline (centripetal, α = 0.5) through the control points,
/// sampled so that no sample gap exceeds `spacing` (m). Control point k lands exactly
/// on sample first_sample[k] (filled when not null).
std::vector<dvec2> catmull_rom_closed(const std::vector<dvec2>& control, double spacing,
                                      std::vector<std::size_t>* first_sample = nullptr);

/// True when two non-adjacent segments of the path cross.
bool path_self_intersects(const ClosedPath& path);

}  // namespace skidpad
