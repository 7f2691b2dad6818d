// Building a parsed level into the World: its surfaces, its soft bodies, the car.
#include "skidpad/scene/level.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

void build_level(World& world, const Level& level, const CarDef& car) {
    world.clear();
    world.set_surfaces(level_surfaces(level));
    build_level_bodies(world.soft(), world.def().soft, level);
    world.add_car(level.car_start, level.car_heading, car);
}

void build_level_bodies(SoftWorld& soft, const SoftDef& d, const Level& level) {
    soft.clear();
    for (const LevelBody& b : level.bodies) {
        const vec2 p(static_cast<float>(b.x), static_cast<float>(b.y));
        const float a = static_cast<float>(b.angle);
        const float size = static_cast<float>(b.size.value_or(d.crate_size));
        const float mass = static_cast<float>(b.mass.value_or(d.crate_mass));
        const float k = static_cast<float>(d.crate_stiffness);
        const int n = static_cast<int>(level_body_count(b));
        const vec2 q(static_cast<float>(b.x1), static_cast<float>(b.y1));
        // The i-th of a line's bodies: evenly from (x0, y0) to (x1, y1).
        const auto along = [&](int i) {
            return p +
                   (q - p) * (n == 1 ? 0.0f : static_cast<float>(i) / static_cast<float>(n - 1));
        };
        switch (b.kind) {
            case BodyKind::Barrier: {
                float m = 0.0f;
                if (!b.pinned) m = static_cast<float>(b.mass.value_or(0.0));
                if (b.pinned && d.barrier_density > 0.0)
                    m = static_cast<float>(d.barrier_density * b.w * b.h);
                soft.add_box(BodyKind::Barrier, p,
                             vec2(static_cast<float>(b.w), static_cast<float>(b.h)), a, m, 1.0f);
                break;
            }
            case BodyKind::Crate:
                if (b.group != LevelGroup::Grid) {
                    soft.add_box(BodyKind::Crate, p, vec2(size), a, mass, k);
                    break;
                }
                {
                    const float pitch = size + static_cast<float>(b.gap);
                    const vec2 origin(-0.5f * pitch * static_cast<float>(b.cols - 1),
                                      -0.5f * pitch * static_cast<float>(b.rows - 1));
                    for (int r = 0; r < b.rows; ++r) {
                        for (int c = 0; c < b.cols; ++c) {
                            const vec2 local =
                                origin + pitch * vec2(static_cast<float>(c), static_cast<float>(r));
                            soft.add_box(BodyKind::Crate, p + rotate(local, a), vec2(size), a, mass,
                                         k);
                        }
                    }
                }
                break;
            case BodyKind::Tyre: {
                const float radius = static_cast<float>(b.radius.value_or(d.tyre_radius));
                const float ks = static_cast<float>(d.tyre_stiffness);
                for (int i = 0; i < n; ++i) {
                    soft.add_ngon(BodyKind::Tyre, along(i), radius, d.tyre_sides, 0.0f,
                                  static_cast<float>(d.tyre_mass), ks, ks);
                }
                break;
            }
            case BodyKind::Cone:
            case BodyKind::Shard:
                if (b.group != LevelGroup::Line) {
                    soft.add_kind(b.kind, d, p, a);
                    break;
                }
                for (int i = 0; i < n; ++i)
                    soft.add_kind(b.kind, d, along(i), 0.0f);
                break;
        }
    }
}

}  // namespace skidpad
