// The game's icon, drawn in code: a red car drifting on asphalt between its own skid
// marks. One description gives the window's icon, the installed PNGs and the SVG.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skidpad::app {

/// The icon as size×size RGBA pixels (row-major, top row first, straight alpha),
/// anti-aliased with 4×4 samples per pixel. size is clamped to 1..1024.
std::vector<std::uint8_t> icon_rgba(int size);

/// The same icon as an SVG document (a 256-unit view box).
std::string icon_svg();

}  // namespace skidpad::app
