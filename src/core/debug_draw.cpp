// Debug shapes (layer 4): a car's forces, slip and motion from the fields every car
// model exposes; soft-body contact normals with their depth and constraint strain
// from SoftWorld's read-only views. (Broad-phase cells are drawn by SoftWorld::draw_debug.)
#include <cmath>
#include <span>

#include "skidpad/car/car.hpp"
#include "skidpad/debug_views.hpp"
#include "skidpad/soft/soft_world.hpp"

namespace skidpad {

namespace {
constexpr std::uint8_t kDebugLayer = 4;

/// Green at 0 .. yellow at 0.5 .. red at 1 (and beyond).
Color grip_colour(double use) {
    const double u = clamp(use, 0.0, 1.0);
    const auto r = static_cast<std::uint32_t>(std::lround(255.0 * clamp(2.0 * u, 0.0, 1.0)));
    const auto g = static_cast<std::uint32_t>(std::lround(255.0 * clamp(2.0 - 2.0 * u, 0.0, 1.0)));
    return rgba(r, g, 40, 230);
}

void arrow(DrawList& out, dvec2 from, dvec2 vec, Color c, float thickness) {
    const double len = std::sqrt(vec.x * vec.x + vec.y * vec.y);
    if (!(len > 1e-4) || !std::isfinite(len)) return;
    const dvec2 to = from + vec;
    out.segment(vec2(from), vec2(to), c, thickness, kDebugLayer);
    const dvec2 dir = vec / len;
    const double head = std::fmin(0.25, 0.3 * len);
    const dvec2 back = to - dir * head;
    const dvec2 side = perp(dir) * (head * 0.5);
    out.segment(vec2(to), vec2(back + side), c, thickness, kDebugLayer);
    out.segment(vec2(to), vec2(back - side), c, thickness, kDebugLayer);
}
}  // namespace

void car_draw_debug(const Car& car, const CarDef& def, const CarPose& pose, const DebugViews& views,
                    DrawList& out) {
    (void)def;
    for (const Wheel& w : car.wheels) {
        const dvec2 centre = pose.position + rotate(w.offset, pose.heading);
        const double a = pose.heading + w.steer;
        const dvec2 fwd = direction(a);
        const dvec2 left = perp(fwd);
        if (views.slip_colouring) {
            const double force = std::sqrt(w.force_long * w.force_long + w.force_lat * w.force_lat);
            const double use = w.grip_limit > 1e-6 ? force / w.grip_limit : 0.0;
            const dvec2 f = fwd * 0.36;
            const dvec2 s = left * 0.14;
            const vec2 q[4] = {vec2(centre + f + s), vec2(centre - f + s), vec2(centre - f - s),
                               vec2(centre + f - s)};
            out.polygon(q, grip_colour(use), w.locked ? rgba(255, 255, 255) : 0, 0.04f,
                        kDebugLayer);
        }
        if (views.wheel_forces) {
            const double k = views.force_scale;
            arrow(out, centre, fwd * (w.force_long * k), rgba(60, 160, 255), 0.05f);
            arrow(out, centre, left * (w.force_lat * k), rgba(255, 160, 40), 0.05f);
            // The friction circle at the same scale: the sum of both arrows stays inside it.
            if (w.grip_limit > 1e-6) {
                const vec2 c(centre);
                out.circle(c, static_cast<float>(w.grip_limit * k), 0, rgba(255, 255, 255, 90),
                           0.02f, kDebugLayer);
            }
        }
    }
    if (views.velocity) {
        arrow(out, pose.position, car.velocity * static_cast<double>(views.velocity_scale),
              rgba(80, 255, 120), 0.07f);
    }
    if (views.acceleration) {
        const dvec2 a_world = rotate(dvec2(car.accel_long, car.accel_lat), pose.heading);
        arrow(out, pose.position, a_world * static_cast<double>(views.accel_scale),
              rgba(255, 80, 200), 0.07f);
    }
}

void soft_draw_debug(const SoftWorld& soft, const SoftDef& def, const DebugViews& views,
                     DrawList& out) {
    if (views.constraint_strain) {
        // Colour by strain relative to the break limit: green relaxed, red about to break.
        const double limit = def.break_limit > 1e-6 ? def.break_limit : 0.16;
        const std::span<const vec2> pos = soft.positions();
        for (const Constraint& c : soft.constraints()) {
            if (c.stiffness <= 0.0f || c.rest <= 0.0f) continue;
            const vec2 d = pos[c.j] - pos[c.i];
            const double len =
                std::sqrt(static_cast<double>(d.x) * d.x + static_cast<double>(d.y) * d.y);
            const double strain = std::fabs(len - c.rest) / c.rest;
            out.segment(pos[c.i], pos[c.j], grip_colour(strain / limit), 0.04f, kDebugLayer);
        }
    }
    if (views.contacts) {
        const std::span<const vec2> pos = soft.positions();
        for (const Contact& c : soft.contacts()) {
            const vec2 a = pos[c.a];
            const vec2 b = pos[c.b];
            const vec2 e = b - a;
            const float len = std::sqrt(e.x * e.x + e.y * e.y);
            if (!(len > 1e-5f)) continue;
            const vec2 n(e.y / len, -e.x / len);  // outward normal of the CCW edge a->b
            const vec2 p = pos[c.p];
            const float s = (p.x - a.x) * n.x + (p.y - a.y) * n.y;  // < 0: inside
            const float depth = s < 0.0f ? -s : 0.0f;
            const float shown = 0.15f + depth * views.depth_scale;
            out.segment(p, p + n * shown, rgba(255, 60, 60), 0.03f, kDebugLayer);
            out.circle(p, 0.05f, rgba(255, 60, 60), 0, 0.0f, kDebugLayer);
        }
    }
}

}  // namespace skidpad
