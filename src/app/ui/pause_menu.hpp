// The pause menu: Esc opens it over the frozen game (Resume, Restart, Mode, Car, Assists,
// Controls, Audio, Display, Players, Quit; under them the Track page's and the two editors'
// buttons), Esc goes back one level and closes it from the top. Up/Down (or W/S) move the
// cursor, Enter picks; the mouse works too; a pad works it with the d-pad or left stick, A
// (pick), B (back) and Start (open / close). Quitting asks once more (Enter quits, Esc goes
// back). The menu reports what was picked: the game acts on it; the Controls, Audio and
// Display pages (menu_pages.hpp) change bindings, sound and display settings directly.
#pragma once

#include <string>
#include <vector>

#include "track_thumb.hpp"

namespace skidpad::app {

/// The pad's menu controls of one frame (AppCommands' menu_* fields).
struct MenuNav {
    bool up = false, down = false, left = false, right = false;
    bool select = false;  ///< A
    bool back = false;    ///< B
    bool clear = false;   ///< X (clears a binding on the Controls page)
    bool toggle = false;  ///< Start: open, or close from any page
};

struct AppCommands;  // input_map.hpp
/// The menu controls among a frame's commands.
MenuNav menu_nav(const AppCommands& cmd);

struct MenuServices;  // menu_pages.hpp: what the Controls and Audio pages change

struct PauseMenu {
    enum class Page { Main, Car, Controls, ConfirmQuit, Assists, Audio, Mode, Display, Track };
    bool open = false;
    Page page = Page::Main;
    int cursor = 0;                  ///< highlighted row of the page
    MenuNav nav;                     ///< this frame's pad controls (set by draw_pause_menu)
    bool busy = false;               ///< a page takes the keys for itself (rebinding): no Esc/back
    std::vector<std::string> modes;  ///< what the Mode page offers (the game fills it in)
    int current_mode = -1;           ///< marked on the Mode page
    /// What the Track page offers: the arena, then the tracks' titles (the game fills it
    /// in, with `thumbs` set to their files by title).
    std::vector<std::string> tracks;
    int current_track = -1;  ///< marked on the Track page (0 the arena)
    TrackThumbs thumbs;      ///< the Track page's outlines, by title
};

/// What the player picked this frame.
struct MenuPick {
    enum class Action {
        None,
        Resume,
        Restart,
        Car,
        Quit,
        Assists,
        Mode,
        EditTrack,
        EditLevel,
        Track,
        Players
    };
    Action action = Action::None;
    int car = -1;      ///< Action::Car: index into the names given to draw_pause_menu
    int assists = -1;  ///< Action::Assists: the level picked (AssistLevel: 0 sim .. 2 arcade)
    int mode = -1;     ///< Action::Mode: index into PauseMenu::modes
    int track = -1;    ///< Action::Track: index into PauseMenu::tracks (0 the arena)
};

/// One row of the Controls page: what, keyboard, pad.
struct ControlRow {
    const char* action;
    const char* keys;
    const char* pad;
};
/// The controls the Controls page lists (the README's table).
const std::vector<ControlRow>& control_rows();

/// Esc handling and the menu window. `escape`: the app's Esc command this frame.
/// With another ImGui popup open, Esc closes that popup and nothing else; with the
/// menu closed it opens the menu; on a sub-page it goes back; on the main page it
/// resumes. `cars`: the car presets the Car page offers; `current_car` is marked, and so
/// is `current_assists` (AssistLevel as int; 3 custom marks none) on the Assists page.
/// `nav`: the pad's controls this frame; `services`: what the Controls and Audio pages
/// act on (without it the Controls page only lists the default keys).
MenuPick draw_pause_menu(PauseMenu& menu, bool escape, const std::vector<std::string>& cars,
                         int current_car, int current_assists = 1, const MenuNav& nav = {},
                         MenuServices* services = nullptr);

/// One page of rows: the cursor moves with Up/Down or the pad (wrapping), Enter, A or a
/// click picks. Returns the picked row or -1. (Shared by the pages.)
int menu_rows(PauseMenu& menu, const std::vector<std::string>& labels, int marked = -1);

/// A menu row or cell (an ImGui Selectable, `flags` its ImGuiSelectableFlags, `width` 0
/// for the default): the cursor's (`here`) is lit brightly and a row merely under the
/// pointer only faintly, so the row Enter picks is always the one that stands out.
/// Returns true when clicked.
bool menu_row(const char* label, bool here, int flags, float width);
/// After menu_row: true when the mouse moved this frame and is over that row (the
/// cursor then follows the mouse).
bool menu_row_pointed();

/// The first-start hint: fully visible for `hold` seconds, then fading out over `fade`
/// seconds. Returns the opacity 0..1 at `t` seconds since the start.
float hint_alpha(double t, double hold = 8.0, double fade = 2.0);

/// Draws the hint line (start_hint_text) at the top centre with opacity `alpha`
/// (nothing at 0).
void draw_start_hint(float alpha, const std::string& text);

}  // namespace skidpad::app
