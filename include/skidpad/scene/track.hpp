// Circuits: a closed centre line with a constant width and a start/finish line.
//
// File format (assets/tracks/NAME.json; docs/tracks.md):
//   { "format": "skidpad-track", "version": 1, "name": "Oval",
//     "width": 14,                 // m, asphalt width (4..60)
//     "kerb_width": 1.0,           // m, optional (default 1; 0..3), painted outside the edges
//     "spacing": 2.0,              // m, optional sample spacing of the smoothed line (0.5..10)
//     "start_index": 0,            // which control point the start/finish line crosses
//     "centre_line": [[x, y], ...] // m, ≥ 4 control points of a closed loop, driven in order
//   }
// The control points are joined by a closed centripetal Catmull-Rom spline. Loading is
// all-or-nothing; every error names the file, the element and the field.
#pragma once

#include <string>
#include <string_view>

#include "skidpad/draw.hpp"
#include "skidpad/plan/path.hpp"

namespace skidpad {

inline constexpr int kTrackVersion = 1;
inline constexpr std::size_t kMaxTrackBytes = 1024 * 1024;
inline constexpr int kMaxTrackControlPoints = 10000;
/// Samples of the smoothed centre line (length / spacing): the self-crossing check is
/// quadratic in it, so it is bounded before the line is resampled. 10,000 samples are a
/// 20 km loop at the default 2 m spacing.
inline constexpr int kMaxTrackSamples = 10000;
inline constexpr double kMaxTrackCoord = 10000.0;  ///< m, |x| and |y| of control points

struct Track {
    std::string name;
    double width = 12.0;      ///< m, asphalt width
    double kerb_width = 1.0;  ///< m, kerb band outside each edge
    /// Smoothed centre line, rotated so that point 0 is on the start/finish line;
    /// arc length grows in the driving direction.
    ClosedPath centre;

    double half_width() const { return 0.5 * width; }
    dvec2 start_position() const { return centre.points.empty() ? dvec2(0.0) : centre.points[0]; }
    /// rad, driving direction at the start line.
    double start_heading() const;
};

struct TrackResult {
    bool ok = false;
    std::string error;  ///< "FILE: ELEMENT: problem", set when !ok
    Track track;
};

/// Parses and validates track JSON text; `source` names it in errors.
TrackResult parse_track_text(std::string_view text, std::string_view source);
/// Reads a track file (size-capped) and parses it.
TrackResult load_track_file(const std::string& path);

/// Asphalt (layer 0), kerbs (red/white, layer 0) and the start line (layer 1).
void track_draw(const Track& track, DrawList& out);

/// True when a world point lies on the asphalt or the kerbs.
bool track_contains(const Track& track, dvec2 p);

}  // namespace skidpad
