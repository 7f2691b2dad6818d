// The pause menu's Controls and Audio pages.
//
// Controls: a table of every action with two keys and two pad inputs. Pick a cell (Enter,
// A or a click) and press the key or pad input to bind (Esc cancels; a pad capture gives
// up after kCaptureSeconds); Delete/Backspace or the pad's X clears a cell. A binding
// another action holds, or one the app keeps (F-keys, replay keys), is refused with the
// reason. Then the steering feel (keys and stick: sensitivity, linearity; tunables
// input.*_steer_*), "Save" (writes the bindings file atomically), "Reset to defaults"
// and "Back". Changes act at once; only Save writes the file. The row "Keys of" switches
// the table to the players' keys of a shared keyboard (players 1–4, the driving actions
// only; menu_seat_keys.cpp): a key another seat or action has, or one the app keeps, is
// refused naming both actions; clearing a cell gives the seat its default key back.
//
// Audio: master, engine, tyres, impacts and wind levels, sound on/off and rumble (the
// sound.* tunables). Left/Right (d-pad, stick) change the highlighted row.
//
// Display: the window (windowed, borderless or exclusive full screen), vsync, the
// frame-rate cap, the UI scale, the colour palette, then the picture's quality (ground
// detail, shadows, lights, rain). Each change acts at once and is kept in player.txt.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "display_apply.hpp"
#include "input_map.hpp"
#include "pause_menu.hpp"
#include "seat_keys.hpp"
#include "tuner.hpp"

namespace skidpad::app {

inline constexpr double kCaptureSeconds = 8.0;

struct ControlsPage {
    std::string path;  ///< the bindings file ("" = cannot save)
    int column = 0;    ///< highlighted cell: 0, 1 keys; 2, 3 pad
    bool capturing = false;
    int capture_row = 0, capture_column = 0;
    double capture_waited = 0.0;  ///< s
    std::string status;           ///< last result, shown under the title
    bool status_error = false;
    bool unsaved = false;  ///< bindings changed since the last save or load
    /// The file's keyboard seats' keys (bindings_store.hpp), written back by Save.
    std::vector<std::array<int, 9>> seats;
    bool players = false;  ///< the table shows the players' keys (a shared keyboard)
};

struct MenuServices {
    InputMapper* input = nullptr;
    Tuner* tuner = nullptr;
    ControlsPage* controls = nullptr;
    double dt = 0.0;                   ///< s of this frame (the capture's time-out)
    DisplayState* display = nullptr;   ///< the Display page's window, UI scale and palette
    SharedKeyboard* shared = nullptr;  ///< the players' keys, changed with ControlsPage::seats
};

/// Rows of the Controls page: the actions, then these.
enum ControlsRow {
    kRowKeySens = kActionCount,
    kRowKeyLin,
    kRowStickSens,
    kRowStickLin,
    kRowTable,  ///< which keys the table shows: the one player's, or the players'
    kRowSave,
    kRowDefaults,
    kRowBack,
    kControlsRows
};

/// Draws the page and acts on it. True when the player picks Back.
bool draw_controls_page(PauseMenu& menu, MenuServices& s);
/// Draws the Audio page. True when the player picks Back.
bool draw_audio_page(PauseMenu& menu, MenuServices& s);
/// Draws the Display page (menu_display.cpp). True when the player picks Back.
bool draw_display_page(PauseMenu& menu, MenuServices& s);

/// The bindings' steering feel into the tunables (changes only what differs).
void apply_steer_feel(Tuner& tuner, const SteerFeel& feel);
/// The tunables' steering feel.
SteerFeel steer_feel_of(const Settings& s);

}  // namespace skidpad::app
