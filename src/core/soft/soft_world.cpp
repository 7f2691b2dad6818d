#include "skidpad/soft/soft_world.hpp"

namespace skidpad {

void SoftWorld::add_barrier(vec2 centre, vec2 size, float angle) {
    const vec2 h = size * 0.5f;
    const vec2 local[4] = {{h.x, h.y}, {-h.x, h.y}, {-h.x, -h.y}, {h.x, -h.y}};
    Body b;
    b.first = static_cast<std::uint32_t>(pos.size());
    b.count = 4;
    for (const vec2& l : local) {
        const vec2 p = centre + rotate(l, angle);
        pos.push_back(p);
        prev.push_back(p);
        inv_mass.push_back(0.0f);
    }
    bodies.push_back(b);
}

void SoftWorld::step(const SoftDef&, float) {}

void SoftWorld::draw(DrawList& out) const {
    for (const Body& b : bodies) {
        out.polygon(std::span<const vec2>(pos.data() + b.first, b.count), rgba(120, 120, 130),
                    rgba(40, 40, 45), 0.05f, 2);
    }
}

void SoftWorld::clear() {
    pos.clear();
    prev.clear();
    inv_mass.clear();
    bodies.clear();
}

}  // namespace skidpad
