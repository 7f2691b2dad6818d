// Drawing leaves the core as data: a list of world-space shapes with colours.
// The app turns it into GL geometry; the core never calls SDL or GL.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "skidpad/math.hpp"

namespace skidpad {

/// RGBA colour packed as ImGui does (IM_COL32): A<<24 | B<<16 | G<<8 | R.
using Color = std::uint32_t;

constexpr Color rgba(std::uint32_t r, std::uint32_t g, std::uint32_t b, std::uint32_t a = 255) {
    return (a << 24) | (b << 16) | (g << 8) | r;
}

enum class ShapeKind : std::uint8_t { Polygon, Polyline, Circle, Segment };

/// One shape; its points live in DrawList::points[first, first + count).
struct Shape {
    ShapeKind kind = ShapeKind::Polygon;
    bool closed = true;       ///< Polyline: join last point to first
    std::uint8_t layer = 0;   ///< 0 ground, 1 marks, 2 bodies, 3 car, 4 debug
    Color fill = 0;           ///< Polygon/Circle fill (0 = none)
    Color stroke = 0;         ///< outline / line colour (0 = none)
    float thickness = 0.05f;  ///< m, world-space line width
    float radius = 0.0f;      ///< m, Circle only
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

/// Shapes in world coordinates (metres). Polygons must be convex.
class DrawList {
public:
    void clear() {
        points.clear();
        shapes.clear();
    }
    void polygon(std::span<const vec2> pts, Color fill, Color stroke = 0, float thickness = 0.05f,
                 std::uint8_t layer = 2);
    void polyline(std::span<const vec2> pts, Color stroke, float thickness, bool closed,
                  std::uint8_t layer = 2);
    void segment(vec2 a, vec2 b, Color stroke, float thickness, std::uint8_t layer = 4);
    void circle(vec2 centre, float radius, Color fill, Color stroke = 0, float thickness = 0.05f,
                std::uint8_t layer = 2);

    /// Appends a shape whose points are copied from pts (first/count are set here).
    void push(Shape shape, std::span<const vec2> pts);

    std::vector<vec2> points;
    std::vector<Shape> shapes;
};

}  // namespace skidpad
