// The car as DrawList shapes: a top-down body in its paint with cabin, windows and lamps,
// and the wheels at their steer angles outlined by grip usage. Skid marks are the World's
// (skid_marks_draw); force vectors and friction circles are the Debug views
// (car_draw_debug, src/core/debug_draw.cpp).
#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"
#include "skidpad/car/damage.hpp"

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
constexpr Color kBareMetal = rgba(196, 198, 204);

/// m, the distance over which a dent of the outline carries its displacement inwards
/// to the lamps and the cabin drawn on the body.
constexpr double kDentReach = 0.6;

/// Where the dents of the outline move a point of the body (m, car frame, from the CG):
/// the dents of the outline points within kDentReach blended by closeness, fading from
/// full at the edge to nothing kDentReach inside it.
struct DentField {
    std::array<dvec2, kOutlinePoints> rest{};
    const CarDamage* damage = nullptr;  ///< null: no dents

    dvec2 at(dvec2 p) const {
        if (!damage) return {0.0, 0.0};
        dvec2 sum{0.0, 0.0};
        double weight = 0.0, nearest = 1e9;
        for (std::size_t k = 0; k < rest.size(); ++k) {
            const dvec2 r = p - rest[k];
            const double d = std::sqrt(dot(r, r));
            nearest = std::min(nearest, d);
            const double w = std::max(0.0, 1.0 - d / kDentReach);
            sum += damage->dent[k] * (w * w);
            weight += w * w;
        }
        if (!(weight > 0.0)) return {0.0, 0.0};
        return sum / weight * clamp(1.0 - (nearest - 0.15) / kDentReach, 0.0, 1.0);
    }
};

/// Maps body-frame points (u forward, v left, from the body's centre) to world space,
/// moved by the dents.
struct BodyFrame {
    dvec2 centre, f, s;
    dvec2 offset;  ///< m, the body's centre in the car frame (from the CG)
    const DentField* dents = nullptr;
    vec2 at(double u, double v) const {
        const dvec2 d = dents ? dents->at(offset + dvec2(u, v)) : dvec2(0.0, 0.0);
        return vec2(centre + f * (u + d.x) + s * (v + d.y));
    }
    /// An axis-aligned box in the body frame, u0 < u1, v0 < v1.
    void box(DrawList& out, double u0, double u1, double v0, double v1, Color fill) const {
        const vec2 q[4] = {at(u1, v0), at(u1, v1), at(u0, v1), at(u0, v0)};
        out.polygon(q, fill, 0, 0.0f, 3);
    }
    /// The same box on both sides of the centre line (v0..v1 and -v1..-v0); a lamp box in
    /// a dent deeper than 8 cm is smashed and left out.
    void pair(DrawList& out, double u0, double u1, double v0, double v1, Color fill) const {
        for (const double side : {1.0, -1.0}) {
            const double vm = 0.5 * (v0 + v1) * side;
            if (dents) {
                const dvec2 d = dents->at(offset + dvec2(0.5 * (u0 + u1), vm));
                if (dot(d, d) > 0.08 * 0.08) continue;
            }
            if (side > 0.0) {
                box(out, u0, u1, v0, v1, fill);
            } else {
                box(out, u0, u1, -v1, -v0, fill);
            }
        }
    }
};

/// The paint lightened towards white by k (0..1): the body's top, lit from above.
Color lighten(Color c, double k) {
    const auto ch = [&](int shift) {
        const double v = static_cast<double>((c >> shift) & 0xFFu);
        return static_cast<std::uint32_t>(std::clamp(v + (255.0 - v) * k, 0.0, 255.0));
    };
    return rgba(ch(0), ch(8), ch(16), c >> 24);
}

