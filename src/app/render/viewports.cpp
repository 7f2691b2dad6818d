// The split screen's layout and shared views (see viewports.hpp).
#include "viewports.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::app {

SplitLayout split_layout(int players, float width, float height, bool stacked) {
    const int n = std::clamp(players, 1, 4);
    const float w = std::max(std::floor(width), 1.0f);
    const float h = std::max(std::floor(height), 1.0f);
    const float g = kViewportGap;
    // The left/top part takes the odd point, so the two halves differ by at most one.
    const float left_w = std::floor((w - g + 1.0f) * 0.5f);
    const float top_h = std::floor((h - g + 1.0f) * 0.5f);
    const ScreenRect left{0.0f, 0.0f, left_w, h};
    const ScreenRect right{left_w + g, 0.0f, w - left_w - g, h};
    SplitLayout out;
    if (n == 1) {
        out.views = {{0.0f, 0.0f, w, h}};
    } else if (n == 2 && stacked) {
        out.views = {{0.0f, 0.0f, w, top_h}, {0.0f, top_h + g, w, h - top_h - g}};
    } else if (n == 2) {
        out.views = {left, right};
    } else {
        const float bottom_y = top_h + g, bottom_h = h - top_h - g;
        const ScreenRect q[4] = {{0.0f, 0.0f, left_w, top_h},
                                 {right.x, 0.0f, right.w, top_h},
                                 {0.0f, bottom_y, left_w, bottom_h},
                                 {right.x, bottom_y, right.w, bottom_h}};
        out.views.assign(q, q + n);
        if (n == 3) {
            out.map = true;
            out.map_rect = q[3];
        }
    }
    return out;
}

View rect_view(const ScreenRect& rect, dvec2 centre, double zoom) {
    View v;
    v.centre = centre;
    v.zoom = std::max(zoom, 0.5);
    v.size = dvec2(std::max(rect.w, 1.0f), std::max(rect.h, 1.0f));
    return v;
}

View union_view(const std::vector<View>& views) {
    if (views.empty()) return View{};
    dvec2 lo(1e300), hi(-1e300);
    double zoom = 0.0;
    for (const View& v : views) {
        lo = glm::min(lo, v.centre - v.half_extent());
        hi = glm::max(hi, v.centre + v.half_extent());
        zoom = std::max(zoom, v.zoom);
    }
    View u;
    u.zoom = zoom;
    u.centre = (lo + hi) * 0.5;
    u.size = (hi - lo) * zoom;
    return u;
}

bool edge_marker(const ScreenRect& rect, const View& view, dvec2 target, float margin, dvec2& at,
                 dvec2& dir) {
    const dvec2 s = view.to_screen(target);  // in the viewport's own points
    const double hw = rect.w * 0.5 - margin, hh = rect.h * 0.5 - margin;
    const dvec2 d = s - dvec2(rect.w * 0.5, rect.h * 0.5);
    if (!(hw > 0.0 && hh > 0.0)) return false;
    if (std::fabs(d.x) <= hw + margin && std::fabs(d.y) <= hh + margin) return false;
    const double len = std::sqrt(d.x * d.x + d.y * d.y);
    if (!(len > 0.0)) return false;
    dir = d / len;
    // Scale the direction onto the inset rectangle's edge.
    const double k = std::min(std::fabs(d.x) > 0.0 ? hw / std::fabs(d.x) : 1e300,
                              std::fabs(d.y) > 0.0 ? hh / std::fabs(d.y) : 1e300);
    at = dvec2(rect.x + rect.w * 0.5, rect.y + rect.h * 0.5) + d * k;
    return true;
}

}  // namespace skidpad::app
