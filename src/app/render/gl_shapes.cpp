// The triangle batch drawn with OpenGL (see gl_shapes.hpp).
#include "gl_shapes.hpp"

#include <GL/glcorearb.h>
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "world_shader.hpp"

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
    PFNGLGENTEXTURESPROC GenTextures = nullptr;
    PFNGLDELETETEXTURESPROC DeleteTextures = nullptr;
    PFNGLBINDTEXTUREPROC BindTexture = nullptr;
    PFNGLTEXIMAGE2DPROC TexImage2D = nullptr;
    PFNGLTEXPARAMETERIPROC TexParameteri = nullptr;
    PFNGLGENERATEMIPMAPPROC GenerateMipmap = nullptr;
    PFNGLACTIVETEXTUREPROC ActiveTexture = nullptr;
    PFNGLUNIFORM1IPROC Uniform1i = nullptr;
    PFNGLUNIFORM4FVPROC Uniform4fv = nullptr;
    PFNGLPIXELSTOREIPROC PixelStorei = nullptr;
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
           load(gl.BlendFuncSeparate, "glBlendFuncSeparate") && load(gl.Viewport, "glViewport") &&
           load(gl.GenTextures, "glGenTextures") && load(gl.DeleteTextures, "glDeleteTextures") &&
           load(gl.BindTexture, "glBindTexture") && load(gl.TexImage2D, "glTexImage2D") &&
           load(gl.TexParameteri, "glTexParameteri") &&
           load(gl.GenerateMipmap, "glGenerateMipmap") &&
           load(gl.ActiveTexture, "glActiveTexture") && load(gl.Uniform1i, "glUniform1i") &&
           load(gl.Uniform4fv, "glUniform4fv") && load(gl.PixelStorei, "glPixelStorei");
}

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

namespace {
constexpr int kNoiseSize = 256;  // texels across the ground's noise texture

/// Links the vertex shader with a fragment shader; 0 (and `error`) on failure.
GLuint link(GLuint vs, const char* fragment, std::string& error) {
    const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment, error);
    if (!fs) return 0;
    const GLuint program = gl.CreateProgram();
    gl.AttachShader(program, vs);
    gl.AttachShader(program, fs);
    gl.LinkProgram(program);
    gl.DeleteShader(fs);  // flagged; freed with the program
    GLint ok = 0;
    gl.GetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[512] = {};
        gl.GetProgramInfoLog(program, sizeof log, nullptr, log);
        error = std::string("world shape shader does not link: ") + log;
        gl.DeleteProgram(program);
        return 0;
    }
    // The materials' figures and the noise texture's unit never change: set them once.
    gl.UseProgram(program);
    float figures[4][kMaterials * 4] = {};
    for (int m = 0; m < kMaterials; ++m) {
        const MaterialFigures& f = material_figures(m);
        for (int k = 0; k < 4; ++k) {
            figures[0][m * 4 + k] = f.fine[k];
            figures[1][m * 4 + k] = f.coarse[k];
            figures[2][m * 4 + k] = f.misc[k];
            figures[3][m * 4 + k] = f.kind[k];
        }
    }
    const char* names[4] = {"u_fine", "u_coarse", "u_misc", "u_kind"};
    for (int i = 0; i < 4; ++i) {
        const GLint at = gl.GetUniformLocation(program, names[i]);
        if (at >= 0) gl.Uniform4fv(at, kMaterials, figures[i]);
    }
    const GLint noise = gl.GetUniformLocation(program, "u_noise");
    if (noise >= 0) gl.Uniform1i(noise, 0);
    gl.UseProgram(0);
    return program;
}
}  // namespace

