// The arena editor's model: a level's bodies and the car's start, edited through a
// selection (place, move, rotate, scale, delete, duplicate, snapped to a grid), every edit
// undoable, checked for bodies overlapping at the start and written as a level file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/math.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/snapshot_history.hpp"

namespace skidpad {

/// Everything an arena draft holds; one of these is one undo step.
struct LevelDraftData {
    Level level;
    std::vector<std::size_t> selected;  ///< indices into level.bodies, ascending
    friend bool operator==(const LevelDraftData&, const LevelDraftData&) = default;
};

/// A body as the editor handles it: its centre (a line's midpoint) and the box it covers.
struct BodyBox {
    dvec2 centre{0.0, 0.0};
    dvec2 half{0.5, 0.5};  ///< m, half extents along the box's own axes
    double angle = 0.0;    ///< rad
};
/// The box body `b` covers (sizes absent from the element take the soft world's defaults).
BodyBox level_body_box(const LevelBody& b);
/// A new element of `kind` as the editor places it (`group`: a stack or a line) at `at`.
LevelBody level_body_new(BodyKind kind, LevelGroup group, dvec2 at);

class LevelDraft : public SnapshotDraft<LevelDraftData> {
public:
    LevelDraft() = default;
    explicit LevelDraft(Level level);

    const Level& level() const { return data_.level; }
    const std::vector<std::size_t>& selected() const { return data_.selected; }
    /// m, the grid moves and placements snap to (0: none).
    double snap = 0.5;

    /// Adds a body (snapped) and selects it alone.
    void add(LevelBody b);
    /// Selection (no undo step of its own; it travels with the edits): `extend` adds or
    /// removes `i` from the selection, else selects only it. Out of range: nothing.
    void select(std::size_t i, bool extend = false);
    void select_all();
    void select_none();
    /// The topmost body whose box holds `p`, or -1.
    int body_at(dvec2 p) const;

    /// Moves the selection by `by` (the first selected body's centre snapped to the
    /// grid). `continuing`: part of the same drag as the last call (one undo step).
    void move_selected(dvec2 by, bool continuing = false);
    /// Turns the selection by `by` rad about its centre.
    void rotate_selected(double by, bool continuing = false);
    /// Scales the selection's sizes by `factor` (barrier sides, crate size, tyre radius,
    /// a line's length, a stack's spacing) and its spread about its centre.
    void scale_selected(double factor, bool continuing = false);
    void delete_selected();
    /// Copies the selection `offset` m away and selects the copies.
    void duplicate_selected(dvec2 offset);
    /// Moves the car's start (snapped) and heading.
    void set_car_start(dvec2 at, double heading, bool continuing = false);
    void set_name(const std::string& name);
    void set_author(const std::string& author);

private:
    dvec2 snapped(dvec2 p) const;
};

/// The level as a level file's text (docs/levels.md).
std::string level_draft_json(const Level& level);
/// Writes the level to `path` atomically (temporary file, fsync, rename).
FileResult level_draft_save(const Level& level, const std::string& path);

struct LevelProblem {
    std::string message;    ///< a sentence naming the place
    dvec2 where{0.0, 0.0};  ///< m
    int body = -1;          ///< the body (index) it is about, -1 for the car or the file
};
/// Every problem of the level: two bodies overlapping at the start (pinned barriers may
/// cross each other), a body on the car's start, more bodies than a level may place, and
/// anything else the level loader refuses. Empty: it saves and drives.
std::vector<LevelProblem> level_draft_check(const Level& level);

}  // namespace skidpad
