// Private: a car as a rigid body for contact solving. The soft-body coupling
// (world_contacts.cpp) uses it; car damage and car-vs-car contact are meant to.
//
// Built from the car and car_geometry() at the start of a solve: mass and yaw inertia,
// pose, velocity and yaw rate, and its collision polygon (the body rectangle, or the
// convex hull of the dented outline once the body has crumpled). Impulses change the velocity,
// position corrections move the pose, and write_back() hands the result to the Car once at the end.
// The inverse effective mass of the car at a point r (m, from the centre of mass) along a unit
// direction n is w = 1/M + (r × n)²/I (docs/physics.md §12).
#pragma once

#include <array>

#include "skidpad/car/car.hpp"
#include "skidpad/car/damage.hpp"
#include "skidpad/soft/soft_material.hpp"
#include "skidpad/sound_events.hpp"

namespace skidpad::detail {

/// Most vertices of a car's collision polygon: the convex hull of its dented outline
/// ring and its four body corners, each corner moved with the dents beside it.
inline constexpr int kCarPolygonMax = kOutlinePoints + 4;

struct CarBody {
    double mass = 1.0;         ///< kg
    double inertia = 1.0;      ///< kg m², yaw
    double inv_mass = 1.0;     ///< 1/kg
    double inv_inertia = 1.0;  ///< 1/(kg m²)
    CarPose pose;              ///< moved by position corrections
    /// m, the position when built: the velocity solve's lever arms are taken from here
    /// (its contacts were found at that pose; corrections move it by millimetres).
    dvec2 origin{0.0, 0.0};
    dvec2 velocity{0.0, 0.0};  ///< m/s
    double yaw_rate = 0.0;     ///< rad/s
    /// The collision polygon: the body rectangle while the car is undented, else the
    /// convex hull of the dented outline (docs/physics.md §14). `count` vertices, CCW.
    int count = 4;
    std::array<dvec2, kCarPolygonMax> local{};   ///< m, body-frame vertices
    std::array<vec2, kCarPolygonMax> corners{};  ///< m, world vertices at `pose` (collision tests)

    static CarBody of(const Car& car, const CarDef& def);

