// The speed profile along a closed line (corner limits, braking and acceleration passes).
#include "skidpad/plan/speed_profile.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

double plan_max_steer(const PlanCar& car, double v) {
    const double f = clamp(std::fabs(v) / std::max(1e-3, car.steer_reduction_speed), 0.0, 1.0);
    return car.max_steer_rad * (1.0 - clamp(car.steer_reduction, 0.0, 0.95) * f);
}

double plan_drive_force(const PlanCar& car, double v) {
    const std::size_t n = car.drive_force_n.size();
    if (n == 0) return INFINITY;
    if (!(car.drive_speed_step > 0.0) || n == 1) return car.drive_force_n[0];
    const double x = std::max(0.0, v) / car.drive_speed_step;
    const std::size_t i = static_cast<std::size_t>(x);
    if (i + 1 >= n) return car.drive_force_n[n - 1];
    const double t = x - static_cast<double>(i);
    return car.drive_force_n[i] + (car.drive_force_n[i + 1] - car.drive_force_n[i]) * t;
}

namespace {
double table_at(const std::vector<double>& t, double step, double v) {
    const std::size_t n = t.size();
    if (n == 0) return 0.0;
    if (!(step > 0.0) || n == 1) return t[0];
    const double x = std::max(0.0, v) / step;
    const std::size_t i = static_cast<std::size_t>(x);
    if (i + 1 >= n) return t[n - 1];
    const double f = x - static_cast<double>(i);
    return t[i] + (t[i + 1] - t[i]) * f;
}
}  // namespace

int plan_best_gear(const PlanCar& car, double v, int current) {
    const int n = static_cast<int>(car.gear_force_n.size());
    if (n == 0) return 0;
    int best = 1;
    double best_f = -1.0;
    for (int g = 1; g <= n; ++g) {
        const double f =
            table_at(car.gear_force_n[static_cast<std::size_t>(g - 1)], car.drive_speed_step, v);
        if (f > best_f) {
            best_f = f;
            best = g;
        }
    }
    if (current >= 1 && current <= n) {
        const double f = table_at(car.gear_force_n[static_cast<std::size_t>(current - 1)],
                                  car.drive_speed_step, v);
        if (f > 0.0 && f >= best_f / 1.05) return current;
    }
    return best;
}

double plan_accel_limit(const PlanCar& car, const PlanDef& plan, double v, double kappa) {
    const double m = car.mass_kg;
    const double mu = planned_mu(car.mu, plan);
    const double load = m * kGravity + car.k_lift * v * v;  // N, all four wheels
    const double grip = mu * std::max(0.0, load);           // N
    const double lateral = m * v * v * std::fabs(kappa);    // N needed to follow the line
    // Friction circle: what the lateral demand leaves for the driven wheels.
    const double left = grip > lateral ? std::sqrt(grip * grip - lateral * lateral) : 0.0;
    const double traction = left * clamp(car.driven_load_fraction, 0.0, 1.0);
    const double drive = std::min(traction, plan_drive_force(car, v));
    const double resist = car.k_drag * v * v + car.c_rr * v + car.c_tyre * std::max(0.0, load);
    return (drive - resist) / m;
}

namespace {

// v² reachable after accelerating over ds from v (4 explicit sub-steps in u = v²:
// du/dx = 2 a(v)).
double accelerate(const PlanCar& car, const PlanDef& plan, double v, double kappa, double ds) {
    double u = v * v;
    const double h = ds / 4.0;
    for (int k = 0; k < 4; ++k) {
        const double a = plan_accel_limit(car, plan, std::sqrt(std::max(0.0, u)), kappa);
        u = std::max(0.0, u + 2.0 * a * h);
    }
    return std::sqrt(u);
}

}  // namespace

