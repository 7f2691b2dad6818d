// `lab crash` runs (see crash_runs.hpp).
#include "crash_runs.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "skidpad/car/damage.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// Steps without a contact after which a hit is over (0.25 s at 120 Hz: a car that
/// turns against a wall after its nose hit comes back with its tail within it).
constexpr int kQuietSteps = 30;

/// The world of one crash: the car at the origin on its path, the target (if any)
/// with its face 0.05 m ahead of the car's foremost corner.
struct CrashScene {
    explicit CrashScene(const Settings& s) : world(world_def(s)) {}
    World world;
    CarId car;
    CarId other;               ///< the `car` target
    double target_mass = 0.0;  ///< kg, 0 when pinned
    double mu = 0.0;           ///< friction of the car against the target's material
};

void build(CrashScene& s, const Settings& settings, const CrashSetup& setup, bool with_target) {
    World& w = s.world;
    const double a = setup.angle_deg * kPi / 180.0;
    const double heading = setup.angle_deg == 90.0 ? 0.0 : 0.5 * kPi - a;
    s.car = w.add_car({0.0, 0.0}, heading, settings.car);
    car_set_speed(w.car(s.car), w.car_def(s.car), setup.speed);  // rolling, wheels at road speed
    const CarDef& cd = w.car_def(s.car);
    // The face of the target and the height at which the car's foremost corner meets it.
    float face = static_cast<float>(cd.length * 0.5 + 0.05);
    float y = 0.0f;
    if (setup.angle_deg != 90.0) {
        const auto corners = car_corners(car_pose(w.car(s.car)), cd);
        dvec2 front = corners[0];
        for (const dvec2& c : corners)
            front = c.x > front.x ? c : front;
        face = static_cast<float>(front.x + 0.05);
        y = static_cast<float>(front.y);
    }
    const SoftDef& d = w.def().soft;
    s.mu = d.car_friction;
    if (!with_target) return;
    SoftWorld& sw = w.soft();
    if (setup.target == "crate") {
        sw.add_crate(d, {face + 0.5f * static_cast<float>(d.crate_size), y}, 0.0f);
        s.target_mass = d.crate_mass;
    } else if (setup.target == "barrier") {
        s.mu = d.car_mu_barrier;
        if (setup.pinned) {
            // A long wall, most of it ahead along the car's path.
            sw.add_barrier({face + 0.5f, y + 90.0f}, {1.0f, 200.0f}, 0.0f);
        } else {
            // Movable heavy barrier so its momentum can be accounted for.
            sw.add_box(BodyKind::Barrier, {face + 0.5f, y}, {1.0f, 8.0f}, 0.0f, 4000.0f, 1.0f);
            s.target_mass = 4000.0;
        }
    } else if (setup.target == "car") {
        s.mu = d.car_mu_car;
        s.other = w.add_car({face + 0.5 * cd.length, y}, 0.0, settings.car);
        s.target_mass = w.car_def(s.other).mass;
    } else {
        const float c_size = static_cast<float>(d.crate_size);
        for (int c = 0; c < 3; ++c) {
            for (int r = 0; r < 6; ++r) {
                sw.add_crate(d,
                             {face + c_size * (0.5f + 1.05f * static_cast<float>(c)),
                              y + c_size * 1.05f * (static_cast<float>(r) - 2.5f)},
                             0.0f);
            }
        }
        s.target_mass = 18.0 * d.crate_mass;
    }
}

dvec2 target_velocity(const CrashScene& s) {
    if (s.world.valid(s.other)) return s.world.car(s.other).velocity;
    return s.target_mass > 0.0 ? s.world.soft().momentum() / s.target_mass : dvec2(0.0);
}

}  // namespace

CrashResult run_crash_test(const Settings& settings, const CrashSetup& setup) {
    CrashResult r;
    const double dt = 1.0 / settings.sim.physics_hz;
    const int steps = static_cast<int>(std::ceil(0.1 / dt));
    const int max_steps = static_cast<int>(std::ceil(3.0 / dt));
    CrashScene hit(settings), control(settings);
    build(hit, settings, setup, true);
    build(control, settings, setup, false);
    World& w = hit.world;
    const double mass = w.car_def(hit.car).mass;
    const dvec2 v0 = w.car(hit.car).velocity;
    const dvec2 before = v0 * mass;
    const dvec2 vt0 = target_velocity(hit);
    r.car_momentum_before = before;
    // Per step: the car's and the target's velocity, the car's yaw rate.
    std::vector<dvec2> car_v, target_v;
    std::vector<double> yaw;
    dvec2 nsum{0.0, 0.0};
    int last_contact = -1;
    for (int i = 0; i < max_steps; ++i) {
        w.step(dt);
        if (i < steps) control.world.step(dt);
        if (i + 1 == steps) {
            const dvec2 car_after = w.car(hit.car).velocity * mass;
            const dvec2 control_after = control.world.car(control.car).velocity * mass;
            r.car_momentum_after = car_after - (control_after - before);
            r.target_momentum_after = w.soft().momentum();
            if (w.valid(hit.other)) r.target_momentum_after += w.car(hit.other).velocity * mass;
            r.momentum_error =
                glm::length(r.car_momentum_after + r.target_momentum_after - before) /
                glm::length(before);
            r.car_speed_after = glm::length(car_after) / mass;
            r.speed_caps = static_cast<long long>(w.soft().speed_cap_events());
        }
        car_v.push_back(w.car(hit.car).velocity);
        target_v.push_back(target_velocity(hit));
        yaw.push_back(w.car(hit.car).yaw_rate);
        double jn = 0.0;
        for (const ContactEvent& e : w.events().contacts) {
            if (e.car != hit.car.index) continue;
            jn += e.impulse;
            nsum += e.normal * e.impulse;
        }
        if (jn > 0.0) {
            ++r.contact_steps;
            r.normal_impulse += jn;
            r.peak_decel_g = std::max(r.peak_decel_g, jn / (mass * dt * 9.81));
            last_contact = i;
        }
        if (last_contact >= 0 && i - last_contact >= kQuietSteps && i + 1 >= steps) {
            r.ended = true;
            break;
        }
    }
    r.car_dent_m = damage_deepest(w.car(hit.car).damage);
    if (last_contact < 0 || glm::length(nsum) <= 0.0) return r;
    const std::size_t k = std::min(static_cast<std::size_t>(last_contact + 1), car_v.size() - 1);
    const dvec2 n = glm::normalize(nsum), t(-n.y, n.x);
    const double closing = glm::dot(v0 - vt0, n);
    r.restitution = closing > 0.0 ? glm::dot(target_v[k] - car_v[k], n) / closing : 0.0;
    r.tangential_speed_before = std::fabs(glm::dot(v0, t));
    r.tangential_speed_after = std::fabs(glm::dot(car_v[k], t));
    r.coulomb_tangential_speed =
        std::max(r.tangential_speed_before - std::max(hit.mu, 0.0) * r.normal_impulse / mass, 0.0);
    r.yaw_rate_after = yaw[k];
    return r;
}

}  // namespace skidpad::lab