    /// 1/kg, inverse effective mass along unit n at arm r (m, from the centre of mass).
    double inv_mass_at(dvec2 r, dvec2 n) const {
        const double c = cross(r, n);
        return inv_mass + inv_inertia * (c * c);
    }
    /// m/s, velocity of the body point at `point` (world).
    dvec2 velocity_at(dvec2 point) const { return velocity + cross(yaw_rate, point - origin); }
    /// Impulse (N s) at a world point: Δv = J/M, Δω = (r × J)/I with r from `origin`.
    /// A non-finite impulse or point is ignored.
    void apply_impulse(dvec2 impulse, dvec2 point);
    /// Position correction P (kg m) at a world point: the pose moves by P/M and turns
    /// by (r × P)/I with r from the pose's position; the corners follow.
    void apply_correction(dvec2 correction, dvec2 point);
    /// Pose, velocity and yaw rate into the car.
    void write_back(Car& car) const;

private:
    void place_corners();
};

/// Restitution and friction of a car contact with one material, and the car's crush
/// zone (the soft.car_* tunables, docs/physics.md §12).
struct ContactLaw {
    double e = 0.0;      ///< restitution, 0..1
    double mu = 0.0;     ///< Coulomb friction
    double k = 0.0;      ///< N/m, crush-zone spring
    double depth = 0.0;  ///< m, how deep a heavy body may press in before a hard stop
    /// The crush damping's ceiling: kCrushMaxZeta where the car's crumple zone takes the
    /// hit (barriers, tyre stacks, cars), kCrushDeadZeta where the body gives by denting
    /// and breaking itself (crates, cones, shards: at e = 0 a dead stop).
    double max_zeta = 0.7;
};

/// The law of a car against contact material `m` (the soft.car_e_*, soft.car_mu_* and
/// soft.car_crush_* tunables; crates, cones and shards slide with soft.car_friction).
ContactLaw contact_law(const SoftDef& def, ContactMaterial m);
/// The same for a soft body's material row (built-in kinds by kind, added materials by
/// their effect).
ContactLaw contact_law(const SoftDef& def, std::uint8_t material_row, SoftEffect effect);

/// A pair is stepped as a crush contact (spring-damper) while its natural frequency
/// √(k w) times the sub-step stays below this: the pulse then lasts ≥ ~6 sub-steps.
/// Stiffer pairs (light bodies) are solved as rigid impacts with restitution e.
inline constexpr double kCrushMaxOmegaH = 0.35;

/// The crush contact's damping ratio is at most 0.7: a more heavily damped contact
/// would stop the closing speed in fewer sub-steps (at ζ → ∞ in one), losing the spread
/// of the pulse. Restitutions below what ζ = 0.7 gives (about 0.2) come from giving back
/// only a share of the push-apart impulse (crush_unload_share) instead, so the pulse
/// closes as it does at the barrier default.
inline constexpr double kCrushMaxZeta = 0.7;
/// The damping ceiling of a body that takes the hit itself (ContactLaw::max_zeta).
inline constexpr double kCrushDeadZeta = 1e4;
/// The smallest restitution the crush contact aims for: a zone that gave back nothing
/// would keep the body pressed in for good; 0.01 lets the overlap come out.
inline constexpr double kCrushMinRestitution = 0.01;

/// The crush contact's damping ratio ζ (≤ max_zeta) that gives restitution e when
/// stepped as the coupling steps it, with ω·h = omega_h (bisection on crush_restitution).
double crush_damping_ratio(double e, double omega_h, double max_zeta = kCrushMaxZeta);
/// The share (0..1] of the push-apart impulse beyond stopping the closing speed that the
/// crush zone gives back: 1 unless e is below what ζ = max_zeta gives, then found by
/// bisection so that the contact gives back max(e, kCrushMinRestitution).
double crush_unload_share(double e, double omega_h, double max_zeta = kCrushMaxZeta);
/// Restitution of an isolated crush contact stepped with ω·h = omega_h, damping ratio
/// zeta and unload share `unload`, entered half a sub-step deep (the mean phase): the
/// force k δ + c δ' is never negative, so the contact ends when it reaches 0.
double crush_restitution(double zeta, double omega_h, double unload = 1.0);

/// One sub-step of the crush contact at one point. vn, vt: relative velocity (other
/// side − car) along the normal (separating > 0) and tangent; wn, wt: the pair's
/// inverse effective masses along them; depth: m, overlap left after the position
/// solve (≤ law.depth); bottomed: the overlap reached law.depth (the crush zone is used
/// up, closing speed is stopped outright).
struct CrushIn {
    double depth = 0.0, vn = 0.0, vt = 0.0, wn = 0.0, wt = 0.0, h = 0.0;
    bool bottomed = false;
};
/// Impulses (N s) on the other side along n and t (the car takes −J).
struct CrushOut {
    double jn = 0.0, jt = 0.0;
};
CrushOut crush_step(const ContactLaw& law, const CrushIn& in);

// The car's crumple zone against barriers, tyre stacks and other cars (docs/physics.md
// §12.1): a crush δ (m) loads it along the envelope F = k δ √(δ / kCrushRefDepth), a spring
// that stiffens as the zone crumples, with no damper (the force starts from 0 at first
// touch and peaks at the deepest crush). Unloading from the deepest crush δ_max follows
// F = F(δ_max) ((δ − δ_p) / (δ_max − δ_p))^q down to the permanent set δ_p, chosen so that
// it gives back e² of the energy the loading took: δ_max − δ_p = (q + 1) e² δ_max / 2.5
// (q = kCrushUnloadPower, lowered towards e = 1 so that δ_p ≥ 0; at e = 1 it unloads
// along the envelope). The restitution is then e at any speed.

/// m, the crush at which the envelope's secant stiffness F/δ is k (soft.car_crush_stiffness).
inline constexpr double kCrushRefDepth = 0.5;
/// The unloading curve's power q: the crushed front springs back over a few centimetres.
inline constexpr double kCrushUnloadPower = 3.0;
/// How far a body may press into the car's crush zone, along the contact normal: a
/// crumple contact all of the body's thickness but its last kCrushWallLeft (m), and at
/// least kCrushDeadShare of it (a thin barrier: never past its middle); a body that gives
/// itself (law.max_zeta = kCrushDeadZeta) kCrushDeadShare. A barrier is never pushed through.
inline constexpr double kCrushWallLeft = 0.1;
inline constexpr double kCrushDeadShare = 0.4;

/// N, the loading envelope at crush `depth` (m) with stiffness k (N/m at kCrushRefDepth).
double crumple_envelope(double k, double depth);
/// N/m, the envelope's slope dF/dδ at `depth` (what decides a crush or a rigid contact).
double crumple_tangent(double k, double depth);
/// N, the force of a crumple contact at crush `depth` whose deepest crush so far is `peak`
/// (loading when depth ≥ peak), with restitution e.
double crumple_force(double k, double e, double depth, double peak);
/// One sub-step of a crumple contact with its memory `m` (peak and closing speed, updated
/// here): the impulse h F(δ), never pushing apart faster than e times the contact's fastest
/// closing speed nor than removing the whole overlap in one sub-step; bottomed: at least
/// the impulse that stops the closing speed. Friction |j_t| ≤ μ j_n.
CrushOut crumple_step(const ContactLaw& law, const CrushIn& in, CrushMemory& m);
/// The memory of crush contact `key` in `d`: the entry already holding it, else a free one,
/// else the shallowest (reset). Its index goes into `touched` (a bit per entry).
CrushMemory& crush_memory(CarDamage& d, std::uint32_t key, unsigned& touched);
/// Frees the entries of `d` whose key is of the soft (cars = false) or car kind and whose
/// bit in `touched` is clear: contacts that ended this sub-step.
void crush_forget(CarDamage& d, unsigned touched, bool cars);

}  // namespace skidpad::detail
