// The crumple model (include/skidpad/car/damage.hpp, docs/physics.md §14).
//
// Outline point k, at x_k = rest_k + dent_k with outward normal n_k, takes from a hit of
// normal impulse J at p along the unit direction d (into the car) the load
//   ΔL_k = J · s(min(1, 1.5 (1 − |x_k − p| / R))) · max(0, −n_k · d),   s(t) = t²(3 − 2t),
// so only the points near the hit and facing it are loaded. The load relaxes as
// L ← L e^(−h/τ); what of it passes the yield L_y is plastic: the point moves along d by
//   Δdent_k = (max(0, L_new − L_y) − max(0, L_old − L_y)) / S,
// never deeper than max_dent nor than 0.6 of the way to the body's centre. A hit spread over a
// few sub-steps (well inside τ) dents as one: for a head-on hit of impulse J the nose moves
// (J − L_y)/S, linear in the impact speed as for a crumple zone of constant stiffness.
#include "skidpad/car/damage.hpp"

#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"

namespace skidpad {

namespace {

/// Segments per edge of the chamfered rectangle, front edge first, counter-clockwise.
constexpr std::array<int, 8> kSegments = {4, 1, 8, 1, 4, 1, 8, 1};
static_assert(4 + 1 + 8 + 1 + 4 + 1 + 8 + 1 == kOutlinePoints);

/// m, how far a dent ramps its consequence from nothing to full past the threshold.
constexpr double kRamp = 0.1;

/// m (car frame, from the CG), the centre of the body rectangle.
dvec2 body_centre(const CarDef& def) {
    const CarGeometry g = car_geometry(def);
    return {0.5 * (g.cg_to_front - g.cg_to_rear), 0.0};
}

/// Unit outward normal of point k of a counter-clockwise ring.
dvec2 outward(const std::array<dvec2, kOutlinePoints>& ring, int k) {
    const dvec2 t = ring[static_cast<std::size_t>((k + 1) % kOutlinePoints)] -
                    ring[static_cast<std::size_t>((k + kOutlinePoints - 1) % kOutlinePoints)];
    const double len = std::sqrt(dot(t, t));
    return len > 1e-12 ? dvec2(t.y, -t.x) / len : dvec2(0.0, 0.0);
}

double ramp(double dent, double threshold) {
    return clamp((dent - threshold) / kRamp, 0.0, 1.0);
}

/// The consequences of the dents as they are now (each switchable).
void update_consequences(CarDamage& d, const CarDef& def,
                         const std::array<dvec2, kOutlinePoints>& rest) {
    const DamageDef& dd = def.damage;
    if (!dd.enabled) {
        d.toe = {0.0, 0.0};
        d.engine_loss = d.extra_drag = 0.0;
        return;
    }
    const CarGeometry g = car_geometry(def);
    const double corner_reach = 0.5 * def.width;
    double deepest = 0.0, nose = 0.0;
    std::array<double, 2> corner{};
    for (std::size_t k = 0; k < rest.size(); ++k) {
        const double depth = std::sqrt(dot(d.dent[k], d.dent[k]));
        deepest = std::max(deepest, depth);
        if (rest[k].x > g.cg_to_front) nose = std::max(nose, depth);
        for (std::size_t i = 0; i < 2; ++i) {
            const dvec2 wheel(g.cg_to_front, (i == 0 ? 0.5 : -0.5) * g.track);
            const dvec2 r = rest[k] - wheel;
            if (dot(r, r) < corner_reach * corner_reach) corner[i] = std::max(corner[i], depth);
        }
    }
    // A crushed corner bends its wheel outwards (toe-out): the car pulls to that side.
    const double toe = std::clamp(dd.bent_toe, 0.0, 0.2);
    d.toe[0] = dd.bent_wheel ? toe * ramp(corner[0], dd.bent_threshold) : 0.0;
    d.toe[1] = dd.bent_wheel ? -toe * ramp(corner[1], dd.bent_threshold) : 0.0;
    d.engine_loss =
        dd.engine ? std::clamp(dd.engine_loss, 0.0, 0.95) * ramp(nose, dd.engine_threshold) : 0.0;
    d.extra_drag = dd.panel && deepest > dd.panel_threshold ? std::max(dd.panel_drag, 0.0) : 0.0;
}

}  // namespace

std::array<dvec2, kOutlinePoints> damage_rest_outline(const CarDef& def) {
    const dvec2 c = body_centre(def);
    const double hl = 0.5 * def.length, hw = 0.5 * def.width;
    const double cf = std::min(0.3, 0.3 * hw), cr = 0.6 * cf;
    // The corners car_draw has always drawn: the nose cut more than the tail.
    const std::array<dvec2, 8> corners = {
        dvec2(hl, -hw + cf), dvec2(hl, hw - cf),   dvec2(hl - cf, hw),   dvec2(-hl + cr, hw),
        dvec2(-hl, hw - cr), dvec2(-hl, -hw + cr), dvec2(-hl + cr, -hw), dvec2(hl - cf, -hw)};
    std::array<dvec2, kOutlinePoints> ring{};
    std::size_t k = 0;
    for (std::size_t e = 0; e < corners.size(); ++e) {
        const dvec2 a = corners[e], b = corners[(e + 1) % corners.size()];
        const int n = kSegments[e];
        for (int s = 0; s < n; ++s)
            ring[k++] = c + a + (b - a) * (static_cast<double>(s) / n);
    }
    return ring;
}

std::array<dvec2, kOutlinePoints> damage_outline(const CarDamage& d, const CarDef& def) {
    std::array<dvec2, kOutlinePoints> ring = damage_rest_outline(def);
    for (std::size_t k = 0; k < ring.size(); ++k)
        ring[k] += d.dent[k];
    return ring;
}

void damage_apply_hit(CarDamage& d, const CarDef& def, dvec2 point, dvec2 direction,
                      double impulse) {
    const DamageDef& dd = def.damage;
    if (!dd.enabled || !(impulse > 0.0) || !std::isfinite(impulse)) return;
    if (!std::isfinite(point.x) || !std::isfinite(point.y)) return;
    const double dl = std::sqrt(dot(direction, direction));
    if (!(dl > 1e-9) || !std::isfinite(dl)) return;
    const dvec2 dir = direction / dl;
    const std::array<dvec2, kOutlinePoints> rest = damage_rest_outline(def);
    const dvec2 centre = body_centre(def);
    const double radius = std::max(dd.spread, 0.05);
    const double yield = std::max(dd.yield, 0.0);
    const double stiffness = std::max(dd.stiffness, 1.0);
    for (std::size_t k = 0; k < rest.size(); ++k) {
        const dvec2 x = rest[k] + d.dent[k];
        const dvec2 r = x - point;
        // Full load within a third of the radius (a broad, flat dent), fading beyond.
        const double t = std::min(1.5 * (1.0 - std::sqrt(dot(r, r)) / radius), 1.0);
        if (t <= 0.0) continue;
        const double facing = -dot(outward(rest, static_cast<int>(k)), dir);
        if (facing <= 0.0) continue;
        const double before = d.load[k];
        d.load[k] = before + impulse * t * t * (3.0 - 2.0 * t) * facing;
        const double plastic =
            (std::max(d.load[k] - yield, 0.0) - std::max(before - yield, 0.0)) / stiffness;
        if (!(plastic > 0.0)) continue;
        dvec2 dent = d.dent[k] + dir * plastic;
        const dvec2 to_centre = rest[k] - centre;
        const double limit =
            std::min(std::max(dd.max_dent, 0.0), 0.6 * std::sqrt(dot(to_centre, to_centre)));
        const double depth = std::sqrt(dot(dent, dent));
        if (depth > limit) dent *= limit / depth;
        d.dent[k] = dent;
    }
}

void damage_step(CarDamage& d, const CarDef& def, double h) {
    const double k = std::exp(-std::max(h, 0.0) / std::max(def.damage.recovery, 1e-3));
    for (double& l : d.load) {
        l *= k;
        if (l < 1e-3) l = 0.0;  // an unloaded car goes back to the all-zero state
    }
    if (damage_deepest(d) > 0.0) {
        update_consequences(d, def, damage_rest_outline(def));
    }
}

double damage_deepest(const CarDamage& d) {
    double deepest = 0.0;
    for (const dvec2& v : d.dent)
        deepest = std::max(deepest, std::sqrt(dot(v, v)));
    return deepest;
}

}  // namespace skidpad
