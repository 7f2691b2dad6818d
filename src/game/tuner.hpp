// The Tuner owns the live settings: the one Settings the app reads, and the only
// path by which they change while the world runs. The overlay's sliders, its reset
// buttons, whole settings read from a preset (by its caller: the Tuner knows
// parameters, not files), undo/redo and the app's own controls (pause, time scale)
// all go through it, and so do the tests. Every change is validated by the
// registry, recorded in the history (controls excepted) and queued as TuneEvents;
// the app hands them to the World between two steps (World::apply), and a replay
// records exactly these events.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/tune/params.hpp"
#include "skidpad/tune/tune_event.hpp"
#include "tune_history.hpp"

namespace skidpad {

class Tuner {
public:
    /// Starts from `start` (defaults + --preset + --set): the World is built from the
    /// same settings, so no event is queued for them.
    explicit Tuner(const Settings& start = Settings{}) : settings_(start) {}

    /// The live settings (read-only: change them through the methods below).
    const Settings& settings() const { return settings_; }

    /// Sets one tunable. `merge_id` != 0 coalesces repeated changes (one slider drag).
    ParamResult set(std::string_view key, double value, std::uint64_t merge_id = 0);
    /// Sets one tunable from text (Ctrl+click entry, "awd", "true", "1500").
    ParamResult set_text(std::string_view key, std::string_view text);
    /// A change made by a control rather than a tuning edit (the pause key, the time
    /// scale buttons): validated and queued like any change, not an undo step.
    ParamResult control(std::string_view key, double value);
    /// Back to the Def default.
    ParamResult reset(std::string_view key);
    /// Every tunable of a group back to its default, as one undo step.
    void reset_group(std::string_view group);
    /// Every tunable back to its default, as one undo step.
    void reset_all();
    /// Replaces all settings (e.g. after a preset load) as one undo step.
    void replace(const Settings& next, std::string label);
    /// Replaces all settings as the start state (the last session's restored): queued
    /// like any change, not an undo step.
    void restore(const Settings& next) { assign(next); }

    bool undo();
    bool redo();
    /// Ends the current slider drag: the next change is a new undo step.
    void end_drag() { history_.seal(); }

    /// The events of every change since the last call, in order.
    std::vector<TuneEvent> take_events();
    bool has_events() const { return !events_.empty(); }

    TuneHistory& history() { return history_; }
    const TuneHistory& history() const { return history_; }
    /// True when the value differs from its default (the panel highlights it).
    static bool changed(const Settings& s, const ParamDesc& p) { return p.get(s) != p.def; }

private:
    void commit(const Settings& next, std::string label, std::uint64_t merge_id);
    /// Makes `next` the live settings and queues one event per changed value.
    void assign(const Settings& next);

    Settings settings_;
    std::vector<TuneEvent> events_;
    TuneHistory history_;
};

}  // namespace skidpad
