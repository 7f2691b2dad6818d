// The player's own settings kept between runs: `player.txt` in the preferences
// directory, lines of `key = value` ('#' starts a comment). For now one key:
// `assists = sim|sport|arcade` (sport when there is no file, and then a car preset keeps
// its own aids). Written atomically; a bad
// file is reported in one message naming the file and line, and the defaults are used;
// an unknown key is ignored with a warning (the rest of the file is read).
#pragma once

#include <string>
#include <vector>

#include "skidpad/car/assists.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/tune/tuner.hpp"

namespace skidpad::app {

struct PlayerPrefs {
    AssistLevel assists = AssistLevel::Sport;  ///< the keyboard default
    /// Read from a valid file: the player has picked a level, which then wins over the
    /// aids a car preset brings (without a pick, a preset keeps its own aids).
    bool chosen = false;
};

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
/// Writes player.txt atomically.
FileResult save_player_prefs(const std::string& pref_dir, const PlayerPrefs& prefs);

/// Sets the aids of `level` on the live car as one undo step (nothing when they already
/// match or for Custom). Returns whether anything changed.
bool apply_assist_level(Tuner& tuner, AssistLevel level);

}  // namespace skidpad::app
