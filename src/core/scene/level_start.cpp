// The car's start moved clear of the level's barriers.
#include "level_start.hpp"

#include <cmath>
#include <sstream>

namespace skidpad {

std::string car_start_error(const Level& level) {
    for (std::size_t i = 0; i < level.bodies.size(); ++i) {
        const LevelBody& b = level.bodies[i];
        if (b.kind != BodyKind::Barrier) continue;
        // The start in the barrier's own frame (x along its width w, y along its height h).
        const double dx = level.car_start.x - b.x, dy = level.car_start.y - b.y;
        const double c = std::cos(b.angle), s = std::sin(b.angle);
        const double lx = c * dx + s * dy, ly = -s * dx + c * dy;
        if (std::fabs(lx) < 0.5 * b.w && std::fabs(ly) < 0.5 * b.h) {
            std::ostringstream m;
            m << "car_start (" << level.car_start.x << ", " << level.car_start.y
              << ") lies inside bodies[" << i
              << "] (barrier): the car would start inside it; refused";
            return m.str();
        }
    }
    return "";
}

}  // namespace skidpad
