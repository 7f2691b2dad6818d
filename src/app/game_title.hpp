// The title screen in the game: opened at start when the command line names no run,
// drawn instead of the HUD while open (the world stands still behind it), and what its
// picks start: a mode with its track, car, opponents, laps and level, a cup's first
// round, the track editor, the settings (the pause menu's pages) or quitting.
#pragma once

#include <string>

namespace skidpad::app {

struct Game;
struct AppCommands;

/// Opens the title screen: its model from the tracks found, the car presets and the
/// player's progress (`profile`: --profile NAME, "" the default).
void title_open(Game& game, const std::string& profile);

/// True (with a message saying what unlocks it) when the player may not drive the car
/// preset `car` now: the title's check (car_locks.hpp) on the run's profile's progress.
bool car_refused(Game& game, const std::string& car);

/// Draws the title screen and acts on its pick. True when the player quits.
bool title_frame(Game& game, const AppCommands& cmd);

/// Before the HUD: the end-of-race buttons cleared for this frame and labelled (Restart,
/// or a cup's Next round / Cup result).
void results_before_hud(Game& game);
/// After the HUD: a cup's round recorded once its results show, the standings drawn, and
/// the results' Next (the button, Enter or the pad's A) and Menu acted on.
void results_after_hud(Game& game, const AppCommands& cmd);

}  // namespace skidpad::app
