// What the human seats chose on the join screen (a paint each, a car for every seat after
// the first) as a replay's Seats record, and that record applied to a scene: the game and
// the replay playback apply it through the same function, so a run of several players
// replays with the same cars and colours.
#pragma once

#include <optional>
#include <vector>

#include "scene.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

/// The seats' choices, seat order: `paints[k]` (0: the world's own), `cars[k]` the
/// settings seat k's preset made (none: the player car's; seat 0's is never read, its
/// car is the settings' own).
std::vector<ReplaySeat> seat_setup_of(const std::vector<Color>& paints,
                                      const std::vector<std::optional<Settings>>& cars);
/// The settings a seat's car comes from: the defaults with its tunables set.
Settings seat_setup_settings(const ReplaySeat& seat);
/// Onto the scene: Scene::seat_paints and Scene::seat_cars, the further seats' cars
/// rebuilt and placed (players_place), each own car's engine voice.
void seat_setup_apply(Scene& scene, const std::vector<ReplaySeat>& seats);

}  // namespace skidpad::app
