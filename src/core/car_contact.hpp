// Private: a car as a rigid body for contact solving. The soft-body coupling
// (world_contacts.cpp) uses it; car damage and car-vs-car contact are meant to.
//
// Built from the car and car_geometry() at the start of a solve: mass and yaw inertia,
// pose, velocity and yaw rate. Impulses change the velocity, position corrections
// move the pose, and write_back() hands the result to the Car once at the end. The
// inverse effective mass of the car at a point r (m, from the centre of mass) along a
// unit direction n is w = 1/M + (r × n)²/I (docs/physics.md §9).
#pragma once

#include <array>

#include "skidpad/car/car.hpp"

namespace skidpad::detail {

struct CarBody {
    double mass = 1.0;         ///< kg
    double inertia = 1.0;      ///< kg m², yaw
    double inv_mass = 1.0;     ///< 1/kg
    double inv_inertia = 1.0;  ///< 1/(kg m²)
    CarPose pose;              ///< moved by position corrections
    /// m, the position when built: the velocity solve's lever arms are taken from here
    /// (its contacts were found at that pose; corrections move it by millimetres).
    dvec2 origin{0.0, 0.0};
    dvec2 velocity{0.0, 0.0};       ///< m/s
    double yaw_rate = 0.0;          ///< rad/s
    std::array<dvec2, 4> local{};   ///< m, body-frame corners, CCW
    std::array<vec2, 4> corners{};  ///< m, world corners at `pose` (collision tests)

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

}  // namespace skidpad::detail
