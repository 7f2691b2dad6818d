// Trees, grandstands and rubber beside and on a track (see scenery.hpp).
#include "scenery.hpp"

#include <algorithm>
#include <cmath>

#include "look.hpp"

namespace skidpad::app {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr double kCell = 8.0;                     // m, one candidate tree per cell
constexpr double kFieldW = 96.0, kFieldH = 72.0;  // the landscape's fields (render.cpp)
constexpr double kHedgeLine = 0.65;               // m, a hedgerow's middle from its field's edge
constexpr std::size_t kMaxTrees = 12000;
constexpr float kStandHeight = 9.0f;  // m, a grandstand's roof
constexpr float kMastHeight = 14.0f;  // m, a floodlight mast

std::uint32_t mix(std::uint32_t a, std::uint32_t b) {
    return look_hash(a, b);
}

float unit(std::uint32_t h) {
    return static_cast<float>(h & 0xFFFFFFu) / static_cast<float>(0xFFFFFF);
}

std::uint32_t cell_index(double v, double size) {
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(std::floor(v / size)));
}

/// m from the track's centre line.
double distance_to_track(const Track& track, dvec2 p) {
    return glm::length(p - path_project(track.centre, p).position);
}

/// A fan from `c` over `ring` (convex or star-shaped about c).
void fan(ShapeBatch& b, vec2 c, const vec2* ring, int n, Color col) {
    for (int i = 0; i < n; ++i)
        b.triangle(c, ring[i], ring[(i + 1) % n], col);
}

/// A disc (or, `star`, a crown with `n` points) of radius r about c.
void disc(ShapeBatch& b, vec2 c, float r, int n, Color col, bool star = false) {
    vec2 ring[48];
    n = std::clamp(n, 6, 48);
    for (int i = 0; i < n; ++i) {
        const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(n);
        const float k = star && (i % 2) ? 0.72f : 1.0f;
        ring[i] = c + vec2(std::cos(a), std::sin(a)) * (r * k);
    }
    fan(b, c, ring, n, col);
}

/// True when a tree at `d` m from the centre line would grow through a catch fence or a
/// tyre wall (they stand just beyond the clearance).
bool near_edge_furniture(const Scenery& s, const SceneryTree& t, double d) {
    if (d - t.radius > s.clearance + 4.0) return false;
    for (const vec2& p : s.tyres) {
        if (glm::length(p - t.at) < t.radius + 0.6f) return true;
    }
    for (const SceneryFence& f : s.fences) {
        for (const vec2& p : f.posts) {
            if (glm::length(p - t.at) < t.radius + 2.5f) return true;
        }
    }
    return false;
}

bool stand_clear(const Track& track, const SceneryStand& st, double clearance) {
    const vec2 l = st.along * (0.5f * st.length), d = st.away * (0.5f * st.depth);
    const vec2 probes[] = {st.centre - l - d, st.centre + l - d, st.centre - l + d,
                           st.centre + l + d, st.centre - d,     st.centre};
    for (const vec2& p : probes) {
        if (distance_to_track(track, dvec2(p)) < clearance) return false;
    }
    return true;
}

bool in_stand(const SceneryStand& st, vec2 p, float margin) {
    const vec2 q = p - st.centre;
    return std::fabs(q.x * st.along.x + q.y * st.along.y) < 0.5f * st.length + margin &&
           std::fabs(q.x * st.away.x + q.y * st.away.y) < 0.5f * st.depth + margin;
}

void place_stands(const Track& track, Scenery& out) {
    const ClosedPath& c = track.centre;
    // Beside the start line and the straight before it, on whichever side has room.
    for (const double s0 : {0.0, -50.0}) {
        for (const float side : {1.0f, -1.0f}) {
            if (out.stands.size() >= 3) return;
            const double s = path_wrap(c, s0);
            const dvec2 t = path_tangent_at(c, s);
            SceneryStand st;
            st.along = vec2(t);
            st.away = vec2(perp(t)) * side;
            st.centre = vec2(path_position_at(c, s)) +
                        st.away * static_cast<float>(out.clearance + 0.5 * st.depth + 1.0);
            bool overlaps = false;
            for (const SceneryStand& o : out.stands)
                overlaps = overlaps || in_stand(o, st.centre, 0.5f * st.length);
            if (!overlaps && stand_clear(track, st, out.clearance)) out.stands.push_back(st);
        }
    }
}

