// The pause menu: Esc opens it over the frozen game (Resume, Restart, Mode, Car,
// Controls, Quit), Esc goes back one level and closes it from the top. Up/Down (or W/S) move the
// cursor, Enter picks; the mouse works too. Quitting asks once more (Enter quits, Esc
// goes back). The menu only reports what was picked: the game acts on it.
#pragma once

#include <string>
#include <vector>

namespace skidpad::app {

struct PauseMenu {
    enum class Page { Main, Car, Controls, ConfirmQuit, Mode };
    bool open = false;
    Page page = Page::Main;
    int cursor = 0;                  ///< highlighted row of the page
    std::vector<std::string> modes;  ///< what the Mode page offers (the game fills it in)
    int current_mode = -1;           ///< marked on the Mode page
};

/// What the player picked this frame.
struct MenuPick {
    enum class Action { None, Resume, Restart, Car, Quit, Mode };
    Action action = Action::None;
    int car = -1;   ///< Action::Car: index into the names given to draw_pause_menu
    int mode = -1;  ///< Action::Mode: index into PauseMenu::modes
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
/// resumes. `cars`: the car presets the Car page offers; `current_car` is marked.
MenuPick draw_pause_menu(PauseMenu& menu, bool escape, const std::vector<std::string>& cars,
                         int current_car);

/// The first-start hint: fully visible for `hold` seconds, then fading out over `fade`
/// seconds. Returns the opacity 0..1 at `t` seconds since the start.
float hint_alpha(double t, double hold = 8.0, double fade = 2.0);

/// Draws the hint line at the top centre with opacity `alpha` (nothing at 0).
void draw_start_hint(float alpha);

}  // namespace skidpad::app
