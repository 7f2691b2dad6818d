// The car's geometry and pose helpers: mass and yaw inertia from the def, forward speed,
// grip usage, the pose between two steps, the body's corners and an impulse on the body.
#include <cmath>
#include <glm/geometric.hpp>

#include "car_internal.hpp"
#include "skidpad/car/car.hpp"

namespace skidpad {

CarGeometry car_geometry(const CarDef& def) {
    CarGeometry g;
    g.mass = def.mass > 1.0 ? def.mass : 1.0;
    g.wheelbase = def.wheelbase > 0.5 ? def.wheelbase : 0.5;
    const double fw = clamp(def.front_weight, 0.05, 0.95);
    g.cg_to_rear = fw * g.wheelbase;
    g.cg_to_front = g.wheelbase - g.cg_to_rear;
    g.track = def.track > 0.3 ? def.track : 0.3;
    const double len = def.length > 0.5 ? def.length : 0.5;
    const double wid = def.width > 0.3 ? def.width : 0.3;
    const double scale = def.inertia_scale > 0.05 ? def.inertia_scale : 0.05;
    g.yaw_inertia = g.mass * (len * len + wid * wid) / 12.0 * scale;
    return g;
}

double car_forward_speed(const Car& car) {
    const dvec2 f = direction(car.heading);
    return car.velocity.x * f.x + car.velocity.y * f.y;
}

double wheel_grip_usage(const Wheel& w) {
    if (!(w.grip_limit > 0.0)) return 0.0;
    return std::sqrt(w.force_long * w.force_long + w.force_lat * w.force_lat) / w.grip_limit;
}

CarPose lerp_pose(const CarPose& from, const CarPose& to, double alpha) {
    const double a = clamp(alpha, 0.0, 1.0);
    return {from.position + (to.position - from.position) * a,
            from.heading + (to.heading - from.heading) * a};
}

std::array<dvec2, 4> car_corners(const CarPose& pose, const CarDef& def) {
    const CarGeometry g = car_geometry(def);
    const double hl = (def.length > 0.5 ? def.length : 0.5) * 0.5;
    const double hw = (def.width > 0.3 ? def.width : 0.3) * 0.5;
    // The body is centred on the wheelbase midpoint, which sits (b − c)/2 ahead of the CG.
    const double cx = 0.5 * (g.cg_to_front - g.cg_to_rear);
    const dvec2 local[4] = {{cx + hl, hw}, {cx - hl, hw}, {cx - hl, -hw}, {cx + hl, -hw}};
    std::array<dvec2, 4> out{};
    for (int i = 0; i < 4; ++i)
        out[i] = pose.position + rotate(local[i], pose.heading);
    return out;
}

void car_apply_impulse(Car& car, const CarDef& def, dvec2 impulse, dvec2 world_point) {
    if (!std::isfinite(impulse.x) || !std::isfinite(impulse.y) || !std::isfinite(world_point.x) ||
        !std::isfinite(world_point.y)) {
        return;
    }
    const CarGeometry g = car_geometry(def);
    car.velocity += impulse / g.mass;
    car.yaw_rate += cross(world_point - car.position, impulse) / g.yaw_inertia;
}

}  // namespace skidpad
