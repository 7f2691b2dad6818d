#include "render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace skidpad::app {

namespace {
constexpr int kLayers = 5;           // Shape::layer 0 ground .. 4 debug
constexpr float kNoAaBelow = 12.0f;  // points: smaller polygons are drawn without AA
constexpr ImU32 kMetreLine = IM_COL32(255, 255, 255, 28);
constexpr ImU32 kTenMetreLine = IM_COL32(255, 255, 255, 60);
constexpr ImU32 kAxisLine = IM_COL32(255, 255, 255, 80);

ImVec2 to_im(dvec2 v) {
    return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

/// Offsets a convex polygon (screen space) outward by d points (inward if d < 0)
/// with mitred corners; `out` gets n points.
void offset_convex(const ImVec2* p, int n, float d, ImVec2* out) {
    float area2 = 0.0f;
    for (int i = 0; i < n; ++i) {
        const ImVec2& a = p[i];
        const ImVec2& b = p[(i + 1) % n];
        area2 += a.x * b.y - b.x * a.y;
    }
    const float side = area2 >= 0.0f ? 1.0f : -1.0f;
    auto normal = [&](const ImVec2& a, const ImVec2& b) {
        const float dx = b.x - a.x, dy = b.y - a.y;
        const float len = std::sqrt(dx * dx + dy * dy);
        if (len < 1e-6f) return ImVec2(0.0f, 0.0f);
        return ImVec2(side * dy / len, -side * dx / len);
    };
    for (int i = 0; i < n; ++i) {
        const ImVec2 n1 = normal(p[(i + n - 1) % n], p[i]);
        const ImVec2 n2 = normal(p[i], p[(i + 1) % n]);
        // Miter: (n1 + n2) / (1 + n1.n2) keeps both edges exactly d away; limited at
        // sharp corners so that a spike cannot shoot across the screen.
        const float k = std::max(1.0f + n1.x * n2.x + n1.y * n2.y, 0.25f);
        out[i] = ImVec2(p[i].x + (n1.x + n2.x) * d / k, p[i].y + (n1.y + n2.y) * d / k);
    }
}
}  // namespace

RenderStats WorldRenderer::draw(ImDrawList& dl, const DrawList& shapes, const View& view) {
    RenderStats stats;
    const dvec2 half = view.half_extent();
    const float zoom = static_cast<float>(view.zoom);
    const float min_x = static_cast<float>(view.centre.x - half.x);
    const float max_x = static_cast<float>(view.centre.x + half.x);
    const float min_y = static_cast<float>(view.centre.y - half.y);
    const float max_y = static_cast<float>(view.centre.y + half.y);
    // Lines thinner than a point would flicker in and out; keep them visible.
    auto px = [zoom](float metres) { return std::max(metres * zoom, 1.0f); };

    for (int layer = 0; layer < kLayers; ++layer) {
        for (const Shape& s : shapes.shapes) {
            if (s.layer != layer && !(layer == kLayers - 1 && s.layer >= kLayers)) continue;
            if (s.count == 0 || s.first + s.count > shapes.points.size()) continue;
            const vec2* pts = shapes.points.data() + s.first;
            // Cull on the world-space bounding box (+ radius and line width).
            float lo_x = pts[0].x, hi_x = pts[0].x, lo_y = pts[0].y, hi_y = pts[0].y;
            for (std::uint32_t i = 1; i < s.count; ++i) {
                lo_x = std::min(lo_x, pts[i].x);
                hi_x = std::max(hi_x, pts[i].x);
                lo_y = std::min(lo_y, pts[i].y);
                hi_y = std::max(hi_y, pts[i].y);
            }
            const float pad = s.radius + s.thickness;
            if (hi_x + pad < min_x || lo_x - pad > max_x || hi_y + pad < min_y ||
                lo_y - pad > max_y) {
                stats.culled += 1;
                continue;
            }
            stats.drawn += 1;
            scratch_.resize(s.count);
            for (std::uint32_t i = 0; i < s.count; ++i) {
                scratch_[i] = to_im(view.to_screen(dvec2(pts[i])));
            }
            const int n = static_cast<int>(s.count);
            switch (s.kind) {
                case ShapeKind::Polygon: {
                    // Shapes a few points across look the same without anti-aliasing
                    // and cost a fifth of the triangles (the software rasteriser's
                    // bottleneck with thousands of crates).
                    const float extent = std::max(hi_x - lo_x, hi_y - lo_y) * zoom;
                    const ImDrawListFlags saved = dl.Flags;
                    if (extent < kNoAaBelow) dl.Flags &= ~ImDrawListFlags_AntiAliasedFill;
                    if (s.fill && s.stroke && s.thickness > 0.0f && n >= 3) {
                        // Filled + outlined: the outline is the polygon grown by half
                        // the line width in the stroke colour, the fill the polygon
                        // shrunk by half on top: two fills instead of fill + thick
                        // polyline (20 instead of 34 triangles for an AA quad).
                        const float half_w = 0.5f * px(s.thickness);
                        outer_.resize(s.count);
                        offset_convex(scratch_.data(), n, half_w, outer_.data());
                        dl.AddConvexPolyFilled(outer_.data(), n, s.stroke);
                        if (extent > 4.0f * half_w) {
                            offset_convex(scratch_.data(), n, -half_w, outer_.data());
                            dl.AddConvexPolyFilled(outer_.data(), n, s.fill);
                        }
                    } else if (s.fill && n >= 3) {
                        dl.AddConvexPolyFilled(scratch_.data(), n, s.fill);
                    } else if (s.stroke && s.thickness > 0.0f && n >= 2) {
                        dl.AddPolyline(scratch_.data(), n, s.stroke, ImDrawFlags_Closed,
                                       px(s.thickness));
                    }
                    dl.Flags = saved;
                    break;
                }
                case ShapeKind::Polyline:
                    if (s.stroke && n >= 2) {
                        dl.AddPolyline(scratch_.data(), n, s.stroke,
                                       s.closed ? ImDrawFlags_Closed : ImDrawFlags_None,
                                       px(s.thickness));
                    }
                    break;
                case ShapeKind::Segment:
                    if (s.stroke && n >= 2) {
                        dl.AddLine(scratch_[0], scratch_[1], s.stroke, px(s.thickness));
                    }
                    break;
                case ShapeKind::Circle: {
                    const float r = s.radius * zoom;
                    if (s.fill) dl.AddCircleFilled(scratch_[0], r, s.fill);
                    if (s.stroke && s.thickness > 0.0f) {
                        dl.AddCircle(scratch_[0], r, s.stroke, 0, px(s.thickness));
                    }
                    break;
                }
            }
        }
    }
    return stats;
}

void WorldRenderer::draw_grid(ImDrawList& dl, const View& view) const {
    const dvec2 half = view.half_extent();
    const double x0 = view.centre.x - half.x, x1 = view.centre.x + half.x;
    const double y0 = view.centre.y - half.y, y1 = view.centre.y + half.y;
    // Metre lines only when they are far enough apart to read; 10 m lines always
    // (unless those too would be a grey wash).
    const bool metres = view.zoom >= 6.0;
    const double step = metres ? 1.0 : 10.0;
    if (view.zoom * 10.0 < 4.0) return;
    const float top = 0.0f, bottom = static_cast<float>(view.size.y);
    const float left = 0.0f, right = static_cast<float>(view.size.x);
    for (double x = std::floor(x0 / step) * step; x <= x1; x += step) {
        const long long m = std::llround(x);
        const ImU32 col = m == 0 ? kAxisLine : (m % 10 == 0 ? kTenMetreLine : kMetreLine);
        const float sx = static_cast<float>(view.to_screen({x, 0.0}).x);
        dl.AddLine(ImVec2(sx, top), ImVec2(sx, bottom), col, 1.0f);
    }
    for (double y = std::floor(y0 / step) * step; y <= y1; y += step) {
        const long long m = std::llround(y);
        const ImU32 col = m == 0 ? kAxisLine : (m % 10 == 0 ? kTenMetreLine : kMetreLine);
        const float sy = static_cast<float>(view.to_screen({0.0, y}).y);
        dl.AddLine(ImVec2(left, sy), ImVec2(right, sy), col, 1.0f);
    }
}

double scale_bar_metres(double zoom) {
    const double target_points = 120.0;
    const double raw = target_points / std::max(zoom, 1e-6);
    const double p10 = std::pow(10.0, std::floor(std::log10(raw)));
    double best = p10;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (std::fabs(m * p10 - raw) < std::fabs(best - raw)) best = m * p10;
    }
    return best;
}

void WorldRenderer::draw_scale_bar(ImDrawList& dl, const View& view) const {
    const double metres = scale_bar_metres(view.zoom);
    const float len = static_cast<float>(metres * view.zoom);
    const float x = 16.0f;
    const float y = static_cast<float>(view.size.y) - 20.0f;
    const ImU32 col = IM_COL32(235, 235, 235, 230);
    dl.AddRectFilled(ImVec2(x - 6.0f, y - 22.0f), ImVec2(x + len + 6.0f, y + 8.0f),
                     IM_COL32(0, 0, 0, 110), 3.0f);
    dl.AddLine(ImVec2(x, y), ImVec2(x + len, y), col, 2.0f);
    dl.AddLine(ImVec2(x, y - 5.0f), ImVec2(x, y + 3.0f), col, 2.0f);
    dl.AddLine(ImVec2(x + len, y - 5.0f), ImVec2(x + len, y + 3.0f), col, 2.0f);
    char label[32];
    std::snprintf(label, sizeof label, metres >= 1.0 ? "%.0f m" : "%.1f m", metres);
    dl.AddText(ImVec2(x, y - 20.0f), col, label);
}

}  // namespace skidpad::app
