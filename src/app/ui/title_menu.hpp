// The title screen: the game's first page when the command line names no run (or with
// --title). It draws the game layer's TitleModel (title_model.hpp) over the idle arena:
// Up/Down (or W/S, the pad's d-pad or stick) move, Left/Right change a setting, Enter (A,
// a click) picks, Esc (B) goes back a page; the mouse points and clicks, and a setting's
// arrows step it.
#pragma once

#include <optional>
#include <string>

#include "pause_menu.hpp"
#include "title_model.hpp"
#include "track_thumb.hpp"

namespace skidpad::app {

struct TitleMenu {
    bool open = false;
    std::optional<TitleModel> model;
    std::string profile;    ///< whose progress it shows (--profile)
    bool settings = false;  ///< Settings picked: the pause menu opens on the next frame
    TrackThumbs thumbs;     ///< the chosen track's outline and length, by track name
};

/// Draws the title screen (nothing while closed) and returns what the player picked.
/// `escape`: the app's Esc this frame; `nav`: the pad's menu controls.
TitleStart draw_title_menu(TitleMenu& title, bool escape, const MenuNav& nav);

}  // namespace skidpad::app