SpeedProfile compute_speed_profile(const ClosedPath& line, const PlanCar& car,
                                   const PlanDef& plan) {
    SpeedProfile prof;
    const std::size_t n = line.size();
    if (n < 3 || !(line.length > 0.0)) {
        prof.error = "the line needs at least 3 points";
        return prof;
    }
    if (!(car.mass_kg > 0.0) || !(car.mu > 0.0)) {
        prof.error = "the car needs a positive mass and friction";
        return prof;
    }
    const double bound = std::max(1.0, plan.speed_bound);
    const double mu = planned_mu(car.mu, plan);
    const double margin = 1.0 - clamp(plan.corner_margin, 0.0, 0.9);
    const Decel decel = planned_decel(car.mu, car.mass_kg, car.k_lift, car.k_drag, plan);
    const int intervals = std::max(1, plan.numerical_intervals);

    prof.curvature = path_curvature(line);
    prof.corner_limit.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double k = std::fabs(prof.curvature[i]);
        const double radius = k > 1e-6 ? 1.0 / k : 1e6;  // m; straights: effectively none
        const CornerSpeed c = corner_speed(radius, mu, car.mass_kg, car.k_lift, bound);
        prof.corner_limit[i] = std::min(bound, c.speed_mps * margin);
    }
    prof.speed = prof.corner_limit;
    std::vector<double>& v = prof.speed;
    // The slowest corner keeps its limit through both passes (nothing can force a speed
    // below the lowest limit), so one lap from there settles the closed loop.
    const std::size_t start =
        static_cast<std::size_t>(std::min_element(v.begin(), v.end()) - v.begin());
    // Backward: v_i ≤ the fastest speed that can brake to v_{i+1} within the segment.
    for (std::size_t k = 1; k <= n; ++k) {
        const std::size_t i = (start + n - k) % n;
        const std::size_t j = line.next(i);
        const double ds = glm::length(line.points[j] - line.points[i]);
        // Friction circle: in a bend part of the grip holds the car on the line, so the
        // chosen model runs with the tyre deceleration scaled by what is left at v_{j}
        // (drag needs no grip and stays whole).
        const Decel seg = [&] {
            const double vj = v[j];
            const double lat =
                vj * vj * std::max(std::fabs(prof.curvature[i]), std::fabs(prof.curvature[j]));
            const double grip = mu * (kGravity + car.k_lift * vj * vj / car.mass_kg);
            const double r = grip > 0.0 ? clamp(lat / grip, 0.0, 1.0) : 1.0;
            const double left = std::sqrt(std::max(0.0, 1.0 - r * r));
            Decel d = decel;
            d.a0 *= left;
            d.b = (d.b - car.k_drag / car.mass_kg) * left + car.k_drag / car.mass_kg;
            return d;
        }();
        const ApproachSpeed a =
            max_approach_speed(plan.braking_model, ds, v[j], seg, bound, intervals);
        // A refused model (deceleration not positive) cannot plan a stop: hold the speed.
        const double reach = a.ok ? a.speed_mps : v[j];
        v[i] = std::min(v[i], reach);
    }
    // Forward: v_{i+1} ≤ what the car can reach from v_i.
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (start + k) % n;
        const std::size_t j = line.next(i);
        const double ds = glm::length(line.points[j] - line.points[i]);
        v[j] = std::min(v[j], accelerate(car, plan, v[i], prof.curvature[i], ds));
    }
    double t = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = line.next(i);
        const double ds = glm::length(line.points[j] - line.points[i]);
        const double avg = 0.5 * (v[i] + v[j]);
        if (!(avg > 1e-3)) {
            prof.error = "the planned speed drops to 0 (no grip or no drive)";
            return prof;
        }
        t += ds / avg;
    }
    prof.lap_time_s = t;
    prof.min_speed_mps = *std::min_element(v.begin(), v.end());
    prof.max_speed_mps = *std::max_element(v.begin(), v.end());
    prof.ok = true;
    return prof;
}

double profile_speed_at(const SpeedProfile& profile, const ClosedPath& line, double s) {
    if (profile.speed.size() != line.size() || line.size() == 0) return 0.0;
    const double w = path_wrap(line, s);
    const std::size_t i = path_segment_at(line, w);
    const std::size_t j = line.next(i);
    const double seg = (j == 0 ? line.length : line.s[j]) - line.s[i];
    const double t = seg > 0.0 ? clamp((w - line.s[i]) / seg, 0.0, 1.0) : 0.0;
    return profile.speed[i] + (profile.speed[j] - profile.speed[i]) * t;
}

double profile_standing_lap_time(const SpeedProfile& profile, const ClosedPath& line,
                                 const PlanCar& car, const PlanDef& plan) {
    const std::size_t n = line.size();
    if (!profile.ok || profile.speed.size() != n) return 0.0;
    double v = 0.0;
    double t = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = line.next(i);
        const double ds = glm::length(line.points[j] - line.points[i]);
        const double vj =
            std::min(profile.speed[j], accelerate(car, plan, v, profile.curvature[i], ds));
        const double avg = 0.5 * (v + vj);
        // From standstill the first piece is covered at a = const: t = 2 ds / v_j.
        t += avg > 1e-6 ? ds / avg : 0.0;
        v = vj;
    }
    return std::max(t, profile.lap_time_s);
}

}  // namespace skidpad
