// Presets: a JSON file holding a subset of tunables.
//   { "format": "skidpad-preset", "version": 1, "name": "sports-rwd",
//     "values": { "car.mass": 1500, "car.layout": "rwd", "car.abs": true } }
// Keys left out keep their current values. Loading is all-or-nothing: any error
// leaves the settings untouched. Unknown keys are ignored with a warning (a preset
// from a newer or older build still loads). Saving is atomic (scene/file_io.hpp).
// The player's own tunables (tune/player_keys.hpp: display.*, the sound levels) are never
// written and, when an older preset holds them, ignored with one warning.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/settings.hpp"

namespace skidpad {

/// Version this build writes. Files with a higher version are refused; files
/// without one are read as version 1 (with a warning).
inline constexpr int kPresetVersion = 1;
inline constexpr std::size_t kMaxPresetBytes = 1024 * 1024;  ///< files above are refused
inline constexpr int kMaxPresetDepth = kMaxJsonDepth;  ///< nesting of [ and { above is refused

struct PresetResult {
    bool ok = true;
    std::string error;                  ///< names the file, key, value and allowed range
    std::vector<std::string> warnings;  ///< e.g. unknown keys (ignored)
    std::string name;                   ///< the preset's "name"
    int keys_applied = 0;               ///< number of tunables the preset set
    int car_keys_applied = 0;           ///< ... of which car.* (0: not a car preset)
};

/// Parses preset text and applies it to `settings` only if every value is valid.
/// `source` (usually the file name) starts every message.
PresetResult apply_preset_text(std::string_view text, std::string_view source, Settings& settings);
/// Reads a preset file (refused before reading when over 1 MiB) and applies it all-or-nothing.
PresetResult load_preset_file(const std::string& path, Settings& settings);
/// Serialises every tunable whose value differs from `base` (all of them when
/// `only_changed` is false) as preset JSON text.
std::string preset_to_text(const Settings& settings, std::string_view name, bool only_changed,
                           const Settings& base = Settings{});
/// Writes preset_to_text(...) to `path` atomically; a failure leaves the old file intact.
FileResult save_preset_file(const std::string& path, const Settings& settings,
                            std::string_view name, bool only_changed,
                            const FileOps& ops = default_file_ops());

}  // namespace skidpad
