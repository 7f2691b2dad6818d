#include "mode.hpp"

#include "game.hpp"

namespace skidpad::app {

namespace {
/// free: the arena sandbox as it always was (a track given with --track is driven
/// freely, with the planner's lap lines).
class FreeMode final : public Mode {
public:
    std::string start(Game& game, const ModeOptions& options) override {
        if (options.track.empty()) {
            if (game.scene.track >= 0) return planner_select(game, -1);
            return "";
        }
        return planner_select_name(game, options.track);
    }
};
}  // namespace

void Mode::restart(Game& game) {
    scene_reset(game.scene);
    if (game.recorder.active()) {
        ReplayEvent e;
        e.op = ReplayOp::SceneReset;
        game.recorder.event(e);
    }
}

std::unique_ptr<Mode> make_free_mode() {
    return std::make_unique<FreeMode>();
}

const std::vector<ModeEntry>& mode_table() {
    static const std::vector<ModeEntry> table = {
        {"free", "Free drive (arena)", make_free_mode},
        {"time-trial", "Time trial", make_time_trial_mode},
        {"race", "Race", make_race_mode},
    };
    return table;
}

const ModeEntry* find_mode(std::string_view name) {
    for (const ModeEntry& m : mode_table()) {
        if (name == m.name) return &m;
    }
    return nullptr;
}

std::string mode_names() {
    std::string out;
    for (const ModeEntry& m : mode_table())
        out += (out.empty() ? "" : "|") + std::string(m.name);
    return out;
}

std::string mode_start(Game& game, const std::string& name, const ModeOptions& options) {
    const ModeEntry* entry = find_mode(name);
    if (!entry) return "unknown mode '" + name + "' (modes: " + mode_names() + ")";
    std::unique_ptr<Mode> mode = entry->make();
    game.ghost = Ghost();  // a ghost belongs to the mode that loaded it
    const std::string err = mode->start(game, options);
    if (!err.empty()) return err;
    if (!mode->recordable()) game.recorder.stop();
    game.mode = std::move(mode);
    game.mode_name = entry->name;
    return "";
}

}  // namespace skidpad::app
