// Circuits: a closed centre line with a width (one, or one per control point), kerbs, run-off,
// barriers, a start/finish line and a starting grid (the format is docs/tracks.md).
//
//   { "format": "skidpad-track", "version": 1, "name": "Oval",
//     "width": 14,                 // m, road width (4..60)
//     "kerb_width": 1.0,           // m, optional (default 1; 0..3), band outside each edge
//     "spacing": 2.0,              // m, optional sample spacing of the smoothed line (0.5..10)
//     "start_index": 0,            // which control point the start/finish line crosses
//     "centre_line": [[x, y], ...] // m, ≥ 4 control points of a closed loop, driven in order
//     --- optional, all of them ---
//     "surface": "asphalt",        // the road's surface (a rally stage: "gravel")
//     "runoff": {"surface": "grass", "width": 12},   // beyond the kerb band, both sides
//     "runoff_zones": [{"from": 3, "to": 7, "side": "left", "surface": "gravel",
//                       "width": 20}],               // default: gravel outside each corner
//     "kerbs": [{"from": 3, "to": 5, "side": "right"}],  // default: at each apex
//     "barriers": [{"type": "wall", "from": 0, "to": 9, "side": "left", "offset": 12}],
//     "patches": [{"surface": "ice", "x": 0, "y": 0, "w": 10, "h": 6, "angle": 0}],
//     "grid": {"slots": 8, "spacing": 8},
//     "author": "...",             // who made it (the editor writes it)
//     "road_zones": [{"from": 2, "to": 4, "surface": "gravel"}],  // the road's own surface
//     "kerb_gaps": [{"from": 5, "to": 7}], // no kerbs there (derived or listed)
//     "widths": [14, 14, 10, ...]  // m, the road's width at each control point (4..60),
//                                  // eased between them; "width" is then the default
//   }
// "from"/"to" are control-point indices: a span runs along the loop from one to the other
// (wrapping past the start). The control points are joined by a closed centripetal
// Catmull-Rom spline. Loading is all-or-nothing; every error names the file, the element
// and the field.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "skidpad/closed_path.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/surface.hpp"

namespace skidpad {

inline constexpr int kTrackVersion = 1;
inline constexpr std::size_t kMaxTrackBytes = 1024 * 1024;
inline constexpr int kMaxTrackControlPoints = 10000;
/// Samples of the smoothed centre line (length / spacing): the self-crossing check is
/// quadratic in it, so it is bounded before the line is resampled. 10,000 samples are a
/// 20 km loop at the default 2 m spacing.
inline constexpr int kMaxTrackSamples = 10000;
inline constexpr double kMaxTrackCoord = 10000.0;  ///< m, |x| and |y| of control points
/// Elements of each optional array (runoff_zones, kerbs, barriers, patches).
inline constexpr int kMaxTrackSpans = 256;
/// Soft bodies the barriers of one track may expand to (walls and tyre stacks).
inline constexpr int kMaxTrackBodies = 4000;
inline constexpr int kMaxGridSlots = 24;
inline constexpr double kMaxRunoffWidth = 60.0;  ///< m

enum class TrackSide : std::uint8_t { Left, Right, Both };

/// A stretch of the loop: arc length from_s to to_s (m from the start line, driving
/// direction, wrapping at the length), on one side or both.
struct TrackSpan {
    double from_s = 0.0;
    double to_s = 0.0;
    TrackSide side = TrackSide::Both;
    /// True when arc length s (m, any value; wrapped) lies in the span.
    bool covers(double s, double length) const;
    bool on(TrackSide s) const { return side == TrackSide::Both || side == s; }
};

/// A run-off area of its own surface and width beside the kerb band.
struct RunoffZone {
    TrackSpan span;
    SurfaceKind surface = SurfaceKind::Gravel;
    double width = 12.0;  ///< m, from the outer edge of the kerb band
};

/// A stretch of road (and the kerb band's plain part) of its own surface.
struct RoadZone {
    TrackSpan span;
    SurfaceKind surface = SurfaceKind::Asphalt;
};

enum class TrackBarrierKind : std::uint8_t { Wall, Tyres };

/// A wall (pinned concrete blocks) or a tyre barrier (loose tyre stacks) following the
/// track at `offset` m outside the kerb band.
struct TrackBarrier {
    TrackBarrierKind kind = TrackBarrierKind::Wall;
    TrackSpan span;
    double offset = 12.0;
};

/// Where a car starts: position (m) and heading (rad, driving direction).
struct GridSlot {
    dvec2 position{0.0, 0.0};
    double heading = 0.0;
};

struct Track {
    std::string name;
    /// m, road width; with "widths" in the file the narrowest of them (what a planner
    /// that takes one width for the whole loop keeps within).
    double width = 12.0;
    /// m, half the road's width at each sample of `centre` where the file has "widths";
    /// empty when the width is the same all round.
    std::vector<double> half_widths;
    double kerb_width = 1.0;  ///< m, band outside each edge (kerbs where there are any)
    /// Smoothed centre line, rotated so that point 0 is on the start/finish line;
    /// arc length grows in the driving direction.
    ClosedPath centre;
    SurfaceKind road = SurfaceKind::Asphalt;  ///< the road and the kerb band's surface
    SurfaceKind runoff = SurfaceKind::Grass;  ///< run-off beside the kerb band
    double runoff_width = 12.0;               ///< m
    std::vector<TrackSpan> kerbs;             ///< from the file, or at each apex
    std::vector<TrackSpan> kerb_gaps;         ///< stretches with no kerb, whatever `kerbs` say
    std::vector<RoadZone> road_zones;         ///< stretches whose road is not `road`
    std::string author;                       ///< who made it ("" when the file has none)
    std::vector<RunoffZone> zones;            ///< from the file, or outside each corner
    std::vector<TrackBarrier> barriers;
    std::vector<SurfacePatch> patches;
    std::vector<GridSlot> grid;  ///< slot 0 is pole position, nearest the line
    double grid_spacing = 8.0;   ///< m between slots along the track
    /// Which surface lies where (road, kerbs, run-off, zones, patches); the World's ground.
    SurfaceMap surfaces;

