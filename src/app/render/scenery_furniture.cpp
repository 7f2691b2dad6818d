// Drawing the pit building, sheds, marshal posts, catch fences and tyre walls, the parallax
// of tall things and their contact darkening where they meet the ground (see scenery.hpp).
#include <algorithm>
#include <cmath>

#include "look.hpp"
#include "scenery.hpp"

namespace skidpad::app {

namespace {

/// The camera's height over the view's centre, in half view extents: a larger figure
/// leans tall things less.
constexpr double kCameraHeight = 4.0;

Color tint(Color c, float k) {
    auto ch = [&](int shift) {
        const float v = static_cast<float>((c >> shift) & 0xFFu) * k;
        return static_cast<std::uint32_t>(std::clamp(v, 0.0f, 255.0f)) << shift;
    };
    return ch(0) | ch(8) | ch(16) | (c & 0xFF000000u);
}

vec2 sun_dir() {
    return -kSunShadow / glm::length(kSunShadow);
}

vec2 at(const SceneryBuilding& b, float u, float v) {
    return b.centre + b.along * (u * b.length) + b.away * (v * b.depth);
}

bool in_view(const View& view, vec2 c, float r) {
    const dvec2 half = view.half_extent();
    return std::fabs(c.x - view.centre.x) <= half.x + r &&
           std::fabs(c.y - view.centre.y) <= half.y + r;
}

void building_shadow(ShapeBatch& b, const SceneryBuilding& bd) {
    const vec2 base[4] = {at(bd, -0.5f, -0.5f), at(bd, 0.5f, -0.5f), at(bd, 0.5f, 0.5f),
                          at(bd, -0.5f, 0.5f)};
    shadow_prism(b, base, 4, kSunShadow * bd.height, rgba(0, 0, 0, 84));
}

void draw_building(ShapeBatch& b, const SceneryBuilding& bd, const View& view) {
    const vec2 base[4] = {at(bd, -0.5f, -0.5f), at(bd, 0.5f, -0.5f), at(bd, 0.5f, 0.5f),
                          at(bd, -0.5f, 0.5f)};
    const float h = bd.height;
    auto lift = [&](vec2 p, float z) { return p + parallax(view, p, z); };
    switch (bd.kind) {
        case BuildingKind::Pits: {
            draw_walls(b, view, base, 4, h, rgba(206, 206, 200));
            // Garage doors on the front (the track side), when that wall is seen.
            const vec2 f0 = base[0], f1 = base[1];
            const vec2 mid = 0.5f * (f0 + f1);
            if (glm::dot(-bd.away, vec2(view.centre) - mid) > 0.0f) {
                constexpr int kDoors = 10;
                for (int i = 0; i < kDoors; ++i) {
                    const float u0 = (static_cast<float>(i) + 0.15f) / kDoors;
                    const float u1 = (static_cast<float>(i) + 0.85f) / kDoors;
                    const vec2 a = f0 + (f1 - f0) * u0, c = f0 + (f1 - f0) * u1;
                    b.quad(a, c, lift(c, 0.6f * h), lift(a, 0.6f * h), rgba(52, 56, 64));
                }
            }
            vec2 roof[4];
            for (int i = 0; i < 4; ++i)
                roof[i] = lift(base[i], h);
            b.quad(roof[0], roof[1], roof[2], roof[3], rgba(124, 128, 134));
            // A white fascia along the front and a row of vents on the roof.
            const vec2 fr0 = roof[0] + (roof[3] - roof[0]) * 0.12f;
            const vec2 fr1 = roof[1] + (roof[2] - roof[1]) * 0.12f;
            b.quad(roof[0], roof[1], fr1, fr0, rgba(228, 228, 224));
            for (int i = 1; i < 8; ++i) {
                const vec2 p = lift(at(bd, -0.5f + static_cast<float>(i) / 8.0f, 0.2f), h);
                const vec2 du = bd.along * 1.2f, dv = bd.away * 1.0f;
                b.quad(p - du - dv, p + du - dv, p + du + dv, p - du + dv, rgba(92, 96, 104));
            }
            break;
        }
        case BuildingKind::Shed: {
            static constexpr Color kRoof[] = {rgba(150, 64, 48), rgba(62, 92, 66),
                                              rgba(128, 130, 134), rgba(86, 100, 122)};
            static constexpr Color kWall[] = {rgba(158, 128, 96), rgba(206, 198, 178),
                                              rgba(150, 150, 144), rgba(176, 160, 130)};
            const Color roof = kRoof[bd.shade % 4u], wall = kWall[bd.shade % 4u];
            const float eave = 0.7f * h;
            draw_walls(b, view, base, 4, eave, wall);
            // Gable ends, then the two slopes of the roof (the sun's side lighter).
            for (const float u : {-0.5f, 0.5f}) {
                b.triangle(lift(at(bd, u, -0.5f), eave), lift(at(bd, u, 0.5f), eave),
                           lift(at(bd, u, 0.0f), h), tint(wall, 0.85f));
            }
            const float lit = glm::dot(-bd.away, sun_dir());
            for (const float v : {-0.5f, 0.5f}) {
                const float k = 0.86f + 0.18f * (v < 0.0f ? lit : -lit);
                b.quad(lift(at(bd, -0.5f, v), eave), lift(at(bd, 0.5f, v), eave),
                       lift(at(bd, 0.5f, 0.0f), h), lift(at(bd, -0.5f, 0.0f), h), tint(roof, k));
            }
            break;
        }
        case BuildingKind::Marshal: {
            draw_walls(b, view, base, 4, h, rgba(236, 236, 232));
            vec2 roof[4];
            for (int i = 0; i < 4; ++i)
                roof[i] = lift(base[i], h);
            b.quad(roof[0], roof[1], roof[2], roof[3], rgba(230, 118, 28));
            // The flag on its pole at the hut's front corner: yellow or green.
            const vec2 pole = at(bd, -0.6f, -0.5f);
            const vec2 top = lift(pole, h + 2.2f);
            const vec2 w = bd.away * 0.06f;
            b.quad(pole - w, pole + w, top + w, top - w, rgba(200, 200, 200));
            const Color flag = bd.shade ? rgba(60, 170, 70) : rgba(250, 214, 40);
            const vec2 low = lift(pole, h + 1.5f);
            b.quad(top, top - bd.along * 1.1f, low - bd.along * 1.1f, low, flag);
            break;
        }
    }
}

}  // namespace

vec2 parallax(const View& view, vec2 p, float height) {
    const dvec2 half = view.half_extent();
    const double cam = kCameraHeight * std::max(half.x, half.y);
    if (!(height > 0.0f) || !(cam > 0.0) || !std::isfinite(cam)) return {0.0f, 0.0f};
    return vec2((dvec2(p) - view.centre) * (static_cast<double>(height) / cam));
}

void draw_walls(ShapeBatch& b, const View& view, const vec2* base, int n, float height,
                Color wall) {
    vec2 mid(0.0f);
    for (int i = 0; i < n; ++i)
        mid += base[i];
    mid /= static_cast<float>(n);
    const vec2 eye(view.centre);
    const vec2 sun = sun_dir();
    for (int i = 0; i < n; ++i) {
        const vec2 a = base[i], c = base[(i + 1) % n];
        vec2 nrm(c.y - a.y, a.x - c.x);
        const float len = glm::length(nrm);
        if (!(len > 1e-6f)) continue;
        nrm /= len;
        if (glm::dot(nrm, 0.5f * (a + c) - mid) < 0.0f) nrm = -nrm;
        // A wall is seen from a camera over the view's centre when it faces the centre.
        if (glm::dot(nrm, eye - 0.5f * (a + c)) <= 0.0f) continue;
        const float k = 0.72f + 0.2f * glm::dot(nrm, sun);
        b.quad(a, c, c + parallax(view, c, height), a + parallax(view, a, height), tint(wall, k));
    }
}

void shadow_prism(ShapeBatch& b, const vec2* base, int n, vec2 offset, Color col) {
    // The convex hull of the base and the base moved by the offset (monotone chain), filled
    // once so the shadow is one even darkness.
    vec2 pts[16];
    n = std::min(n, 8);
    for (int i = 0; i < n; ++i) {
        pts[i] = base[i];
        pts[i + n] = base[i] + offset;
    }
    const int m = 2 * n;
    std::sort(pts, pts + m, [](vec2 p, vec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
    vec2 hull[32];
    int k = 0;
    auto cross = [](vec2 o, vec2 a, vec2 c) {
        return (a.x - o.x) * (c.y - o.y) - (a.y - o.y) * (c.x - o.x);
    };
    for (int i = 0; i < m; ++i) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0.0f)
            --k;
        hull[k++] = pts[i];
    }
    for (int i = m - 2, t = k + 1; i >= 0; --i) {
        while (k >= t && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0.0f)
            --k;
        hull[k++] = pts[i];
    }
    for (int i = 1; i + 2 < k; ++i)
        b.triangle(hull[0], hull[i], hull[i + 1], col);
}

void contact_ring(ShapeBatch& b, const vec2* base, int n, float reach, std::uint32_t alpha) {
    vec2 mid(0.0f);
    for (int i = 0; i < n; ++i)
        mid += base[i];
    mid /= static_cast<float>(n);
    const Color in = rgba(0, 0, 0, alpha), out = rgba(0, 0, 0, 0);
    for (int i = 0; i < n; ++i) {
        const vec2 a = base[i], c = base[(i + 1) % n];
        const float la = glm::length(a - mid), lc = glm::length(c - mid);
        const vec2 ao = la > 1e-6f ? a + (a - mid) * (reach / la) : a;
        const vec2 co = lc > 1e-6f ? c + (c - mid) * (reach / lc) : c;
        b.triangle(a, c, co, in, in, out);
        b.triangle(a, co, ao, in, out, out);
    }
}

void draw_furniture(ShapeBatch& b, const Scenery& s, const View& view, bool shadows, bool contact) {
    const Material was = b.material;
    if (shadows) {
        b.material = Material::Shadow;
        for (const SceneryBuilding& bd : s.buildings) {
            if (in_view(view, bd.centre, 0.5f * (bd.length + bd.depth) + bd.height))
                building_shadow(b, bd);
        }
        for (const SceneryFence& f : s.fences) {
            const vec2 o = kSunShadow * kFenceHeight;
            for (std::size_t i = 0; i + 1 < f.posts.size(); ++i) {
                const vec2 p = f.posts[i], q = f.posts[i + 1];
                if (!in_view(view, p, 8.0f)) continue;
                b.quad(p, q, q + o, p + o, rgba(0, 0, 0, 26));
            }
        }
        for (const vec2& t : s.tyres) {
            if (!in_view(view, t, 2.0f)) continue;
            const vec2 c = t + kSunShadow * 0.8f;
            const vec2 d =
                vec2(-kSunShadow.y, kSunShadow.x) / glm::length(kSunShadow) * kTyreRadius;
            const vec2 e = kSunShadow / glm::length(kSunShadow) * kTyreRadius;
            b.quad(t - d, c - d + e, c + d + e, t + d, rgba(0, 0, 0, 80));
        }
    }
    b.material = Material::Plain;
    if (contact) {
        for (const SceneryBuilding& bd : s.buildings) {
            if (!in_view(view, bd.centre, 0.5f * (bd.length + bd.depth) + 2.0f)) continue;
            const vec2 base[4] = {at(bd, -0.5f, -0.5f), at(bd, 0.5f, -0.5f), at(bd, 0.5f, 0.5f),
                                  at(bd, -0.5f, 0.5f)};
            contact_ring(b, base, 4, bd.kind == BuildingKind::Marshal ? 0.5f : 1.2f, 70);
        }
    }
    // The tyre walls: a belt along the stacks, then the stacks, their rims painted red or
    // white in bands of four, black inside.
    const float zoom = static_cast<float>(view.zoom);
    for (std::size_t i = 0; i + 1 < s.tyres.size(); ++i) {
        const vec2 p = s.tyres[i], q = s.tyres[i + 1];
        const vec2 d = q - p;
        const float len = glm::length(d);
        if (!(len > 1e-4f) || len > 1.5f || !in_view(view, p, 2.0f)) continue;
        const vec2 w = vec2(-d.y, d.x) / len * (0.8f * kTyreRadius);
        b.quad(p - w, q - w, q + w, p + w, rgba(40, 40, 44));
    }
    for (std::size_t i = 0; i < s.tyres.size(); ++i) {
        const vec2 t = s.tyres[i];
        if (!in_view(view, t, 1.0f)) continue;
        const int n = std::clamp(circle_segments(kTyreRadius * zoom), 6, 16);
        vec2 ring[16];
        for (int k = 0; k < n; ++k) {
            const float a = 6.2831853f * static_cast<float>(k) / static_cast<float>(n);
            ring[k] = t + vec2(std::cos(a), std::sin(a)) * kTyreRadius;
        }
        if (contact) contact_ring(b, ring, n, 0.25f, 60);
        const Color rim = (i / 4) % 2 == 0 ? rgba(210, 44, 38) : rgba(232, 232, 228);
        for (int k = 0; k < n; ++k)
            b.triangle(t, ring[k], ring[(k + 1) % n], rim);
        for (int k = 0; k < n; ++k) {
            b.triangle(t, t + (ring[k] - t) * 0.6f, t + (ring[(k + 1) % n] - t) * 0.6f,
                       rgba(22, 22, 24));
        }
    }
    // The catch fences: a line of posts with mesh between them, leaning with the parallax.
    const float line = std::max(0.08f, 0.7f / std::max(zoom, 1e-3f));
    for (const SceneryFence& f : s.fences) {
        for (std::size_t i = 0; i + 1 < f.posts.size(); ++i) {
            const vec2 p = f.posts[i], q = f.posts[i + 1];
            if (!in_view(view, p, 8.0f)) continue;
            const vec2 pt = p + parallax(view, p, kFenceHeight),
                       qt = q + parallax(view, q, kFenceHeight);
            b.quad(p, q, qt, pt, rgba(196, 204, 212, 70));
            const vec2 d = q - p;
            const float len = glm::length(d);
            if (!(len > 1e-4f)) continue;
            const vec2 w = vec2(-d.y, d.x) / len * line;
            b.quad(p - w, q - w, q + w, p + w, rgba(96, 100, 108));
            b.quad(pt - w, qt - w, qt + w, pt + w, rgba(150, 156, 164));
            const vec2 u = d / len * line;
            b.quad(p - u, p + u, pt + u, pt - u, rgba(80, 84, 92));
        }
    }
    for (const SceneryBuilding& bd : s.buildings) {
        const float r = 0.5f * (bd.length + bd.depth);
        if (in_view(view, bd.centre, r + 8.0f)) draw_building(b, bd, view);
    }
    b.material = was;
}

}  // namespace skidpad::app
