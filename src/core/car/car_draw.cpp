// The car as DrawList shapes: a top-down body in its paint with cabin, windows and lamps,
// and the wheels at their steer angles outlined by grip usage. Skid marks are the World's
// (skid_marks_draw); force vectors and friction circles are the Debug views
// (car_draw_debug, src/core/debug_draw.cpp).
#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"

namespace skidpad {

namespace {

/// Green at rest through yellow to red at the grip limit; magenta past it (sliding).
Color usage_colour(double u) {
    if (u >= 0.999) return rgba(230, 40, 200);
    const double t = clamp(u, 0.0, 1.0);
    const double r = t < 0.5 ? 2.0 * t : 1.0;
    const double g = t < 0.5 ? 1.0 : 2.0 * (1.0 - t);
    return rgba(static_cast<std::uint32_t>(40.0 + 200.0 * r),
                static_cast<std::uint32_t>(40.0 + 180.0 * g), 40);
}

/// `c` with its red, green and blue scaled by `k` (0..1), alpha kept.
Color shade(Color c, double k) {
    const auto ch = [&](int shift) {
        const double v = static_cast<double>((c >> shift) & 0xFFu) * k;
        return static_cast<std::uint32_t>(std::clamp(v, 0.0, 255.0));
    };
    return rgba(ch(0), ch(8), ch(16), c >> 24);
}

constexpr Color kGlass = rgba(38, 52, 70);
constexpr Color kHeadLamp = rgba(255, 244, 190);
constexpr Color kTailDim = rgba(110, 18, 18);
constexpr Color kTailLit = rgba(255, 45, 40);
constexpr Color kBrakeGlow = rgba(255, 40, 30, 70);
constexpr Color kReverseLit = rgba(245, 245, 240);
constexpr Color kReverseDim = rgba(120, 120, 115);
constexpr Color kTyre = rgba(22, 22, 24);

/// Maps body-frame points (u forward, v left, from the body's centre) to world space.
struct BodyFrame {
    dvec2 centre, f, s;
    vec2 at(double u, double v) const { return vec2(centre + f * u + s * v); }
    /// An axis-aligned box in the body frame, u0 < u1, v0 < v1.
    void box(DrawList& out, double u0, double u1, double v0, double v1, Color fill) const {
        const vec2 q[4] = {at(u1, v0), at(u1, v1), at(u0, v1), at(u0, v0)};
        out.polygon(q, fill, 0, 0.0f, 3);
    }
    /// The same box on both sides of the centre line (v0..v1 and -v1..-v0).
    void pair(DrawList& out, double u0, double u1, double v0, double v1, Color fill) const {
        box(out, u0, u1, v0, v1, fill);
        box(out, u0, u1, -v1, -v0, fill);
    }
};

}  // namespace

Color car_paint(std::uint32_t n) {
    static constexpr Color kPaints[] = {kPlayerPaint,       rgba(35, 95, 205),  rgba(235, 185, 30),
                                        rgba(40, 160, 75),  rgba(235, 115, 25), rgba(135, 65, 185),
                                        rgba(20, 165, 175), rgba(228, 228, 228)};
    return kPaints[n % (sizeof kPaints / sizeof kPaints[0])];
}

void car_draw(const Car& car, const CarDef& def, const CarPose& pose, DrawList& out, Color paint) {
    const CarGeometry g = car_geometry(def);
    const dvec2 f = direction(pose.heading);
    const BodyFrame b{pose.position + f * (0.5 * (g.cg_to_front - g.cg_to_rear)), f, perp(f)};
    const double hl = 0.5 * def.length, hw = 0.5 * def.width;

    // Body: the rectangle with its corners cut, more at the nose than at the tail.
    const double cf = std::min(0.3, 0.3 * hw), cr = 0.6 * cf;
    const vec2 body[8] = {b.at(hl, -hw + cf),  b.at(hl, hw - cf),  b.at(hl - cf, hw),
                          b.at(-hl + cr, hw),  b.at(-hl, hw - cr), b.at(-hl, -hw + cr),
                          b.at(-hl + cr, -hw), b.at(hl - cf, -hw)};
    out.polygon(body, paint, shade(paint, 0.25), 0.05f, 3);

    // Cabin: windscreen, roof and rear window, set in from the sides.
    const double L = def.length;
    const double side = std::max(0.12, hw - 0.14), narrow = std::max(0.1, hw - 0.26);
    const double ws0 = 0.20 * L, ws1 = 0.06 * L, rw0 = -0.22 * L, rw1 = -0.32 * L;
    const vec2 screen[4] = {b.at(ws0, -narrow), b.at(ws0, narrow), b.at(ws1, side),
                            b.at(ws1, -side)};
    out.polygon(screen, kGlass, 0, 0.0f, 3);
    b.box(out, rw0, ws1, -side, side, shade(paint, 0.78));
    const vec2 rear[4] = {b.at(rw0, -side), b.at(rw0, side), b.at(rw1, narrow), b.at(rw1, -narrow)};
    out.polygon(rear, kGlass, 0, 0.0f, 3);

    // Lamps: head lamps at the nose; tail lamps lit (with a glow) while braking;
    // reversing lamps beside them lit in reverse.
    const double lamp_v0 = std::max(0.05, hw - 0.46), lamp_v1 = std::max(0.1, hw - 0.14);
    b.pair(out, hl - 0.14, hl - 0.03, lamp_v0, lamp_v1, kHeadLamp);
    const bool braking = car.brake > 0.05;
    if (braking) {
        for (const double v : {0.5 * (lamp_v0 + lamp_v1), -0.5 * (lamp_v0 + lamp_v1)})
            out.circle(b.at(-hl - 0.05, v), 0.42f, kBrakeGlow, 0, 0.0f, 3);
    }
    b.pair(out, -hl + 0.03, -hl + 0.13, lamp_v0, lamp_v1, braking ? kTailLit : kTailDim);
    const double rev_v0 = std::max(0.02, lamp_v0 - 0.16);
    b.pair(out, -hl + 0.03, -hl + 0.11, rev_v0, lamp_v0 - 0.02,
           car.gear < 0 ? kReverseLit : kReverseDim);

    // Wheels: dark tyres at their steer angles, outlined by grip usage (white: locked).
    const double r = def.wheel_radius;
    for (const Wheel& w : car.wheels) {
        const dvec2 centre = pose.position + rotate(w.offset, pose.heading);
        const double a = pose.heading + w.steer;
        const dvec2 wf = direction(a) * r;
        const dvec2 ws = perp(direction(a)) * 0.12;
        const vec2 q[4] = {vec2(centre + wf + ws), vec2(centre - wf + ws), vec2(centre - wf - ws),
                           vec2(centre + wf - ws)};
        const Color rim = w.locked ? rgba(255, 255, 255) : usage_colour(wheel_grip_usage(w));
        out.polygon(q, kTyre, rim, 0.05f, 3);
    }
}

}  // namespace skidpad
