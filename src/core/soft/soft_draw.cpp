// Soft-body drawing: the bodies as filled polygons, and debug overlays
// (constraint strain, contact normals, occupied broad-phase cells).
#include <algorithm>
#include <cmath>
#include <vector>

#include "soft/soft_geometry.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

namespace {
constexpr auto kCone = static_cast<std::uint8_t>(BodyKind::Cone);
constexpr auto kTyre = static_cast<std::uint8_t>(BodyKind::Tyre);
constexpr auto kShard = static_cast<std::uint8_t>(BodyKind::Shard);
constexpr Color kConeOrange = rgba(250, 115, 15);
constexpr Color kConeDark = rgba(120, 45, 5);
constexpr Color kConeWhite = rgba(245, 240, 232);

/// `c` with its alpha scaled by `alpha` (0..1): a fading piece's colours.
Color with_alpha(Color c, float alpha) {
    if (!(alpha < 1.0f)) return c;
    const float a = static_cast<float>(c >> 24) * std::max(alpha, 0.0f);
    return (c & 0x00ffffffu) | (static_cast<Color>(a + 0.5f) << 24);
}

vec2 centre_of(std::span<const vec2> p) {
    vec2 c(0.0f, 0.0f);
    for (const vec2& q : p)
        c += q;
    return c / static_cast<float>(p.size());
}

/// The points scaled about the centre by k into `out` (a convex ring stays convex).
void scaled(std::span<const vec2> p, vec2 c, float k, std::vector<vec2>& out) {
    out.resize(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        out[i] = c + (p[i] - c) * k;
}

/// A tyre stack seen from above: black rubber, a light rim band, a dark hole.
void draw_tyre(DrawList& out, std::span<const vec2> p, std::vector<vec2>& tmp) {
    const vec2 c = centre_of(p);
    out.polygon(p, rgba(28, 28, 30), rgba(12, 12, 12), 0.03f, 2);
    scaled(p, c, 0.66f, tmp);
    out.polygon(tmp, rgba(175, 178, 182), 0, 0.0f, 2);
    scaled(p, c, 0.5f, tmp);
    out.polygon(tmp, rgba(18, 18, 20), 0, 0.0f, 2);
}

/// A standing cone from above: an orange base, a white band and the orange tip.
void draw_cone(DrawList& out, std::span<const vec2> p) {
    const vec2 c = centre_of(p);
    out.polygon(p, kConeOrange, kConeDark, 0.025f, 2);
    const float side = glm::length(p[1] - p[0]);
    out.circle(c, 0.34f * side, kConeWhite, 0, 0.0f, 2);
    out.circle(c, 0.22f * side, kConeOrange, 0, 0.0f, 2);
}

/// A knocked-over cone lying on its side: its base (a white-banded stub) at one
/// side of its square, the tip past the other, along the square's 0-1 side.
void draw_toppled_cone(DrawList& out, std::span<const vec2> p) {
    const vec2 c = centre_of(p);
    const vec2 d = p[1] - p[0];
    const float len = glm::length(d);
    if (len < 1e-4f) return;
    const vec2 u = d / len, n(-u.y, u.x);
    const float base = 0.5f * len, tip = 0.75f * len, half = 0.45f * len;
    const vec2 b0 = c - u * base + n * half, b1 = c - u * base - n * half;
    const vec2 apex = c + u * tip;
    const vec2 tri[3] = {b1, apex, b0};
    out.polygon(tri, kConeOrange, kConeDark, 0.025f, 2);
    // The white band: a quad across the cone a third of the way to the tip.
    const float t0 = 0.3f, t1 = 0.5f;
    const vec2 q[4] = {b1 + (apex - b1) * t0, b1 + (apex - b1) * t1, b0 + (apex - b0) * t1,
                       b0 + (apex - b0) * t0};
    out.polygon(q, kConeWhite, 0, 0.0f, 2);
}

/// A half of a broken cone: drawn 1.8 times its size about its centre (a 0.4 × 0.18 m
/// piece is a few pixels at the default zoom), orange with a dark edge and the white
/// band across its long sides, so that the pieces read as cone and not as specks.
void draw_cone_piece(DrawList& out, std::span<const vec2> p, float alpha, std::vector<vec2>& tmp) {
    const vec2 c = centre_of(p);
    scaled(p, c, 1.8f, tmp);
    out.polygon(tmp, with_alpha(kConeOrange, alpha), with_alpha(kConeDark, alpha), 0.05f, 2);
    if (p.size() != 4) return;
    // The band across the piece's long sides a-b and d-e, at 40..60 % along them.
    const bool long01 = glm::length(tmp[1] - tmp[0]) >= glm::length(tmp[2] - tmp[1]);
    const vec2 a = long01 ? tmp[0] : tmp[1], b = long01 ? tmp[1] : tmp[2];
    const vec2 d = long01 ? tmp[3] : tmp[0], e = long01 ? tmp[2] : tmp[3];
    const vec2 q[4] = {a + (b - a) * 0.4f, a + (b - a) * 0.6f, d + (e - d) * 0.6f,
                       d + (e - d) * 0.4f};
    out.polygon(q, with_alpha(kConeWhite, alpha), 0, 0.0f, 2);
}
}  // namespace

bool SoftSolver::dented(const Body& b) const {
    for (std::uint32_t ci = b.cfirst; ci < b.cfirst + b.ccount; ++ci) {
        if (std::abs(constraints[ci].rest - rest0[ci]) > 1e-4f * rest0[ci]) return true;
    }
    return false;
}

void SoftSolver::draw(DrawList& out) const {
    std::vector<vec2> tmp;
    for (const Body& b : bodies) {
        const SoftMaterial& m = materials[b.material];
        const std::span<const vec2> pts(pos.data() + b.first, b.count);
        if (b.material == kTyre && b.count >= 3) {
            draw_tyre(out, pts, tmp);
            continue;
        }
        if (b.material == kCone && b.count == 4) {
            if (dented(b))
                draw_toppled_cone(out, pts);
            else
                draw_cone(out, pts);
            continue;
        }
        const float alpha = b.fading ? b.alpha : 1.0f;
        if (b.material == kShard && b.origin == kCone) {
            draw_cone_piece(out, pts, alpha, tmp);
            continue;
        }
        if (b.material == kShard) {
            // A plank: fresh pale wood with a thin dark edge, lighter than a crate so
            // that the debris reads against the crates still standing.
            out.polygon(pts, with_alpha(rgba(214, 168, 104), alpha),
                        with_alpha(rgba(96, 62, 30), alpha), 0.025f, 2);
            continue;
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
