// The body-kind table (include/skidpad/soft/body_kinds.hpp): one row per built-in kind,
// with the kinds' own drawings.
#include "skidpad/soft/body_kinds.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace skidpad {

namespace {

/// A body a kind spawns as: a box of sides w × h, mass and stiffness from the tunables.
SoftBodyDef box(double w, double h, double mass, double stiffness) {
    SoftBodyDef d;
    d.size = vec2(static_cast<float>(w), static_cast<float>(h));
    d.mass = static_cast<float>(mass);
    d.edge_stiffness = static_cast<float>(stiffness);
    return d;
}

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
void draw_tyre(DrawList& out, std::span<const vec2> p, const BodyLook& look) {
    const BodyKindRow& r = *look.row;
    std::vector<vec2>& tmp = *look.scratch;
    const vec2 c = centre_of(p);
    out.polygon(p, r.fill, r.stroke, 0.03f, 2);
    scaled(p, c, 0.66f, tmp);
    out.polygon(tmp, r.accent, 0, 0.0f, 2);
    scaled(p, c, 0.5f, tmp);
    out.polygon(tmp, rgba(18, 18, 20), 0, 0.0f, 2);
}

/// A standing cone from above: an orange base, a white band and the orange tip.
void draw_standing_cone(DrawList& out, std::span<const vec2> p, const BodyKindRow& r) {
    const vec2 c = centre_of(p);
    out.polygon(p, r.fill, r.stroke, 0.025f, 2);
    const float side = glm::length(p[1] - p[0]);
    out.circle(c, 0.34f * side, r.accent, 0, 0.0f, 2);
    out.circle(c, 0.22f * side, r.fill, 0, 0.0f, 2);
}

/// A knocked-over cone lying on its side: its base (a white-banded stub) at one
/// side of its square, the tip past the other, along the square's 0-1 side.
void draw_toppled_cone(DrawList& out, std::span<const vec2> p, const BodyKindRow& r) {
    const vec2 c = centre_of(p);
    const vec2 d = p[1] - p[0];
    const float len = glm::length(d);
    if (len < 1e-4f) return;
    const vec2 u = d / len, n(-u.y, u.x);
    const float base = 0.5f * len, tip = 0.75f * len, half = 0.45f * len;
    const vec2 b0 = c - u * base + n * half, b1 = c - u * base - n * half;
    const vec2 apex = c + u * tip;
    const vec2 tri[3] = {b1, apex, b0};
    out.polygon(tri, r.fill, r.stroke, 0.025f, 2);
    // The white band: a quad across the cone a third of the way to the tip.
    const float t0 = 0.3f, t1 = 0.5f;
    const vec2 q[4] = {b1 + (apex - b1) * t0, b1 + (apex - b1) * t1, b0 + (apex - b0) * t1,
                       b0 + (apex - b0) * t0};
    out.polygon(q, r.accent, 0, 0.0f, 2);
}

/// A cone standing, or lying on its side once dented (a box of 4 points; any other
/// outline is a plain polygon).
void draw_cone(DrawList& out, std::span<const vec2> p, const BodyLook& look) {
    const BodyKindRow& r = *look.row;
    if (p.size() != 4) {
        out.polygon(p, r.fill, r.stroke, 0.04f, 2);
    } else if (look.dented) {
        draw_toppled_cone(out, p, r);
    } else {
        draw_standing_cone(out, p, r);
    }
}

/// A half of a broken cone: drawn 1.8 times its size about its centre (a 0.4 × 0.18 m
/// piece is a few pixels at the default zoom), orange with a dark edge and the white
/// band across its long sides, so that the pieces read as cone and not as specks.
void draw_cone_piece(DrawList& out, std::span<const vec2> p, const BodyLook& look) {
    const BodyKindRow& r = body_kind_row(BodyKind::Cone);
    std::vector<vec2>& tmp = *look.scratch;
    const float alpha = look.alpha;
    const vec2 c = centre_of(p);
    scaled(p, c, 1.8f, tmp);
    out.polygon(tmp, with_alpha(r.fill, alpha), with_alpha(r.stroke, alpha), 0.05f, 2);
    if (p.size() != 4) return;
    // The band across the piece's long sides a-b and d-e, at 40..60 % along them.
    const bool long01 = glm::length(tmp[1] - tmp[0]) >= glm::length(tmp[2] - tmp[1]);
    const vec2 a = long01 ? tmp[0] : tmp[1], b = long01 ? tmp[1] : tmp[2];
    const vec2 d = long01 ? tmp[3] : tmp[0], e = long01 ? tmp[2] : tmp[3];
    const vec2 q[4] = {a + (b - a) * 0.4f, a + (b - a) * 0.6f, d + (e - d) * 0.6f,
                       d + (e - d) * 0.4f};
    out.polygon(q, with_alpha(r.accent, alpha), 0, 0.0f, 2);
}

/// A plank: fresh pale wood with a thin dark edge, lighter than a crate so that the
/// debris reads against the crates still standing.
void draw_plank(DrawList& out, std::span<const vec2> p, const BodyLook& look) {
    out.polygon(p, with_alpha(look.row->fill, look.alpha), with_alpha(look.row->stroke, look.alpha),
                0.025f, 2);
}

constexpr Color kWoodChips = rgba(196, 148, 88);

}  // namespace

