// The platform edge: SDL2 window, OpenGL 3.3 core context, Dear ImGui backends,
// and the few GL calls the app makes itself (clear, viewport, read-back).
// Every failure is reported as one line in `error`, never a crash.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace skidpad::app {

struct WindowConfig {
    int width = 1280;  ///< points (logical pixels)
    int height = 720;  ///< points
    int x = 0;         ///< points, with `placed` (else centred)
    int y = 0;
    bool placed = false;  ///< put the window at x, y when that is on a display
    bool vsync = true;
    bool resizable = true;
    std::string title = "Skidpad";
    const char* imgui_ini = nullptr;  ///< ImGui layout file; nullptr: none
};

/// RGBA8 pixels, top row first.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
};

class Platform {
public:
    Platform() = default;
    ~Platform() { close(); }
    Platform(const Platform&) = delete;
    Platform& operator=(const Platform&) = delete;

    /// Initialises SDL video + game controllers, creates the window and the GL 3.3
    /// core context and ImGui. On failure returns false with a one-line reason.
    bool open(const WindowConfig& config, std::string& error);
    void close();

    /// Starts an ImGui frame (call after the frame's events were processed).
    void begin_frame();
    /// Clears with the ground colour, calls `under_ui` (the world's own GL drawing),
    /// then renders ImGui's draw data on top. Does not present.
    void render(float r, float g, float b, const std::function<void()>& under_ui = {});
    /// Reads the back buffer (what render() drew) as an image, top row first.
    bool read_pixels(Image& out) const;
    void present();

    void set_vsync(bool on);
    bool vsync() const { return vsync_; }
    /// Desktop fullscreen and back to the window's size before it.
    void toggle_fullscreen();
    /// Drawable size in pixels (HiDPI: larger than the window size in points).
    void drawable_size(int& w, int& h) const;
    SDL_Window* window() const { return window_; }
    std::string gl_version() const { return gl_version_; }
    /// GL_RENDERER: which driver draws ("llvmpipe (LLVM 15.0.6, 256 bits)", a GPU's name).
    std::string gl_renderer() const { return gl_renderer_; }

private:
    SDL_Window* window_ = nullptr;
    SDL_GLContext gl_ = nullptr;
    bool sdl_ = false;
    bool imgui_ = false;
    bool vsync_ = true;
    bool invisible_ = false;  ///< SDL's offscreen or dummy driver: nothing is shown
    int windowed_w_ = 0;      ///< points, window size before fullscreen
    int windowed_h_ = 0;
    std::string gl_version_;
    std::string gl_renderer_;
    std::string ini_path_;
};

/// Writes an image as PNG atomically (write_file_atomic: unique temp name, fsync, rename).
bool write_png(const std::string& path, const Image& image, std::string& error);

}  // namespace skidpad::app
