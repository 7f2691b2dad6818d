// Where presets live: shipped ones in assets/presets/ (read-only) and the user's in
// <pref dir>/presets/. Saving under a shipped name writes a user copy; rename and
// delete act on user presets only. The last preset loaded is remembered in
// <pref dir>/last_preset.txt and restored at start. All writes are atomic.
#pragma once

#include <string>
#include <vector>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

struct PresetEntry {
    std::string name;  ///< file name without ".json"
    std::string path;
    bool shipped = false;  ///< from assets/presets (read-only)
};

/// A preset name is 1..64 characters of letters, digits, space, '-', '_' or '.'
/// (not starting with '.'), so it is a safe file name. Returns "" or the reason.
std::string preset_name_error(const std::string& name);

class PresetStore {
public:
    /// `user_dir` is created on first save; either may be "" (then it is skipped).
    PresetStore(std::string user_dir, std::string shipped_dir);

    /// Shipped presets then user presets, each sorted by name.
    std::vector<PresetEntry> list() const;
    /// Saves the settings as user preset `name` (only keys differing from the
    /// defaults when `only_changed`). Returns the path written in `path_out`.
    FileResult save(const std::string& name, const Settings& settings, bool only_changed,
                    std::string* path_out = nullptr) const;
    FileResult rename(const std::string& from, const std::string& to) const;
    FileResult remove(const std::string& name) const;

    /// Remembers `path` as the preset to restore at start ("" forgets it).
    FileResult remember_last(const std::string& path) const;
    /// The remembered preset path, or "" when none (or the file is gone).
    std::string last() const;

    const std::string& user_dir() const { return user_dir_; }
    const std::string& shipped_dir() const { return shipped_dir_; }
    std::string user_path(const std::string& name) const;

private:
    std::string user_dir_;
    std::string shipped_dir_;
    std::string last_file_;
};

}  // namespace skidpad::app
