// The standard and colour-blind palettes (see palette.hpp).
#include "palette.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"

namespace skidpad::app {

namespace {

Palette g_palette = Palette::Standard;  // the one ImGui context's frame, like ImGui's own

/// Okabe–Ito, in the order of the standard paints they stand in for: vermillion (the
/// player's red), blue, yellow, bluish green, orange, reddish purple, sky blue, and white
/// for their black.
constexpr std::array<Color, kPaints> kColourBlind = {
    rgba(213, 94, 0),  rgba(0, 114, 178),   rgba(240, 228, 66), rgba(0, 158, 115),
    rgba(230, 159, 0), rgba(204, 121, 167), rgba(86, 180, 233), rgba(240, 240, 240)};

/// `paint` darkened as car_draw darkens it: 0.78 for the roof, 0.25 for the outline.
Color shade(Color paint, double k) {
    const auto ch = [&](int shift) {
        const double v = static_cast<double>((paint >> shift) & 0xFFu) * k;
        return static_cast<std::uint32_t>(std::clamp(v, 0.0, 255.0));
    };
    return rgba(ch(0), ch(8), ch(16), paint >> 24);
}
constexpr double kRoof = 0.78;
constexpr double kOutline = 0.25;

ImVec4 im(Color c) {
    return ImVec4(static_cast<float>(c & 0xFFu) / 255.0f,
                  static_cast<float>((c >> 8) & 0xFFu) / 255.0f,
                  static_cast<float>((c >> 16) & 0xFFu) / 255.0f, 1.0f);
}

double linear(double c) {
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct Lab {
    double l, a, b;
};

Lab to_lab(const double rgb[3]) {
    const double x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    const double fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883);
    return {116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

/// Machado et al. (2009), severity 1: protanopia, deuteranopia, tritanopia.
constexpr double kDeficiency[3][3][3] = {{{0.152286, 1.052583, -0.204868},
                                          {0.114503, 0.786281, 0.099216},
                                          {-0.003882, -0.048116, 1.051998}},
                                         {{0.367322, 0.860646, -0.227968},
                                          {0.280085, 0.672501, 0.047413},
                                          {-0.011820, 0.042940, 0.968881}},
                                         {{1.255528, -0.076749, -0.178779},
                                          {-0.078411, 0.930809, 0.147602},
                                          {0.004733, 0.691367, 0.303900}}};

Lab seen(Color c, int deficiency) {
    const double in[3] = {linear(c & 0xFFu), linear((c >> 8) & 0xFFu), linear((c >> 16) & 0xFFu)};
    double out[3] = {in[0], in[1], in[2]};
    if (deficiency >= 1 && deficiency <= 3) {
        const auto& m = kDeficiency[deficiency - 1];
        for (int i = 0; i < 3; ++i)
            out[i] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
    }
    return to_lab(out);
}

}  // namespace

Color palette_paint(Palette p, std::uint32_t n) {
    return p == Palette::ColourBlind ? kColourBlind[n % kPaints] : car_paint(n);
}

std::array<Color, kPaints> palette_paints(Palette p) {
    std::array<Color, kPaints> out{};
    for (std::uint32_t i = 0; i < kPaints; ++i)
        out[i] = palette_paint(p, i);
    return out;
}

ImVec4 hud_good(Palette p) {
    return p == Palette::ColourBlind ? im(rgba(86, 180, 233)) : ImVec4(0.35f, 0.95f, 0.4f, 1.0f);
}

ImVec4 hud_bad(Palette p) {
    return p == Palette::ColourBlind ? im(rgba(240, 110, 20)) : ImVec4(1.0f, 0.35f, 0.3f, 1.0f);
}

Palette active_palette() {
    return g_palette;
}

void set_active_palette(Palette p) {
    g_palette = p;
}

Color shown_paint(Color c) {
    if (g_palette == Palette::Standard) return c;
    for (std::uint32_t i = 0; i < kPaints; ++i)
        if ((c & 0x00FFFFFFu) == (car_paint(i) & 0x00FFFFFFu))
            return (kColourBlind[i] & 0x00FFFFFFu) | (c & 0xFF000000u);
    return c;
}

ImVec4 hud_good() {
    return hud_good(g_palette);
}

ImVec4 hud_bad() {
    return hud_bad(g_palette);
}

void repaint_cars(DrawList& shapes, Palette p) {
    if (p == Palette::Standard) return;
    // Each paint and its shades (car_draw: the body, the roof, the outline, the lit panel).
    std::array<Color, kPaints> body{}, roof{}, outline{}, panel{};
    for (std::uint32_t i = 0; i < kPaints; ++i) {
        body[i] = car_paint(i);
        panel[i] = car_panel(body[i]);
        roof[i] = shade(body[i], kRoof);
        outline[i] = shade(body[i], kOutline);
    }
    const auto index = [](const std::array<Color, kPaints>& of, Color c) -> int {
        const auto* at = std::find(of.begin(), of.end(), c);
        return at == of.end() ? -1 : static_cast<int>(at - of.begin());
    };
    for (Shape& s : shapes.shapes) {
        if (s.layer != 3) continue;
        if (const int i = index(body, s.fill); i >= 0) {
            s.fill = kColourBlind[static_cast<std::size_t>(i)];
        } else if (const int r = index(roof, s.fill); r >= 0) {
            s.fill = shade(kColourBlind[static_cast<std::size_t>(r)], kRoof);
        } else if (const int t = index(panel, s.fill); t >= 0) {
            s.fill = car_panel(kColourBlind[static_cast<std::size_t>(t)]);
        }
        if (const int o = index(outline, s.stroke); o >= 0)
            s.stroke = shade(kColourBlind[static_cast<std::size_t>(o)], kOutline);
    }
}

double seen_difference(Color a, Color b, int deficiency) {
    const Lab x = seen(a, deficiency), y = seen(b, deficiency);
    return std::sqrt((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) +
                     (x.b - y.b) * (x.b - y.b));
}

}  // namespace skidpad::app
