// The game's icon, drawn in code (see icon_art.hpp): shapes in a unit square, y down,
// rasterised with supersampling or written as SVG from the same numbers.
#include "icon_art.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace skidpad::app {
namespace {

struct Rgba {
    float r, g, b, a;
};

constexpr double kPi = 3.14159265358979323846;

// Colours: the game's asphalt and ground, the default car's red.
constexpr Rgba kTile{0.16f, 0.17f, 0.16f, 1.0f};
constexpr Rgba kRoad{0.27f, 0.28f, 0.29f, 1.0f};
constexpr Rgba kKerbRed{0.80f, 0.16f, 0.14f, 1.0f};
constexpr Rgba kKerbWhite{0.93f, 0.93f, 0.90f, 1.0f};
constexpr Rgba kMark{0.05f, 0.05f, 0.05f, 0.75f};
constexpr Rgba kTyre{0.06f, 0.06f, 0.07f, 1.0f};
constexpr Rgba kBody{0.86f, 0.20f, 0.16f, 1.0f};
constexpr Rgba kGlass{0.16f, 0.22f, 0.30f, 1.0f};
constexpr Rgba kRoof{0.95f, 0.36f, 0.28f, 1.0f};

// The tile: a rounded square.
constexpr double kTileMargin = 0.03, kTileRadius = 0.19;
// The road: a band between two circles about the lower-left corner, kerbed inside.
constexpr double kCx = -0.10, kCy = 1.10;  // the bend's centre
constexpr double kRoadIn = 0.50, kRoadOut = 1.02, kKerb = 0.05;
// The car: centre, heading (radians, 0 = +x, y down so negative turns up), half sizes.
constexpr double kCarX = 0.52, kCarY = 0.50, kCarHeading = -0.85;
constexpr double kHalfLen = 0.25, kHalfWid = 0.125, kCorner = 0.055;
constexpr double kWheelX = 0.155, kWheelY = 0.135, kWheelHalfLen = 0.05, kWheelHalfWid = 0.028;
constexpr double kFrontSteer = 0.45;                     // counter-steer, radians
constexpr double kMarkWidth = 0.045, kMarkSweep = 1.05;  // skid mark: width, arc (radians)

/// Signed distance to a box of half sizes (hx, hy) with rounded corners r, centred at 0.
double rounded_box(double x, double y, double hx, double hy, double r) {
    const double qx = std::abs(x) - (hx - r), qy = std::abs(y) - (hy - r);
    const double ox = std::max(qx, 0.0), oy = std::max(qy, 0.0);
    return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0) - r;
}

/// (x, y) in the frame of a shape centred at (cx, cy) turned by `angle`.
void to_local(double x, double y, double cx, double cy, double angle, double& lx, double& ly) {
    const double c = std::cos(angle), s = std::sin(angle);
    const double dx = x - cx, dy = y - cy;
    lx = c * dx + s * dy;
    ly = -s * dx + c * dy;
}

/// The point of the car's frame (along, across) in the unit square.
void car_point(double along, double across, double& x, double& y) {
    const double c = std::cos(kCarHeading), s = std::sin(kCarHeading);
    x = kCarX + c * along - s * across;
    y = kCarY + s * along + c * across;
}

/// A skid mark: an arc about the turn's centre through a rear wheel, behind it.
struct Arc {
    double cx, cy, radius, start, end;  // angles in radians, start < end
};

/// The car turns about a centre on its inside; each rear tyre leaves an arc behind it.
std::array<Arc, 2> skid_marks() {
    // The turn's centre: on the car's left (y down: the side of -across), 0.62 away.
    double tx, ty;
    car_point(-kWheelX, -0.62, tx, ty);
    std::array<Arc, 2> out{};
    for (int i = 0; i < 2; ++i) {
        double wx, wy;
        car_point(-kWheelX, i == 0 ? -kWheelY : kWheelY, wx, wy);
        const double a = std::atan2(wy - ty, wx - tx);
        const double r = std::hypot(wx - tx, wy - ty);
        // The car moves with decreasing angle about the centre (y down: anticlockwise
        // on screen); its marks lie at larger angles.
        out[static_cast<std::size_t>(i)] = {tx, ty, r, a, a + kMarkSweep};
    }
    return out;
}

/// Angle `a` wrapped into [lo, lo + 2π).
double wrap_from(double a, double lo) {
    while (a < lo)
        a += 2.0 * kPi;
    while (a >= lo + 2.0 * kPi)
        a -= 2.0 * kPi;
    return a;
}

void blend(Rgba& dst, const Rgba& src, float alpha) {
    const float a = src.a * alpha;
    const float out_a = a + dst.a * (1.0f - a);
    if (out_a <= 0.0f) return;
    dst.r = (src.r * a + dst.r * dst.a * (1.0f - a)) / out_a;
    dst.g = (src.g * a + dst.g * dst.a * (1.0f - a)) / out_a;
    dst.b = (src.b * a + dst.b * dst.a * (1.0f - a)) / out_a;
    dst.a = out_a;
}

