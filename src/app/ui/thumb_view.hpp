// A track's thumbnail on screen (the title screen, the pause menu's and the Planner's track
// lists): its outline as a road on grass with the start marked, and a list row holding one.
#pragma once

#include <imgui.h>

#include <string>

#include "track_thumb.hpp"

namespace skidpad::app {

/// `t`'s outline in the square `at`..`at` + `box` (screen points) of `dl`: grass, the
/// road at its width (at least 2 points), its centre line and the start as a red dot.
/// A thumbnail that is not ok draws the grass alone.
void draw_thumb(ImDrawList* dl, ImVec2 at, float box, const TrackThumb& t);

/// A Selectable row `box` points high with `t`'s thumbnail (none: an empty square) and
/// `label` beside it; true when clicked.
/// Track `name`'s thumbnail (120 points at a 13-point font) with its name and length a
/// lap beside it (a file that cannot be read: its error, wrapped at `wrap_x`); nothing
/// when `thumbs` knows no file of that name.
void track_thumb_block(TrackThumbs& thumbs, const std::string& name, float wrap_x);

bool thumb_row(const char* label, const TrackThumb* t, bool selected, float box);

}  // namespace skidpad::app
