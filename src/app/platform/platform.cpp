// The SDL window, GL context and ImGui frame (see platform.hpp).
#include "platform.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <stb_image_write.h>

#include "fonts.hpp"
#include "icon_art.hpp"
#include "skidpad/scene/file_io.hpp"
#include "window_modes.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace skidpad::app {

namespace {
// The handful of GL entry points the app calls itself, fetched from the current
// context (SDL_GL_GetProcAddress) so they work with GLX and with EGL (offscreen).
using GLenum = unsigned int;
using GLbitfield = unsigned int;
using GLint = int;
using GLsizei = int;
using GLfloat = float;
constexpr GLenum kColorBufferBit = 0x00004000;
constexpr GLenum kRgba = 0x1908;
constexpr GLenum kUnsignedByte = 0x1401;
constexpr GLenum kPackAlignment = 0x0D05;
constexpr GLenum kBack = 0x0405;
constexpr GLenum kVersion = 0x1F02;
constexpr GLenum kRenderer = 0x1F01;

struct Gl {
    void (*ClearColor)(GLfloat, GLfloat, GLfloat, GLfloat) = nullptr;
    void (*Clear)(GLbitfield) = nullptr;
    void (*Viewport)(GLint, GLint, GLsizei, GLsizei) = nullptr;
    void (*ReadPixels)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void*) = nullptr;
    void (*PixelStorei)(GLenum, GLint) = nullptr;
    void (*ReadBuffer)(GLenum) = nullptr;
    const unsigned char* (*GetString)(GLenum) = nullptr;
    void (*Finish)() = nullptr;
};
Gl gl;  // function pointers of the one GL context (app layer only; never in core)

template <typename F>
bool load(F& fn, const char* name) {
    fn = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
    return fn != nullptr;
}
}  // namespace

namespace {
bool env_set(const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
}

const char* const kNoDisplay =
    "cannot open a display (no X11 or Wayland display reachable through DISPLAY or "
    "WAYLAND_DISPLAY); use --headless for runs without a display, or "
    "SDL_VIDEODRIVER=offscreen to ask for an invisible window";
}  // namespace

bool Platform::open(const WindowConfig& config, std::string& error) {
#if defined(__linux__)
    // Refused before SDL_Init: probing Wayland without a display prints its own line.
    if (!env_set("SDL_VIDEODRIVER") && !env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY")) {
        error = kNoDisplay;
        return false;
    }
#endif
    SDL_SetHint(SDL_HINT_VIDEO_HIGHDPI_DISABLED, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) != 0) {
        error = std::string("cannot open a display (SDL video init failed: ") + SDL_GetError() +
                "); use --headless for runs without a display";
        return false;
    }
    sdl_ = true;
    // Without DISPLAY/WAYLAND_DISPLAY SDL falls back to a driver that shows nothing: the
    // window would run invisibly. Only a driver named in SDL_VIDEODRIVER may be one of those.
    const char* driver = SDL_GetCurrentVideoDriver();
    const char* asked = std::getenv("SDL_VIDEODRIVER");
    const std::string name = driver ? driver : "";
    if ((name == "offscreen" || name == "dummy") &&
        (!asked || SDL_strcasestr(asked, name.c_str()) == nullptr)) {
        error = std::string(kNoDisplay) + " (SDL found only its '" + name + "' driver)";
        close();
        return false;
    }
    invisible_ = name == "offscreen" || name == "dummy";
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
    if (config.resizable) flags |= SDL_WINDOW_RESIZABLE;
    // A remembered place only while it is on a display (one may have gone since).
    const WindowPlace place{config.width, config.height, config.x, config.y, config.placed};
    const std::vector<DesktopRect> screens = display_rects();
    const bool placed = place_visible(place, screens);
    window_ = SDL_CreateWindow(config.title.c_str(), placed ? config.x : SDL_WINDOWPOS_CENTERED,
                               placed ? config.y : SDL_WINDOWPOS_CENTERED, config.width,
                               config.height, flags);
    if (!window_) {
        error = std::string("cannot create the window: ") + SDL_GetError();
        close();
        return false;
    }
    {
        // The game's icon, drawn in code (the desktop's own icon comes from the same art).
        constexpr int kIcon = 64;
        std::vector<std::uint8_t> px = icon_rgba(kIcon);
        if (SDL_Surface* icon = SDL_CreateRGBSurfaceWithFormatFrom(
                px.data(), kIcon, kIcon, 32, kIcon * 4, SDL_PIXELFORMAT_RGBA32)) {
            SDL_SetWindowIcon(window_, icon);
            SDL_FreeSurface(icon);
        }
    }
    gl_ = SDL_GL_CreateContext(window_);
    if (!gl_) {
        error = std::string("OpenGL 3.3 core is not available: ") + SDL_GetError();
        close();
        return false;
    }
    SDL_GL_MakeCurrent(window_, gl_);
    if (!(load(gl.ClearColor, "glClearColor") && load(gl.Clear, "glClear") &&
          load(gl.Viewport, "glViewport") && load(gl.ReadPixels, "glReadPixels") &&
          load(gl.PixelStorei, "glPixelStorei") && load(gl.ReadBuffer, "glReadBuffer") &&
          load(gl.GetString, "glGetString") && load(gl.Finish, "glFinish"))) {
        error = "OpenGL 3.3 core is not available (missing basic GL functions)";
        close();
        return false;
    }
    const unsigned char* v = gl.GetString(kVersion);
    const unsigned char* rn = gl.GetString(kRenderer);
    gl_renderer_ = rn ? reinterpret_cast<const char*>(rn) : "?";
    gl_version_ = std::string(v ? reinterpret_cast<const char*>(v) : "?") + " / " + gl_renderer_;
    // SDL reports the requested version, not the one made: read GL_VERSION itself.
    int major = 0, minor = 0;
    if (!v || std::sscanf(reinterpret_cast<const char*>(v), "%d.%d", &major, &minor) != 2 ||
        major < 3 || (major == 3 && minor < 3)) {
        error = "OpenGL 3.3 core is not available (the driver offers " +
                std::string(v ? reinterpret_cast<const char*>(v) : "no version") + ")";
        close();
        return false;
    }
    set_vsync(config.vsync);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (config.imgui_ini) {
        ini_path_ = config.imgui_ini;
        io.IniFilename = ini_path_.c_str();
    } else {
        io.IniFilename = nullptr;
    }
    if (const std::string msg = load_ui_font(io); !msg.empty())
        std::cerr << "skidpad: " << msg << "\n";
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 4.0f;
    // Collapsed title bars sit over the road: opaque enough that the road does not
    // show through their text.
    style.Colors[ImGuiCol_TitleBgCollapsed].w = 0.9f;
    if (!ImGui_ImplSDL2_InitForOpenGL(window_, gl_) ||
        !ImGui_ImplOpenGL3_Init("#version 330 core")) {
        error = "cannot initialise the ImGui OpenGL 3.3 renderer";
        imgui_ = true;
        close();
        return false;
    }
    imgui_ = true;
    return true;
}

