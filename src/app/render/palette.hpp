// The colours a player can swap for colour-blind-friendly ones: the cars' paints (in the
// world and on the HUD) and the HUD's good/bad signs. The standard set is the game's own;
// the colour-blind set is Okabe and Ito's eight colours (white in place of their black,
// which vanishes on asphalt), chosen to stay apart under protanopia, deuteranopia and
// tritanopia. Drawing only: the simulated state never sees them.
#pragma once

#include <imgui.h>

#include <array>

#include "display_prefs.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

inline constexpr std::size_t kPaints = 8;
/// Paint n of `p` (0 the player's car, then the others' in order: car_paint's numbering).
Color palette_paint(Palette p, std::uint32_t n);
/// Every paint of `p`.
std::array<Color, kPaints> palette_paints(Palette p);

/// The HUD's colour for good news (ahead of the best lap) and bad (behind, invalid, not
/// enough room to stop) in `p`, as an ImGui colour.
ImVec4 hud_good(Palette p);
ImVec4 hud_bad(Palette p);

/// The palette the frame draws with (the Display page sets it; standard at start).
Palette active_palette();
void set_active_palette(Palette p);
/// `c` as the active palette shows it: a standard car paint becomes the palette's paint
/// of the same number, any other colour is returned as it is.
Color shown_paint(Color c);
/// The active palette's good and bad HUD colours.
ImVec4 hud_good();
ImVec4 hud_bad();

/// Repaints the cars of a frame's shapes (layer 3: bodies in a car paint and their dark
/// outline) in palette `p`; nothing for the standard palette.
void repaint_cars(DrawList& shapes, Palette p);

/// How far apart two colours look to a viewer with normal vision (`deficiency` 0) or a
/// full protanope (1), deuteranope (2) or tritanope (3): the distance in CIELAB (ΔE*ab)
/// after the simulation of Machado, Oliveira and Fernandes (2009) in linear sRGB.
double seen_difference(Color a, Color b, int deficiency);

}  // namespace skidpad::app