/// The icon's colour at one point of the unit square.
Rgba sample(double x, double y, const std::array<Arc, 2>& marks) {
    Rgba c{0.0f, 0.0f, 0.0f, 0.0f};
    const double half = 0.5 - kTileMargin;
    if (rounded_box(x - 0.5, y - 0.5, half, half, kTileRadius) > 0.0) return c;
    blend(c, kTile, 1.0f);
    const double d = std::hypot(x - kCx, y - kCy);
    if (d >= kRoadIn - kKerb && d <= kRoadOut) {
        if (d < kRoadIn) {
            // Kerb blocks alternate along the bend.
            const double a = std::atan2(y - kCy, x - kCx);
            const int block = static_cast<int>(std::floor(a / 0.16));
            blend(c, (block & 1) != 0 ? kKerbRed : kKerbWhite, 1.0f);
        } else {
            blend(c, kRoad, 1.0f);
        }
    }
    for (const Arc& m : marks) {
        const double r = std::hypot(x - m.cx, y - m.cy);
        if (std::abs(r - m.radius) > kMarkWidth * 0.5) continue;
        const double a = wrap_from(std::atan2(y - m.cy, x - m.cx), m.start);
        if (a > m.end) continue;
        // Darkest at the tyre, fading along the arc.
        blend(c, kMark, static_cast<float>(1.0 - (a - m.start) / (m.end - m.start)));
    }
    double lx, ly;
    to_local(x, y, kCarX, kCarY, kCarHeading, lx, ly);
    for (int i = 0; i < 4; ++i) {
        const double along = i < 2 ? kWheelX : -kWheelX;
        const double across = (i & 1) != 0 ? kWheelY : -kWheelY;
        const double steer = i < 2 ? kFrontSteer : 0.0;
        double wx, wy;
        to_local(lx, ly, along, across, steer, wx, wy);
        if (rounded_box(wx, wy, kWheelHalfLen, kWheelHalfWid, 0.012) <= 0.0) blend(c, kTyre, 1.0f);
    }
    if (rounded_box(lx, ly, kHalfLen, kHalfWid, kCorner) <= 0.0) {
        blend(c, kBody, 1.0f);
        if (rounded_box(lx - 0.06, ly, 0.045, kHalfWid - 0.025, 0.02) <= 0.0)
            blend(c, kGlass, 1.0f);
        if (rounded_box(lx + 0.035, ly, 0.05, kHalfWid - 0.035, 0.025) <= 0.0)
            blend(c, kRoof, 1.0f);
        if (rounded_box(lx + 0.115, ly, 0.022, kHalfWid - 0.03, 0.012) <= 0.0)
            blend(c, kGlass, 1.0f);
    }
    return c;
}

std::string hex(const Rgba& c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255.0f)),
                  static_cast<int>(std::lround(c.g * 255.0f)),
                  static_cast<int>(std::lround(c.b * 255.0f)));
    return buf;
}

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v * 256.0);
    return buf;
}

/// An SVG rect of the car's frame: centre (along, across), half sizes, corner, turn.
std::string car_rect(double along, double across, double hx, double hy, double r, double turn,
                     const Rgba& fill) {
    const double deg = (kCarHeading)*180.0 / kPi;
    char head[160];
    std::snprintf(head, sizeof head, "<g transform=\"translate(%s %s) rotate(%.3f)\">",
                  num(kCarX).c_str(), num(kCarY).c_str(), deg);
    char inner[320];
    std::snprintf(inner, sizeof inner,
                  "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\" fill=\"%s\" "
                  "transform=\"translate(%s %s) rotate(%.3f)\"/>",
                  num(-hx).c_str(), num(-hy).c_str(), num(2.0 * hx).c_str(), num(2.0 * hy).c_str(),
                  num(r).c_str(), hex(fill).c_str(), num(along).c_str(), num(across).c_str(),
                  turn * 180.0 / kPi);
    return std::string("  ") + head + inner + "</g>\n";
}

}  // namespace