void Platform::close() {
    if (imgui_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
        imgui_ = false;
    }
    if (gl_) {
        SDL_GL_DeleteContext(gl_);
        gl_ = nullptr;
    }
    if (window_) {
        SDL_DestroyWindow(window_);
        window_ = nullptr;
    }
    if (sdl_) {
        SDL_Quit();
        sdl_ = false;
    }
}

void Platform::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
}

void Platform::render(float r, float g, float b, const std::function<void()>& under_ui) {
    ImGui::Render();
    int w = 0, h = 0;
    drawable_size(w, h);
    gl.Viewport(0, 0, w, h);
    gl.ClearColor(r, g, b, 1.0f);
    gl.Clear(kColorBufferBit);
    if (under_ui) under_ui();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool Platform::read_pixels(Image& out) const {
    int w = 0, h = 0;
    drawable_size(w, h);
    if (w <= 0 || h <= 0) return false;
    out.width = w;
    out.height = h;
    out.rgba.assign(static_cast<std::size_t>(w) * h * 4, 0);
    gl.PixelStorei(kPackAlignment, 1);
    gl.ReadBuffer(kBack);
    gl.ReadPixels(0, 0, w, h, kRgba, kUnsignedByte, out.rgba.data());
    // GL's rows start at the bottom; images start at the top.
    const std::size_t row = static_cast<std::size_t>(w) * 4;
    std::vector<std::uint8_t> tmp(row);
    for (int y = 0; y < h / 2; ++y) {
        std::uint8_t* a = out.rgba.data() + y * row;
        std::uint8_t* b = out.rgba.data() + (h - 1 - y) * row;
        std::copy(a, a + row, tmp.data());
        std::copy(b, b + row, a);
        std::copy(tmp.data(), tmp.data() + row, b);
    }
    for (std::size_t i = 3; i < out.rgba.size(); i += 4)
        out.rgba[i] = 255;  // opaque
    return true;
}

void Platform::present() {
    SDL_GL_SwapWindow(window_);
    // The invisible drivers' swap shows nothing and waits for nothing, so the GL driver
    // would queue frame after frame (memory grew by megabytes a second while idle):
    // wait for each frame to be drawn, as a real swap does.
    if (invisible_) gl.Finish();
}

void Platform::set_vsync(bool on) {
    // Adaptive vsync first (tears instead of halving the rate when late), then plain.
    if (on) {
        if (SDL_GL_SetSwapInterval(-1) != 0) SDL_GL_SetSwapInterval(1);
    } else {
        SDL_GL_SetSwapInterval(0);
    }
    vsync_ = on;
}

void Platform::toggle_fullscreen() {
    const bool full = (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    if (!full) SDL_GetWindowSize(window_, &windowed_w_, &windowed_h_);
    SDL_SetWindowFullscreen(window_, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    // Without a window manager that restores it (bare X servers, some tiling WMs) SDL
    // keeps reporting the fullscreen size, and the overlay is laid out for a screen the
    // window no longer has: ask for the old size explicitly.
    if (full && windowed_w_ > 0 && windowed_h_ > 0) {
        SDL_SetWindowSize(window_, windowed_w_, windowed_h_);
    }
}

void Platform::drawable_size(int& w, int& h) const {
    w = h = 0;
    if (window_) SDL_GL_GetDrawableSize(window_, &w, &h);
}

bool write_png(const std::string& path, const Image& image, std::string& error) {
    if (image.width <= 0 || image.height <= 0) {
        error = "empty image";
        return false;
    }
    // Encoded in memory, then written like every other file (write_file_atomic).
    std::string png;
    const auto sink = [](void* ctx, void* data, int size) {
        static_cast<std::string*>(ctx)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(sink, &png, image.width, image.height, 4, image.rgba.data(),
                                image.width * 4)) {
        error = "cannot encode " + path + " as PNG";
        return false;
    }
    const FileResult r = write_file_atomic(path, png);
    if (!r.ok) error = r.error;
    return r.ok;
}

}  // namespace skidpad::app
