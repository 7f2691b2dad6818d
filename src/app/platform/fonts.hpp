// The UI font: DejaVu Sans (Debian's fonts-dejavu-core), found through fontconfig, with
// the Latin-1, Greek and punctuation glyphs the overlay's units and symbols use (μ, ω, α,
// ², ·, –, …), instead of ImGui's built-in bitmap font, which draws them as '?'.
#pragma once

#include <string>

struct ImGuiIO;

namespace skidpad::app {

/// The family asked of fontconfig; another sans font that has the glyphs stands in.
inline constexpr const char* kUiFontFamily = "DejaVu Sans";
inline constexpr float kUiFontPixels = 15.0f;

/// The file of the font fontconfig matches for `family` among those that have the
/// overlay's glyphs (μ, ω, α, ², ·); "" when fontconfig finds none.
std::string find_ui_font(const std::string& family = kUiFontFamily);

/// Adds the font at `path` ("": the one find_ui_font finds) `pixels` high as the default
/// font of `io`, before the font atlas is built. Returns "" or a message naming the file
/// (or that none was found); ImGui's built-in font stays then.
std::string load_ui_font(ImGuiIO& io, const std::string& path = "", float pixels = kUiFontPixels);

}  // namespace skidpad::app
