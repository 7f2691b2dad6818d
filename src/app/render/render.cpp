// The world's shapes turned into the triangle batch (see render.hpp).
#include "render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace skidpad::app {

namespace {
constexpr int kLayers = 5;  // Shape::layer 0 ground .. 4 debug
constexpr Color kMetreLine = rgba(255, 255, 255, 28);
constexpr Color kTenMetreLine = rgba(255, 255, 255, 60);
constexpr Color kAxisLine = rgba(255, 255, 255, 80);
constexpr float kPi = 3.14159265358979f;

bool translucent(Color c) {
    return (c >> 24) != 255u;
}

/// True for a shape that stands on the ground, so it casts a drop shadow and darkens the
/// ground where it meets it: an opaque polygon or circle of layers 2 (bodies: crates,
/// barriers, walls) and 3 (cars), and of a car only its body (its 8-point outline, or the
/// fan of a dented one: triangles with no outline of their own), not the boxes and wheels
/// drawn over it; glows and lines never.
bool stands_on_ground(const Shape& s) {
    if (s.layer != 2 && s.layer != 3) return false;
    const bool solid = s.fill != 0 && !translucent(s.fill);
    if (!solid || (s.kind != ShapeKind::Polygon && s.kind != ShapeKind::Circle)) return false;
    return !(s.layer == 3 && s.kind == ShapeKind::Polygon && s.count < 8 &&
             !(s.count == 3 && s.stroke == 0));
}

vec2 unit_normal(vec2 a, vec2 b) {
    const vec2 d = b - a;
    const float len = std::sqrt(d.x * d.x + d.y * d.y);
    if (len < 1e-9f) return vec2(0.0f, 0.0f);
    return vec2(-d.y / len, d.x / len);
}

/// Offsets a convex polygon outward by d (inward if d < 0), in the polygon's own
/// units, with mitred corners; `out` gets n points.
void offset_convex(const vec2* p, int n, float d, vec2* out) {
    float area2 = 0.0f;
    for (int i = 0; i < n; ++i) {
        const vec2 a = p[i];
        const vec2 b = p[(i + 1) % n];
        area2 += a.x * b.y - b.x * a.y;
    }
    // unit_normal points left of a->b: outward for clockwise polygons.
    const float side = area2 >= 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < n; ++i) {
        const vec2 n1 = unit_normal(p[(i + n - 1) % n], p[i]) * side;
        const vec2 n2 = unit_normal(p[i], p[(i + 1) % n]) * side;
        // Miter: (n1 + n2) / (1 + n1.n2) keeps both edges exactly d away; limited at
        // sharp corners so that a spike cannot shoot across the screen.
        const float k = std::max(1.0f + n1.x * n2.x + n1.y * n2.y, 0.25f);
        out[i] = p[i] + (n1 + n2) * (d / k);
    }
}

/// A polyline of width 2 * half_w as quads between mitred offsets of its points.
void stroke_polyline(ShapeBatch& b, const vec2* p, int n, bool closed, float half_w, Color col,
                     std::vector<vec2>& left, std::vector<vec2>& right) {
    left.resize(n);
    right.resize(n);
    for (int i = 0; i < n; ++i) {
        const bool has_prev = closed || i > 0;
        const bool has_next = closed || i + 1 < n;
        const vec2 n_in = has_prev ? unit_normal(p[(i + n - 1) % n], p[i]) : vec2(0.0f, 0.0f);
        const vec2 n_out = has_next ? unit_normal(p[i], p[(i + 1) % n]) : vec2(0.0f, 0.0f);
        vec2 m = n_in + n_out;
        if (has_prev && has_next) {
            const float k = std::max(1.0f + n_in.x * n_out.x + n_in.y * n_out.y, 0.25f);
            m = m / k;
        }
        left[i] = p[i] + m * half_w;
        right[i] = p[i] - m * half_w;
    }
    const int segments = closed ? n : n - 1;
    for (int i = 0; i < segments; ++i) {
        const int j = (i + 1) % n;
        b.quad(left[i], left[j], right[j], right[i], col);
    }
}

void fill_convex(ShapeBatch& b, const vec2* p, int n, Color col) {
    for (int i = 1; i + 1 < n; ++i)
        b.triangle(p[0], p[i], p[i + 1], col);
}
}  // namespace

