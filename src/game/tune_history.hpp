// Undo/redo of tuning changes. An edit is a list of (key, before, after) so that a
// single slider move, a group reset and a preset load each undo in one step.
// Dragging a slider produces many small changes; edits with the same non-zero
// merge id on the same keys coalesce into one (the panel passes the widget id of
// the drag), so one drag is one undo step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad {

struct ParamChange {
    std::string key;
    double before = 0.0;
    double after = 0.0;
};

struct TuneEdit {
    std::string label;  ///< "car.mass", "reset Car / Chassis", "preset sports.json"
    std::vector<ParamChange> changes;
    std::uint64_t merge_id = 0;  ///< 0 = never merge
};

class TuneHistory {
public:
    explicit TuneHistory(std::size_t limit = 256) : limit_(limit < 1 ? 1 : limit) {}

    /// Records an edit already applied; clears the redo stack. Edits that change
    /// nothing are dropped.
    void record(TuneEdit edit);
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }
    /// The edit undo() would revert (nullptr when none).
    const TuneEdit* next_undo() const { return undo_.empty() ? nullptr : &undo_.back(); }
    const TuneEdit* next_redo() const { return redo_.empty() ? nullptr : &redo_.back(); }
    /// Restores the `before` values of the last edit in `s`; false when nothing to undo.
    bool undo(Settings& s);
    /// Re-applies the `after` values of the last undone edit.
    bool redo(Settings& s);
    /// Ends coalescing: the next edit starts a new undo step even with the same merge id.
    void seal() { sealed_ = true; }
    void clear();
    std::size_t undo_size() const { return undo_.size(); }
    std::size_t redo_size() const { return redo_.size(); }

private:
    std::deque<TuneEdit> undo_;
    std::vector<TuneEdit> redo_;
    std::size_t limit_;
    bool sealed_ = false;
};

}  // namespace skidpad
