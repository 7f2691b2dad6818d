// The window's display mode through SDL: windowed, borderless or exclusive full screen;
// where it sits while windowed; the display's DPI; the UI rebuilt at a scale (ImGui's
// fonts and style sizes).
#pragma once

#include <SDL.h>

#include <string>
#include <vector>

#include "display_prefs.hpp"

namespace skidpad::app {

/// The mode the window is in now.
WindowMode window_mode_of(SDL_Window* window);
/// Puts the window in `mode`; back to windowed, it takes `windowed`'s size and place when
/// they are known. Exclusive full screen uses the desktop's own resolution. Returns "" or
/// SDL's reason.
std::string set_window_mode(SDL_Window* window, WindowMode mode, const WindowPlace& windowed);
/// The window's size and position while it is an ordinary window (not full screen,
/// maximised or minimised): true and `out` filled, else false.
bool read_window_place(SDL_Window* window, WindowPlace& out);
/// The desktop areas of the displays SDL knows (after SDL_Init).
std::vector<DesktopRect> display_rects();
/// The UI scale the window's display's DPI suggests (ui_scale_from_dpi; 1 when SDL cannot
/// say).
double display_ui_scale(SDL_Window* window);

/// Rebuilds ImGui's fonts at `scale` times their size at the first call and scales the
/// style's sizes from the style of the first call (call between frames, with the OpenGL
/// context current). Nothing when the scale is unchanged.
void set_ui_scale(float scale);
/// The UI scale in use (1 until set_ui_scale): fixed pixel sizes in the UI code are
/// multiplied by it.
float ui_scale();

}  // namespace skidpad::app