void ShapeBatch::triangle(vec2 a, vec2 b, vec2 c, Color color) {
    const bool blend = translucent(color);
    const auto at = static_cast<std::uint32_t>(vertices.size());
    if (runs.empty() || runs.back().blend != blend) runs.push_back({at, 0, blend});
    runs.back().count += 3;
    vertices.push_back({a.x, a.y, color, material, {}});
    vertices.push_back({b.x, b.y, color, material, {}});
    vertices.push_back({c.x, c.y, color, material, {}});
}

void ShapeBatch::triangle(vec2 a, vec2 b, vec2 c, Color ca, Color cb, Color cc) {
    const bool blend = translucent(ca) || translucent(cb) || translucent(cc);
    const auto at = static_cast<std::uint32_t>(vertices.size());
    if (runs.empty() || runs.back().blend != blend) runs.push_back({at, 0, blend});
    runs.back().count += 3;
    vertices.push_back({a.x, a.y, ca, material, {}});
    vertices.push_back({b.x, b.y, cb, material, {}});
    vertices.push_back({c.x, c.y, cc, material, {}});
}

int circle_segments(float radius_points) {
    if (!(radius_points > 0.0f)) return 4;
    const float err = std::min(0.3f, radius_points);
    const float n = std::ceil(kPi / std::acos(1.0f - err / radius_points));
    const int even = (static_cast<int>(std::min(n, 1024.0f)) + 1) / 2 * 2;
    return std::clamp(even, 4, 512);
}

RenderStats WorldRenderer::draw(const DrawList& shapes, const View& view) {
    RenderStats stats;
    const dvec2 half = view.half_extent();
    const float zoom = static_cast<float>(view.zoom);
    const float min_x = static_cast<float>(view.centre.x - half.x);
    const float max_x = static_cast<float>(view.centre.x + half.x);
    const float min_y = static_cast<float>(view.centre.y - half.y);
    const float max_y = static_cast<float>(view.centre.y + half.y);
    // Half a line width in metres; lines thinner than a point would flicker in and
    // out, so they stay one point wide.
    auto half_width = [zoom](float metres) { return 0.5f * std::max(metres * zoom, 1.0f) / zoom; };

    for (int layer = 0; layer < kLayers; ++layer) {
        if (layer == 2 && look_.contact) draw_contact(shapes, view);
        if (layer == 2 && look_.shadows) draw_shadows(shapes, view);
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
            const int n = static_cast<int>(s.count);
            switch (s.kind) {
                case ShapeKind::Polygon: {
                    const float hw = half_width(s.thickness);
                    if (s.fill && s.stroke && s.thickness > 0.0f && n >= 3) {
                        // Filled + outlined: the polygon grown by half the line width
                        // in the stroke colour, then shrunk by half in the fill colour
                        // on top (4 triangles for a quad).
                        const float extent = std::max(hi_x - lo_x, hi_y - lo_y);
                        outer_.resize(s.count);
                        offset_convex(pts, n, hw, outer_.data());
                        fill_convex(batch_, outer_.data(), n, s.stroke);
                        if (extent > 4.0f * hw) {
                            offset_convex(pts, n, -hw, outer_.data());
                            fill_convex(batch_, outer_.data(), n, s.fill);
                        }
                    } else if (s.fill && n >= 3) {
                        if (look_.materials) batch_.material = shape_material(layer, s.fill);
                        fill_convex(batch_, pts, n, s.fill);
                        batch_.material = Material::Plain;
                    } else if (s.stroke && s.thickness > 0.0f && n >= 2) {
                        stroke_polyline(batch_, pts, n, true, hw, s.stroke, outer_, inner_);
                    }
                    break;
                }
                case ShapeKind::Polyline:
                    if (s.stroke && n >= 2) {
                        stroke_polyline(batch_, pts, n, s.closed && n >= 3, half_width(s.thickness),
                                        s.stroke, outer_, inner_);
                    }
                    break;
                case ShapeKind::Segment:
                    if (s.stroke && n >= 2) {
                        const vec2 off = unit_normal(pts[0], pts[1]) * half_width(s.thickness);
                        batch_.quad(pts[0] + off, pts[1] + off, pts[1] - off, pts[0] - off,
                                    s.stroke);
                    }
                    break;
                case ShapeKind::Circle: {
                    const int segs = circle_segments(s.radius * zoom);
                    ring_.resize(segs);
                    for (int i = 0; i < segs; ++i) {
                        const float a = 2.0f * kPi * static_cast<float>(i) / segs;
                        ring_[i] = pts[0] + vec2(std::cos(a), std::sin(a)) * s.radius;
                    }
                    if (look_.materials) batch_.material = shape_material(layer, s.fill);
                    if (s.fill) fill_convex(batch_, ring_.data(), segs, s.fill);
                    batch_.material = Material::Plain;
                    if (s.stroke && s.thickness > 0.0f) {
                        stroke_polyline(batch_, ring_.data(), segs, true, half_width(s.thickness),
                                        s.stroke, outer_, inner_);
                    }
                    break;
                }
            }
        }
    }
    return stats;
}

