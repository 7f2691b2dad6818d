// Which cars a player may drive: one check shared by the title screen, the pause menu's
// Car page and the command line's --preset, so a car locked in one is locked in all.
#pragma once

#include <string>
#include <vector>

#include "progress.hpp"

namespace skidpad::app {

/// Why the car preset `car` (its name: the file name without ".json"; "" the stock car)
/// is locked, "" when it is open: the rally and drift cars are unlocked by medals and
/// cups (progress.hpp); the stock car, the hatch, the sports car and the player's other
/// presets are always open.
std::string car_lock(const Progress& p, const std::string& car);

/// The message for a locked car: "The drift-rwd is locked: unlocked by any gold medal or
/// a cup won".
std::string car_locked_message(const std::string& car, const std::string& why);

/// A preset file's car name: its file name without the folder and ".json".
std::string preset_car_name(const std::string& path);

/// The message refusing a preset file whose car is locked in `p` ("" when it is open).
std::string preset_file_lock(const Progress& p, const std::string& path);

/// The progress at `path` read without touching the file: none, or a file that cannot be
/// read, is empty progress (load_progress sets such a file aside when the game opens it).
Progress peek_progress(const std::string& path);

/// The first `--preset FILE` among `settings_args` (the command line's "--preset", FILE
/// and "--set", KEY=VALUE pairs in order) whose car is locked in `p`: its message, ""
/// when every one is open.
std::string preset_args_lock(const Progress& p, const std::vector<std::string>& settings_args);

}  // namespace skidpad::app
