// The player's settings kept between runs, read and written (see player_prefs.hpp).
#include "player_prefs.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "skidpad/scene/json_keys.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/tune/player_keys.hpp"
#include "util_text.hpp"

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

/// "WxH" or "X,Y": two whole numbers around `sep`.
bool two_ints(const std::string& text, char sep, long long lo, long long hi, int& a, int& b) {
    const auto at = text.find(sep);
    if (at == std::string::npos) return false;
    double x = 0.0, y = 0.0;
    if (!util::parse_number(trim(text.substr(0, at)), x) ||
        !util::parse_number(trim(text.substr(at + 1)), y))
        return false;
    if (x != std::floor(x) || y != std::floor(y) || x < lo || x > hi || y < lo || y > hi)
        return false;
    a = static_cast<int>(x);
    b = static_cast<int>(y);
    return true;
}

const std::vector<std::string_view>& known_keys() {
    static const std::vector<std::string_view> keys = [] {
        std::vector<std::string_view> k = {"assists",         "window",   "window_size",
                                           "window_position", "ui_scale", "palette"};
        for (const ParamDesc& p : param_registry().all())
            if (is_player_key(p.key)) k.emplace_back(p.key);
        return k;
    }();
    return keys;
}

}  // namespace

const std::vector<std::string>& saved_player_keys() {
    static const std::vector<std::string> keys = {
        "display.vsync",  "display.max_fps", "display.ground_detail", "display.shadows",
        "display.lights", "display.rain",    "sound.enabled",         "sound.master",
        "sound.engine",   "sound.tyres",     "sound.impacts",         "sound.wind",
        "sound.ground",   "sound.music",     "sound.rumble",          "sound.rumble_strength"};
    return keys;
}

void take_player_values(PlayerPrefs& prefs, const Settings& s) {
    const ParamRegistry& reg = param_registry();
    for (const std::string& k : saved_player_keys())
        if (const ParamDesc* p = reg.find(k)) prefs.values[k] = p->get(s);
}

bool parse_player_prefs(const std::string& text, const std::string& where, PlayerPrefs& out,
                        std::string& error, std::vector<std::string>* warnings) {
    PlayerPrefs read;
    const ParamRegistry& reg = param_registry();
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
        const auto bad = [&](const std::string& what) {
            error = at + key + " must be " + what + ", got " + quoted(value);
            return false;
        };
        const ParamDesc* p = is_player_key(key) ? reg.find(key) : nullptr;
        if (key == "assists") {
            if (!parse_assist_level(value, read.assists)) return bad("sim, sport or arcade");
            read.chosen = true;
        } else if (key == "window") {
            if (!parse_window_mode(value, read.window))
                return bad("windowed, borderless or exclusive");
        } else if (key == "window_size") {
            if (!two_ints(value, 'x', kMinWindowSide, kMaxWindowSide, read.place.width,
                          read.place.height))
                return bad("WxH with " + std::to_string(kMinWindowSide) + ".." +
                           std::to_string(kMaxWindowSide) + " each (e.g. 1280x720)");
        } else if (key == "window_position") {
            if (!two_ints(value, ',', -kMaxWindowSide, 4 * kMaxWindowSide, read.place.x,
                          read.place.y))
                return bad("X,Y in whole points (e.g. 40,60)");
            read.place.placed = true;
        } else if (key == "ui_scale") {
            double v = 0.0;
            if (!util::parse_number(value, v) || !(v >= kMinUiScale && v <= kMaxUiScale)) {
                char range[64];
                std::snprintf(range, sizeof range, "a number in [%g, %g]", kMinUiScale,
                              kMaxUiScale);
                return bad(range);
            }
            read.ui_scale = v;
        } else if (key == "palette") {
            if (!parse_palette(value, read.palette)) return bad("standard or colourblind");
        } else if (p != nullptr) {
            double v = 0.0;
            const ParamResult r = reg.parse(*p, value, v);
            const ParamResult c = r.ok ? reg.check(*p, v) : r;
            if (!c.ok) {
                error = at + util::printable(c.error);
                return false;
            }
            read.values[p->key] = v;
        } else {
            unknown.add("line " + std::to_string(line_no), key,
                        closest_key(key.substr(0, 80), known_keys()));
        }
    }
    out = read;
    if (warnings) *warnings = unknown.warnings();
    return true;
}

std::string player_prefs_text(const PlayerPrefs& prefs) {
    std::string s = "# Skidpad player settings (the pause menu's Display and Audio pages)\n";
    if (prefs.chosen || prefs.assists != AssistLevel::Sport)
        s += std::string("assists = ") + assist_level_name(prefs.assists) + "\n";
    s += std::string("window = ") + window_mode_name(prefs.window) + "\n";
    if (prefs.place.width > 0 && prefs.place.height > 0)
        s += "window_size = " + std::to_string(prefs.place.width) + "x" +
             std::to_string(prefs.place.height) + "\n";
    if (prefs.place.placed)
        s += "window_position = " + std::to_string(prefs.place.x) + "," +
             std::to_string(prefs.place.y) + "\n";
    if (prefs.ui_scale > 0.0) s += "ui_scale = " + util::plain_number(prefs.ui_scale) + "\n";
    s += std::string("palette = ") + palette_name(prefs.palette) + "\n";
    const ParamRegistry& reg = param_registry();
    for (const auto& [key, v] : prefs.values)
        if (const ParamDesc* p = reg.find(key)) s += key + " = " + reg.format(*p, v) + "\n";
    return s;
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
        error = r.error + "; the default player settings are used";
        return prefs;
    }
    std::vector<std::string> warnings;
    if (!parse_player_prefs(text, path, prefs, error, &warnings)) {
        error += "; the default player settings are used";
        return prefs;
    }
    for (const std::string& w : warnings)
        error += (error.empty() ? "" : "\n") + w;
    return prefs;
}

FileResult save_player_prefs(const std::string& pref_dir, const PlayerPrefs& prefs) {
    const std::string path = player_prefs_path(pref_dir);
    if (path.empty()) return {false, "no user preference directory; player settings not saved"};
    // A file that does not parse was not read (the defaults were used): keep it aside
    // rather than write over what the player typed.
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        std::string text, err;
        PlayerPrefs probe;
        if (!read_file_capped(path, kMaxPlayerPrefsBytes, text).ok ||
            !parse_player_prefs(text, path, probe, err))
            std::filesystem::rename(path, path + ".bad", ec);
    }
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