std::vector<std::uint8_t> icon_rgba(int size) {
    size = std::clamp(size, 1, 1024);
    const std::array<Arc, 2> marks = skid_marks();
    std::vector<std::uint8_t> px(static_cast<std::size_t>(size) * static_cast<std::size_t>(size) *
                                 4u);
    constexpr int kSub = 4;
    for (int py = 0; py < size; ++py) {
        for (int pxl = 0; pxl < size; ++pxl) {
            float r = 0, g = 0, b = 0, a = 0;
            for (int sy = 0; sy < kSub; ++sy) {
                for (int sx = 0; sx < kSub; ++sx) {
                    const double x = (pxl + (sx + 0.5) / kSub) / size;
                    const double y = (py + (sy + 0.5) / kSub) / size;
                    const Rgba c = sample(x, y, marks);
                    // Premultiplied sums, so edges over transparency stay clean.
                    r += c.r * c.a;
                    g += c.g * c.a;
                    b += c.b * c.a;
                    a += c.a;
                }
            }
            const std::size_t i = (static_cast<std::size_t>(py) * static_cast<std::size_t>(size) +
                                   static_cast<std::size_t>(pxl)) *
                                  4u;
            const auto byte = [](float v) {
                return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
            };
            px[i + 0] = byte(a > 0 ? r / a : 0.0f);
            px[i + 1] = byte(a > 0 ? g / a : 0.0f);
            px[i + 2] = byte(a > 0 ? b / a : 0.0f);
            px[i + 3] = byte(a / (kSub * kSub));
        }
    }
    return px;
}

std::string icon_svg() {
    std::string s =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!-- Skidpad's icon, written by the game's own code (src/app/render/icon_art.cpp). -->\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" "
        "viewBox=\"0 0 256 256\">\n";
    const double half = 0.5 - kTileMargin;
    s += "  <clipPath id=\"tile\"><rect x=\"" + num(kTileMargin) + "\" y=\"" + num(kTileMargin) +
         "\" width=\"" + num(2.0 * half) + "\" height=\"" + num(2.0 * half) + "\" rx=\"" +
         num(kTileRadius) + "\"/></clipPath>\n";
    s += "  <rect x=\"" + num(kTileMargin) + "\" y=\"" + num(kTileMargin) + "\" width=\"" +
         num(2.0 * half) + "\" height=\"" + num(2.0 * half) + "\" rx=\"" + num(kTileRadius) +
         "\" fill=\"" + hex(kTile) + "\"/>\n";
    s += "  <g clip-path=\"url(#tile)\">\n";
    // The road and its kerb as thick circle outlines; the kerb dashed red over white.
    const double road_r = 0.5 * (kRoadIn + kRoadOut), road_w = kRoadOut - kRoadIn;
    const double kerb_r = kRoadIn - 0.5 * kKerb;
    s += "    <circle cx=\"" + num(kCx) + "\" cy=\"" + num(kCy) + "\" r=\"" + num(road_r) +
         "\" fill=\"none\" stroke=\"" + hex(kRoad) + "\" stroke-width=\"" + num(road_w) + "\"/>\n";
    s += "    <circle cx=\"" + num(kCx) + "\" cy=\"" + num(kCy) + "\" r=\"" + num(kerb_r) +
         "\" fill=\"none\" stroke=\"" + hex(kKerbWhite) + "\" stroke-width=\"" + num(kKerb) +
         "\"/>\n";
    char dash[64];
    std::snprintf(dash, sizeof dash, "%.2f", 0.16 * kerb_r * 256.0);
    s += "    <circle cx=\"" + num(kCx) + "\" cy=\"" + num(kCy) + "\" r=\"" + num(kerb_r) +
         "\" fill=\"none\" stroke=\"" + hex(kKerbRed) + "\" stroke-width=\"" + num(kKerb) +
         "\" stroke-dasharray=\"" + dash + " " + dash + "\"/>\n";
    for (const Arc& m : skid_marks()) {
        const double x0 = m.cx + m.radius * std::cos(m.start),
                     y0 = m.cy + m.radius * std::sin(m.start);
        const double x1 = m.cx + m.radius * std::cos(m.end), y1 = m.cy + m.radius * std::sin(m.end);
        s += "    <path d=\"M " + num(x0) + " " + num(y0) + " A " + num(m.radius) + " " +
             num(m.radius) + " 0 0 1 " + num(x1) + " " + num(y1) + "\" fill=\"none\" stroke=\"" +
             hex(kMark) + "\" stroke-opacity=\"0.45\" stroke-width=\"" + num(kMarkWidth) + "\"/>\n";
    }
    s += "  </g>\n";
    for (int i = 0; i < 4; ++i) {
        const double along = i < 2 ? kWheelX : -kWheelX;
        const double across = (i & 1) != 0 ? kWheelY : -kWheelY;
        s += car_rect(along, across, kWheelHalfLen, kWheelHalfWid, 0.012, i < 2 ? kFrontSteer : 0.0,
                      kTyre);
    }
    s += car_rect(0, 0, kHalfLen, kHalfWid, kCorner, 0, kBody);
    s += car_rect(0.06, 0, 0.045, kHalfWid - 0.025, 0.02, 0, kGlass);
    s += car_rect(-0.035, 0, 0.05, kHalfWid - 0.035, 0.025, 0, kRoof);
    s += car_rect(-0.115, 0, 0.022, kHalfWid - 0.03, 0.012, 0, kGlass);
    s += "</svg>\n";
    return s;
}

}  // namespace skidpad::app
