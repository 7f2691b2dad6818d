// Soft-body drawing: each body as its kind's row draws it (body_kinds.hpp) or as a
// filled polygon of its material, and debug overlays (constraint strain, contact
// normals, occupied broad-phase cells).
#include <algorithm>
#include <cmath>
#include <vector>

#include "skidpad/soft/body_kinds.hpp"
#include "soft/soft_geometry.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

bool SoftSolver::dented(const Body& b) const {
    for (std::uint32_t ci = b.cfirst; ci < b.cfirst + b.ccount; ++ci) {
        if (std::abs(constraints[ci].rest - rest0[ci]) > 1e-4f * rest0[ci]) return true;
    }
    return false;
}

void SoftSolver::draw(DrawList& out) const {
    std::vector<vec2> tmp;
    BodyLook look;
    look.scratch = &tmp;
    for (const Body& b : bodies) {
        const SoftMaterial& m = materials[b.material];
        const std::span<const vec2> pts(pos.data() + b.first, b.count);
        if (b.material < kBodyKindCount) {
            const BodyKindRow& row = kBodyKinds[b.material];
            // A piece broken off a kind with a look of its own (a cone's halves).
            const bool piece = row.kind == BodyKind::Shard && b.origin < kBodyKindCount &&
                               kBodyKinds[b.origin].draw_piece != nullptr;
            const BodyDrawFn draw = piece ? kBodyKinds[b.origin].draw_piece : row.draw;
            if (draw != nullptr) {
                look.row = &row;
                look.alpha = b.fading ? b.alpha : 1.0f;
                look.pinned = b.pinned;
                look.dented = dented(b);
                draw(out, pts, look);
                continue;
            }
        }
        const Color fill = b.pinned && m.pinned_fill != 0 ? m.pinned_fill : m.fill;
        const Color stroke = m.stroke;
        out.polygon(pts, fill, stroke, 0.04f, 2);
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
