// The loaded scene's one owner: the World and what it was built from, the arena level
// (--level, else the shipped assets/levels/arena.json, else the built-in copy) or one
// of the shipped tracks, with the Race on a track. Choosing the arena, choosing a
// track and resetting (Backspace) all rebuild from here, so the arena is always the
// one the game started with and a track never gets the arena's bodies.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "audio/engine_voice.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

struct TrackChoice {
    std::string name;   ///< file name without .json ("oval")
    std::string title;  ///< the track's "name" ("Oval")
    std::string path;
};

struct Scene {
    World world;
    Level arena;                      ///< what choosing the arena builds
    std::string arena_source;         ///< the file it came from ("built-in arena" if none)
    std::vector<TrackChoice> tracks;  ///< found in the data folder's tracks/
    int track = -1;                   ///< -1: the arena is loaded, else index into tracks
    Race race;                        ///< on a track; none on the arena
    CarId ai_car;                     ///< the AI opponent (settings.plan.ai_opponent)
    /// Tracks built since the scene opened: listing them builds none, choosing one builds it.
    int track_builds = 0;
    /// Human players (1..4, players.hpp): the player car and `humans`, the further human
    /// seats' cars in seat order, placed beside it by every scene load (players_place).
    int players = 1;
    std::vector<CarId> humans;
    /// What each seat chose on the join screen (players.hpp players_dress), seat order:
    /// its paint (0: the paint the world gives it) and, for seats 2.., its car (none:
    /// the player car's). Seat 1's car is the settings' own (the Car page's preset).
    std::vector<Color> seat_paints;
    std::vector<std::optional<CarDef>> seat_cars;
    /// What loading a track warned about (unknown keys), for the game to show; it clears it.
    std::vector<std::string> warnings;
    /// How the cars built from another preset than the settings' sound (race AI cars);
    /// an entry whose car is gone is ignored.
    std::vector<std::pair<CarId, audio::EngineVoice>> car_voices;
};

/// Car `id` sounds as `voice` (replacing an earlier entry for its slot).
void scene_set_car_voice(Scene& scene, CarId id, const audio::EngineVoice& voice);
/// The voices of the scene's cars by slot (CarId::index) into `out`, for the mixer's
/// feed; cylinders 0 where a car has none (it sounds as the settings).
void scene_car_voices(const Scene& scene, std::vector<audio::EngineVoice>& out);

/// The shipped arena level (levels/arena.json in the data folder, util::data_dir()).
std::string default_level_path();
/// Directory of the shipped tracks (tracks/ in the data folder).
std::string tracks_dir();
/// A list entry for the track file `path` with this header (its title: the header's name,
/// else the file name).
TrackChoice track_choice(const std::string& path, const TrackHeader& header);
/// Lists the tracks (sorted by name) from their headers only (read_track_header), so the
/// cost does not grow with the tracks' size; a file whose header is unreadable is skipped
/// with a message. The rest of a track is checked when it is loaded.
std::vector<TrackChoice> find_tracks(const std::string& dir, std::vector<std::string>& warnings);
/// The player's own tracks (saved by the track editor): tracks/ in the data folder
/// (util/user_dirs.hpp); "" when there is no data folder.
std::string user_tracks_folder();
/// The index of track `name` in scene.tracks. A track of the player's own
/// (user_tracks_folder(), or `folder` when given) that is not listed yet is added first, as
/// "TITLE (yours)": a replay of a drive on one finds it. -1 when neither has it.
int scene_track_index(Scene& scene, const std::string& name, const std::string& folder = "");

/// Loads the arena level from `level` ("" = the shipped file); a missing or unreadable
/// file gives the built-in arena and a `warning`; each unknown key of the file adds a
/// line to it. `source` names what was loaded.
Level load_arena(const std::string& level, std::string& source, std::string& warning);
/// `warning` as terminal lines, each "skidpad: warning: LINE\n" with control bytes shown
/// as '?'.
std::string warning_lines(const std::string& warning);
/// Builds `level` (as load_arena finds it) into the world with the player car `car`.
void build_scene(World& world, const std::string& level, const CarDef& car, std::string& warning);

/// Starts the scene: a fresh World from `settings`, the arena from `level` built into
/// it, the tracks found. `warning`: the level fallback; `skipped`: unreadable tracks.
void scene_open(Scene& scene, const std::string& level, const Settings& settings,
                std::string& warning, std::vector<std::string>& skipped);
/// Loads the arena the scene was opened with: its bodies and the player car at its start.
void scene_load_arena(Scene& scene, const Settings& settings);
/// Loads a track by index: the player on the grid, the AI car if the settings want it.
/// `autopilot`: the player's car drives itself. "" or an error (the scene then stays).
std::string scene_load_track(Scene& scene, int index, const Settings& settings, bool autopilot);
/// Adds the AI opponent on the second grid slot (a track only); removes it.
void scene_add_ai(Scene& scene, const Settings& settings);
/// The loaded track's ground in the world: its surface map and its barriers (replacing
/// every soft body). Nothing without a track.
void scene_track_ground(Scene& scene);
void scene_remove_ai(Scene& scene);
/// Backspace: the loaded scene from its start. The arena: its bodies rebuilt and the
/// player car at its start; a track: bodies spawned on it removed, the cars on the grid.
void scene_reset(Scene& scene);

}  // namespace skidpad::app
