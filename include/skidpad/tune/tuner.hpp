// The Tuner is the one path by which tunables change while the world runs: the
// overlay's sliders, its reset buttons, preset loads and undo/redo all go through
// it (and the tests use it the same way). Every change is validated by the
// registry, applied to the World with World::apply_settings (effective on the
// next World::step, the car is not reset) and recorded in the history.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/history.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

class Tuner {
public:
    /// Sets one tunable. `merge_id` != 0 coalesces repeated changes (one slider drag).
    ParamResult set(World& world, std::string_view key, double value, std::uint64_t merge_id = 0);
    /// Sets one tunable from text (Ctrl+click entry, "awd", "true", "1500").
    ParamResult set_text(World& world, std::string_view key, std::string_view text);
    /// Back to the Def default.
    ParamResult reset(World& world, std::string_view key);
    /// Every tunable of a group back to its default, as one undo step.
    void reset_group(World& world, std::string_view group);
    /// Every tunable back to its default, as one undo step.
    void reset_all(World& world);
    /// Replaces all settings (e.g. after a preset load) as one undo step.
    void replace(World& world, const Settings& next, std::string label);
    /// Loads a preset file all-or-nothing onto the current settings, as one undo step.
    PresetResult load_preset(World& world, const std::string& path);

    bool undo(World& world);
    bool redo(World& world);
    /// Ends the current slider drag: the next change is a new undo step.
    void end_drag() { history_.seal(); }

    TuneHistory& history() { return history_; }
    const TuneHistory& history() const { return history_; }
    /// True when the value differs from its default (the panel highlights it).
    static bool changed(const Settings& s, const ParamDesc& p) { return p.get(s) != p.def; }

private:
    void commit(World& world, const Settings& next, std::string label, std::uint64_t merge_id);
    TuneHistory history_;
};

}  // namespace skidpad
