// Soft-body drawing: the bodies as filled polygons, and debug overlays
// (constraint strain, contact normals, occupied broad-phase cells).
#include <cmath>

#include "soft/soft_geometry.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

void SoftSolver::draw(DrawList& out) const {
    for (const Body& b : bodies) {
        const SoftMaterial& m = materials[b.material];
        const Color fill = b.pinned && m.pinned_fill != 0 ? m.pinned_fill : m.fill;
        const Color stroke = m.stroke;
        out.polygon(std::span<const vec2>(pos.data() + b.first, b.count), fill, stroke, 0.04f, 2);
    }
}

void SoftSolver::draw_debug(DrawList& out, const SoftDrawOptions& options) const {
    if (options.constraints) {
        for (const Constraint& c : constraints) {
            if (c.stiffness <= 0.0f || c.rest <= 0.0f) continue;
            const float strain = std::abs(glm::length(pos[c.j] - pos[c.i]) - c.rest) / c.rest;
            const float k = clamp(strain / 0.05f, 0.0f, 1.0f);  // red at 5 % strain
            out.segment(pos[c.i], pos[c.j],
                        rgba(static_cast<std::uint32_t>(60 + 195 * k),
                             static_cast<std::uint32_t>(220 - 180 * k), 60, 200),
                        0.02f, 4);
        }
    }
    if (options.contacts) {
        for (const Contact& c : contacts()) {
            const vec2 a = pos[c.a], b = pos[c.b];
            const float len = glm::length(b - a);
            if (len < 1e-5f) continue;
            const vec2 n = soft_geo::outward(a, b) / len;
            out.segment(pos[c.p], pos[c.p] + n * 0.3f, rgba(255, 60, 60), 0.03f, 4);
        }
    }
    if (options.cells) {
        for (int cy = 0; cy < grid_h_; ++cy) {
            for (int cx = 0; cx < grid_w_; ++cx) {
                const std::size_t c = static_cast<std::size_t>(cy * grid_w_ + cx);
                if (c + 1 >= cell_start_.size() || cell_start_[c] == cell_start_[c + 1]) continue;
                const vec2 lo =
                    grid_lo_ + vec2(static_cast<float>(cx), static_cast<float>(cy)) * cell_;
                const vec2 q[4] = {lo, lo + vec2(cell_, 0.0f), lo + vec2(cell_, cell_),
                                   lo + vec2(0.0f, cell_)};
                out.polyline(q, rgba(120, 255, 120, 90), 0.02f, true, 4);
            }
        }
    }
}

}  // namespace skidpad
