// The split screen's layout: one viewport per human player (2 side by side or stacked,
// 3–4 in quadrants, the fourth quadrant with 3 players the whole-track map), and the
// view-independent part of drawing several views of one frame. Pure maths (no SDL/GL).
#pragma once

#include <vector>

#include "camera.hpp"

namespace skidpad::app {

/// A rectangle of the screen in points (ImGui's units), top-left origin.
struct ScreenRect {
    float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
    friend bool operator==(const ScreenRect&, const ScreenRect&) = default;
};

/// Points of screen between two viewports (drawn as a dark line).
inline constexpr float kViewportGap = 2.0f;

struct SplitLayout {
    std::vector<ScreenRect> views;  ///< one per player, seat order
    bool map = false;               ///< 3 players: the fourth quadrant shows the map
    ScreenRect map_rect;
};

/// The viewports of `players` (1..4; others are clamped) on a screen of `width` x
/// `height` points. 1: the whole screen. 2: side by side, or one over the other when
/// `stacked`. 3–4: quadrants in reading order (with 3 the bottom right is the map).
/// Viewports are `kViewportGap` apart, whole points, and together cover the screen.
SplitLayout split_layout(int players, float width, float height, bool stacked);

/// The View that fills `rect` around `centre` at `zoom` (points per metre).
View rect_view(const ScreenRect& rect, dvec2 centre, double zoom);

/// One View that holds every one of `views`: the union of what they see, at the
/// largest zoom among them (so shapes get the detail the closest view needs). The
/// world's triangles built once against it serve every viewport.
View union_view(const std::vector<View>& views);

/// Where, on the edge of `rect` inset by `margin`, an arrow to the world point `target`
/// goes (false: the point is on screen and needs none). `dir` is the unit screen
/// direction from the rect's centre to it.
bool edge_marker(const ScreenRect& rect, const View& view, dvec2 target, float margin, dvec2& at,
                 dvec2& dir);

}  // namespace skidpad::app
