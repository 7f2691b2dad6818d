// A level's friction patches: its ground map and their drawing.
#include "skidpad/scene/level.hpp"

namespace skidpad {

SurfaceMap level_surfaces(const Level& level) {
    if (level.patches.empty()) return SurfaceMap{};
    dvec2 lo(1e300), hi(-1e300);
    for (const SurfacePatch& p : level.patches) {
        const double r = 0.5 * glm::length(p.size) + 1.0;
        lo = glm::min(lo, p.centre - dvec2(r));
        hi = glm::max(hi, p.centre + dvec2(r));
    }
    SurfaceMap map(lo, hi, 0.25, SurfaceKind::Asphalt);
    for (const SurfacePatch& p : level.patches)
        map.paint(p);
    return map;
}

void level_draw_patches(const Level& level, DrawList& out) {
    for (const SurfacePatch& p : level.patches) {
        const dvec2 ax = direction(p.angle) * (0.5 * p.size.x);
        const dvec2 ay = perp(direction(p.angle)) * (0.5 * p.size.y);
        const dvec2 c[4] = {p.centre - ax - ay, p.centre + ax - ay, p.centre + ax + ay,
                            p.centre - ax + ay};
        vec2 q[4];
        for (int i = 0; i < 4; ++i)
            q[i] = vec2(static_cast<float>(c[i].x), static_cast<float>(c[i].y));
        // The surface's colour, a little see-through, with a white edge.
        const Color fill = (surface_row(p.kind).colour & 0x00ffffffu) | (Color{220} << 24);
        out.polygon(q, fill, rgba(255, 255, 255, 120), 0.08f, 0);
    }
}

}  // namespace skidpad
