// The sandbox's scene as a level (scene_level.hpp).
#include "scene_level.hpp"

#include <cmath>
#include <numbers>

#include "skidpad/soft/soft_def.hpp"
#include "skidpad/world.hpp"

namespace skidpad {

namespace {

double mm(double v) {
    return std::round(v * 1000.0) / 1000.0;
}

/// A turn to 1e-4 rad in (-pi, pi].
double turn(double a) {
    return std::round(std::remainder(a, 2.0 * std::numbers::pi) * 1e4) / 1e4;
}

bool differs(double a, double b) {
    return std::fabs(a - b) > 1e-3;
}

}  // namespace

SceneLevel level_from_world(const World& world, const std::string& name,
                            const std::vector<SurfacePatch>& patches) {
    SceneLevel out;
    out.level.name = name;
    out.level.patches = patches;
    if (world.valid(world.player())) {
        const Car& car = world.car(world.player());
        out.level.car_start = {mm(car.position.x), mm(car.position.y)};
        out.level.car_heading = turn(car.heading);
    }
    const SoftWorld& soft = world.soft();
    const SoftDef& d = world.def().soft;
    for (std::size_t n = 0; n < soft.body_count(); ++n) {
        const BodyId id = soft.id_of(n);
        const std::uint8_t m = soft.material(id).index;
        const std::span<const vec2> p = soft.points(id);
        const auto kind = static_cast<BodyKind>(m);
        const bool box =
            kind == BodyKind::Crate || kind == BodyKind::Barrier || kind == BodyKind::Cone;
        const bool ngon = kind == BodyKind::Tyre && static_cast<int>(p.size()) == d.tyre_sides;
        if (m >= kBodyKindCount || !((box && p.size() == 4) || ngon)) {
            ++out.skipped;
            continue;
        }
        LevelBody b;
        b.kind = kind;
        const dvec2 c(soft.centre(id));
        b.x = mm(c.x);
        b.y = mm(c.y);
        const double mass = soft.mass(id);
        if (box) {
            // A box's particles go round from its (+x, +y) corner: the first side runs
            // back along its own x axis.
            const dvec2 side = dvec2(p[0]) - dvec2(p[1]);
            const double w = glm::length(side);
            const double h = glm::length(dvec2(p[2]) - dvec2(p[1]));
            b.angle = turn(std::atan2(side.y, side.x));
            if (kind == BodyKind::Barrier) {
                b.w = mm(w);
                b.h = mm(h);
                b.pinned = mass == 0.0 ||
                           (d.barrier_density > 0.0 && !differs(mass, d.barrier_density * w * h));
                if (!b.pinned) b.mass = mass;
            } else if (kind == BodyKind::Crate) {
                const double size = 0.5 * (w + h);
                if (differs(size, d.crate_size)) b.size = mm(size);
                if (differs(mass, d.crate_mass)) b.mass = mass;
            }
        } else {
            double r = 0.0;
            for (const vec2& q : p)
                r += glm::length(dvec2(q) - c);
            r /= static_cast<double>(p.size());
            if (differs(r, d.tyre_radius)) b.radius = mm(r);
        }
        out.level.bodies.push_back(b);
    }
    return out;
}

}  // namespace skidpad
