// The planner's figures from the car model (docs/physics.md §3–5, §7): grip, aero, resistance,
// the traction share of the driven axle and the best-gear drive force by speed.
#include "skidpad/plan/plan_car.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

PlanCar plan_car_from_def(const CarDef& def) {
    PlanCar c;
    const CarGeometry geo = car_geometry(def);
    c.mass_kg = geo.mass;
    c.mu = def.tyre.mu;
    c.k_lift = def.aero.downforce;
    c.k_drag = def.aero.drag;
    c.c_rr = def.aero.rolling;
    c.c_tyre = def.tyre.rolling;
    c.wheelbase_m = geo.wheelbase;
    c.width_m = def.width;
    c.max_steer_rad = def.max_steer;
    c.steer_reduction = def.steering.speed_reduction;
    c.steer_reduction_speed = def.steering.reduction_speed;
    c.cg_to_rear_m = geo.cg_to_rear;
    switch (def.drivetrain.layout) {
        case Layout::RWD:
            c.driven_load_fraction = 1.0 - def.front_weight;
            break;
        case Layout::FWD:
            c.driven_load_fraction = def.front_weight;
            break;
        case Layout::AWD:
            c.driven_load_fraction = 1.0;
            break;
    }
    c.driven_load_fraction = clamp(c.driven_load_fraction, 0.05, 1.0);
    // Drive force at the road in the best gear below the upshift rpm, every 1 m/s up to the redline
    // speed in top gear. Below idle the clutch slips, so the engine turns at idle speed at least.
    const double r = std::max(0.05, def.wheel_radius);
    const GearboxDef& gb = def.gearbox;
    const int gears = clamp(gb.gears, 1, kMaxGears);
    const double top =
        def.engine.redline_rpm / 60.0 * 2.0 * kPi * r / std::max(1e-3, overall_ratio(gb, gears));
    // 8 % below the upshift point: the autopilot asks for these gears, and the automatic
    // must not shift straight back (wheelspin raises the engine rpm above road rpm).
    const double ceiling = std::max(0.92 * gb.upshift_rpm, def.engine.idle_rpm + 1.0);
    c.drive_speed_step = 1.0;
    const int samples = clamp(static_cast<int>(std::ceil(top)) + 2, 2, 400);
    c.throttle_map = def.engine.throttle_map;
    c.drive_force_n.assign(static_cast<std::size_t>(samples), 0.0);
    c.gear_force_n.assign(static_cast<std::size_t>(gears),
                          std::vector<double>(static_cast<std::size_t>(samples), 0.0));
    for (int i = 0; i < samples; ++i) {
        const double v = i * c.drive_speed_step;
        double best = 0.0;
        for (int g = 1; g <= gears; ++g) {
            const double ratio = overall_ratio(gb, g);
            const double rpm = std::max(def.engine.idle_rpm, v / r * ratio * 60.0 / (2.0 * kPi));
            if (rpm > ceiling && g < gears) continue;
            const double f = engine_full_torque(def.engine, rpm) * ratio * gb.efficiency / r;
            c.gear_force_n[static_cast<std::size_t>(g - 1)][static_cast<std::size_t>(i)] = f;
            best = std::max(best, f);
        }
        c.drive_force_n[static_cast<std::size_t>(i)] = best;
    }
    return c;
}

}  // namespace skidpad
