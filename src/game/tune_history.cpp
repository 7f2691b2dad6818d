// Undo and redo of tuning edits.
#include "tune_history.hpp"

#include "skidpad/tune/params.hpp"

namespace skidpad {

namespace {
bool same_keys(const TuneEdit& a, const TuneEdit& b) {
    if (a.changes.size() != b.changes.size()) return false;
    for (std::size_t i = 0; i < a.changes.size(); ++i) {
        if (a.changes[i].key != b.changes[i].key) return false;
    }
    return true;
}

void apply(Settings& s, const TuneEdit& e, bool forward) {
    const ParamRegistry& reg = param_registry();
    // Undo walks the changes backwards so a key changed twice in one edit ends right.
    const std::size_t n = e.changes.size();
    for (std::size_t k = 0; k < n; ++k) {
        const ParamChange& c = e.changes[forward ? k : n - 1 - k];
        if (const ParamDesc* p = reg.find(c.key)) p->set_raw(s, forward ? c.after : c.before);
    }
}
}  // namespace

void TuneHistory::record(TuneEdit edit) {
    std::erase_if(edit.changes, [](const ParamChange& c) { return c.before == c.after; });
    if (edit.changes.empty()) return;
    redo_.clear();
    if (!sealed_ && edit.merge_id != 0 && !undo_.empty() &&
        undo_.back().merge_id == edit.merge_id && same_keys(undo_.back(), edit)) {
        TuneEdit& last = undo_.back();
        for (std::size_t i = 0; i < edit.changes.size(); ++i)
            last.changes[i].after = edit.changes[i].after;
        // A drag that returns to where it started is no change at all.
        std::erase_if(last.changes, [](const ParamChange& c) { return c.before == c.after; });
        if (last.changes.empty()) undo_.pop_back();
        return;
    }
    sealed_ = false;
    undo_.push_back(std::move(edit));
    while (undo_.size() > limit_)
        undo_.pop_front();
}

bool TuneHistory::undo(Settings& s) {
    if (undo_.empty()) return false;
    apply(s, undo_.back(), false);
    redo_.push_back(std::move(undo_.back()));
    undo_.pop_back();
    sealed_ = true;
    return true;
}

bool TuneHistory::redo(Settings& s) {
    if (redo_.empty()) return false;
    apply(s, redo_.back(), true);
    undo_.push_back(std::move(redo_.back()));
    redo_.pop_back();
    sealed_ = true;
    return true;
}

void TuneHistory::clear() {
    undo_.clear();
    redo_.clear();
    sealed_ = false;
}

}  // namespace skidpad
