#include "replay_session.hpp"

#include <ctime>
#include <iostream>

#include "game.hpp"
#include "lab.hpp"

namespace skidpad::app {

void replay_record_begin(Game& game, const GameOptions& options) {
    if (options.bench_frames > 0 || options.bench_crates > 0) return;
    ReplayHeader h;
    h.settings = options.settings;
    h.level = replay_level_path(options.level);
    const Scene& sc = game.scene;
    if (sc.track >= 0) {
        h.scene = ReplayScene::Track;
        h.track = sc.tracks[static_cast<std::size_t>(sc.track)].name;
    }
    // A race switched the AI opponent off before it loaded its track.
    if (game.mode_name == "race") h.settings.plan.ai_opponent = false;
    game.recorder.begin(h);
    if (game.mode) {
        for (const ReplayEvent& e : game.mode->start_events())
            game.recorder.event(e);
    }
}

std::string replay_save(const Game& game, const std::string& path) {
    // Past a limit the recording stopped while the world went on: its hash would not
    // be the end of the steps it holds.
    if (game.recorder.full())
        return "the run outgrew the replay limits (docs/replays.md); not saved";
    const FileResult r =
        save_replay_file(path, game.recorder.snapshot(game.scene.world.state_hash()));
    return r.ok ? "" : r.error;
}

std::string replay_save_named(const Game& game) {
    if (!game.recorder.active()) return "Nothing is being recorded";
    if (game.pref_dir.empty()) return "Replay not saved: no writable preferences directory";
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "skidpad-%Y%m%d-%H%M%S.replay", &tm);
    const std::string path = game.pref_dir + buf;
    const std::string err = replay_save(game, path);
    return err.empty() ? "Replay saved: " + path : "Replay not saved: " + err;
}

int replay_save_at_exit(const Game& game, const GameOptions& options, bool interactive) {
    if (!game.recorder.active()) return 0;
    if (interactive && !game.pref_dir.empty()) {
        const std::string err = replay_save(game, game.pref_dir + "last.replay");
        if (!err.empty()) std::cerr << "skidpad: last.replay: " << lab::printable(err) << "\n";
    }
    if (!options.record.empty()) {
        const std::string err = replay_save(game, options.record);
        if (!err.empty()) {
            std::cerr << "skidpad: --record: " << lab::printable(err) << "\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace skidpad::app
