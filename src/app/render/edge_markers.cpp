// Off-screen players' markers kept off a viewport's HUD boxes (see edge_markers.hpp).
#include "edge_markers.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::app {

namespace {
/// The footprint at `p` overlaps box `b` (touching edges do not).
bool overlaps(const ScreenRect& foot, dvec2 p, const ScreenRect& b) {
    const double x0 = p.x + foot.x, y0 = p.y + foot.y;
    return x0 < b.x + b.w && x0 + foot.w > b.x && y0 < b.y + b.h && y0 + foot.h > b.y;
}

bool clear(const ScreenRect& foot, dvec2 p, const std::vector<ScreenRect>& boxes) {
    return std::none_of(boxes.begin(), boxes.end(),
                        [&](const ScreenRect& b) { return overlaps(foot, p, b); });
}
}  // namespace

bool marker_clear_of(const ScreenRect& rect, float margin, const std::vector<ScreenRect>& boxes,
                     const ScreenRect& foot, dvec2& at) {
    if (clear(foot, at, boxes)) return true;
    const double left = rect.x + margin, right = rect.x + rect.w - margin;
    const double top = rect.y + margin, bottom = rect.y + rect.h - margin;
    // The edge it sits on: the nearest; a marker on the left or right edge slides up and
    // down, one on the top or bottom edge sideways.
    const double to_side = std::min(std::fabs(at.x - left), std::fabs(right - at.x));
    const double to_end = std::min(std::fabs(at.y - top), std::fabs(bottom - at.y));
    const int axis = to_side <= to_end ? 1 : 0;
    const double lo = axis == 1 ? top : left, hi = axis == 1 ? bottom : right;
    const double f0 = axis == 1 ? foot.y : foot.x, fl = axis == 1 ? foot.h : foot.w;
    // Candidates: just past either side of every box, the nearest clear one wins.
    bool found = false;
    dvec2 best = at;
    for (const ScreenRect& b : boxes) {
        const double b0 = axis == 1 ? b.y : b.x, bl = axis == 1 ? b.h : b.w;
        for (const double c : {b0 - f0 - fl, b0 + bl - f0}) {
            if (c < lo || c > hi) continue;
            dvec2 p = at;
            (axis == 1 ? p.y : p.x) = c;
            if (!clear(foot, p, boxes)) continue;
            if (!found || glm::length(p - at) < glm::length(best - at)) best = p;
            found = true;
        }
    }
    if (found) at = best;
    return found;
}

}  // namespace skidpad::app
