// The Tuner: every change of a tunable validated, queued as an event and undoable.
#include "tuner.hpp"

namespace skidpad {

void Tuner::assign(const Settings& next) {
    const ParamRegistry& reg = param_registry();
    for (const ParamDesc& p : reg.all()) {
        const double after = p.get(next);
        if (p.get(settings_) != after) {
            events_.push_back({static_cast<std::uint16_t>(reg.index(p)), after});
        }
    }
    settings_ = next;
}

void Tuner::commit(const Settings& next, std::string label, std::uint64_t merge_id) {
    TuneEdit edit;
    edit.label = std::move(label);
    edit.merge_id = merge_id;
    for (const ParamDesc& p : param_registry().all()) {
        const double before = p.get(settings_);
        const double after = p.get(next);
        if (before != after) edit.changes.push_back({p.key, before, after});
    }
    if (edit.changes.empty()) return;
    history_.record(std::move(edit));
    assign(next);
}

ParamResult Tuner::set(std::string_view key, double value, std::uint64_t merge_id) {
    Settings next = settings_;
    const ParamResult r = param_registry().set(next, key, value);
    if (r.ok) commit(next, std::string(key), merge_id);
    return r;
}

ParamResult Tuner::set_text(std::string_view key, std::string_view text) {
    const ParamRegistry& reg = param_registry();
    const ParamDesc* p = reg.find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "'"};
    double v = 0.0;
    const ParamResult r = reg.parse(*p, text, v);
    if (!r.ok) return r;
    history_.seal();
    return set(key, v);
}

ParamResult Tuner::control(std::string_view key, double value) {
    Settings next = settings_;
    const ParamResult r = param_registry().set(next, key, value);
    if (r.ok) assign(next);
    return r;
}

ParamResult Tuner::reset(std::string_view key) {
    const ParamDesc* p = param_registry().find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "'"};
    history_.seal();
    Settings next = settings_;
    p->set_raw(next, p->def);
    commit(next, "reset " + p->key, 0);
    return {};
}

void Tuner::reset_group(std::string_view group) {
    Settings next = settings_;
    for (const ParamDesc& p : param_registry().all()) {
        if (p.group == group) p.set_raw(next, p.def);
    }
    history_.seal();
    commit(next, "reset " + std::string(group), 0);
}

void Tuner::reset_all() {
    history_.seal();
    commit(Settings{}, "reset all", 0);
}

void Tuner::replace(const Settings& next, std::string label) {
    history_.seal();
    commit(next, std::move(label), 0);
}

bool Tuner::undo() {
    Settings next = settings_;
    if (!history_.undo(next)) return false;
    assign(next);
    return true;
}

bool Tuner::redo() {
    Settings next = settings_;
    if (!history_.redo(next)) return false;
    assign(next);
    return true;
}

std::vector<TuneEvent> Tuner::take_events() {
    std::vector<TuneEvent> out;
    out.swap(events_);
    return out;
}

}  // namespace skidpad
