// The racing line: the track's centre line moved sideways, point by point, toward the
// minimum-curvature line, keeping every point within `max_offset` of the centre.
#pragma once

#include <vector>

#include "skidpad/closed_path.hpp"
#include "skidpad/scene/track.hpp"

namespace skidpad {

struct RacingLine {
    ClosedPath path;             ///< same point count as the track centre line
    std::vector<double> offset;  ///< m, lateral offset of each point from the centre (+ left)
};

/// Curvature interpolation, coarse to fine: each point moves along its centre-line normal
/// so that its curvature is the mean of its neighbours', offset clamped to ±max_offset (m).
/// `iterations` scales the passes per level (each level runs iterations·sqrt(step)).
/// iterations = 0 gives the centre line.
RacingLine make_racing_line(const Track& track, double max_offset, int iterations);

}  // namespace skidpad
