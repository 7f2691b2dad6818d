// The game's replays saved and begun (see replay_session.hpp).
#include "replay_session.hpp"

#include <ctime>
#include <iostream>

#include "sim.hpp"
#include "util_text.hpp"

namespace skidpad::app {

std::string replay_save(const Sim& sim, const std::string& path) {
    // Past a limit the recording stopped while the world went on: its hash would not
    // be the end of the steps it holds.
    if (sim.recorder.full())
        return "the run outgrew the replay limits (docs/replays.md); not saved";
    const FileResult r =
        save_replay_file(path, sim.recorder.snapshot(sim.scene.world.state_hash()));
    return r.ok ? "" : r.error;
}

std::string replay_save_named(const Sim& sim, const std::string& pref_dir) {
    if (!sim.recorder.active()) return "Nothing is being recorded";
    if (pref_dir.empty()) return "Replay not saved: no writable preferences directory";
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "skidpad-%Y%m%d-%H%M%S.replay", &tm);
    const std::string path = pref_dir + buf;
    const std::string err = replay_save(sim, path);
    return err.empty() ? "Replay saved: " + path : "Replay not saved: " + err;
}

int replay_save_at_exit(const Sim& sim, const std::string& pref_dir, const std::string& record,
                        bool interactive) {
    if (!sim.recorder.active()) return 0;
    if (interactive && !pref_dir.empty()) {
        const std::string err = replay_save(sim, pref_dir + "last.replay");
        if (!err.empty()) std::cerr << "skidpad: last.replay: " << util::printable(err) << "\n";
    }
    if (!record.empty()) {
        const std::string err = replay_save(sim, record);
        if (!err.empty()) {
            std::cerr << "skidpad: --record: " << util::printable(err) << "\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace skidpad::app