/// The livery of a paint: a lit top panel, and stripes in a colour that stands out from
/// the paint: two along the car, one wide one, or a band across the bonnet (by the paint,
/// so each car of a field keeps its own).
/// The lit top panel goes under the cabin (`panel`), the stripes over it.
void livery(const BodyFrame& b, const CarDef& def, Color paint, bool panel, DrawList& out) {
    const double hl = 0.5 * def.length, hw = 0.5 * def.width, L = def.length;
    const double ws0 = 0.20 * L, ws1 = 0.06 * L, rw0 = -0.22 * L, rw1 = -0.32 * L;
    const double inset = std::min(0.16, 0.2 * hw);
    if (panel) {
        b.box(out, -hl + inset + 0.06, hl - inset - 0.12, -hw + inset, hw - inset,
              car_panel(paint));
        return;
    }
    const double luma = 0.299 * static_cast<double>(paint & 0xFFu) +
                        0.587 * static_cast<double>((paint >> 8) & 0xFFu) +
                        0.114 * static_cast<double>((paint >> 16) & 0xFFu);
    const Color ink = luma > 150.0 ? rgba(28, 30, 36) : rgba(242, 242, 236);
    const std::uint32_t pattern = ((paint ^ (paint >> 13)) * 0x9E3779B1u) >> 30;
    // Bonnet, roof and boot: the stripes stop at the glass and the lamps.
    const double spans[3][2] = {{ws0, hl - 0.06}, {rw0, ws1}, {-hl + 0.06, rw1}};
    auto stripe = [&](double v0, double v1) {
        for (const auto& sp : spans)
            b.box(out, sp[0], sp[1], v0, v1, ink);
    };
    const double w = std::min(0.11, 0.12 * hw);
    switch (pattern) {
        case 0:  // twin stripes
            stripe(0.05, 0.05 + w);
            stripe(-0.05 - w, -0.05);
            break;
        case 1:  // one wide stripe
            stripe(-1.4 * w, 1.4 * w);
            break;
        case 2:  // a band across the bonnet
            b.box(out, ws0 + 0.08, ws0 + 0.08 + 2.0 * w, -hw + inset, hw - inset, ink);
            break;
        default:  // plain, with a thin line along each side
            b.box(out, rw1, hl - 0.2, hw - inset - 0.06, hw - inset - 0.02, ink);
            b.box(out, rw1, hl - 0.2, -hw + inset + 0.02, -hw + inset + 0.06, ink);
            break;
    }
}

}  // namespace

Color car_panel(Color paint) {
    return lighten(paint, 0.1);
}

Color car_paint(std::uint32_t n) {
    static constexpr Color kPaints[] = {kPlayerPaint,       rgba(35, 95, 205),  rgba(235, 185, 30),
                                        rgba(40, 160, 75),  rgba(235, 115, 25), rgba(135, 65, 185),
                                        rgba(20, 165, 175), rgba(228, 228, 228)};
    return kPaints[n % (sizeof kPaints / sizeof kPaints[0])];
}

void car_draw(const Car& car, const CarDef& def, const CarPose& pose, DrawList& out, Color paint) {
    const CarGeometry g = car_geometry(def);
    const dvec2 f = direction(pose.heading);
    const double c0 = 0.5 * (g.cg_to_front - g.cg_to_rear);
    DentField field;
    const bool dented = damage_deepest(car.damage) > 0.0;
    if (dented) {
        field.rest = damage_rest_outline(def);
        field.damage = &car.damage;
    }
    const BodyFrame b{pose.position + f * c0, f, perp(f), {c0, 0.0}, dented ? &field : nullptr};
    const double hl = 0.5 * def.length, hw = 0.5 * def.width;

    // Body: the rectangle with its corners cut, more at the nose than at the tail.
    const double cf = std::min(0.3, 0.3 * hw), cr = 0.6 * cf;
    if (!dented) {
        const vec2 body[8] = {b.at(hl, -hw + cf),  b.at(hl, hw - cf),  b.at(hl - cf, hw),
                              b.at(-hl + cr, hw),  b.at(-hl, hw - cr), b.at(-hl, -hw + cr),
                              b.at(-hl + cr, -hw), b.at(hl - cf, -hw)};
        out.polygon(body, paint, shade(paint, 0.25), 0.05f, 3);
    } else {
        // The real outline (damage.hpp), no longer convex: a fan of triangles from the
        // body's centre and its edge drawn as one closed line.
        const auto ring = damage_outline(car.damage, def);
        std::array<vec2, kOutlinePoints> world{};
        for (std::size_t k = 0; k < ring.size(); ++k)
            world[k] = vec2(pose.position + rotate(ring[k], pose.heading));
        const vec2 hub(b.centre);
        for (std::size_t k = 0; k < world.size(); ++k) {
            const vec2 tri[3] = {hub, world[k], world[(k + 1) % world.size()]};
            out.polygon(tri, paint, 0, 0.0f, 3);
        }
        out.polyline(world, shade(paint, 0.25), 0.05f, true, 3);
        // Crumpled stretches: bare metal along the edge, wider the deeper the dent.
        for (std::size_t k = 0; k < world.size(); ++k) {
            const std::size_t n = (k + 1) % world.size();
            const double depth = std::min(std::sqrt(dot(car.damage.dent[k], car.damage.dent[k])),
                                          std::sqrt(dot(car.damage.dent[n], car.damage.dent[n])));
            if (depth < 0.03) continue;
            const vec2 crease[2] = {world[k], world[n]};
            out.polyline(crease, kBareMetal, static_cast<float>(std::min(0.06 + 0.3 * depth, 0.18)),
                         false, 3);
        }
    }

    livery(b, def, paint, true, out);

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

    livery(b, def, paint, false, out);

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
