// A drift battle over the split screen: each viewport's own points (and the combo under
// way) at its top, every seat's score side by side with the time left at the top centre
// of the screen, and once the clock has run out who won, over each viewport.
#pragma once

#include <string>
#include <vector>

#include "modes/drift_battle.hpp"
#include "viewports.hpp"

struct ImDrawList;

namespace skidpad::app {

struct Game;

/// Draws the battle of the running drift mode (nothing without one) into `dl`. With
/// `boxes` (one list per viewport), each box it draws is added to the viewports it covers
/// (the off-screen players' markers keep off them).
void drift_battle_draw(ImDrawList* dl, const Game& game,
                       std::vector<std::vector<ScreenRect>>* boxes = nullptr);
/// "1:05" of `seconds` left (whole seconds, rounded up).
std::string battle_clock_text(double seconds);

}  // namespace skidpad::app
