#include "skidpad/plan/plan_car.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

PlanCar plan_car_from_def(const CarDef& def) {
    PlanCar c;
    const CarGeometry g = car_geometry(def);
    c.mass_kg = def.mass;
    c.mu = def.tyre.mu;
    c.k_lift = def.aero.downforce;
    c.k_drag = def.aero.drag;
    c.c_rr = def.aero.rolling;
    c.wheelbase_m = def.wheelbase;
    c.width_m = def.width;
    c.max_steer_rad = def.max_steer;
    c.steer_reduction = def.steering.speed_reduction;
    c.steer_reduction_speed = def.steering.reduction_speed;
    c.cg_to_rear_m = g.cg_to_rear;
    switch (def.drivetrain.layout) {
        case Layout::FWD:
            c.driven_load_fraction = g.cg_to_rear / g.wheelbase;
            break;
        case Layout::AWD:
            c.driven_load_fraction = 1.0;
            break;
        case Layout::RWD:
        default:
            c.driven_load_fraction = g.cg_to_front / g.wheelbase;
            break;
    }
    // Full-throttle drive force at the road in the best gear, rigid drivetrain (no slip),
    // every 1 m/s up to where every gear is past its rev limiter.
    const double r = std::clamp(def.wheel_radius, 0.1, 1.0);
    const int gears = std::clamp(def.gearbox.gears, 1, kMaxGears);
    const double rpm_per_rad_s = 60.0 / (2.0 * kPi);
    c.drive_speed_step = 1.0;
    c.drive_force_n.clear();
    for (int i = 0; i <= 400; ++i) {
        const double v = static_cast<double>(i) * c.drive_speed_step;
        double best = 0.0;
        for (int gear = 1; gear <= gears; ++gear) {
            const double ratio = overall_ratio(def.gearbox, gear);
            const double rpm = std::max(def.engine.idle_rpm, v / r * ratio * rpm_per_rad_s);
            best = std::max(
                best, engine_full_torque(def.engine, rpm) * ratio * def.gearbox.efficiency / r);
        }
        c.drive_force_n.push_back(best);
        if (best <= 0.0) break;
    }
    return c;
}

}  // namespace skidpad
