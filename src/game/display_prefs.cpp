// The player's display choices, caps and renderer names (see display_prefs.hpp).
#include "display_prefs.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>

#include "skidpad/display_def.hpp"

namespace skidpad::app {

namespace {
constexpr const char* kWindowNames[kWindowModes] = {"windowed", "borderless", "exclusive"};
constexpr const char* kWindowLabels[kWindowModes] = {"Windowed", "Borderless full screen",
                                                     "Exclusive full screen"};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
}  // namespace

const char* window_mode_name(WindowMode m) {
    return kWindowNames[std::clamp(static_cast<int>(m), 0, kWindowModes - 1)];
}

bool parse_window_mode(std::string_view text, WindowMode& out) {
    for (int i = 0; i < kWindowModes; ++i) {
        if (text == kWindowNames[i]) {
            out = static_cast<WindowMode>(i);
            return true;
        }
    }
    return false;
}

const char* window_mode_label(WindowMode m) {
    return kWindowLabels[std::clamp(static_cast<int>(m), 0, kWindowModes - 1)];
}

const char* palette_name(Palette p) {
    return p == Palette::ColourBlind ? "colourblind" : "standard";
}

bool parse_palette(std::string_view text, Palette& out) {
    if (text == "standard") {
        out = Palette::Standard;
    } else if (text == "colourblind") {
        out = Palette::ColourBlind;
    } else {
        return false;
    }
    return true;
}

const char* palette_label(Palette p) {
    return p == Palette::ColourBlind ? "Colour-blind friendly" : "Standard";
}

bool place_visible(const WindowPlace& place, std::span<const DesktopRect> displays) {
    if (!place.placed || place.width <= 0 || place.height <= 0) return false;
    for (const DesktopRect& d : displays) {
        // The window's top 32 points against the display.
        const long long x0 = std::max<long long>(place.x, d.x);
        const long long x1 = std::min<long long>(static_cast<long long>(place.x) + place.width,
                                                 static_cast<long long>(d.x) + d.width);
        const long long y0 = std::max<long long>(place.y, d.y);
        const long long y1 = std::min<long long>(static_cast<long long>(place.y) + 32,
                                                 static_cast<long long>(d.y) + d.height);
        if (x1 - x0 >= 64 && y1 - y0 >= 32) return true;
    }
    return false;
}

double ui_scale_from_dpi(double dpi) {
    if (!(dpi > 0.0) || !std::isfinite(dpi)) return 1.0;
    const double quarters = std::round(dpi / 96.0 / kUiScaleStep);
    return std::clamp(quarters * kUiScaleStep, 1.0, kMaxUiScale);
}

double ui_scale_step(double scale, int steps) {
    if (!std::isfinite(scale)) scale = 1.0;
    const double q = std::round(scale / kUiScaleStep) + steps;
    return std::clamp(q * kUiScaleStep, kMinUiScale, kMaxUiScale);
}

std::span<const int> fps_caps() {
    return kFpsCaps;
}

int fps_cap_step(int current, int dir) {
    // Order by speed: no cap (0) is the fastest.
    const auto rank = [](int v) { return v <= 0 ? 1 << 30 : v; };
    const std::span<const int> caps = fps_caps();
    if (dir > 0) {
        for (const int c : caps)
            if (rank(c) > rank(current)) return c;
        return caps.back();
    }
    if (dir < 0) {
        for (auto it = caps.rbegin(); it != caps.rend(); ++it)
            if (rank(*it) < rank(current)) return *it;
        return caps.front();
    }
    return current;
}

std::string fps_cap_label(int max_fps) {
    if (max_fps <= 0) return "unlimited";
    return std::to_string(max_fps) + " fps";
}

bool software_renderer(std::string_view gl_renderer) {
    const std::string r = lower(gl_renderer);
    for (const char* name :
         {"llvmpipe", "softpipe", "swiftshader", "software rasterizer", "gdi generic"}) {
        if (r.find(name) != std::string::npos) return true;
    }
    return false;
}

int first_start_ground_detail(std::string_view gl_renderer) {
    return software_renderer(gl_renderer) ? 0 : DisplayDef{}.ground_detail;
}

}  // namespace skidpad::app
