// What sound, rumble and effects need from one physics step, as plain data: per car the
// engine, gearbox and tyre signals, and the car <-> body contacts with their impulses.
// World::step refills it (World::events()); the core makes no sound itself.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "skidpad/math.hpp"
#include "skidpad/soft/soft_material.hpp"
#include "skidpad/surface.hpp"

namespace skidpad {

/// What a contact's side is made of: a car, or a soft body of a kind of the kind table
/// (skidpad/soft/body_kinds.hpp; 1 + its BodyKind). A body of an added material is
/// the first kind with the same SoftEffect.
enum class ContactMaterial : std::uint8_t {
    CarBody = 0,
    Crate = 1 + static_cast<std::uint8_t>(BodyKind::Crate),
    Barrier = 1 + static_cast<std::uint8_t>(BodyKind::Barrier),
    TyreStack = 1 + static_cast<std::uint8_t>(BodyKind::Tyre),
    Cone = 1 + static_cast<std::uint8_t>(BodyKind::Cone),
    Shard = 1 + static_cast<std::uint8_t>(BodyKind::Shard),
};
inline constexpr int kContactMaterialCount = 1 + kBodyKindCount;
constexpr ContactMaterial contact_material_of(BodyKind kind) {
    return static_cast<ContactMaterial>(1 + static_cast<std::uint8_t>(kind));
}
/// The kind of a body's side (not CarBody).
constexpr BodyKind body_kind_of(ContactMaterial m) {
    return static_cast<BodyKind>(static_cast<std::uint8_t>(m) - 1);
}
/// "car", or the kind's name: "crate", "barrier", "tyre", "cone", "shard".
const char* contact_material_name(ContactMaterial m);

/// Impact: the contact closed at speed this step; scrape: it slid along a surface.
enum class ContactKind : std::uint8_t { Impact, Scrape };

/// One car <-> body contact of the last step (sub-steps merged per car and body).
struct ContactEvent {
    dvec2 position{0.0, 0.0};                      ///< m, impulse-weighted contact point
    double impulse = 0.0;                          ///< N·s, normal impulse over the step
    double approach_speed = 0.0;                   ///< m/s, fastest closing speed of its points
    double slide_speed = 0.0;                      ///< m/s, sliding speed along the surface
    ContactMaterial a = ContactMaterial::CarBody;  ///< the car's side
    ContactMaterial b = ContactMaterial::Crate;    ///< the body's side
    ContactKind kind = ContactKind::Scrape;
    bool dented = false;     ///< the body took a permanent dent
    bool broken = false;     ///< the body broke apart
    std::uint32_t car = 0;   ///< car slot index (CarId::index)
    std::uint32_t body = 0;  ///< soft body slot within this step (merging key only)
    /// Unit normal at the contact, from the car toward what it hit (impulse-weighted
    /// over the step's sub-steps).
    dvec2 normal{0.0, 0.0};
    double friction_impulse = 0.0;  ///< N·s, tangential (friction) impulse over the step
    /// The other car's slot (CarId::index) of a car-car contact (`b` is CarBody); each
    /// car of the pair gets its own event. kNoCar for a car-body contact.
    std::uint32_t other_car = kNoCar;
    static constexpr std::uint32_t kNoCar = 0xffffffffu;
    /// s, how long within the step the contact pushed (its sub-steps with a normal impulse).
    double contact_time = 0.0;
    /// N, the largest normal impulse of one sub-step over the sub-step's length: the peak
    /// force, independent of the physics rate.
    double peak_force = 0.0;
    double peak_at = 0.0;   ///< s from the step's start to the end of that sub-step
    double first_at = 0.0;  ///< s from the step's start to the end of the first one that pushed
};

/// One wheel's tyre signals.
struct WheelSignal {
    /// Combined slip over the slip at which the tyre's force peaks: < 1 gripping, 1 at the
    /// peak, > 1 sliding (a locked wheel is well past 1).
    double slip_over_peak = 0.0;
    double load = 0.0;         ///< N, vertical load
    double slide_speed = 0.0;  ///< m/s, how fast the contact patch slides
    bool locked = false;
    SurfaceKind surface = SurfaceKind::Asphalt;  ///< the ground under the wheel
};

/// One car's engine, gearbox and tyre signals at the end of the step.
struct CarSignals {
    std::uint32_t car = 0;  ///< car slot index (CarId::index)
    dvec2 position{0.0, 0.0};
    dvec2 velocity{0.0, 0.0};
    double rpm = 0.0;
    double idle_rpm = 0.0;
    double redline_rpm = 0.0;
    double throttle = 0.0;  ///< 0..1, effective pedal
    /// Engine torque over the full-throttle torque at this rpm: 1 full load, 0 coasting
    /// with no torque, < 0 engine braking (over-run); 0 while the clutch is out (shifting).
    double load = 0.0;
    int gear = 0;
    int previous_gear = 0;  ///< gear at the step's start (a shift when it differs)
    bool shifted = false;   ///< the gear changed during this step
    bool shifting = false;  ///< a gear change is under way (no drive torque)
    bool limiter = false;   ///< the rev limiter is cutting drive torque
    std::array<WheelSignal, 4> wheels{};
};

/// Everything of one step; cleared at the start of each World::step.
struct StepEvents {
    /// The most contact events one step keeps; further ones are counted in `dropped`.
    static constexpr std::size_t kMaxContacts = 128;
    std::vector<CarSignals> cars;
    std::vector<ContactEvent> contacts;
    int dropped = 0;
    void clear() {
        cars.clear();
        contacts.clear();
        dropped = 0;
    }
};

}  // namespace skidpad
