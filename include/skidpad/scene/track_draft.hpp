// The track editor's model: a closed loop of control points with stretches of surface,
// kerbs and barriers, every edit undoable, written to and read from the track format.
//
// Stretch i runs from control point i to point i + 1 (the last one back to point 0). The
// start line crosses point 0 and the grid stands behind it. A draft is saved as an
// ordinary track file (docs/tracks.md): its stretches become "road_zones", "kerb_gaps"
// and "barriers" spans; kerbs are derived from the curvature as for any file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/math.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/snapshot_history.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/surface.hpp"

namespace skidpad {

enum class DraftBarrier : std::uint8_t { None, Wall, Tyres };

/// What one stretch of the loop has (and its first control point: the width there).
struct DraftStretch {
    SurfaceKind surface = SurfaceKind::Asphalt;
    bool kerbs = true;  ///< kerbs where the curvature asks for them
    DraftBarrier left = DraftBarrier::None;
    DraftBarrier right = DraftBarrier::None;
    /// m, the road's width at the stretch's first control point (4..60); 0: the track's
    /// width.
    double width = 0.0;
    friend bool operator==(const DraftStretch&, const DraftStretch&) = default;
};

/// A span of a loaded file's own list (kerbs, run-off zones, barriers), kept as it was:
/// control-point indices of the draft (point 0 on the start line), moved along when
/// points are inserted or deleted.
struct DraftSpan {
    std::size_t from = 0;
    std::size_t to = 0;
    TrackSide side = TrackSide::Both;
    SurfaceKind surface = SurfaceKind::Gravel;  ///< run-off zones
    double width = -1.0;  ///< m, run-off zones: the zone's width, barriers: the offset; -1: none
    DraftBarrier barrier = DraftBarrier::None;  ///< barriers: the kind
    friend bool operator==(const DraftSpan&, const DraftSpan&) = default;
};

/// Everything a draft holds; one of these is one undo step.
struct TrackDraftData {
    std::string name = "My track";
    std::string author;
    double width = 12.0;                      ///< m, 4..60
    double kerb_width = 1.0;                  ///< m, 0..3
    double spacing = 2.0;                     ///< m, sample spacing of the smoothed line
    SurfaceKind road = SurfaceKind::Asphalt;  ///< the surface most of the road has
    SurfaceKind runoff = SurfaceKind::Grass;
    double runoff_width = 12.0;           ///< m
    double barrier_offset = 12.0;         ///< m outside the kerb band, 0.5..65
    int grid_slots = 8;                   ///< 1..24
    double grid_spacing = 8.0;            ///< m, 6..20
    std::vector<dvec2> points;            ///< m, driving order, point 0 on the line
    std::vector<DraftStretch> stretches;  ///< one per point
    std::vector<SurfacePatch> patches;    ///< kept from a loaded file
    /// A loaded file's listed kerbs and run-off zones (`*_listed`: the file has the list,
    /// even empty, so nothing is derived); written back as they are.
    bool kerbs_listed = false;
    std::vector<DraftSpan> kerbs;
    bool zones_listed = false;
    std::vector<DraftSpan> runoff_zones;
    /// A loaded file's barriers as listed (overlaps, distances of their own): written
    /// back as they are while the stretches' barriers still read as they did when it was
    /// loaded and the barrier distance is unchanged; after an edit to either, the
    /// stretches' barriers are written instead.
    std::vector<DraftSpan> kept_barriers;
    double kept_barrier_offset = -1.0;  ///< m, the barrier distance when it was loaded
    friend bool operator==(const TrackDraftData&, const TrackDraftData&) = default;
};

/// Control points are kept to the centimetre, so that a saved file reads back the same.
dvec2 draft_snap(dvec2 p);
/// m, the road's width at control point i (its own, else the track's).
double draft_width_at(const TrackDraftData& d, std::size_t i);

/// A draft with its undo and redo history.
class TrackDraft : public SnapshotDraft<TrackDraftData> {
public:
    TrackDraft() = default;
    explicit TrackDraft(TrackDraftData data);

