// The car as a rigid body for contact solving (see car_contact.hpp).
#include "car_contact.hpp"

#include <cmath>

namespace skidpad::detail {

CarBody CarBody::of(const Car& car, const CarDef& def) {
    const CarGeometry g = car_geometry(def);
    CarBody b;
    b.mass = g.mass;
    b.inertia = g.yaw_inertia;
    b.inv_mass = 1.0 / g.mass;
    b.inv_inertia = 1.0 / g.yaw_inertia;
    b.pose = car_pose(car);
    b.origin = car.position;
    b.velocity = car.velocity;
    b.yaw_rate = car.yaw_rate;
    const auto corners = car_corners(car, def);
    for (std::size_t k = 0; k < 4; ++k)
        b.local[k] = rotate(corners[k] - car.position, -car.heading);
    b.place_corners();
    return b;
}

void CarBody::apply_impulse(dvec2 impulse, dvec2 point) {
    if (!std::isfinite(impulse.x) || !std::isfinite(impulse.y) || !std::isfinite(point.x) ||
        !std::isfinite(point.y)) {
        return;
    }
    velocity += impulse / mass;
    yaw_rate += cross(point - origin, impulse) / inertia;
}

void CarBody::apply_correction(dvec2 correction, dvec2 point) {
    const dvec2 r = point - pose.position;
    pose.position += correction * inv_mass;
    pose.heading += cross(r, correction) * inv_inertia;
    place_corners();
}

void CarBody::write_back(Car& car) const {
    car.position = pose.position;
    car.heading = pose.heading;
    car.velocity = velocity;
    car.yaw_rate = yaw_rate;
}

void CarBody::place_corners() {
    for (std::size_t k = 0; k < 4; ++k)
        corners[k] = vec2(pose.position + rotate(local[k], pose.heading));
}

}  // namespace skidpad::detail
