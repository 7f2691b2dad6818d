// The player's display and sound settings through a run of the window: read from
// player.txt before the window opens (its mode, size and place), applied once it is open
// (the player's tunables, the UI scale from the display's DPI, the palette, and flat
// ground on a software renderer when the player never chose), kept in step with the
// Display page, F11 and the window manager each frame, and written back (atomically, a
// second after the last change and at the end). Screenshots and benchmarks read and
// write nothing: they look the same on every machine.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "player_prefs.hpp"

struct SDL_Window;

namespace skidpad::app {

struct DisplayState {
    bool loaded = false;     ///< prefs were read (an interactive run with a pref dir)
    std::string config_dir;  ///< where player.txt is ("" = nothing is saved)
    PlayerPrefs prefs;       ///< as read, then as changed (what is saved)
    WindowMode shown = WindowMode::Windowed;  ///< the mode the window is in
    double dpi_scale = 1.0;                   ///< the UI scale the display's DPI suggests
    std::map<std::string, double> seen;       ///< the player's tunables as of the last frame
    std::string saved_text;                   ///< player.txt as last read or written
    double changed_at = -1.0;                 ///< clock of the first unsaved change (< 0: none)
    double settle_until = 0.0;                ///< clock before which the window's place is not read
    std::string status;                       ///< the last problem (the Display page shows it)
    std::string renderer;                     ///< GL_RENDERER
    bool auto_ground = false;  ///< ground detail chosen for a software renderer, not by the player

    /// The UI scale in effect: the player's, else the display's.
    double ui_scale() const { return prefs.ui_scale > 0.0 ? prefs.ui_scale : dpi_scale; }
};

/// The `--set` keys among the command line's --preset/--set arguments (flag, value pairs).
std::vector<std::string> set_keys_of(const std::vector<std::string>& settings_args);

/// Reads player.txt for an interactive run (a bad file: its message on stderr and in
/// `message`, the defaults kept). Call before the window opens.
void display_load(DisplayState& d, const std::string& config_dir, bool interactive,
                  std::string& message);

struct Game;
struct GameOptions;
class Platform;

/// Once the window is open: the saved tunables (a --set of the same key wins), flat
/// ground on a software renderer at a first start (said once on stderr; not for a
/// screenshot, whose picture is the same everywhere), the window mode, the UI scale and
/// the palette.
void display_start(Game& game, Platform& platform, const GameOptions& options, bool interactive);
/// Each frame, before the UI frame begins: follows what changed (the page, F11, the
/// window moved or resized, a volume) and saves a second after the last change.
void display_frame(Game& game, Platform& platform);
/// At the end: the last changes saved.
void display_close(Game& game, Platform& platform);

}  // namespace skidpad::app
