// An off-screen player's marker (arrow and name) on a viewport's edge kept off the
// viewport's own HUD boxes: slid along the edge it sits on to the nearest clear place.
#pragma once

#include <vector>

#include "skidpad/math.hpp"
#include "viewports.hpp"

namespace skidpad::app {

/// Where a marker goes so that its footprint (`foot`: a rectangle relative to the
/// marker's point `at`) overlaps none of `boxes`: `at` as it is when it is clear, else the
/// nearest point along the edge of `rect` it sits on (the nearest of the four, inset by
/// `margin`) where it is. False, `at` unchanged, when no point of that edge is clear.
bool marker_clear_of(const ScreenRect& rect, float margin, const std::vector<ScreenRect>& boxes,
                     const ScreenRect& foot, dvec2& at);

}  // namespace skidpad::app
