// The triangle batch drawn with OpenGL (see gl_shapes.hpp).
#include "gl_shapes.hpp"

#include <GL/glcorearb.h>
#include <SDL.h>

#include <cstddef>

namespace skidpad::app {

namespace {
// The GL entry points this file calls, fetched from the current context
// (SDL_GL_GetProcAddress) so they work with GLX and with EGL (offscreen).
struct Gl {
    PFNGLCREATESHADERPROC CreateShader = nullptr;
    PFNGLSHADERSOURCEPROC ShaderSource = nullptr;
    PFNGLCOMPILESHADERPROC CompileShader = nullptr;
    PFNGLGETSHADERIVPROC GetShaderiv = nullptr;
    PFNGLGETSHADERINFOLOGPROC GetShaderInfoLog = nullptr;
    PFNGLDELETESHADERPROC DeleteShader = nullptr;
    PFNGLCREATEPROGRAMPROC CreateProgram = nullptr;
    PFNGLATTACHSHADERPROC AttachShader = nullptr;
    PFNGLBINDATTRIBLOCATIONPROC BindAttribLocation = nullptr;
    PFNGLLINKPROGRAMPROC LinkProgram = nullptr;
    PFNGLGETPROGRAMIVPROC GetProgramiv = nullptr;
    PFNGLGETPROGRAMINFOLOGPROC GetProgramInfoLog = nullptr;
    PFNGLDELETEPROGRAMPROC DeleteProgram = nullptr;
    PFNGLUSEPROGRAMPROC UseProgram = nullptr;
    PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation = nullptr;
    PFNGLUNIFORM4FPROC Uniform4f = nullptr;
    PFNGLGENVERTEXARRAYSPROC GenVertexArrays = nullptr;
    PFNGLDELETEVERTEXARRAYSPROC DeleteVertexArrays = nullptr;
    PFNGLBINDVERTEXARRAYPROC BindVertexArray = nullptr;
    PFNGLGENBUFFERSPROC GenBuffers = nullptr;
    PFNGLDELETEBUFFERSPROC DeleteBuffers = nullptr;
    PFNGLBINDBUFFERPROC BindBuffer = nullptr;
    PFNGLBUFFERDATAPROC BufferData = nullptr;
    PFNGLENABLEVERTEXATTRIBARRAYPROC EnableVertexAttribArray = nullptr;
    PFNGLVERTEXATTRIBPOINTERPROC VertexAttribPointer = nullptr;
    PFNGLDRAWARRAYSPROC DrawArrays = nullptr;
    PFNGLENABLEPROC Enable = nullptr;
    PFNGLDISABLEPROC Disable = nullptr;
    PFNGLBLENDEQUATIONPROC BlendEquation = nullptr;
    PFNGLBLENDFUNCSEPARATEPROC BlendFuncSeparate = nullptr;
    PFNGLVIEWPORTPROC Viewport = nullptr;
};
Gl gl;  // function pointers of the one GL context (app layer only; never in core)

template <typename F>
bool load(F& fn, const char* name) {
    fn = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
    return fn != nullptr;
}

bool load_all() {
    return load(gl.CreateShader, "glCreateShader") && load(gl.ShaderSource, "glShaderSource") &&
           load(gl.CompileShader, "glCompileShader") && load(gl.GetShaderiv, "glGetShaderiv") &&
           load(gl.GetShaderInfoLog, "glGetShaderInfoLog") &&
           load(gl.DeleteShader, "glDeleteShader") && load(gl.CreateProgram, "glCreateProgram") &&
           load(gl.AttachShader, "glAttachShader") &&
           load(gl.BindAttribLocation, "glBindAttribLocation") &&
           load(gl.LinkProgram, "glLinkProgram") && load(gl.GetProgramiv, "glGetProgramiv") &&
           load(gl.GetProgramInfoLog, "glGetProgramInfoLog") &&
           load(gl.DeleteProgram, "glDeleteProgram") && load(gl.UseProgram, "glUseProgram") &&
           load(gl.GetUniformLocation, "glGetUniformLocation") &&
           load(gl.Uniform4f, "glUniform4f") && load(gl.GenVertexArrays, "glGenVertexArrays") &&
           load(gl.DeleteVertexArrays, "glDeleteVertexArrays") &&
           load(gl.BindVertexArray, "glBindVertexArray") && load(gl.GenBuffers, "glGenBuffers") &&
           load(gl.DeleteBuffers, "glDeleteBuffers") && load(gl.BindBuffer, "glBindBuffer") &&
           load(gl.BufferData, "glBufferData") &&
           load(gl.EnableVertexAttribArray, "glEnableVertexAttribArray") &&
           load(gl.VertexAttribPointer, "glVertexAttribPointer") &&
           load(gl.DrawArrays, "glDrawArrays") && load(gl.Enable, "glEnable") &&
           load(gl.Disable, "glDisable") && load(gl.BlendEquation, "glBlendEquation") &&
           load(gl.BlendFuncSeparate, "glBlendFuncSeparate") && load(gl.Viewport, "glViewport");
}

// Position in metres; clip = position * scale + offset (u_xform = scale.xy, offset.xy).
constexpr const char* kVertexShader = R"(#version 330 core
uniform vec4 u_xform;
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_col;
out vec4 v_col;
void main() {
    v_col = a_col;
    gl_Position = vec4(a_pos * u_xform.xy + u_xform.zw, 0.0, 1.0);
}
)";
constexpr const char* kFragmentShader = R"(#version 330 core
in vec4 v_col;
out vec4 o_col;
void main() { o_col = v_col; }
)";