    std::size_t size() const { return data_.points.size(); }

    /// Appends a point after the last one (the loop closes back to point 0); its stretch
    /// copies the last stretch.
    void add_point(dvec2 p);
    /// Inserts a point between `after` and the next one; the new stretch copies
    /// stretch `after`. Out of range: nothing.
    void insert_point(std::size_t after, dvec2 p);
    /// Moves point i. `continuing`: part of the same drag as the last move, which
    /// makes one undo step of the whole drag.
    void move_point(std::size_t i, dvec2 p, bool continuing = false);
    /// Removes point i and its stretch.
    void delete_point(std::size_t i);
    void set_stretch(std::size_t i, const DraftStretch& s);
    /// Any other change (width, name, grid, run-off ...): `change` edits a copy, which
    /// replaces the data as one undo step.
    template <class F>
    void edit(F&& change) {
        TrackDraftData next = data_;
        change(next);
        commit(std::move(next));
    }
    /// Replaces the whole draft (one undo step).
    void replace(TrackDraftData data) { commit(std::move(data)); }

private:
    /// Every edit: a stretch for each point, then one undo step (SnapshotDraft::commit).
    void commit(TrackDraftData next, bool merge = false, bool drag = false);
};

/// The draft as a track file's text (docs/tracks.md), start_index 0.
std::string track_draft_json(const TrackDraftData& d);

struct TrackDraftResult {
    bool ok = false;
    std::string error;  ///< "SOURCE: ELEMENT: problem", as the track loader says it
    std::vector<std::string> warnings;
    TrackDraftData draft;
};
/// Reads track text into a draft. A track the game loads (parse_track_text) is read
/// whole: the points turned so that the start point is point 0, spans as stretch marks;
/// listed "kerbs" and "runoff_zones" are not kept (the draft derives them), which the
/// warnings say. A file the game refuses but whose header and control points are sound
/// (a draft saved with a problem) opens with its plain fields and the refusal as a
/// warning; anything else is refused with the loader's error.
TrackDraftResult track_draft_from_text(std::string_view text, std::string_view source);
/// Reads a track file (size-capped) into a draft.
TrackDraftResult track_draft_load(const std::string& path);
/// Writes the draft to `path` atomically (temporary file, fsync, rename).
FileResult track_draft_save(const TrackDraftData& d, const std::string& path);

/// Builds the draft as the game would load its file (the preview, F5 and the checks all
/// use this). `surfaces` false skips the surface raster (the preview does not drive).
TrackResult track_draft_build(const TrackDraftData& d, bool surfaces = true);

// ---- validation (track_draft_check.cpp) ------------------------------------------------

enum class DraftProblemKind : std::uint8_t {
    TooFewPoints,
    PointsTooClose,
    CrossesItself,
    CornerTooTight,
    GridDoesNotFit,
    Refused,  ///< anything else the track loader refuses
};

struct DraftProblem {
    DraftProblemKind kind = DraftProblemKind::Refused;
    std::string message;    ///< a sentence naming the place
    dvec2 where{0.0, 0.0};  ///< m, the place on the map
    int point = -1;         ///< the control point nearest it (-1 when none)
};

/// The radius (m) below which the checks call a corner too tight: the larger of a car's
/// turning radius (wheelbase / tan(max steer)) and the radius at which the inner edge
/// folds over (half the width / 0.95, the loader's limit).
double draft_min_corner_radius(double width, double wheelbase, double max_steer);

/// Every problem of the draft (empty: it saves and loads as a track). `wheelbase` and
/// `max_steer` (m, rad) are the car's, for the tightest corner it can take. `built`: the
/// draft's track_draft_build when the caller has it (else the check builds it).
std::vector<DraftProblem> track_draft_check(const TrackDraftData& d, double wheelbase = 2.5,
                                            double max_steer = 0.6,
                                            const TrackResult* built = nullptr);

}  // namespace skidpad