void WorldRenderer::draw_shadows(const DrawList& shapes, const View& view) {
    // m, how high each layer stands: bodies (crates, barriers, walls) and cars.
    constexpr float kHeight[2] = {1.0f, 0.6f};
    constexpr float kPenumbra = 0.22f;  // m, how far the soft edge reaches
    const dvec2 half = view.half_extent();
    const float pad = 2.0f;  // m: the shadow reaches a little past its caster
    const float min_x = static_cast<float>(view.centre.x - half.x) - pad;
    const float max_x = static_cast<float>(view.centre.x + half.x) + pad;
    const float min_y = static_cast<float>(view.centre.y - half.y) - pad;
    const float max_y = static_cast<float>(view.centre.y + half.y) + pad;
    batch_.material = Material::Shadow;
    // Pass 0: the dark cores; pass 1: the penumbrae, wider and lighter, over them.
    for (int pass = 0; pass < 2; ++pass) {
        const Color col = pass == 0 ? rgba(0, 0, 0, 120) : rgba(0, 0, 0, 52);
        for (const Shape& s : shapes.shapes) {
            if (!stands_on_ground(s)) continue;
            if (s.count == 0 || s.first + s.count > shapes.points.size()) continue;
            const vec2* pts = shapes.points.data() + s.first;
            const vec2 p0 = pts[0];
            float lo_x = p0.x, hi_x = p0.x, lo_y = p0.y, hi_y = p0.y;
            for (std::uint32_t i = 1; i < s.count; ++i) {
                lo_x = std::min(lo_x, pts[i].x);
                hi_x = std::max(hi_x, pts[i].x);
                lo_y = std::min(lo_y, pts[i].y);
                hi_y = std::max(hi_y, pts[i].y);
            }
            if (hi_x + s.radius < min_x || lo_x - s.radius > max_x || hi_y + s.radius < min_y ||
                lo_y - s.radius > max_y)
                continue;
            const vec2 off = kSunShadow * kHeight[s.layer - 2] * (pass == 0 ? 1.0f : 0.75f);
            const float grow = pass == 0 ? 0.0f : kPenumbra;
            if (s.kind == ShapeKind::Circle) {
                const float r = s.radius + grow;
                const int segs =
                    std::max(8, circle_segments(r * static_cast<float>(view.zoom)) / 2);
                ring_.resize(static_cast<std::size_t>(segs));
                for (int i = 0; i < segs; ++i) {
                    const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(segs);
                    ring_[static_cast<std::size_t>(i)] =
                        p0 + off + vec2(std::cos(a), std::sin(a)) * r;
                }
                fill_convex(batch_, ring_.data(), segs, col);
                continue;
            }
            const int n = static_cast<int>(s.count);
            if (n < 3) continue;
            outer_.resize(s.count);
            if (grow > 0.0f) {
                offset_convex(pts, n, grow, outer_.data());
            } else {
                std::copy(pts, pts + n, outer_.begin());
            }
            for (vec2& q : outer_)
                q += off;
            fill_convex(batch_, outer_.data(), n, col);
        }
    }
    batch_.material = Material::Plain;
}

