// The player's settings kept between runs, read and written (see player_prefs.hpp).
#include "player_prefs.hpp"

#include <filesystem>
#include <sstream>

#include "skidpad/scene/json_keys.hpp"

namespace skidpad::app {

namespace {

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    const auto b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

/// At most 80 characters of what the file said, for a message.
std::string quoted(const std::string& s) {
    return "'" + (s.size() > 80 ? s.substr(0, 80) + "..." : s) + "'";
}

}  // namespace

bool parse_player_prefs(const std::string& text, const std::string& where, PlayerPrefs& out,
                        std::string& error, std::vector<std::string>* warnings) {
    PlayerPrefs read;
    UnknownKeys unknown(where);
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
    while (std::getline(in, raw)) {
        ++line_no;
        const auto hash = raw.find('#');
        const std::string line = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (line.empty()) continue;
        const std::string at = where + ":" + std::to_string(line_no) + ": ";
        const auto eq = line.find('=');
        if (eq == std::string::npos) {
            error = at + "expected key = value, got " + quoted(line);
            return false;
        }
        const std::string key = trim(line.substr(0, eq));
        const std::string value = trim(line.substr(eq + 1));
        if (key == "assists") {
            if (!parse_assist_level(value, read.assists)) {
                error = at + "assists must be sim, sport or arcade, got " + quoted(value);
                return false;
            }
        } else {
            unknown.add("line " + std::to_string(line_no), key,
                        closest_key(key.substr(0, 80), {"assists"}));
        }
    }
    out = read;
    if (warnings) *warnings = unknown.warnings();
    return true;
}

std::string player_prefs_text(const PlayerPrefs& prefs) {
    return std::string("# Skidpad player settings\nassists = ") + assist_level_name(prefs.assists) +
           "\n";
}

std::string player_prefs_path(const std::string& pref_dir) {
    return pref_dir.empty() ? std::string()
                            : (std::filesystem::path(pref_dir) / "player.txt").string();
}

PlayerPrefs load_player_prefs(const std::string& pref_dir, std::string& error) {
    error.clear();
    const std::string path = player_prefs_path(pref_dir);
    PlayerPrefs prefs;
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec)) return prefs;
    std::string text;
    if (const FileResult r = read_file_capped(path, kMaxPlayerPrefsBytes, text); !r.ok) {
        error = r.error + "; default assists (sport) used";
        return prefs;
    }
    std::vector<std::string> warnings;
    if (!parse_player_prefs(text, path, prefs, error, &warnings)) {
        error += "; default assists (sport) used";
        return prefs;
    }
    for (const std::string& w : warnings)
        error += (error.empty() ? "" : "\n") + w;
    prefs.chosen = true;
    return prefs;
}

FileResult save_player_prefs(const std::string& pref_dir, const PlayerPrefs& prefs) {
    const std::string path = player_prefs_path(pref_dir);
    if (path.empty()) return {false, "no user preference directory; assists not saved"};
    return write_file_atomic(path, player_prefs_text(prefs));
}

bool apply_assist_level(Tuner& tuner, AssistLevel level) {
    if (level == AssistLevel::Custom || assist_level_of(tuner.settings().car) == level) {
        return false;
    }
    Settings next = tuner.settings();
    skidpad::apply_assist_level(next.car, level);
    tuner.replace(next, std::string("assists: ") + assist_level_name(level));
    return true;
}

}  // namespace skidpad::app
