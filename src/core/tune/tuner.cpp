#include "skidpad/tune/tuner.hpp"

namespace skidpad {

void Tuner::commit(World& world, const Settings& next, std::string label, std::uint64_t merge_id) {
    const Settings& cur = world.settings();
    TuneEdit edit;
    edit.label = std::move(label);
    edit.merge_id = merge_id;
    for (const ParamDesc& p : param_registry().all()) {
        const double before = p.get(cur);
        const double after = p.get(next);
        if (before != after) edit.changes.push_back({p.key, before, after});
    }
    if (edit.changes.empty()) return;
    history_.record(std::move(edit));
    world.apply_settings(next);
}

ParamResult Tuner::set(World& world, std::string_view key, double value, std::uint64_t merge_id) {
    Settings next = world.settings();
    const ParamResult r = param_registry().set(next, key, value);
    if (r.ok) commit(world, next, std::string(key), merge_id);
    return r;
}

ParamResult Tuner::set_text(World& world, std::string_view key, std::string_view text) {
    const ParamRegistry& reg = param_registry();
    const ParamDesc* p = reg.find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "'"};
    double v = 0.0;
    const ParamResult r = reg.parse(*p, text, v);
    if (!r.ok) return r;
    history_.seal();
    return set(world, key, v);
}

ParamResult Tuner::reset(World& world, std::string_view key) {
    const ParamDesc* p = param_registry().find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "'"};
    history_.seal();
    Settings next = world.settings();
    p->set_raw(next, p->def);
    commit(world, next, "reset " + p->key, 0);
    return {};
}

void Tuner::reset_group(World& world, std::string_view group) {
    Settings next = world.settings();
    for (const ParamDesc& p : param_registry().all()) {
        if (p.group == group) p.set_raw(next, p.def);
    }
    history_.seal();
    commit(world, next, "reset " + std::string(group), 0);
}

void Tuner::reset_all(World& world) {
    history_.seal();
    commit(world, Settings{}, "reset all", 0);
}

void Tuner::replace(World& world, const Settings& next, std::string label) {
    history_.seal();
    commit(world, next, std::move(label), 0);
}

PresetResult Tuner::load_preset(World& world, const std::string& path) {
    Settings next = world.settings();
    PresetResult r = load_preset_file(path, next);
    if (r.ok) replace(world, next, "preset " + path);
    return r;
}

bool Tuner::undo(World& world) {
    Settings next = world.settings();
    if (!history_.undo(next)) return false;
    world.apply_settings(next);
    return true;
}

bool Tuner::redo(World& world) {
    Settings next = world.settings();
    if (!history_.redo(next)) return false;
    world.apply_settings(next);
    return true;
}

}  // namespace skidpad
