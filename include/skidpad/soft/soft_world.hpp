// Verlet soft bodies: particles in dense arrays + distance constraints.
// PLACEHOLDER holding only static boxes; the soft-body issue implements it.
#pragma once

#include <cstdint>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"
#include "skidpad/soft/soft_def.hpp"

namespace skidpad {

class SoftWorld {
public:
    /// Adds a pinned box (a barrier) centred at `centre`.
    void add_barrier(vec2 centre, vec2 size, float angle);
    void step(const SoftDef& def, float dt);
    void draw(DrawList& out) const;
    void clear();

    // Hot data, structure of arrays.
    std::vector<vec2> pos;
    std::vector<vec2> prev;
    std::vector<float> inv_mass;
    // Bodies as ranges of particles (convex polygons, CCW).
    struct Body {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
    };
    std::vector<Body> bodies;
};

}  // namespace skidpad
