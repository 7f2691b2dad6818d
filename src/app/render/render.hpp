// Turns the core's DrawList (world-space shapes) into one batch of coloured
// triangles in world coordinates (metres): fan-triangulated convex polygons,
// polylines and segments as mitred quads, circles as n-gons with n from their size
// on screen; layer by layer, shapes outside the view culled. Also the ground grid
// (1 m and 10 m lines) and, drawn with ImGui on top, the scale bar. GlShapes
// (gl_shapes.hpp) draws the batch. No anti-aliasing: under software GL the
// triangle count is the frame time.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "camera.hpp"
#include "look.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

struct RenderStats {
    int drawn = 0;   ///< shapes emitted
    int culled = 0;  ///< shapes skipped as off-screen
};

/// One vertex: world position (m), IM_COL32 colour and the shader's material.
struct ShapeVertex {
    float x = 0.0f;  ///< m
    float y = 0.0f;  ///< m
    Color color = 0;
    Material material = Material::Plain;
    std::uint8_t pad[3] = {};
};

/// Consecutive vertices drawn with the same blend state.
struct ShapeRun {
    std::uint32_t first = 0;  ///< first vertex
    std::uint32_t count = 0;  ///< vertices (a multiple of 3)
    bool blend = false;       ///< some colour in the run has alpha < 255
};

/// Triangles in draw order (GL_TRIANGLES, three vertices each).
struct ShapeBatch {
    std::vector<ShapeVertex> vertices;
    std::vector<ShapeRun> runs;
    Material material = Material::Plain;  ///< what triangle() gives its vertices
    void clear() {
        vertices.clear();
        runs.clear();
        material = Material::Plain;
    }
    void triangle(vec2 a, vec2 b, vec2 c, Color color);
    /// A triangle whose colour is blended between its corners' colours.
    void triangle(vec2 a, vec2 b, vec2 c, Color ca, Color cb, Color cc);
    void quad(vec2 a, vec2 b, vec2 c, vec2 d, Color color) {
        triangle(a, b, c, color);
        triangle(a, c, d, color);
    }
};

/// What the renderer adds beyond the plain shapes (off: the flat look).
struct RenderLook {
    bool materials = false;  ///< ground shapes (layer 0) get their procedural material
    bool shadows = false;    ///< bodies and cars cast soft drop shadows
    bool contact = false;    ///< a soft darkening of the ground round bodies' and cars' feet
};

class WorldRenderer {
public:
    void set_look(const RenderLook& look) { look_ = look; }
    /// Starts a frame's batch (empties the previous one).
    void begin() { batch_.clear(); }
    /// Adds every shape of `shapes` that overlaps the view.
    RenderStats draw(const DrawList& shapes, const View& view);
    /// Metre lines (when at least 6 points apart) and stronger 10 m lines.
    void draw_grid(const View& view);
    /// The ground: 4 m concrete slabs, each a slightly different shade, with dark joints;
    /// nothing where a slab would be under 6 px (the clear colour shows).
    void draw_ground(const View& view);
    /// The land beyond a track: fields over the view (meadow, pasture, crops, ploughed
    /// earth, chosen by a hash of the field's cell) with hedgerows between them.
    void draw_landscape(const View& view);
    /// A "nice" length bar (1, 2, 5 x 10^n m, 80..200 points) in the bottom-left corner.
    void draw_scale_bar(ImDrawList& dl, const View& view) const;
    const ShapeBatch& batch() const { return batch_; }
    /// The batch to add more triangles to (effects drawn over the shapes).
    ShapeBatch& batch() { return batch_; }

private:
    /// The drop shadows of layers 2 and 3 (bodies, cars) that overlap the view: a dark core
    /// moved along the sun and a wider, lighter penumbra around it. Of a car only its body
    /// casts one (its cabin, lamps and wheels lie over it), so shadows do not pile up.
    void draw_shadows(const DrawList& shapes, const View& view);
    /// Where bodies and car bodies (those that cast shadows) meet the ground: a ring
    /// darkest at the outline and fading out kContactReach m beyond it, day or night.
    void draw_contact(const DrawList& shapes, const View& view);
    RenderLook look_;
    ShapeBatch batch_;
    std::vector<vec2> outer_;
    std::vector<vec2> inner_;
    std::vector<vec2> ring_;  ///< circle n-gon points
};

/// Sides of the n-gon drawn for a circle of `radius_points` on screen (ImGui's rule:
/// at most 0.3 points from the true circle; even, 4..512).
int circle_segments(float radius_points);

/// Picks the scale bar length in metres for a zoom (points/m).
double scale_bar_metres(double zoom);

}  // namespace skidpad::app