Color shade(int r, int g, int b, int k) {
    auto c = [k](int v) { return static_cast<std::uint32_t>(std::clamp(v + k, 0, 255)); };
    return rgba(c(r), c(g), c(b));
}

void draw_stand(ShapeBatch& b, const SceneryStand& st, const View& view, bool shadows,
                bool contact) {
    auto at = [&](float u, float v) {  // u along 0..1, v away 0..1
        return st.centre + st.along * ((u - 0.5f) * st.length) + st.away * ((v - 0.5f) * st.depth);
    };
    // A rectangle `h` m above the ground, leaning with the parallax.
    auto rect = [&](float u0, float v0, float u1, float v1, Color col, float h) {
        const vec2 p[4] = {at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)};
        b.quad(p[0] + parallax(view, p[0], h), p[1] + parallax(view, p[1], h),
               p[2] + parallax(view, p[2], h), p[3] + parallax(view, p[3], h), col);
    };
    const vec2 base[4] = {at(0.0f, 0.0f), at(1.0f, 0.0f), at(1.0f, 1.0f), at(0.0f, 1.0f)};
    if (shadows) {
        b.material = Material::Shadow;
        shadow_prism(b, base, 4, kSunShadow * kStandHeight, rgba(0, 0, 0, 80));
        b.material = Material::Plain;
    }
    if (contact) contact_ring(b, base, 4, 1.2f, 70);
    draw_walls(b, view, base, 4, 0.6f * kStandHeight, rgba(132, 136, 144));
    // Terraces: rows of seats stepping up from the front (the track side).
    b.material = Material::Concrete;
    rect(0.0f, 0.0f, 1.0f, 1.0f, rgba(150, 152, 156), 1.0f);
    b.material = Material::Plain;
    constexpr int kRows = 6;
    const float row_pts = st.depth / 9.0f * static_cast<float>(view.zoom);
    for (int r = 0; r < kRows; ++r) {
        const float v0 = 0.06f + 0.09f * static_cast<float>(r);
        const float h = 1.0f + 0.8f * static_cast<float>(r);
        rect(0.02f, v0, 0.98f, v0 + 0.06f, shade(58, 92, 150, r * 6), h);
        if (row_pts < 3.0f) continue;
        // The crowd: a speck per seat-pair, in its clothes' colours.
        const int seats = static_cast<int>(st.length / 0.7f);
        for (int k = 0; k < seats; ++k) {
            const std::uint32_t hs =
                mix(static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(r));
            if ((hs & 3u) == 0u) continue;  // an empty seat
            const float u =
                0.03f + 0.94f * (static_cast<float>(k) + 0.5f) / static_cast<float>(seats);
            static constexpr Color kClothes[] = {rgba(222, 60, 52),   rgba(240, 210, 60),
                                                 rgba(236, 236, 236), rgba(40, 40, 44),
                                                 rgba(70, 130, 210),  rgba(60, 160, 90)};
            const Color col = kClothes[(hs >> 4) % 6u];
            const float du = 0.28f / st.length, dv = 0.26f / st.depth;
            rect(u - du, v0 + 0.03f - dv, u + du, v0 + 0.03f + dv, col, h + 0.6f);
        }
    }
    // The roof over the back rows, and the fence along the front.
    rect(0.0f, 0.58f, 1.0f, 1.0f, rgba(84, 90, 104), kStandHeight);
    rect(0.0f, 0.58f, 1.0f, 0.62f, rgba(196, 200, 210), kStandHeight);
    for (int k = 1; k < 8; ++k) {
        const float u = static_cast<float>(k) / 8.0f;
        rect(u - 0.003f, 0.62f, u + 0.003f, 1.0f, rgba(70, 74, 86), kStandHeight);
    }
    rect(0.0f, 0.0f, 1.0f, 0.012f, rgba(210, 212, 216), 1.2f);
}

void place_lamps(const Track& track, Scenery& out) {
    const ClosedPath& c = track.centre;
    const int n = static_cast<int>(c.length / kLampSpacing);
    for (int i = 0; i < n; ++i) {
        const double s = (static_cast<double>(i) + 0.5) * c.length / n;
        const dvec2 t = path_tangent_at(c, s), at = path_position_at(c, s);
        const dvec2 side = perp(t) * (i % 2 == 0 ? 1.0 : -1.0);
        const dvec2 post = at + side * (out.clearance + 1.0);
        // A mast on the inside of a tight bend would stand on another part of the track.
        if (distance_to_track(track, post) < out.clearance) continue;
        SceneryLamp lamp;
        lamp.post = vec2(post);
        lamp.pool = vec2(at + side * track.half_width());
        lamp.radius = static_cast<float>(std::max(16.0, 0.6 * (out.clearance + 1.0)));
        out.lamps.push_back(lamp);
    }
}

}  // namespace

