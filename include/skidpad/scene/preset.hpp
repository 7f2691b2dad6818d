// Presets: a JSON file holding a subset of tunables.
//   { "format": "skidpad-preset", "version": 1, "name": "sports-rwd",
//     "values": { "car.mass": 1500, "car.layout": "rwd", "car.abs": true } }
// Loading is all-or-nothing: any error leaves the settings untouched.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad {

inline constexpr int kPresetVersion = 1;
inline constexpr std::size_t kMaxPresetBytes = 1024 * 1024;  ///< files above are refused

struct PresetResult {
    bool ok = true;
    std::string error;                  ///< names the file, key, value and allowed range
    std::vector<std::string> warnings;  ///< e.g. unknown keys (ignored)
    std::string name;                   ///< the preset's "name"
};

/// Parses preset text and applies it to `settings` only if every value is valid.
PresetResult apply_preset_text(std::string_view text, std::string_view source, Settings& settings);
/// Reads a preset file (size-capped) and applies it all-or-nothing.
PresetResult load_preset_file(const std::string& path, Settings& settings);
/// Serialises every tunable whose value differs from `base` (all of them when
/// `only_changed` is false) as preset JSON text.
std::string preset_to_text(const Settings& settings, std::string_view name, bool only_changed,
                           const Settings& base = Settings{});

}  // namespace skidpad