void WorldRenderer::draw_contact(const DrawList& shapes, const View& view) {
    constexpr float kContactReach = 0.35f;  // m beyond the outline where the darkening ends
    const Color in = rgba(0, 0, 0, 70), out = rgba(0, 0, 0, 0);
    const dvec2 half = view.half_extent();
    const float pad = 1.0f;
    const float min_x = static_cast<float>(view.centre.x - half.x) - pad;
    const float max_x = static_cast<float>(view.centre.x + half.x) + pad;
    const float min_y = static_cast<float>(view.centre.y - half.y) - pad;
    const float max_y = static_cast<float>(view.centre.y + half.y) + pad;
    batch_.material = Material::Plain;
    for (const Shape& s : shapes.shapes) {
        if (!stands_on_ground(s)) continue;  // as for the shadows
        if (s.count == 0 || s.first + s.count > shapes.points.size()) continue;
        const vec2* pts = shapes.points.data() + s.first;
        float lo_x = pts[0].x, hi_x = pts[0].x, lo_y = pts[0].y, hi_y = pts[0].y;
        for (std::uint32_t i = 1; i < s.count; ++i) {
            lo_x = std::min(lo_x, pts[i].x);
            hi_x = std::max(hi_x, pts[i].x);
            lo_y = std::min(lo_y, pts[i].y);
            hi_y = std::max(hi_y, pts[i].y);
        }
        if (hi_x + s.radius < min_x || lo_x - s.radius > max_x || hi_y + s.radius < min_y ||
            lo_y - s.radius > max_y)
            continue;
        int n = static_cast<int>(s.count);
        const vec2* base = pts;
        if (s.kind == ShapeKind::Circle) {
            n = std::max(8, circle_segments(s.radius * static_cast<float>(view.zoom)) / 2);
            ring_.resize(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i) {
                const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(n);
                ring_[static_cast<std::size_t>(i)] =
                    pts[0] + vec2(std::cos(a), std::sin(a)) * s.radius;
            }
            base = ring_.data();
        }
        if (n < 3) continue;
        outer_.resize(static_cast<std::size_t>(n));
        offset_convex(base, n, kContactReach, outer_.data());
        for (int i = 0; i < n; ++i) {
            const int j = (i + 1) % n;
            batch_.triangle(base[i], base[j], outer_[j], in, in, out);
            batch_.triangle(base[i], outer_[j], outer_[i], in, out, out);
        }
    }
}

void WorldRenderer::draw_landscape(const View& view) {
    // Fields of kFieldW x kFieldH m, each a meadow, a crop, ploughed earth or pasture by a
    // hash of its cell (the same field whatever the view), with a hedgerow along its
    // left and bottom edges.
    constexpr double kFieldW = 96.0, kFieldH = 72.0;
    constexpr float kHedge = 1.3f;  // m
    const dvec2 half = view.half_extent();
    const double x0 = std::floor((view.centre.x - half.x) / kFieldW);
    const double y0 = std::floor((view.centre.y - half.y) / kFieldH);
    const double x1 = view.centre.x + half.x, y1 = view.centre.y + half.y;
    const bool hedges = view.zoom * kHedge >= 1.0;
    for (double cx = x0; cx * kFieldW < x1; cx += 1.0) {
        for (double cy = y0; cy * kFieldH < y1; cy += 1.0) {
            const auto ix = static_cast<std::uint32_t>(static_cast<std::int64_t>(cx));
            const auto iy = static_cast<std::uint32_t>(static_cast<std::int64_t>(cy));
            std::uint32_t h = ix * 0x9E3779B1u ^ (iy + 0x7F4A7C15u) * 0x85EBCA77u;
            h ^= h >> 15;
            h *= 0x2C1B3C6Du;
            h ^= h >> 12;
            const std::uint32_t kind = h % 10u;
            const std::uint32_t shade = (h >> 8) % 12u;
            Color col = rgba(66 + shade, 114 + shade, 50);  // meadow
            batch_.material = Material::Field;
            if (kind >= 4 && kind < 6) {
                col = rgba(128 + shade, 120 + shade, 56);
                batch_.material = Material::Crop;
            } else if (kind >= 6 && kind < 8) {
                col = rgba(92 + shade, 69 + shade / 2, 48);
                batch_.material = Material::Earth;
            } else if (kind >= 8) {
                col = rgba(80 + shade, 124 + shade, 58);  // pasture
            }
            const auto ax = static_cast<float>(cx * kFieldW);
            const auto ay = static_cast<float>(cy * kFieldH);
            const auto bx = static_cast<float>((cx + 1.0) * kFieldW);
            const auto by = static_cast<float>((cy + 1.0) * kFieldH);
            batch_.quad(vec2(ax, ay), vec2(bx, ay), vec2(bx, by), vec2(ax, by), col);
            if (!hedges) continue;
            batch_.material = Material::Hedge;
            const Color hedge = rgba(40, 68, 28);
            batch_.quad(vec2(ax, ay), vec2(bx, ay), vec2(bx, ay + kHedge), vec2(ax, ay + kHedge),
                        hedge);
            batch_.quad(vec2(ax, ay), vec2(ax + kHedge, ay), vec2(ax + kHedge, by), vec2(ax, by),
                        hedge);
        }
    }
    batch_.material = Material::Plain;
}

