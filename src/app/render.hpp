// Turns the core's DrawList (world-space shapes) into ImGui background draw-list
// geometry: anti-aliased convex polygons, polylines, segments and circles, drawn
// layer by layer, with shapes outside the view culled. Also the ground grid
// (1 m and 10 m lines) and the scale bar.
#pragma once

#include <imgui.h>

#include <vector>

#include "camera.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

struct RenderStats {
    int drawn = 0;   ///< shapes emitted
    int culled = 0;  ///< shapes skipped as off-screen
};

class WorldRenderer {
public:
    /// Draws every shape of `shapes` that overlaps the view.
    RenderStats draw(ImDrawList& dl, const DrawList& shapes, const View& view);
    /// Metre lines (when at least 6 points apart) and stronger 10 m lines.
    void draw_grid(ImDrawList& dl, const View& view) const;
    /// A "nice" length bar (1, 2, 5 x 10^n m, 80..200 points) in the bottom-left corner.
    void draw_scale_bar(ImDrawList& dl, const View& view) const;

private:
    std::vector<ImVec2> scratch_;
    std::vector<ImVec2> outer_;
};

/// Picks the scale bar length in metres for a zoom (points/m).
double scale_bar_metres(double zoom);

}  // namespace skidpad::app
