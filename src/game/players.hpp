// Several human players on one machine: the further human seats' cars placed in the
// scene beside the player car (the arena) or behind it on the grid (a track, a race),
// and each seat's input handed to its own car. The game and the replay playback call
// the same functions at the same moments, so a run of several players replays exactly.
#pragma once

#include <string>
#include <vector>

#include "scene.hpp"
#include "skidpad/input.hpp"

namespace skidpad::app {

/// The most human players on one machine (seats with their own input and viewport).
inline constexpr int kMaxPlayers = 4;

/// "" when `n` is a player count the game takes (1..kMaxPlayers), else why not.
std::string players_check(int n);

/// After the scene was (re)built or a race's field set up: the cars of human seats
/// 2..scene.players, missing ones added (with the player car's CarDef), each put on its place (the
/// arena: beside the player's start; a track: the grid slots after every other car, joined to the
/// race as drivers of their own). Nothing with one player.
void players_place(Scene& scene);
/// Each seat's chosen paint (Scene::seat_paints) onto its car; players_place calls it,
/// and so does whoever changes the paints.
void players_dress(Scene& scene);
/// After scene_reset on the arena: the further human cars back at their start.
void players_reset(Scene& scene);
/// Human seat `seat`'s car (0: the player car; none when the seat has no car).
CarId player_car(const Scene& scene, std::size_t seat);
/// Every human seat's car, seat order (the player car first).
std::vector<CarId> player_cars(const Scene& scene);
/// Hands `input` to human seat `seat` >= 1 for the next step (a reset edge on a track
/// puts it back where it left the track, as the player's does).
void player_input(Scene& scene, std::size_t seat, const InputState& input);

}  // namespace skidpad::app