bool GlShapes::open(std::string& error) {
    close();
    if (!load_all()) {
        error = "OpenGL 3.3 core is not available (missing shader/buffer functions)";
        return false;
    }
    const GLuint vs = compile(GL_VERTEX_SHADER, world_vertex_shader(), error);
    if (!vs) return false;
    programs_[0].id = link(vs, world_flat_fragment_shader(), error);
    programs_[1].id = programs_[0].id ? link(vs, world_fragment_shader(false).c_str(), error) : 0;
    programs_[2].id = programs_[1].id ? link(vs, world_fragment_shader(true).c_str(), error) : 0;
    gl.DeleteShader(vs);
    if (!programs_[0].id || !programs_[1].id || !programs_[2].id) {
        close();
        return false;
    }
    for (Program& pr : programs_) {
        pr.xform = gl.GetUniformLocation(pr.id, "u_xform");
        pr.look = gl.GetUniformLocation(pr.id, "u_look");
        pr.ambient = gl.GetUniformLocation(pr.id, "u_ambient");
        pr.lod = gl.GetUniformLocation(pr.id, "u_lod");
    }

    const std::vector<std::uint8_t> noise = make_noise_texture(kNoiseSize);
    gl.GenTextures(1, &noise_);
    gl.BindTexture(GL_TEXTURE_2D, noise_);
    gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kNoiseSize, kNoiseSize, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                  noise.data());
    gl.GenerateMipmap(GL_TEXTURE_2D);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl.BindTexture(GL_TEXTURE_2D, 0);

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
    // The material byte as a float 0..255 (the vertex shader rounds it).
    gl.EnableVertexAttribArray(2);
    gl.VertexAttribPointer(2, 1, GL_UNSIGNED_BYTE, GL_FALSE, sizeof(ShapeVertex),
                           reinterpret_cast<const void*>(offsetof(ShapeVertex, material)));
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void GlShapes::close() {
    if (noise_) gl.DeleteTextures(1, &noise_);
    noise_ = 0;
    if (vbo_) gl.DeleteBuffers(1, &vbo_);
    if (vao_) gl.DeleteVertexArrays(1, &vao_);
    for (Program& pr : programs_) {
        if (pr.id) gl.DeleteProgram(pr.id);
        pr = Program{};
    }
    vbo_ = vao_ = 0;
}

void gl_viewport(int x, int y, int width, int height) {
    if (gl.Viewport) gl.Viewport(x, y, width, height);
}

void GlShapes::draw(const ShapeBatch& batch, const View& view, const Look& look, bool upload) {
    const Program& pr = programs_[std::clamp(look.detail, 0, 2)];
    if (!pr.id || batch.vertices.empty()) return;
    // World (m, y up) -> clip: the same mapping as View::to_screen, with clip y up.
    const double sx = 2.0 * view.zoom / view.size.x;
    const double sy = 2.0 * view.zoom / view.size.y;
    gl.Disable(GL_SCISSOR_TEST);
    gl.Disable(GL_DEPTH_TEST);
    gl.Disable(GL_CULL_FACE);
    gl.UseProgram(pr.id);
    gl.Uniform4f(pr.xform, static_cast<float>(sx), static_cast<float>(sy),
                 static_cast<float>(-view.centre.x * sx), static_cast<float>(-view.centre.y * sy));
    const double zoom = std::max(view.zoom, 1e-3);
    gl.Uniform4f(pr.look, look.wet, static_cast<float>(1.0 / zoom), static_cast<float>(look.detail),
                 look.shadow);
    gl.Uniform4f(pr.ambient, look.ambient[0], look.ambient[1], look.ambient[2], 1.0f);
    // The mip level each sample needs: log2 of texels per pixel (the fine sample's tile is
    // 7.3 m, the coarse one's 61 m, both kNoiseSize texels), the same over the whole view.
    const auto level = [zoom](double tile) {
        return static_cast<float>(std::max(0.0, std::log2(kNoiseSize / (tile * zoom))));
    };
    gl.Uniform4f(pr.lod, level(7.3), level(61.0), look.detail > 0 ? 1.0f : 0.0f,
                 look.detail > 1 ? 1.0f : 0.0f);
    gl.ActiveTexture(GL_TEXTURE0);
    gl.BindTexture(GL_TEXTURE_2D, noise_);
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
    gl.BindTexture(GL_TEXTURE_2D, 0);
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    gl.UseProgram(0);
}

}  // namespace skidpad::app
