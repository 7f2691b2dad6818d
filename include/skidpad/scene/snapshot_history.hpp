// An editor's undo and redo as whole copies of the edited data, a bounded number kept, and
// the base of a draft that holds its data with such a history.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace skidpad {

/// Undo and redo for an editor whose data is small enough to copy whole (a track's or an
/// arena's draft): exact, and nothing to invert. At most kMaxSteps are kept; the oldest
/// goes first.
template <class T>
class SnapshotHistory {
public:
    static constexpr std::size_t kMaxSteps = 500;

    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

    /// An edit is made: `before` is the data it changes, kept as one undo step unless
    /// `join` (the edit continues the last step, e.g. a drag). Redo is forgotten.
    void record(T before, bool join) {
        if (!join) {
            undo_.push_back(std::move(before));
            if (undo_.size() > kMaxSteps) undo_.erase(undo_.begin());
        }
        redo_.clear();
    }
    /// `current` one step back (undo) or forward (redo); false when there is none.
    bool undo(T& current) { return step(undo_, redo_, current); }
    bool redo(T& current) { return step(redo_, undo_, current); }

private:
    static bool step(std::vector<T>& from, std::vector<T>& to, T& current) {
        if (from.empty()) return false;
        to.push_back(std::move(current));
        current = std::move(from.back());
        from.pop_back();
        return true;
    }
    std::vector<T> undo_;
    std::vector<T> redo_;
};

/// A draft's data with its history: what the track and arena drafts share. Every change
/// goes through commit(); undo and redo step the data and grow the revision.
template <class T>
class SnapshotDraft {
public:
    const T& data() const { return data_; }
    /// Grows by one on every change (an edit, an undo, a redo): a cache key.
    std::size_t revision() const { return revision_; }
    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }
    bool undo() { return step(history_.undo(data_)); }
    bool redo() { return step(history_.redo(data_)); }

protected:
    SnapshotDraft() = default;
    explicit SnapshotDraft(T data) : data_(std::move(data)) {}
    /// The data becomes `next`: one undo step, or part of the last one when `merge` and
    /// that one was part of a drag. `drag`: this change is (a later merge joins it).
    void commit(T next, bool merge, bool drag) {
        history_.record(std::move(data_), merge && dragging_);
        data_ = std::move(next);
        dragging_ = drag;
        ++revision_;
    }
    T data_;
    bool dragging_ = false;  ///< the last change was part of a drag
    std::size_t revision_ = 0;

private:
    bool step(bool stepped) {
        if (!stepped) return false;
        dragging_ = false;
        ++revision_;
        return true;
    }
    SnapshotHistory<T> history_;
};

}  // namespace skidpad
