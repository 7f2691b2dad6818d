// The UI font: DejaVu Sans from Debian's fonts-dejavu-core, with the Latin-1, Greek and
// punctuation glyphs the overlay's units and symbols use (μ, ω, α, ², ·, –, …), instead
// of ImGui's built-in bitmap font, which draws them as '?'.
#pragma once

#include <string>

struct ImGuiIO;

namespace skidpad::app {

/// Where Debian installs DejaVu Sans.
inline constexpr const char* kUiFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr float kUiFontPixels = 15.0f;

/// Adds the font at `path` (`pixels` high) as the default font of `io`, before the font
/// atlas is built. Returns "" or a message naming the file; the built-in font stays then.
std::string load_ui_font(ImGuiIO& io, const std::string& path = kUiFontPath,
                         float pixels = kUiFontPixels);

}  // namespace skidpad::app
