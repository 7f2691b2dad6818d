// The DrawList: world-space shapes with colours, filled by the core and drawn by the app.
#include "skidpad/draw.hpp"

namespace skidpad {

namespace {
Shape make_shape(ShapeKind kind, Color fill, Color stroke, float thickness, std::uint8_t layer) {
    Shape s;
    s.kind = kind;
    s.fill = fill;
    s.stroke = stroke;
    s.thickness = thickness;
    s.layer = layer;
    return s;
}
}  // namespace

void DrawList::push(Shape shape, std::span<const vec2> pts) {
    shape.first = static_cast<std::uint32_t>(points.size());
    shape.count = static_cast<std::uint32_t>(pts.size());
    points.insert(points.end(), pts.begin(), pts.end());
    shapes.push_back(shape);
}

void DrawList::polygon(std::span<const vec2> pts, Color fill, Color stroke, float thickness,
                       std::uint8_t layer) {
    push(make_shape(ShapeKind::Polygon, fill, stroke, thickness, layer), pts);
}

void DrawList::polyline(std::span<const vec2> pts, Color stroke, float thickness, bool closed,
                        std::uint8_t layer) {
    Shape s = make_shape(ShapeKind::Polyline, 0, stroke, thickness, layer);
    s.closed = closed;
    push(s, pts);
}

void DrawList::segment(vec2 a, vec2 b, Color stroke, float thickness, std::uint8_t layer) {
    const vec2 pts[2] = {a, b};
    Shape s = make_shape(ShapeKind::Segment, 0, stroke, thickness, layer);
    s.closed = false;
    push(s, pts);
}

void DrawList::circle(vec2 centre, float radius, Color fill, Color stroke, float thickness,
                      std::uint8_t layer) {
    Shape s = make_shape(ShapeKind::Circle, fill, stroke, thickness, layer);
    s.radius = radius;
    push(s, std::span<const vec2>(&centre, 1));
}

}  // namespace skidpad
