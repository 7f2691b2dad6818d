// The player's own folders, as the XDG base directory convention places them: settings
// (bindings, player settings, window layout) in $XDG_CONFIG_HOME/skidpad/ (default
// ~/.config/skidpad/), saves (replays, best laps, ghosts, progress, presets, tracks,
// screenshots, telemetry) in $XDG_DATA_HOME/skidpad/ (default ~/.local/share/skidpad/);
// and the one-time move out of the folder older versions used,
// $XDG_DATA_HOME/skidpad/skidpad/. No SDL.
#pragma once

#include <string>
#include <vector>

namespace skidpad::util {

/// What the folders are found from: the environment's values ("" = unset).
struct UserDirsEnv {
    std::string home;             ///< $HOME
    std::string xdg_config_home;  ///< $XDG_CONFIG_HOME
    std::string xdg_data_home;    ///< $XDG_DATA_HOME
};

/// The two folders, each ending in '/'; "" when it cannot be placed (no usable HOME).
struct UserDirs {
    std::string config;  ///< bindings.json, player.txt, imgui.ini
    std::string data;    ///< everything else the game saves
    std::string old;     ///< the folder older versions used (inside `data`), ending in '/'
};

/// This process's environment.
UserDirsEnv user_dirs_env_here();

/// Where the folders are (nothing is created). An XDG variable that is unset, empty or
/// not an absolute path is ignored, as the convention says: $HOME/.config and
/// $HOME/.local/share are used instead.
UserDirs user_dirs(const UserDirsEnv& env);

/// The names of the files that are settings (moved to the config folder); everything else
/// of the old folder goes to the data folder.
bool is_config_file(const std::string& name);

struct UserDirsOpen {
    UserDirs dirs;  ///< a folder that could not be created is ""
    /// One line when the old folder's files were moved: "moved your files from OLD to
    /// CONFIG (settings) and DATA (saves)"; "" when there was nothing to move.
    std::string moved;
    /// What could not be done, each naming the path and the reason (a file that could
    /// not be moved stays where it was).
    std::vector<std::string> warnings;
};

/// Creates both folders and moves the old folder's files, once: settings files to the
/// config folder, the rest to the data folder, subfolders merged. A file whose name is
/// already taken at the target keeps both: the moved one is renamed NAME.old.EXT (or
/// NAME.old-2.EXT, ...). The old folder is removed when it is left empty.
UserDirsOpen open_user_dirs(const UserDirsEnv& env);

}  // namespace skidpad::util
