// The player's own settings kept between runs: `player.txt` in the preferences
// directory, lines of `key = value` ('#' starts a comment):
//   assists = sim|sport|arcade       (only once picked; without it a car preset keeps
//                                     its own aids, and sport is the keyboard default)
//   window = windowed|borderless|exclusive
//   window_size = 1280x720           window_position = 40,60   (while windowed)
//   ui_scale = 1.25                  (without it: from the display's DPI at start)
//   palette = standard|colourblind
//   display.vsync = true, sound.master = 0.8, ...   (the player's tunables,
//                                     skidpad/tune/player_keys.hpp)
// Written atomically (temp file + rename). A bad file is reported in one message naming
// the file, line and field, and all the defaults are used (the game goes on; the bad file
// is kept as player.txt.bad when the settings are next saved); an unknown key is ignored
// with a warning (the rest of the file is read).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "display_prefs.hpp"

#include "skidpad/car/assists.hpp"
#include "skidpad/scene/file_io.hpp"
#include "tuner.hpp"

namespace skidpad::app {

struct PlayerPrefs {
    AssistLevel assists = AssistLevel::Sport;  ///< the keyboard default
    /// The player has picked a level (the file has an `assists` line), which then wins
    /// over the aids a car preset brings (without a pick, a preset keeps its own aids).
    /// Written when chosen or other than sport.
    bool chosen = false;
    WindowMode window = WindowMode::Windowed;
    WindowPlace place;      ///< the window's size and position while windowed
    double ui_scale = 0.0;  ///< 0: not chosen (the display's DPI decides at start)
    Palette palette = Palette::Standard;
    /// The player's tunables (is_player_key) with their values, by key.
    std::map<std::string, double> values;

    /// True when `key` was read or set (a saved display.ground_detail is the player's
    /// choice: it wins over the one a software renderer suggests on a first start).
    bool has(const std::string& key) const { return values.count(key) != 0; }
};

/// The tunables the game writes into player.txt (the Display and Audio pages' values);
/// any other player key a file holds is kept as read.
const std::vector<std::string>& saved_player_keys();
/// Copies the saved_player_keys() values of `s` into `prefs.values`.
void take_player_values(PlayerPrefs& prefs, const Settings& s);

/// Largest player.txt read (bytes).
inline constexpr std::size_t kMaxPlayerPrefsBytes = 4096;

/// Parses the file's text; on a bad line returns false with `error` naming `where` and the
/// line, and leaves `out` at its defaults. An unknown key is skipped with a warning in
/// `warnings` ("f.txt: line 2: unknown key 'asists' ignored (did you mean 'assists'?)").
bool parse_player_prefs(const std::string& text, const std::string& where, PlayerPrefs& out,
                        std::string& error, std::vector<std::string>* warnings = nullptr);
/// The file's text for `prefs` (parse_player_prefs reads it back unchanged).
std::string player_prefs_text(const PlayerPrefs& prefs);

/// Path of player.txt in `pref_dir` ("" when there is no preferences directory).
std::string player_prefs_path(const std::string& pref_dir);
/// Reads player.txt: defaults when it does not exist; defaults and a message in `error`
/// when it cannot be read or parsed; what it read and its warnings (one a line) in
/// `error` when it has unknown keys.
PlayerPrefs load_player_prefs(const std::string& pref_dir, std::string& error);
/// Writes player.txt atomically. An existing player.txt that does not parse is first
/// kept as player.txt.bad (so the player's hand edits are not lost).
FileResult save_player_prefs(const std::string& pref_dir, const PlayerPrefs& prefs);

/// Sets the aids of `level` on the live car as one undo step (nothing when they already
/// match or for Custom). Returns whether anything changed.
bool apply_assist_level(Tuner& tuner, AssistLevel level);

}  // namespace skidpad::app
