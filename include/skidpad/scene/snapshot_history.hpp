// An editor's undo and redo as whole copies of the edited data, a bounded number kept.
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

}  // namespace skidpad
