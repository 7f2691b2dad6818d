// The car as DrawList shapes: body and wheels coloured by grip usage. Skid marks are the
// World's (skid_marks_draw); force vectors and friction circles are the Debug views
// (car_draw_debug, src/core/debug_draw.cpp).
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

}  // namespace

void car_draw(const Car& car, const CarDef& def, const CarPose& pose, DrawList& out) {
    const auto c = car_corners(pose, def);
    vec2 body[4];
    for (int i = 0; i < 4; ++i)
        body[i] = vec2(c[i]);
    out.polygon(body, rgba(220, 40, 40), rgba(30, 10, 10), 0.06f, 3);
    // Windscreen strip so the heading reads at a glance.
    const dvec2 f = direction(pose.heading);
    const dvec2 s = perp(f);
    const CarGeometry g = car_geometry(def);
    const double front = 0.5 * (g.cg_to_front - g.cg_to_rear) + 0.5 * def.length;
    const double hw = 0.5 * def.width - 0.15;
    const dvec2 p0 = pose.position + f * (front - 1.3);
    const dvec2 p1 = pose.position + f * (front - 0.9);
    const vec2 glass[4] = {vec2(p1 + s * hw), vec2(p0 + s * hw), vec2(p0 - s * hw),
                           vec2(p1 - s * hw)};
    out.polygon(glass, rgba(60, 80, 110), 0, 0.0f, 3);

    const double r = def.wheel_radius;
    for (const Wheel& w : car.wheels) {
        const dvec2 centre = pose.position + rotate(w.offset, pose.heading);
        const double a = pose.heading + w.steer;
        const dvec2 wf = direction(a) * r;
        const dvec2 ws = perp(direction(a)) * 0.12;
        const vec2 q[4] = {vec2(centre + wf + ws), vec2(centre - wf + ws), vec2(centre - wf - ws),
                           vec2(centre + wf - ws)};
        const double u = wheel_grip_usage(w);
        out.polygon(q, usage_colour(u), w.locked ? rgba(255, 255, 255) : rgba(10, 10, 10), 0.04f,
                    3);
    }
}

}  // namespace skidpad