GLuint compile(GLenum type, const char* src, std::string& error) {
    const GLuint sh = gl.CreateShader(type);
    gl.ShaderSource(sh, 1, &src, nullptr);
    gl.CompileShader(sh);
    GLint ok = 0;
    gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[512] = {};
        gl.GetShaderInfoLog(sh, sizeof log, nullptr, log);
        error = std::string("world shape shader does not compile: ") + log;
        gl.DeleteShader(sh);
        return 0;
    }
    return sh;
}
}  // namespace

bool GlShapes::open(std::string& error) {
    close();
    if (!load_all()) {
        error = "OpenGL 3.3 core is not available (missing shader/buffer functions)";
        return false;
    }
    const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader, error);
    if (!vs) return false;
    const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader, error);
    if (!fs) {
        gl.DeleteShader(vs);
        return false;
    }
    program_ = gl.CreateProgram();
    gl.AttachShader(program_, vs);
    gl.AttachShader(program_, fs);
    gl.LinkProgram(program_);
    gl.DeleteShader(vs);  // flagged; freed with the program
    gl.DeleteShader(fs);
    GLint ok = 0;
    gl.GetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[512] = {};
        gl.GetProgramInfoLog(program_, sizeof log, nullptr, log);
        error = std::string("world shape shader does not link: ") + log;
        close();
        return false;
    }
    xform_loc_ = gl.GetUniformLocation(program_, "u_xform");

    gl.GenVertexArrays(1, &vao_);
    gl.GenBuffers(1, &vbo_);
    gl.BindVertexArray(vao_);
    gl.BindBuffer(GL_ARRAY_BUFFER, vbo_);
    gl.EnableVertexAttribArray(0);
    gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ShapeVertex),
                           reinterpret_cast<const void*>(offsetof(ShapeVertex, x)));
    // IM_COL32 packing is R in the low byte: bytes R, G, B, A in memory.
    gl.EnableVertexAttribArray(1);
    gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ShapeVertex),
                           reinterpret_cast<const void*>(offsetof(ShapeVertex, color)));
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void GlShapes::close() {
    if (vbo_) gl.DeleteBuffers(1, &vbo_);
    if (vao_) gl.DeleteVertexArrays(1, &vao_);
    if (program_) gl.DeleteProgram(program_);
    vbo_ = vao_ = program_ = 0;
    xform_loc_ = -1;
}

void gl_viewport(int x, int y, int width, int height) {
    if (gl.Viewport) gl.Viewport(x, y, width, height);
}

void GlShapes::draw(const ShapeBatch& batch, const View& view, bool upload) {
    if (!program_ || batch.vertices.empty()) return;
    // World (m, y up) -> clip: the same mapping as View::to_screen, with clip y up.
    const double sx = 2.0 * view.zoom / view.size.x;
    const double sy = 2.0 * view.zoom / view.size.y;
    gl.Disable(GL_SCISSOR_TEST);
    gl.Disable(GL_DEPTH_TEST);
    gl.Disable(GL_CULL_FACE);
    gl.UseProgram(program_);
    gl.Uniform4f(xform_loc_, static_cast<float>(sx), static_cast<float>(sy),
                 static_cast<float>(-view.centre.x * sx), static_cast<float>(-view.centre.y * sy));
    gl.BindVertexArray(vao_);
    gl.BindBuffer(GL_ARRAY_BUFFER, vbo_);
    // Re-specifying the whole store orphans it: the driver hands out fresh storage
    // instead of waiting for the previous frame's draw to finish with the old one.
    const auto bytes = static_cast<GLsizeiptr>(batch.vertices.size() * sizeof(ShapeVertex));
    if (upload) gl.BufferData(GL_ARRAY_BUFFER, bytes, batch.vertices.data(), GL_STREAM_DRAW);
    gl.BlendEquation(GL_FUNC_ADD);
    gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    bool blending = false;
    gl.Disable(GL_BLEND);
    for (const ShapeRun& run : batch.runs) {
        // Opaque runs skip blending: the software rasteriser then need not read
        // the framebuffer back for most of the pixels.
        if (run.blend != blending) {
            if (run.blend) {
                gl.Enable(GL_BLEND);
            } else {
                gl.Disable(GL_BLEND);
            }
            blending = run.blend;
        }
        gl.DrawArrays(GL_TRIANGLES, static_cast<GLint>(run.first), static_cast<GLsizei>(run.count));
    }
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    gl.UseProgram(0);
}

}  // namespace skidpad::app
