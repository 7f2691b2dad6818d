// The player's display choices that are not tunables (how the window is shown, where it
// was, the UI scale, the colour palette), the frame-rate cap's steps, the UI scale a
// display's DPI suggests, and whether an OpenGL renderer is a software rasteriser. No SDL
// here: the app applies them (src/app/display_apply.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace skidpad::app {

/// How the window is shown: a window, a borderless window over the whole screen at the
/// desktop's resolution, or the screen taken exclusively (the desktop's mode).
enum class WindowMode : std::uint8_t { Windowed = 0, Borderless = 1, Exclusive = 2 };
inline constexpr int kWindowModes = 3;
/// Its word in player.txt: windowed, borderless, exclusive.
const char* window_mode_name(WindowMode m);
bool parse_window_mode(std::string_view text, WindowMode& out);
/// What the Display page calls it.
const char* window_mode_label(WindowMode m);

/// The colours of the cars and the HUD's good/bad signs: the game's own, or the
/// Okabe–Ito set that stays distinct under the common colour-vision deficiencies.
enum class Palette : std::uint8_t { Standard = 0, ColourBlind = 1 };
/// Its word in player.txt: standard, colourblind.
const char* palette_name(Palette p);
bool parse_palette(std::string_view text, Palette& out);
const char* palette_label(Palette p);

/// The window's place on the desktop while windowed (points), as last seen.
struct WindowPlace {
    int width = 0;  ///< 0: not remembered (the command line's or the default size)
    int height = 0;
    int x = 0;
    int y = 0;
    bool placed = false;  ///< x and y remembered (else the window is centred)
};
/// Window sizes outside this are not restored (points).
inline constexpr int kMinWindowSide = 320;
inline constexpr int kMaxWindowSide = 16384;

/// A display's area on the desktop (points).
struct DesktopRect {
    int x = 0, y = 0, width = 0, height = 0;
};
/// True when a window at `place` shows at least a 64×32-point piece of its top edge (where
/// its title bar is) on one of `displays`; else it is centred instead (a display that is
/// gone, a resolution that shrank).
bool place_visible(const WindowPlace& place, std::span<const DesktopRect> displays);

/// The UI scale's range and step (the Display page's left/right).
inline constexpr double kMinUiScale = 0.75;
inline constexpr double kMaxUiScale = 3.0;
inline constexpr double kUiScaleStep = 0.25;
/// The UI scale for a display of `dpi` dots per inch: 96 dpi is 1, rounded to the
/// nearest quarter, at least 1 (a low or unknown DPI, <= 0, gives 1) and at most 3.
double ui_scale_from_dpi(double dpi);
/// `scale` moved `steps` quarters, within the range.
double ui_scale_step(double scale, int steps);

/// The frame-rate caps the Display page offers, slowest first; 0 is no cap.
inline constexpr int kFpsCaps[] = {30, 60, 120, 144, 0};
std::span<const int> fps_caps();
/// The cap after `current` one step in `dir` (+1 faster, -1 slower) along fps_caps(),
/// stopping at either end; a value not in the list (a --set or an older default) moves
/// to its neighbour in that direction.
int fps_cap_step(int current, int dir);
/// "30 fps" ... "144 fps", "unlimited" (0), or "240 fps" for any other value.
std::string fps_cap_label(int max_fps);

/// True when `gl_renderer` (GL_RENDERER) names a software rasteriser: Mesa's llvmpipe
/// and softpipe, SwiftShader, Mesa's "Software Rasterizer", Microsoft's GDI Generic.
bool software_renderer(std::string_view gl_renderer);
/// display.ground_detail chosen on a first start (no saved choice) for a renderer.
int first_start_ground_detail(std::string_view gl_renderer);

}  // namespace skidpad::app