void WorldRenderer::draw_ground(const View& view) {
    constexpr double kSlab = 4.0;    // m
    constexpr float kJoint = 0.06f;  // m
    if (view.zoom * kSlab < 6.0) return;
    const dvec2 half = view.half_extent();
    const double x0 = std::floor((view.centre.x - half.x) / kSlab) * kSlab;
    const double y0 = std::floor((view.centre.y - half.y) / kSlab) * kSlab;
    const double x1 = view.centre.x + half.x, y1 = view.centre.y + half.y;
    for (double x = x0; x < x1; x += kSlab) {
        for (double y = y0; y < y1; y += kSlab) {
            // A stable shade per slab from its integer coordinates.
            const auto ix = static_cast<std::uint32_t>(std::llround(x / kSlab));
            const auto iy = static_cast<std::uint32_t>(std::llround(y / kSlab));
            std::uint32_t h = ix * 0x9E3779B1u ^ (iy + 0x7F4A7C15u) * 0x85EBCA77u;
            h ^= h >> 15;
            h *= 0x2C1B3C6Du;
            h ^= h >> 12;
            const std::uint32_t v = 54 + (h & 7u);
            const float ax = static_cast<float>(x), ay = static_cast<float>(y);
            const float bx = static_cast<float>(x + kSlab) - kJoint;
            const float by = static_cast<float>(y + kSlab) - kJoint;
            batch_.quad(vec2(ax, ay), vec2(bx, ay), vec2(bx, by), vec2(ax, by), rgba(v, v + 2, v));
        }
    }
}

void WorldRenderer::draw_grid(const View& view) {
    const dvec2 half = view.half_extent();
    const double x0 = view.centre.x - half.x, x1 = view.centre.x + half.x;
    const double y0 = view.centre.y - half.y, y1 = view.centre.y + half.y;
    // Metre lines only when they are far enough apart to read; 10 m lines always
    // (unless those too would be a grey wash).
    const bool metres = view.zoom >= 6.0;
    const double step = metres ? 1.0 : 10.0;
    if (view.zoom * 10.0 < 4.0) return;
    // One point wide, covering [s, s + 1] points from the line's screen position s
    // (as ImGui's AddLine did): the same pixel row/column as before.
    const float w = static_cast<float>(1.0 / view.zoom);
    const float bottom = static_cast<float>(y0), top = static_cast<float>(y1);
    const float left = static_cast<float>(x0), right = static_cast<float>(x1);
    for (double x = std::floor(x0 / step) * step; x <= x1; x += step) {
        const long long m = std::llround(x);
        const Color col = m == 0 ? kAxisLine : (m % 10 == 0 ? kTenMetreLine : kMetreLine);
        const float wx = static_cast<float>(x);
        batch_.quad(vec2(wx, bottom), vec2(wx + w, bottom), vec2(wx + w, top), vec2(wx, top), col);
    }
    for (double y = std::floor(y0 / step) * step; y <= y1; y += step) {
        const long long m = std::llround(y);
        const Color col = m == 0 ? kAxisLine : (m % 10 == 0 ? kTenMetreLine : kMetreLine);
        const float wy = static_cast<float>(y);
        batch_.quad(vec2(left, wy - w), vec2(right, wy - w), vec2(right, wy), vec2(left, wy), col);
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