double scenery_clearance(const Track& track) {
    double beyond = track.runoff_width;
    for (const RunoffZone& z : track.zones)
        beyond = std::max(beyond, z.width);
    for (const TrackBarrier& w : track.barriers)
        beyond = std::max(beyond, w.offset + 2.0);
    return track.half_width() + track.kerb_width + beyond + 5.0;
}

bool scenery_matches(const Scenery& s, const Track& track) {
    return s.track == track.name && s.points == track.centre.size() &&
           s.length == track.centre.length;
}

Scenery make_scenery(const Track& track) {
    Scenery out;
    out.track = track.name;
    out.points = track.centre.size();
    out.length = track.centre.length;
    out.clearance = scenery_clearance(track);
    if (track.centre.size() < 3) return out;
    place_stands(track, out);
    place_lamps(track, out);
    place_track_furniture(track, out);
    dvec2 lo = track.centre.points[0], hi = lo;
    for (const dvec2& p : track.centre.points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const double margin = out.clearance + 220.0;
    lo -= dvec2(margin);
    hi += dvec2(margin);
    for (double y = std::floor(lo.y / kCell) * kCell; y < hi.y; y += kCell) {
        for (double x = std::floor(lo.x / kCell) * kCell; x < hi.x; x += kCell) {
            const std::uint32_t h = mix(cell_index(x, kCell), cell_index(y, kCell));
            // Hedgerow trees where a field's edge crosses the cell, copses in one field of
            // nine, a lone tree now and then elsewhere.
            const double ex = x + 0.5 * kCell - kHedgeLine, ey = y + 0.5 * kCell - kHedgeLine;
            const double hx = std::round(ex / kFieldW) * kFieldW + kHedgeLine;
            const double hy = std::round(ey / kFieldH) * kFieldH + kHedgeLine;
            const bool hedge_x = std::fabs(x + 0.5 * kCell - hx) < 0.5 * kCell;
            const bool hedge_y = std::fabs(y + 0.5 * kCell - hy) < 0.5 * kCell;
            const bool copse =
                mix(cell_index(x, kFieldW), cell_index(y, kFieldH) + 991u) % 9u == 0u;
            const float p = hedge_x || hedge_y ? 0.45f : (copse ? 0.62f : 0.025f);
            if (unit(h) >= p) continue;
            const float jx = unit(mix(h, 1u)) - 0.5f, jy = unit(mix(h, 2u)) - 0.5f;
            dvec2 at(x + 0.5 * kCell + jx * 6.0, y + 0.5 * kCell + jy * 6.0);
            if (hedge_x) at.x = hx + jx * 1.5;  // on the hedgerow
            if (hedge_y && !hedge_x) at.y = hy + jy * 1.5;
            SceneryTree t;
            t.at = vec2(at);
            t.conifer = (mix(h, 3u) % 5u) == 0u;
            t.radius = t.conifer ? 1.6f + 1.0f * unit(mix(h, 4u)) : 2.4f + 2.2f * unit(mix(h, 4u));
            t.height = t.conifer ? 9.0f + 5.0f * unit(mix(h, 5u)) : 6.0f + 6.0f * unit(mix(h, 5u));
            t.shade = static_cast<std::uint8_t>(mix(h, 6u) % 18u);
            if (distance_to_track(track, at) - t.radius < out.clearance) continue;
            if (scenery_occupied(out, t.at, t.radius + 2.0f)) continue;
            if (near_edge_furniture(out, t, distance_to_track(track, at))) continue;
            out.trees.push_back(t);
            if (out.trees.size() >= kMaxTrees) return out;
        }
    }
    return out;
}

void draw_scenery(ShapeBatch& b, const Scenery& s, const View& view, bool shadows, bool contact) {
    const dvec2 half = view.half_extent();
    const auto min_x = static_cast<float>(view.centre.x - half.x);
    const auto max_x = static_cast<float>(view.centre.x + half.x);
    const auto min_y = static_cast<float>(view.centre.y - half.y);
    const auto max_y = static_cast<float>(view.centre.y + half.y);
    const auto zoom = static_cast<float>(view.zoom);
    const Material was = b.material;
    // Low things first (tyre walls, fences, buildings), then the stands, then what stands
    // tallest: masts and trees, leaning furthest with the parallax.
    draw_furniture(b, s, view, shadows, contact);
    for (const SceneryStand& st : s.stands) {
        const float r = 0.5f * (st.length + st.depth) + 6.0f;
        if (st.centre.x + r < min_x || st.centre.x - r > max_x || st.centre.y + r < min_y ||
            st.centre.y - r > max_y)
            continue;
        draw_stand(b, st, view, shadows, contact);
    }
    // The sun's side of a crown is lighter: towards it, against the shadow's offset.
    const vec2 sun =
        -kSunShadow / std::sqrt(kSunShadow.x * kSunShadow.x + kSunShadow.y * kSunShadow.y);
    if (shadows) {
        b.material = Material::Shadow;
        for (const SceneryTree& t : s.trees) {
            const vec2 c = t.at + kSunShadow * t.height;
            const float r = t.radius * 1.1f;
            if (c.x + r < min_x || c.x - r > max_x || c.y + r < min_y || c.y - r > max_y) continue;
            disc(b, c, r, circle_segments(r * zoom) / 2, rgba(0, 0, 0, 64), t.conifer);
        }
    }
    b.material = Material::Plain;
    if (contact) {
        // The ground under a crown is darker at its foot (seen where the crown leans off it).
        for (const SceneryTree& t : s.trees) {
            const float r = 0.7f * t.radius;
            if (t.at.x + r < min_x || t.at.x - r > max_x || t.at.y + r < min_y ||
                t.at.y - r > max_y)
                continue;
            const Color mid = rgba(0, 0, 0, 60), rim = rgba(0, 0, 0, 0);
            constexpr int kSides = 10;
            for (int i = 0; i < kSides; ++i) {
                const float a0 = 2.0f * kPi * static_cast<float>(i) / kSides;
                const float a1 = 2.0f * kPi * static_cast<float>(i + 1) / kSides;
                b.triangle(t.at, t.at + vec2(std::cos(a0), std::sin(a0)) * r,
                           t.at + vec2(std::cos(a1), std::sin(a1)) * r, mid, rim, rim);
            }
        }
    }
    for (const SceneryLamp& l : s.lamps) {
        if (l.post.x + 3.0f < min_x || l.post.x - 3.0f > max_x || l.post.y + 3.0f < min_y ||
            l.post.y - 3.0f > max_y)
            continue;
        b.material = Material::Plain;
        if (shadows) {
            b.material = Material::Shadow;
            const vec2 tip = l.post + kSunShadow * kMastHeight;
            const vec2 w = vec2(-(tip - l.post).y, (tip - l.post).x) * (0.18f / 6.0f);
            b.quad(l.post + w, tip + w, tip - w, l.post - w, rgba(0, 0, 0, 60));
            b.material = Material::Plain;
        }
        // The mast from its foot to its head, which leans with the parallax.
        const vec2 head = l.post + parallax(view, l.post, kMastHeight);
        const vec2 d = head - l.post;
        const float len = glm::length(d);
        if (len > 1e-3f) {
            const vec2 w = vec2(-d.y, d.x) / len * 0.18f;
            b.quad(l.post + w, head + w, head - w, l.post - w, rgba(110, 114, 120));
        }
        disc(b, l.post, 0.6f, 10, rgba(120, 124, 130));
        disc(b, head, 0.6f, 10, rgba(96, 100, 108));
        disc(b, head, 0.35f, 8, rgba(200, 200, 190));
    }
    for (const SceneryTree& t : s.trees) {
        const float r = t.radius;
        if (t.at.x + r + 6.0f < min_x || t.at.x - r - 6.0f > max_x || t.at.y + r + 6.0f < min_y ||
            t.at.y - r - 6.0f > max_y)
            continue;
        const vec2 c = t.at + parallax(view, t.at, t.height);
        const vec2 lean = c - t.at;
        const int n = circle_segments(r * zoom) / 2;
        const int k = t.shade;
        b.material = Material::Plain;
        const float lean_m = glm::length(lean);
        if (lean_m * zoom > 2.0f) {  // the trunk, seen where the crown leans off its foot
            const vec2 w = vec2(-lean.y, lean.x) / lean_m * 0.22f;
            b.quad(t.at + w, c + w * 0.6f, c - w * 0.6f, t.at - w, rgba(78, 58, 40));
        }
        b.material = Material::Hedge;
        if (t.conifer) {
            disc(b, c, r, 18, shade(26, 60, 38, k), true);
            disc(b, c + sun * (0.15f * r), 0.6f * r, 18, shade(40, 82, 52, k), true);
        } else {
            disc(b, c, r, n, shade(44, 80, 30, k));
            disc(b, c + sun * (0.2f * r), 0.7f * r, n, shade(62, 104, 40, k));
            if (r * zoom > 12.0f)
                disc(b, c + sun * (0.42f * r), 0.3f * r, n, shade(84, 128, 54, k));
        }
    }
    b.material = was;
}

void draw_track_lights(ShapeBatch& b, const Scenery& s, const View& view, float strength) {
    if (!(strength > 0.0f)) return;
    const dvec2 half = view.half_extent();
    const Material was = b.material;
    b.material = Material::Light;
    const auto a0 = static_cast<std::uint32_t>(std::clamp(85.0f * strength, 0.0f, 255.0f));
    const Color core = rgba(255, 226, 170, a0), edge = rgba(255, 226, 170, 0);
    constexpr int kSides = 20;
    for (const SceneryLamp& l : s.lamps) {
        const float r = l.radius;
        if (std::fabs(l.pool.x - view.centre.x) > half.x + r ||
            std::fabs(l.pool.y - view.centre.y) > half.y + r)
            continue;
        for (int i = 0; i < kSides; ++i) {
            const float a0r = 2.0f * kPi * static_cast<float>(i) / kSides;
            const float a1r = 2.0f * kPi * static_cast<float>(i + 1) / kSides;
            b.triangle(l.pool, l.pool + vec2(std::cos(a0r), std::sin(a0r)) * r,
                       l.pool + vec2(std::cos(a1r), std::sin(a1r)) * r, core, edge, edge);
        }
        disc(b, l.post + parallax(view, l.post, kMastHeight), 0.45f, 8, rgba(255, 240, 200));
    }
    b.material = was;
}

void draw_rubber(const Race& race, DrawList& out) {
    if (!race.has_track()) return;
    const Track& track = race.track();
    const ClosedPath& line = race.line().path;
    const SpeedProfile& prof = race.profile();
    const std::size_t n = line.size();
    if (n < 3 || track.centre.size() != n || !prof.ok || prof.speed.size() != n ||
        prof.curvature.size() != n)
        return;
    constexpr double kTrack = 0.8;   // m, each wheel track's middle from the line
    constexpr double kWidth = 0.42;  // m, a wheel track's width
    auto normal_at = [&](std::size_t i) {
        const dvec2 a = line.points[line.prev(i)], b = line.points[line.next(i)];
        const dvec2 d = b - a;
        const double len = glm::length(d);
        return len > 1e-9 ? perp(d / len) : dvec2(0.0, 1.0);
    };
    for (std::size_t i = 0; i < n; ++i) {
        if (track_road_at(track, track.centre.s[i]) != SurfaceKind::Asphalt) continue;
        const std::size_t j = line.next(i);
        const double ds = std::max(glm::length(line.points[j] - line.points[i]), 1e-3);
        const double vi = prof.speed[i], vj = prof.speed[j];
        const double braking = (vi * vi - vj * vj) / (2.0 * ds);
        const double lateral = vi * vi * std::fabs(prof.curvature[i]);
        const double work = std::clamp(std::max(braking, 0.6 * lateral) / 9.0, 0.0, 1.0);
        const auto alpha = static_cast<std::uint32_t>(std::lround(12.0 + 34.0 * work));
        const Color col = rgba(16, 16, 18, alpha);
        const dvec2 ni = normal_at(i), nj = normal_at(j);
        for (const double side : {1.0, -1.0}) {
            const double a = side * kTrack - 0.5 * kWidth, b = side * kTrack + 0.5 * kWidth;
            const vec2 q[4] = {vec2(line.points[i] + ni * a), vec2(line.points[j] + nj * a),
                               vec2(line.points[j] + nj * b), vec2(line.points[i] + ni * b)};
            out.polygon(q, col, 0, 0.0f, 0);
        }
    }
}

}  // namespace skidpad::app