    double half_width() const { return 0.5 * width; }
    /// m, half the road's width at sample i of `centre`.
    double half_width_at(std::size_t i) const {
        return i < half_widths.size() ? half_widths[i] : 0.5 * width;
    }
    /// m, half the road's width at arc length s (wrapped), eased between samples.
    double half_width_at_s(double s) const;
    /// m, the widest half width anywhere.
    double max_half_width() const;
    dvec2 start_position() const { return centre.points.empty() ? dvec2(0.0) : centre.points[0]; }
    /// rad, driving direction at the start line.
    double start_heading() const;
};

struct TrackResult {
    bool ok = false;
    std::string error;  ///< "FILE: ELEMENT: problem", set when !ok
    Track track;
    /// Keys the format does not read, ignored: "FILE: kerbs[2]: unknown key 'sdie'
    /// ignored (did you mean 'side'?)", at most 20 and then "FILE: and N more ...";
    /// also beside an error (a misspelt "widht" explains "\"width\": missing").
    std::vector<std::string> warnings;
};

/// What a track list shows, read without building the track (no spline, no checks of
/// the centre line, no surface map): a list of many tracks costs a file read and a JSON
/// parse each.
struct TrackHeader {
    std::string name;  ///< the file's "name" ("" when it has none)
};
struct TrackHeaderResult {
    bool ok = false;
    std::string error;  ///< "FILE: ELEMENT: problem" (the file, format, version or name)
    TrackHeader header;
};
/// Reads a track file's header: the checks of load_track_file up to the name (size,
/// nesting, duplicate keys, JSON, format, version, name). The rest is checked when the
/// track is loaded.
TrackHeaderResult read_track_header(const std::string& path);

/// Parses and validates track JSON text; `source` names it in errors. `surfaces` false
/// leaves the surface raster empty (an editor's preview, which draws the track but does
/// not drive on it); every check is the same.
TrackResult parse_track_text(std::string_view text, std::string_view source, bool surfaces = true);
/// Reads a track file (size-capped) and parses it.
TrackResult load_track_file(const std::string& path);

/// Run-off, road, kerbs, edge lines and patches (layer 0); the start/finish line and the
/// grid boxes (layer 1). Barriers are soft bodies and draw themselves.
void track_draw(const Track& track, DrawList& out);

// ---- queries (modes, AI, HUD) ---------------------------------------------------------

/// The road's surface at arc length s (m, wrapped): the last road zone covering it, else
/// `road`.
SurfaceKind track_road_at(const Track& track, double s);
/// True when a kerb runs at arc length s on that side (a kerb span covers it and no kerb
/// gap does).
bool track_kerb_at(const Track& track, double s, TrackSide side);

/// True when a world point lies on the road or the kerb band.
bool track_contains(const Track& track, dvec2 p);
/// The surface at a world point (what a wheel there reads).
SurfaceKind track_surface_at(const Track& track, dvec2 p);
/// Progress along the centre line: the arc length (m, [0, length)) of the closest point.
double track_progress(const Track& track, dvec2 p);
/// The start/finish line across the road: its two ends (left end first), at s = 0.
struct TrackLine {
    dvec2 left{0.0, 0.0};
    dvec2 right{0.0, 0.0};
};
TrackLine track_start_line(const Track& track);
/// Grid slot `slot` (0 = pole); slots past the grid continue its pattern backwards.
GridSlot track_grid_slot(const Track& track, int slot);

// ---- building (track_build.cpp) ---------------------------------------------------------

/// Fills in what the file leaves out (kerbs at the apexes, gravel outside the corners,
/// the grid) and rasterises the surfaces. Called by the parser; the parts it derives are
/// deterministic functions of the centre line and the fields.
void track_build(Track& track, bool derive_kerbs, bool derive_zones, int grid_slots,
                 bool surfaces = true);
/// The barriers as level bodies (pinned wall blocks, tyre stacks), at most kMaxTrackBodies.
std::vector<LevelBody> track_barrier_bodies(const Track& track);
/// Soft bodies the barriers expand to (without building them).
long long track_barrier_body_count(const Track& track);

}  // namespace skidpad
