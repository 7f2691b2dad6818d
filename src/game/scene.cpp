// The loaded scene: the arena or a track built into the World (see scene.hpp).
#include "scene.hpp"

#include <algorithm>
#include <filesystem>

#include "data_dir.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/scene/level.hpp"
#include "user_dirs.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace fs = std::filesystem;

std::string default_level_path() {
    return util::data_path("levels/arena.json");
}

std::string tracks_dir() {
    return util::data_path("tracks");
}

TrackChoice track_choice(const std::string& path, const TrackHeader& header) {
    const std::string stem = fs::path(path).stem().string();
    return {stem, header.name.empty() ? stem : header.name, path};
}

std::vector<TrackChoice> find_tracks(const std::string& dir, std::vector<std::string>& warnings) {
    std::vector<TrackChoice> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".json" || !it->is_regular_file(ec)) continue;
        // The header only: a track is built when it is chosen (scene_load_track).
        const TrackHeaderResult r = read_track_header(p.string());
        if (!r.ok) {
            warnings.push_back("track skipped: " + r.error);
            continue;
        }
        out.push_back(track_choice(p.string(), r.header));
    }
    std::sort(out.begin(), out.end(),
              [](const TrackChoice& a, const TrackChoice& b) { return a.name < b.name; });
    return out;
}

std::string user_tracks_folder() {
    const util::UserDirs dirs = util::user_dirs(util::user_dirs_env_here());
    return dirs.data.empty() ? std::string() : dirs.data + "tracks";
}

int scene_track_index(Scene& scene, const std::string& name, const std::string& folder) {
    for (std::size_t i = 0; i < scene.tracks.size(); ++i) {
        if (scene.tracks[i].name == name) return static_cast<int>(i);
    }
    const std::string dir = folder.empty() ? user_tracks_folder() : folder;
    // A name, not a path: a replay's track name never reaches outside the folder.
    if (dir.empty() || name.empty() || name.find_first_of("/\\") != std::string::npos ||
        name == "." || name == "..")
        return -1;
    const std::string path = (fs::path(dir) / (name + ".json")).string();
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return -1;
    const TrackHeaderResult r = read_track_header(path);
    if (!r.ok) return -1;
    TrackChoice c = track_choice(path, r.header);
    c.title += " (yours)";
    scene.tracks.push_back(std::move(c));
    return static_cast<int>(scene.tracks.size()) - 1;
}

Level load_arena(const std::string& level, std::string& source, std::string& warning) {
    warning.clear();
    const std::string path = level.empty() ? default_level_path() : level;
    Level lv;
    const LevelResult r = load_level_or_builtin(path, lv);
    source = r.ok && !r.used_builtin ? path : "built-in arena";
    if (!r.ok) {
        // The command line checks --level before anything runs; this is the shipped
        // file gone bad (or a file changed since): still play, on the built-in arena.
        warning = r.error + "; using the built-in default arena";
        return builtin_arena_level();
    }
    if (r.used_builtin)
        warning = "level '" + path + "' not found; using the built-in default arena";
    for (const std::string& w : r.warnings)
        warning += (warning.empty() ? "" : "\n") + w;
    return lv;
}

std::string warning_lines(const std::string& warning) {
    std::string out;
    std::size_t from = 0;
    while (from <= warning.size()) {
        const std::size_t end = std::min(warning.find('\n', from), warning.size());
        out += "skidpad: warning: " + util::printable(warning.substr(from, end - from)) + "\n";
        from = end + 1;
    }
    return out;
}

void build_scene(World& world, const std::string& level, const CarDef& car, std::string& warning) {
    std::string source;
    build_level(world, load_arena(level, source, warning), car);
}

void scene_open(Scene& scene, const std::string& level, const Settings& settings,
                std::string& warning, std::vector<std::string>& skipped) {
    scene.arena = load_arena(level, scene.arena_source, warning);
    scene.tracks = find_tracks(tracks_dir(), skipped);
    scene.world = World(world_def(settings));
    scene_load_arena(scene, settings);
}

void scene_load_arena(Scene& scene, const Settings& settings) {
    scene.race.clear();
    scene.ai_car = CarId{};
    build_level(scene.world, scene.arena, settings.car);
    scene.track = -1;
}

std::string scene_load_track(Scene& scene, int index, const Settings& settings, bool autopilot) {
    if (index < 0 || index >= static_cast<int>(scene.tracks.size())) return "no such track";
    ++scene.track_builds;
    TrackResult r = load_track_file(scene.tracks[static_cast<std::size_t>(index)].path);
    for (const std::string& w : r.warnings)
        scene.warnings.push_back("track warning: " + w);
    if (!r.ok) return r.error;
    // A track replaces the arena: a fresh world with the player on the grid.
    Race race;
    race.set_track(std::move(r.track), plan_car_from_def(settings.car), settings.plan);
    if (!race.profile().ok) return "cannot plan this track: " + race.profile().error;
    scene.race = std::move(race);
    scene.world.clear();
    scene_track_ground(scene);
    dvec2 pos(0.0);
    double heading = 0.0;
    scene.race.grid_pose(0, pos, heading);
    const CarId player = scene.world.add_car(pos, heading, settings.car);
    scene.race.join(scene.world, player, autopilot);
    scene.ai_car = CarId{};
    if (settings.plan.ai_opponent) scene_add_ai(scene, settings);
    scene.track = index;
    return "";
}

void scene_track_ground(Scene& scene) {
    if (!scene.race.has_track()) return;
    World& w = scene.world;
    const Track& t = scene.race.track();
    w.set_surfaces(t.surfaces);
    Level barriers;
    barriers.bodies = track_barrier_bodies(t);
    build_level_bodies(w.soft(), w.def().soft, barriers);
}

void scene_add_ai(Scene& scene, const Settings& settings) {
    if (!scene.race.has_track() || scene.world.valid(scene.ai_car)) return;
    dvec2 pos(0.0);
    double heading = 0.0;
    scene.race.grid_pose(1, pos, heading);
    scene.ai_car = scene.world.add_car(pos, heading, settings.car);
    scene.race.join(scene.world, scene.ai_car, true);
}

void scene_set_car_voice(Scene& scene, CarId id, const audio::EngineVoice& voice) {
    auto& v = scene.car_voices;
    std::erase_if(v, [&](const auto& e) { return e.first.index == id.index; });
    v.emplace_back(id, voice);
}

void scene_car_voices(const Scene& scene, std::vector<audio::EngineVoice>& out) {
    out.clear();
    for (const auto& [id, voice] : scene.car_voices) {
        if (!scene.world.valid(id)) continue;
        if (out.size() <= id.index) out.resize(id.index + 1, audio::EngineVoice{0, 0, 0.0, 0.0});
        out[id.index] = voice;
    }
}

void scene_remove_ai(Scene& scene) {
    if (scene.world.valid(scene.ai_car)) {
        scene.race.leave(scene.ai_car);
        scene.world.remove_car(scene.ai_car);
    }
    scene.ai_car = CarId{};
}

void scene_reset(Scene& scene) {
    World& w = scene.world;
    if (scene.track < 0) {
        build_level_bodies(w.soft(), w.def().soft, scene.arena);
        if (w.valid(w.player())) w.reset_car(w.player());
        return;
    }
    scene_track_ground(scene);  // the barriers as built; what was spawned on it goes
    scene.race.restart(w);      // every car on its grid slot, its laps forgotten
}

}  // namespace skidpad::app
