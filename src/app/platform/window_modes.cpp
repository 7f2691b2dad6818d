// Window modes, places, DPI and the UI's scale through SDL and ImGui (see window_modes.hpp).
#include "window_modes.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cmath>
#include <vector>

namespace skidpad::app {

WindowMode window_mode_of(SDL_Window* window) {
    const Uint32 f = window ? SDL_GetWindowFlags(window) : 0;
    if ((f & SDL_WINDOW_FULLSCREEN_DESKTOP) == SDL_WINDOW_FULLSCREEN_DESKTOP)
        return WindowMode::Borderless;
    if ((f & SDL_WINDOW_FULLSCREEN) != 0) return WindowMode::Exclusive;
    return WindowMode::Windowed;
}

std::string set_window_mode(SDL_Window* window, WindowMode mode, const WindowPlace& windowed) {
    if (!window) return "no window";
    int rc = 0;
    switch (mode) {
        case WindowMode::Windowed:
            rc = SDL_SetWindowFullscreen(window, 0);
            // Without a window manager that restores it, SDL keeps the full-screen size.
            if (rc == 0 && windowed.width > 0 && windowed.height > 0)
                SDL_SetWindowSize(window, windowed.width, windowed.height);
            if (rc == 0 && windowed.placed) SDL_SetWindowPosition(window, windowed.x, windowed.y);
            break;
        case WindowMode::Borderless:
            rc = SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP);
            break;
        case WindowMode::Exclusive: {
            // The desktop's own resolution and rate: no mode list to get wrong.
            SDL_DisplayMode desktop;
            const int display = SDL_GetWindowDisplayIndex(window);
            if (display >= 0 && SDL_GetDesktopDisplayMode(display, &desktop) == 0)
                SDL_SetWindowDisplayMode(window, &desktop);
            rc = SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN);
            break;
        }
    }
    return rc == 0 ? std::string() : std::string(SDL_GetError());
}

bool read_window_place(SDL_Window* window, WindowPlace& out) {
    if (!window) return false;
    const Uint32 f = SDL_GetWindowFlags(window);
    if ((f & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_MAXIMIZED | SDL_WINDOW_MINIMIZED)) != 0)
        return false;
    WindowPlace p;
    SDL_GetWindowSize(window, &p.width, &p.height);
    SDL_GetWindowPosition(window, &p.x, &p.y);
    p.placed = true;
    if (p.width < kMinWindowSide || p.height < kMinWindowSide) return false;
    out = p;
    return true;
}

std::vector<DesktopRect> display_rects() {
    std::vector<DesktopRect> out;
    const int n = SDL_GetNumVideoDisplays();
    for (int i = 0; i < n; ++i) {
        SDL_Rect r;
        if (SDL_GetDisplayBounds(i, &r) == 0) out.push_back({r.x, r.y, r.w, r.h});
    }
    return out;
}

double display_ui_scale(SDL_Window* window) {
    const int display = window ? SDL_GetWindowDisplayIndex(window) : 0;
    float ddpi = 0.0f;
    if (SDL_GetDisplayDPI(display < 0 ? 0 : display, &ddpi, nullptr, nullptr) != 0) return 1.0;
    return ui_scale_from_dpi(ddpi);
}

namespace {

/// The fonts and style as first built (scale 1), to rebuild from at any scale.
struct UiBase {
    bool taken = false;
    ImGuiStyle style;
    std::vector<ImFontConfig> fonts;
    std::vector<std::vector<unsigned char>> data;  ///< each font's file, copied
    float scale = 1.0f;
};
UiBase g_base;  // one per ImGui context, as ImGui's own state is

void take_base() {
    ImGuiIO& io = ImGui::GetIO();
    g_base.taken = true;
    g_base.style = ImGui::GetStyle();
    g_base.fonts.clear();
    g_base.data.clear();
    for (const ImFontConfig& c : io.Fonts->ConfigData) {
        g_base.fonts.push_back(c);
        const auto* bytes = static_cast<const unsigned char*>(c.FontData);
        g_base.data.emplace_back(bytes, bytes + c.FontDataSize);
    }
}

}  // namespace

void set_ui_scale(float scale) {
    if (!(scale > 0.0f) || std::fabs(scale - g_base.scale) < 1e-4f) return;
    ImGuiIO& io = ImGui::GetIO();
    if (!g_base.taken) take_base();
    if (!g_base.fonts.empty()) {
        io.Fonts->Clear();
        for (std::size_t i = 0; i < g_base.fonts.size(); ++i) {
            ImFontConfig c = g_base.fonts[i];
            // The atlas frees what it owns: hand it its own copy.
            void* copy = IM_ALLOC(g_base.data[i].size());
            std::copy(g_base.data[i].begin(), g_base.data[i].end(),
                      static_cast<unsigned char*>(copy));
            c.FontData = copy;
            c.FontDataSize = static_cast<int>(g_base.data[i].size());
            c.FontDataOwnedByAtlas = true;
            c.DstFont = nullptr;
            c.SizePixels = std::round(g_base.fonts[i].SizePixels * scale);
            io.Fonts->AddFont(&c);
        }
        io.Fonts->Build();
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGuiStyle style = g_base.style;
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
    g_base.scale = scale;
}

float ui_scale() {
    return g_base.scale;
}

}  // namespace skidpad::app
