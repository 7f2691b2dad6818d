// Draws the world's triangle batch (render.hpp WorldRenderer) with one GL 3.3 program
// (world_shader.hpp): vec2 world position + packed RGBA colour + material per vertex,
// the frame's Look as uniforms, a world -> clip
// scale/offset uniform from the camera, one dynamic VBO orphaned and refilled each
// frame. ImGui's backend saves and restores GL state around its own draw, so this
// runs between the clear and ImGui's UI, which lands on top.
#pragma once

#include <string>

#include "camera.hpp"
#include "render.hpp"

namespace skidpad::app {

/// glViewport of the current context (the split screen's viewports, in pixels).
void gl_viewport(int x, int y, int width, int height);

class GlShapes {
public:
    GlShapes() = default;
    ~GlShapes() { close(); }
    GlShapes(const GlShapes&) = delete;
    GlShapes& operator=(const GlShapes&) = delete;

    /// Compiles the program and creates the VAO/VBO in the current GL 3.3 context.
    /// On failure returns false with a one-line reason (the caller reports it).
    bool open(std::string& error);
    /// Frees the GL objects (the context must still be current).
    void close();
    /// Draws `batch` in order (runs with translucent colours blended, the rest not)
    /// for the camera `view`, into the current viewport.
    /// `look` gives the shader its light, wetness and detail level; `upload` false: the
    /// batch the last draw uploaded is drawn again (another viewport of the same frame).
    void draw(const ShapeBatch& batch, const View& view, const Look& look = {}, bool upload = true);

private:
    /// A program and its per-frame uniforms' locations.
    struct Program {
        unsigned id = 0;
        int xform = -1;
        int look = -1;
        int ambient = -1;
        int lod = -1;
    };
    Program programs_[3];  ///< by display.ground_detail: 0 flat, 1 coarse, 2 full
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
    unsigned noise_ = 0;  ///< the ground's noise texture (world_shader.hpp)
};

}  // namespace skidpad::app
