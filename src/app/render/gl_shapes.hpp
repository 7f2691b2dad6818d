// Draws the world's triangle batch (render.hpp WorldRenderer) with one small GL 3.3
// program: vec2 world position + packed RGBA colour per vertex, a world -> clip
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
    /// `upload` false: the batch the last draw uploaded is drawn again (another viewport
    /// of the same frame).
    void draw(const ShapeBatch& batch, const View& view, bool upload = true);

private:
    unsigned program_ = 0;
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
    int xform_loc_ = -1;
};

}  // namespace skidpad::app
