// PLACEHOLDER kinematic bicycle model, replaced by the vehicle-dynamics issue.
#include "skidpad/car/car.hpp"

#include <cmath>

namespace skidpad {

namespace {
double yaw_inertia(const CarDef& d) {
    return d.mass * (d.length * d.length + d.width * d.width) / 12.0;
}
}  // namespace

void car_reset(Car& car, const CarDef& def, dvec2 position, double heading) {
    car = Car{};
    car.position = position;
    car.heading = heading;
    const double a = def.wheelbase * 0.5;
    const double t = def.width * 0.5 - 0.1;
    car.wheels[0].offset = {a, t};
    car.wheels[1].offset = {a, -t};
    car.wheels[2].offset = {-a, t};
    car.wheels[3].offset = {-a, -t};
}

void car_step(Car& car, const CarDef& def, const InputState& input, double dt) {
    const dvec2 fwd = direction(car.heading);
    double speed = car.velocity.x * fwd.x + car.velocity.y * fwd.y;
    speed += (6.0 * input.throttle - 10.0 * input.brake * sign(speed)) * dt;
    const double steer = input.steer * def.max_steer;
    car.yaw_rate = speed * std::tan(steer) / def.wheelbase;
    car.heading += car.yaw_rate * dt;
    car.velocity = direction(car.heading) * speed;
    car.position += car.velocity * dt;
    car.wheels[0].steer = steer;
    car.wheels[1].steer = steer;
}

std::array<dvec2, 4> car_corners(const Car& car, const CarDef& def) {
    const double hl = def.length * 0.5;
    const double hw = def.width * 0.5;
    const dvec2 local[4] = {{hl, hw}, {-hl, hw}, {-hl, -hw}, {hl, -hw}};
    std::array<dvec2, 4> out{};
    for (int i = 0; i < 4; ++i) out[i] = car.position + rotate(local[i], car.heading);
    return out;
}

void car_apply_impulse(Car& car, const CarDef& def, dvec2 impulse, dvec2 world_point) {
    car.velocity += impulse / def.mass;
    car.yaw_rate += cross(world_point - car.position, impulse) / yaw_inertia(def);
}

void car_draw(const Car& car, const CarDef& def, DrawList& out) {
    const auto c = car_corners(car, def);
    vec2 body[4];
    for (int i = 0; i < 4; ++i) body[i] = vec2(c[i]);
    out.polygon(body, rgba(220, 40, 40), rgba(30, 10, 10), 0.06f, 3);
    for (const Wheel& w : car.wheels) {
        const dvec2 centre = car.position + rotate(w.offset, car.heading);
        const double a = car.heading + w.steer;
        const dvec2 f = direction(a) * 0.34;
        const dvec2 s = perp(direction(a)) * 0.12;
        const vec2 q[4] = {vec2(centre + f + s), vec2(centre - f + s), vec2(centre - f - s),
                           vec2(centre + f - s)};
        out.polygon(q, rgba(20, 20, 20), 0, 0.0f, 3);
    }
}

}  // namespace skidpad