// clang-format off
constexpr std::array<BodyKindRow, kBodyKindCount> kBodyKinds = {{
    {.kind = BodyKind::Crate, .name = "crate",
     .dents = true, .breaks = true, .restitution = &SoftDef::restitution,
     .effect = SoftEffect::Wood,
     .car_restitution = &SoftDef::car_e_crate, .car_friction = nullptr, .gives = true,
     .fill = rgba(176, 128, 72), .stroke = rgba(90, 60, 30), .pinned_fill = 0, .accent = 0,
     .draw = nullptr, .draw_piece = nullptr,
     .chips = kWoodChips, .sparks = false,
     .spawn = [](const SoftDef& d) {
         return box(d.crate_size, d.crate_size, d.crate_mass, d.crate_stiffness); },
     .sandbox_label = "crate", .replay_code = 0,
     .level_name = "crate", .level_group_name = "crate_stack", .level_group = LevelGroup::Grid},
    {.kind = BodyKind::Barrier, .name = "barrier",
     .dents = true, .breaks = false, .restitution = &SoftDef::restitution,
     .effect = SoftEffect::Concrete,
     .car_restitution = &SoftDef::car_e_barrier, .car_friction = &SoftDef::car_mu_barrier,
     .gives = false,
     .fill = rgba(150, 150, 165), .stroke = rgba(40, 40, 45), .pinned_fill = rgba(120, 120, 130),
     .accent = 0, .draw = nullptr, .draw_piece = nullptr,
     .chips = 0, .sparks = true,
     .spawn = [](const SoftDef&) { return box(4.0, 1.0, 0.0, 1.0); },  // 4 m × 1 m, pinned
     .sandbox_label = "barrier (pinned)", .replay_code = 3,
     .level_name = "barrier", .level_group_name = nullptr, .level_group = LevelGroup::None},
    {.kind = BodyKind::Tyre, .name = "tyre",
     .dents = false, .breaks = false, .restitution = &SoftDef::tyre_restitution,
     .effect = SoftEffect::Rubber,
     .car_restitution = &SoftDef::car_e_tyre, .car_friction = &SoftDef::car_mu_tyre,
     .gives = false,
     .fill = rgba(28, 28, 30), .stroke = rgba(12, 12, 12), .pinned_fill = 0,
     .accent = rgba(175, 178, 182), .draw = draw_tyre, .draw_piece = nullptr,
     .chips = 0, .sparks = false,
     .spawn = [](const SoftDef& d) {
         SoftBodyDef t;
         t.shape = SoftShape::Polygon;
         t.radius = static_cast<float>(d.tyre_radius);
         t.sides = d.tyre_sides;
         t.mass = static_cast<float>(d.tyre_mass);
         t.edge_stiffness = t.shape_stiffness = static_cast<float>(d.tyre_stiffness);
         return t;
     },
     .sandbox_label = "tyre stack", .replay_code = 1,
     .level_name = "tyre", .level_group_name = "tyre_wall", .level_group = LevelGroup::Line},
    {.kind = BodyKind::Cone, .name = "cone",
     .dents = true, .breaks = true, .restitution = &SoftDef::restitution,
     .effect = SoftEffect::Plastic,
     .car_restitution = &SoftDef::car_e_cone, .car_friction = nullptr, .gives = true,
     .fill = rgba(250, 115, 15), .stroke = rgba(120, 45, 5), .pinned_fill = 0,
     .accent = rgba(245, 240, 232), .draw = draw_cone, .draw_piece = draw_cone_piece,
     .chips = rgba(250, 120, 20), .sparks = false,
     .spawn = [](const SoftDef& d) { return box(d.cone_size, d.cone_size, d.cone_mass, 1.0); },
     .sandbox_label = "cone", .replay_code = 2,
     .level_name = "cone", .level_group_name = "cone_line", .level_group = LevelGroup::Line},
    {.kind = BodyKind::Shard, .name = "shard",  // a plank of a broken body
     .dents = true, .breaks = false, .restitution = &SoftDef::restitution,
     .effect = SoftEffect::Splinter,
     .car_restitution = &SoftDef::car_e_shard, .car_friction = nullptr, .gives = true,
     .fill = rgba(214, 168, 104), .stroke = rgba(96, 62, 30), .pinned_fill = 0, .accent = 0,
     .draw = draw_plank, .draw_piece = nullptr,
     .chips = kWoodChips, .sparks = false,
     // one plank of a broken crate (shatter_broken cuts the real ones)
     .spawn = [](const SoftDef& d) { return box(0.12, 0.12, d.crate_mass * 0.25, 1.0); },
     .sandbox_label = nullptr, .replay_code = -1,
     .level_name = nullptr, .level_group_name = nullptr, .level_group = LevelGroup::None},
}};
// clang-format on

const BodyKindRow* body_kind_by_replay_code(int code) {
    for (const BodyKindRow& r : kBodyKinds) {
        if (r.replay_code >= 0 && r.replay_code == code) return &r;
    }
    return nullptr;
}

std::vector<BodyKind> sandbox_kinds() {
    std::vector<BodyKind> out;
    for (const BodyKindRow& r : kBodyKinds) {
        if (r.sandbox_label != nullptr) out.push_back(r.kind);
    }
    std::sort(out.begin(), out.end(), [](BodyKind a, BodyKind b) {
        return body_kind_row(a).replay_code < body_kind_row(b).replay_code;
    });
    return out;
}

const char* soft_kind_name(BodyKind kind) {
    return body_kind_row(kind).name;
}

SoftBodyDef soft_kind_def(BodyKind kind, const SoftDef& def) {
    SoftBodyDef d = body_kind_row(kind).spawn(def);
    d.material = SoftMaterialId::of(kind);
    return d;
}

}  // namespace skidpad
