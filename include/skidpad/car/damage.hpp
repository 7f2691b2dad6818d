// A body that crumples (docs/physics.md §14): the car's outline is a ring of plastic points
// fixed to the rigid chassis frame. Each contact impulse loads the outline points near the
// hit; a point's load relaxes over a short time (the elastic part), and whatever load goes
// past the yield impulse moves the point inward for good (the plastic part). Dents then
// have consequences: a bent front wheel (toe), a weaker engine, a loose panel (drag).
#pragma once

#include <array>
#include <cstdint>

#include "skidpad/math.hpp"

namespace skidpad {

struct CarDef;

/// Points on the car's outline ring: the chamfered body rectangle, front edge first.
inline constexpr int kOutlinePoints = 28;

/// Damage parameters: tunables "car.damage*" (src/core/car/car_params.cpp).
struct DamageDef {
    bool enabled = true;            ///< off: the outline never changes, no consequences
    double yield = 9000.0;          ///< N s, load a point takes without a permanent dent
    double stiffness = 60000.0;     ///< N s/m, load past the yield per metre of dent
    double spread = 0.9;            ///< m, radius of the outline a hit loads
    double max_dent = 0.6;          ///< m, deepest dent of one point
    double recovery = 0.15;         ///< s, time constant of the elastic load's relaxation
    bool bent_wheel = true;         ///< a crushed front corner bends that wheel
    double bent_threshold = 0.12;   ///< m, corner dent before the wheel bends
    double bent_toe = 0.03;         ///< rad, toe of a fully bent wheel (reached 0.1 m past)
    bool engine = true;             ///< a crushed nose loses engine torque
    double engine_threshold = 0.2;  ///< m, nose dent before the engine suffers
    double engine_loss = 0.4;       ///< share of torque lost (reached 0.1 m past)
    bool panel = true;              ///< a deep dent anywhere loosens a panel
    double panel_threshold = 0.15;  ///< m, dent before a panel comes loose
    double panel_drag = 0.3;        ///< kg/m, drag the loose panel adds to C_drag
};

/// One crush contact in progress (docs/physics.md §12.1): what the crush zone remembers
/// of it, so it unloads along its own curve instead of the loading one.
struct CrushMemory {
    /// 0: free; a soft body: its index + 1; another car: kCrushKeyCar | (its slot + 1).
    std::uint32_t key = 0;
    double peak = 0.0;     ///< m, deepest crush of this contact so far
    double closing = 0.0;  ///< m/s, fastest closing speed of this contact so far

    bool operator==(const CrushMemory&) const = default;
};
inline constexpr std::uint32_t kCrushKeyCar = 0x80000000u;
/// Crush contacts a car remembers at once (a fifth replaces the shallowest).
inline constexpr int kCrushContacts = 4;

/// The deterministic damage state of a car (part of Car and of the state hash). A
/// value-initialised CarDamage is an undamaged car, so car_reset repairs it exactly.
struct CarDamage {
    /// m, plastic displacement of each outline point from its rest place (car frame).
    std::array<dvec2, kOutlinePoints> dent{};
    /// N s, recent impulse on each point; relaxes with DamageDef::recovery.
    std::array<double, kOutlinePoints> load{};
    std::array<double, 2> toe{};  ///< rad, steer offset of the front wheels (FL, FR)
    double engine_loss = 0.0;     ///< share of the drive torque lost
    double extra_drag = 0.0;      ///< kg/m, added to C_drag
    /// The crush contacts in progress (cleared as each ends).
    std::array<CrushMemory, kCrushContacts> crush{};

    bool operator==(const CarDamage&) const = default;
};

/// The undented outline in the car frame (m, from the CG, +x forward, +y left),
/// counter-clockwise, front edge first: the body rectangle with its corners cut.
std::array<dvec2, kOutlinePoints> damage_rest_outline(const CarDef& def);
/// The outline as it is now: rest + dents.
std::array<dvec2, kOutlinePoints> damage_outline(const CarDamage& d, const CarDef& def);
/// A hit on the car: `point` (m) and `direction` (unit, the impulse on the car) in the car
/// frame, `impulse` (N s, normal impulse of this contact). Loads the outline points near
/// the point that face the hit and dents those loaded past the yield. Does nothing with
/// damage off or a non-finite or non-positive hit.
void damage_apply_hit(CarDamage& d, const CarDef& def, dvec2 point, dvec2 direction,
                      double impulse);
/// Once per car sub-step of h seconds: relaxes the elastic load and sets the consequences
/// (toe, engine loss, extra drag) from the dents and the current switches and thresholds.
void damage_step(CarDamage& d, const CarDef& def, double h);
/// m, the deepest permanent dent of the outline.
double damage_deepest(const CarDamage& d);

}  // namespace skidpad
